#include "keras/optimizers/optimizer_state.h"

#include <cmath>
#include <iostream>

#include "checkpoint/deferred_restore.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/function.h"
#include "tfpp/keras/auto_name.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::optimizers::detail {
namespace {

std::string describe(const Tensor& t) { return std::string(dtype_name(t.dtype())) + t.shape().debug_string(); }

std::string optional_text(const std::optional<double>& v) { return v ? std::to_string(*v) : "None"; }

// tf.clip_by_norm, as Keras' TensorFlow backend calls it (a zero gradient stays zero).
Tensor clip_by_norm(const Tensor& g, double clip_norm) {
  const Tensor l2sum = reduce_sum(g * g, {.keepdims = true});
  const Tensor positive = l2sum > 0.0;
  const Tensor l2sum_safe = where(positive, l2sum, ones_like(l2sum));
  const Tensor l2norm = where(positive, sqrt(l2sum_safe), l2sum);
  return (g * clip_norm) / maximum(l2norm, scalar(clip_norm, g.dtype()));
}

}  // namespace

Tensor as_dtype(const Tensor& t, DType dtype) { return t.dtype() == dtype ? t : cast(t, dtype); }
Tensor scalar(double value, DType dtype) { return constant(value, dtype); }

OptimizerState::OptimizerState(std::string class_name_, const std::string& base_name, BaseOptions options_)
    : class_name(std::move(class_name_)),
      name(options_.name.empty() ? utils::auto_name(base_name) : options_.name),
      options(std::move(options_)) {
  const int clips = options.clipnorm.has_value() + options.clipvalue.has_value() + options.global_clipnorm.has_value();
  if (clips > 1)
    throw InvalidArgumentError(prefix() + "only one of clipnorm, clipvalue and global_clipnorm can be set; got clipnorm=" +
                               optional_text(options.clipnorm) + ", clipvalue=" + optional_text(options.clipvalue) +
                               ", global_clipnorm=" + optional_text(options.global_clipnorm));
  if (!executing_eagerly())
    throw FailedPreconditionError(prefix() + "create optimizers outside tf::function: their variables are created eagerly");
  iterations = add_variable(constant(std::int64_t{0}), "iteration");
  if (!options.learning_rate.schedule()) {
    const double lr = options.learning_rate.value();
    if (!std::isfinite(lr))
      throw InvalidArgumentError(prefix() + "learning_rate must be a finite number, got " + std::to_string(lr));
    learning_rate = add_variable(constant(static_cast<float>(lr)), "learning_rate");
  }
}

std::string OptimizerState::prefix() const { return "[" + class_name + " '" + name + "'] "; }

Variable OptimizerState::add_variable(const Tensor& initial_value, const std::string& var_name) {
  Variable v(initial_value, {.name = name + "/" + var_name, .trainable = false});
  variables.push_back(v);
  checkpoint::restore_deferred(this, "_variables/" + std::to_string(variables.size() - 1), v);  // restored before build()
  return v;
}

std::vector<std::vector<Variable>> OptimizerState::add_optimizer_variables(const std::vector<Variable>& references,
                                                                           const std::vector<std::string>& slot_names,
                                                                           const std::vector<double>& initial_values) {
  std::vector<std::vector<Variable>> slots(slot_names.size());
  for (const Variable& ref : references) {
    std::string path = ref.name();
    path.resize(path.size() - 2);  // ":0"
    for (char& c : path)
      if (c == '/' || c == ':') c = '_';
    for (std::size_t i = 0; i < slot_names.size(); ++i)
      slots[i].push_back(add_variable(
          fill(ref.shape(), scalar(initial_values.empty() ? 0.0 : initial_values[i], ref.dtype())), path + "_" + slot_names[i]));
  }
  return slots;
}

std::size_t OptimizerState::index_of(const Variable& variable) const { return index.at(variable.id()); }

Tensor OptimizerState::current_learning_rate() const {
  if (const auto& schedule = options.learning_rate.schedule()) return (*schedule)(iterations.read_value());
  return learning_rate.read_value();
}

Tensor OptimizerState::step(DType dtype, std::int64_t offset) const {
  return cast(iterations.read_value() + offset, dtype);
}

void OptimizerState::build(const std::vector<Variable>& vars) {
  if (built) return;
  if (!executing_eagerly())
    throw FailedPreconditionError(prefix() + "build() creates variables and must run eagerly, outside tf::function");
  for (std::size_t i = 0; i < vars.size(); ++i) {
    if (!vars[i].defined()) throw InvalidArgumentError(prefix() + "variable " + std::to_string(i) + " is undefined");
    if (!is_floating(vars[i].dtype()))
      throw InvalidArgumentError(prefix() + "can only optimize float32 and float64 variables; variable '" + vars[i].name() +
                                 "' has dtype " + std::string(dtype_name(vars[i].dtype())));
    index.emplace(vars[i].id(), i);
  }
  trainable = vars;
  if (options.use_ema) averages = add_optimizer_variables(vars, {"average"})[0];  // before the optimizer's own slots
  build_slots(vars);
  built = true;
}

void OptimizerState::apply(std::vector<Tensor> grads, std::vector<Variable> vars) {
  if (grads.empty()) return;
  if (vars.empty()) {
    if (!built)
      throw FailedPreconditionError(prefix() + "apply() without variables needs a built optimizer: call build(variables) first");
    if (grads.size() != trainable.size())
      throw InvalidArgumentError(prefix() + "got " + std::to_string(grads.size()) + " gradients for the " +
                                 std::to_string(trainable.size()) + " variables the optimizer was built with");
    vars = trainable;
  }
  if (grads.size() != vars.size())
    throw InvalidArgumentError(prefix() + "got " + std::to_string(grads.size()) + " gradients for " +
                               std::to_string(vars.size()) + " variables");
  if (!built) {
    if (!executing_eagerly())
      throw FailedPreconditionError(prefix() + "apply_gradients inside tf::function needs a built optimizer: call "
                                    "optimizer.build(variables) eagerly before tracing (slot variables are created then)");
    build(vars);
  }
  for (const Variable& v : vars) {
    if (!v.defined()) throw InvalidArgumentError(prefix() + "a variable to update is undefined");
    if (!index.contains(v.id()))
      throw InvalidArgumentError(prefix() + "unknown variable '" + v.name() + "': this optimizer was built for " +
                                 std::to_string(trainable.size()) +
                                 " other variables and can only update those; create a new optimizer for new variables");
  }
  // Keras drops pairs without a gradient, with a warning.
  std::vector<std::string> missing;
  for (std::size_t i = grads.size(); i-- > 0;) {
    if (grads[i].defined()) continue;
    const std::string& name = vars[i].name();
    missing.insert(missing.begin(), name.substr(0, name.rfind(':')));  // the variable's path, as Keras names it
    grads.erase(grads.begin() + static_cast<std::ptrdiff_t>(i));
    vars.erase(vars.begin() + static_cast<std::ptrdiff_t>(i));
  }
  if (grads.empty()) throw InvalidArgumentError(prefix() + "no gradients provided for any variable");
  if (!missing.empty()) {
    std::string list;
    for (const std::string& m : missing) list += (list.empty() ? "'" : ", '") + m + "'";
    std::cerr << "UserWarning: Gradients do not exist for variables [" << list
              << "] when minimizing the loss. If using `model.compile()`, did you forget to provide a `loss` argument?\n";
  }
  for (std::size_t i = 0; i < grads.size(); ++i) {
    if (!is_floating(grads[i].dtype()))
      throw InvalidArgumentError(prefix() + "the gradient of variable '" + vars[i].name() + "' (" +
                                 std::string(dtype_name(vars[i].dtype())) + vars[i].shape().debug_string() + ") has dtype " +
                                 std::string(dtype_name(grads[i].dtype())) + "; gradients must be float32 or float64");
    if (!grads[i].shape().is_compatible_with(vars[i].shape()))
      throw InvalidArgumentError(prefix() + "the gradient " + describe(grads[i]) + " does not match the shape of variable '" +
                                 vars[i].name() + "' (" + std::string(dtype_name(vars[i].dtype())) +
                                 vars[i].shape().debug_string() + ")");
  }
  grads = clip(grads);
  for (std::size_t i = 0; i < grads.size(); ++i) grads[i] = as_dtype(grads[i], vars[i].dtype());
  apply_weight_decay(vars);
  update(grads, vars, current_learning_rate());
  if (options.use_ema) update_moving_averages();
  iterations.assign_add(std::int64_t{1});
}

void OptimizerState::set_ema(bool use_ema, double momentum, std::optional<std::int64_t> overwrite_frequency) {
  if (built) throw FailedPreconditionError(prefix() + "EMA must be set before the optimizer is built");
  if (use_ema && !(momentum >= 0 && momentum <= 1))
    throw InvalidArgumentError(prefix() + "`ema_momentum` must be in the range [0, 1]. Received: ema_momentum=" +
                               std::to_string(momentum));
  if (use_ema && overwrite_frequency && *overwrite_frequency < 0)  // 0 means none, as in Keras
    throw InvalidArgumentError(prefix() + "`ema_overwrite_frequency` must be an integer >= 1 or None. Received: "
                               "ema_overwrite_frequency=" + std::to_string(*overwrite_frequency));
  options.use_ema = use_ema;
  options.ema_momentum = momentum;
  options.ema_overwrite_frequency = overwrite_frequency;
}

// Keras' _update_model_variables_moving_average (the first step copies the variables), then every
// ema_overwrite_frequency steps its _overwrite_model_variables_with_average_value: graph ops, with
// the overwrite as a select so that a traced step needs no cond.
void OptimizerState::update_moving_averages() {
  const Tensor not_first_step = not_equal(iterations.read_value(), constant(std::int64_t{0}));
  for (std::size_t i = 0; i < trainable.size(); ++i) {
    const DType dtype = trainable[i].dtype();
    const Tensor momentum = cast(not_first_step, dtype) * options.ema_momentum;
    averages[i].assign(momentum * averages[i].read_value() + (1.0 - momentum) * trainable[i].read_value());
  }
  if (!options.ema_overwrite_frequency || *options.ema_overwrite_frequency == 0) return;
  const Tensor overwrite =
      equal(math::floormod(iterations.read_value() + std::int64_t{1}, constant(*options.ema_overwrite_frequency)),
            constant(std::int64_t{0}));
  for (std::size_t i = 0; i < trainable.size(); ++i)
    trainable[i].assign(where(overwrite, averages[i].read_value(), trainable[i].read_value()));
}

void OptimizerState::finalize_variable_values() {
  if (!options.use_ema || !built) return;
  for (std::size_t i = 0; i < trainable.size(); ++i) trainable[i].assign(averages[i].read_value());
}

void StepwiseState::update(const std::vector<Tensor>& grads, const std::vector<Variable>& vars, const Tensor& lr) {
  for (std::size_t i = 0; i < grads.size(); ++i) update_step(grads[i], vars[i], as_dtype(lr, vars[i].dtype()));
}

std::vector<Tensor> OptimizerState::clip(const std::vector<Tensor>& grads) const {
  std::vector<Tensor> out = grads;
  if (options.clipnorm && *options.clipnorm > 0) {
    for (Tensor& g : out) g = clip_by_norm(g, *options.clipnorm);
  } else if (options.global_clipnorm && *options.global_clipnorm > 0) {
    // Keras' clip_by_global_norm: the scale is NaN when the norm is not finite.
    const double clip_norm = *options.global_clipnorm;
    const DType dtype = grads[0].dtype();
    std::vector<Tensor> squared;
    for (const Tensor& g : grads) squared.push_back(as_dtype(reduce_sum(square(g)), dtype));
    const Tensor use_norm = sqrt(reduce_sum(stack(squared)));
    const Tensor scale = clip_norm * minimum(1.0 / use_norm, scalar(1.0 / clip_norm, dtype)) + (use_norm - use_norm);
    for (Tensor& g : out) g = g * as_dtype(scale, g.dtype());
  } else if (options.clipvalue && *options.clipvalue > 0) {
    const double v = *options.clipvalue;
    for (Tensor& g : out) g = clip_by_value(g, -v, v);
  }
  return out;
}

bool OptimizerState::uses_weight_decay(const Variable& variable) const {
  if (no_decay_ids.contains(variable.id())) return false;
  return !(no_decay_pattern && std::regex_search(variable.name(), *no_decay_pattern));
}

void OptimizerState::apply_weight_decay(const std::vector<Variable>& vars) {
  if (!options.weight_decay) return;
  for (const Variable& v : vars) {
    if (!uses_weight_decay(v)) continue;
    Variable target = v;
    const Tensor lr = as_dtype(current_learning_rate(), v.dtype());
    target.assign_sub(v.read_value() * scalar(*options.weight_decay, v.dtype()) * lr);
  }
}

}  // namespace tf::keras::optimizers::detail
