// The Optimizer handle: forwards to its shared OptimizerState.
#include "autodiff/variable_impl.h"
#include "keras/optimizers/optimizer_state.h"
#include "tfpp/keras/optimizers/schedules_serialization.h"
#include "tfpp/errors.h"
#include "tfpp/gradient_tape.h"

namespace tf::keras::optimizers {

LearningRate::LearningRate(std::shared_ptr<const schedules::LearningRateSchedule> schedule) : schedule_(std::move(schedule)) {
  if (!schedule_) throw InvalidArgumentError("[LearningRate] the schedule is null");
}

Optimizer::Optimizer(std::shared_ptr<detail::OptimizerState> state) : state_(std::move(state)) {}

detail::OptimizerState& Optimizer::checked() const {
  if (!state_) throw FailedPreconditionError("[Optimizer] the optimizer handle is undefined");
  return *state_;
}

const std::string& Optimizer::name() const { return checked().name; }
const std::string& Optimizer::class_name() const { return checked().class_name; }
void Optimizer::build(const std::vector<Variable>& variables) { checked().build(variables); }
bool Optimizer::built() const { return checked().built; }

void Optimizer::apply_gradients(const std::vector<std::pair<Tensor, Variable>>& grads_and_vars) {
  std::vector<Tensor> grads;
  std::vector<Variable> vars;
  for (const auto& [g, v] : grads_and_vars) {
    grads.push_back(g);
    vars.push_back(v);
  }
  checked().apply(std::move(grads), std::move(vars));
}

void Optimizer::apply_gradients(const std::vector<Tensor>& grads, const std::vector<Variable>& variables) {
  if (grads.size() != variables.size())
    throw InvalidArgumentError(checked().prefix() + "apply_gradients got " + std::to_string(grads.size()) +
                               " gradients and " + std::to_string(variables.size()) + " variables");
  checked().apply(grads, variables);
}

void Optimizer::apply(const std::vector<Tensor>& grads, const std::vector<Variable>& variables) {
  checked().apply(grads, variables);
}

void Optimizer::minimize(const std::function<Tensor()>& loss, const std::vector<Variable>& var_list) {
  GradientTape tape;
  const Tensor value = loss();
  checked().apply(tape.gradient(value, var_list), var_list);
}

Variable Optimizer::iterations() const { return checked().iterations; }

double Optimizer::learning_rate() const {
  const detail::OptimizerState& s = checked();
  if (const auto& schedule = s.options.learning_rate.schedule()) {
    const Tensor step = constant(s.iterations.impl()->load().item<std::int64_t>());
    return cast((*schedule)(step), float64).item<double>();
  }
  return s.learning_rate.impl()->load().item<float>();
}

void Optimizer::set_learning_rate(double learning_rate) {
  detail::OptimizerState& s = checked();
  if (s.options.learning_rate.schedule())
    throw FailedPreconditionError(s.prefix() +
                                  "this optimizer was created with a LearningRateSchedule as its learning_rate, hence "
                                  "its learning rate is not settable; create it with a number to change the rate");
  s.learning_rate.assign(constant(static_cast<float>(learning_rate)));
}

std::vector<Variable> Optimizer::variables() const { return checked().variables; }

void Optimizer::exclude_from_weight_decay(const std::vector<Variable>& var_list, const std::vector<std::string>& var_names) {
  detail::OptimizerState& s = checked();
  if (s.built)
    throw FailedPreconditionError(s.prefix() + "exclude_from_weight_decay() can only be called before the optimizer is built");
  s.no_decay_ids.clear();
  for (const Variable& v : var_list) s.no_decay_ids.insert(v.id());
  s.no_decay_pattern.reset();
  if (!var_names.empty()) {
    std::string pattern;
    for (const std::string& n : var_names) pattern += (pattern.empty() ? "" : "|") + n;
    s.no_decay_pattern.emplace(pattern);
  }
}

Config Optimizer::get_config() const {
  const detail::OptimizerState& s = checked();
  if (std::optional<Config> own = s.own_config()) return *own;
  const auto optional = [](const std::optional<double>& v) -> ConfigValue {
    if (v) return *v;
    return nullptr;
  };
  Config config;
  config["name"] = s.name;
  if (const auto& schedule = s.options.learning_rate.schedule()) {
    // A registered custom class is written as Keras writes it: its own module and registered name.
    ConfigValue module = std::string("keras.optimizers.schedules"), registered_name = nullptr;
    if (auto custom = schedules::registered_schedule_class(schedule->class_name())) {
      module = custom->module ? ConfigValue(*custom->module) : ConfigValue(nullptr);
      registered_name = custom->registered_name;
    }
    config["learning_rate"] = Config{{"module", module},
                                     {"class_name", schedule->class_name()},
                                     {"config", schedule->get_config()},
                                     {"registered_name", registered_name}};
  } else
    config["learning_rate"] = static_cast<double>(s.learning_rate.impl()->load().item<float>());
  config["weight_decay"] = optional(s.options.weight_decay);
  config["clipnorm"] = optional(s.options.clipnorm);
  config["global_clipnorm"] = optional(s.options.global_clipnorm);
  config["clipvalue"] = optional(s.options.clipvalue);
  config["use_ema"] = s.options.use_ema;
  config["ema_momentum"] = s.options.ema_momentum;
  config["ema_overwrite_frequency"] =
      s.options.ema_overwrite_frequency ? ConfigValue(*s.options.ema_overwrite_frequency) : ConfigValue(nullptr);
  // Keras' loss scaling and gradient accumulation, which tfpp's optimizers do not offer.
  config["loss_scale_factor"] = nullptr;
  config["gradient_accumulation_steps"] = nullptr;
  s.add_config(config);
  return config;
}

}  // namespace tf::keras::optimizers
