// LossScaleOptimizer: Keras 3's dynamic loss scaling around an inner optimizer.
#include <memory>

#include "keras/optimizers/optimizer_state.h"
#include "tfpp/array_ops.h"
#include "tfpp/control_flow.h"
#include "tfpp/errors.h"
#include "tfpp/float_classification_ops.h"
#include "tfpp/function.h"
#include "tfpp/keras/mixed_precision.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::mixed_precision {
namespace {

using optimizers::Optimizer;
using optimizers::detail::OptimizerState;

// The inner optimizer's learning rate; none of the base options (Keras' LossScaleOptimizer takes none).
optimizers::detail::BaseOptions base_options_of(const Optimizer& inner, const std::string& name) {
  optimizers::detail::BaseOptions o;
  o.learning_rate = inner.state()->options.learning_rate;
  o.name = name;
  return o;
}

class LossScaleState : public OptimizerState {
 public:
  LossScaleState(const Optimizer& inner, LossScaleOptimizerOptions o)
      : OptimizerState("LossScaleOptimizer", "loss_scale_optimizer", base_options_of(inner, o.name)),
        inner_(inner),
        initial_scale_(o.initial_scale),
        growth_steps_(o.dynamic_growth_steps) {
    if (o.dynamic_growth_steps < 1)
      throw InvalidArgumentError(prefix() + "dynamic_growth_steps must be positive, got " +
                                 std::to_string(o.dynamic_growth_steps));
    // The inner optimizer's step count and learning rate are this one's, as in Keras.
    iterations = inner.state()->iterations;
    learning_rate = inner.state()->learning_rate;
    variables.clear();
  }

  void build(const std::vector<Variable>& vars) override {
    if (built) return;
    step_counter_ = add_variable(constant(std::int64_t{0}), "step_counter");
    dynamic_scale_ = add_variable(constant(static_cast<float>(initial_scale_)), "dynamic_scale");
    inner_.build(vars);
    for (const Variable& v : inner_.variables()) variables.push_back(v);
    trainable = vars;
    built = true;
  }

  // Keras 3's LossScaleOptimizer.apply: the inner step with unscaled gradients if all are
  // finite (doubling the scale every dynamic_growth_steps such steps), else halve the scale.
  void apply(std::vector<Tensor> grads, std::vector<Variable> vars) override {
    if (!built) {
      if (!executing_eagerly())
        throw FailedPreconditionError(prefix() + "apply_gradients inside tf::function needs a built optimizer: call "
                                      "optimizer.build(variables) eagerly before tracing");
      build(vars.empty() ? inner_.state()->trainable : vars);
    }
    std::vector<Tensor> finite;
    for (const Tensor& g : grads)
      if (g.defined()) finite.push_back(reduce_all(math::is_finite(g)));
    const Tensor all_finite = finite.empty() ? constant(true) : reduce_all(stack(finite));
    cond(
        all_finite,
        [&] {
          std::vector<Tensor> unscaled;
          for (const Tensor& g : grads) unscaled.push_back(g.defined() ? g / cast(dynamic_scale_.read_value(), g.dtype()) : g);
          inner_.apply(unscaled, vars);
          cond(
              equal(step_counter_.read_value(), constant(growth_steps_ - 1)),
              [&] {
                step_counter_.assign(constant(std::int64_t{0}));
                dynamic_scale_.assign(dynamic_scale_.read_value() * constant(2.0f));
                return constant(true);
              },
              [&] {
                step_counter_.assign_add(constant(std::int64_t{1}));
                return constant(false);
              });
          return constant(true);
        },
        [&] {
          step_counter_.assign(constant(std::int64_t{0}));
          dynamic_scale_.assign(dynamic_scale_.read_value() * constant(0.5f));
          return constant(false);
        });
  }

  Tensor scale_loss(const Tensor& loss) const override {
    const Tensor wide = loss.dtype() == float32 ? loss : cast(loss, float32);  // Keras promotes to the scale's float32
    return built ? wide * dynamic_scale_.read_value() : wide * constant(static_cast<float>(initial_scale_));
  }

  std::optional<optimizers::Config> own_config() const override {
    using optimizers::Config;
    return Config{{"name", name},
                  {"inner_optimizer", Config{{"module", std::string("keras.optimizers")},
                                             {"class_name", inner_.class_name()},
                                             {"config", inner_.get_config()},
                                             {"registered_name", nullptr}}},
                  {"initial_scale", initial_scale_},
                  {"dynamic_growth_steps", growth_steps_}};
  }

  void update(const std::vector<Tensor>&, const std::vector<Variable>&, const Tensor&) override {}

  Optimizer inner_;
  double initial_scale_;
  std::int64_t growth_steps_;
  Variable step_counter_, dynamic_scale_;
};

LossScaleState& lso_state(const Optimizer& o) {
  auto* s = dynamic_cast<LossScaleState*>(o.state().get());
  if (!s) throw InvalidArgumentError("[LossScaleOptimizer] the optimizer '" + o.name() + "' is a " + o.class_name());
  return *s;
}

}  // namespace

LossScaleOptimizer::LossScaleOptimizer(const Optimizer& inner_optimizer, LossScaleOptimizerOptions options)
    : Optimizer([&] {
        if (!inner_optimizer.defined()) throw InvalidArgumentError("[LossScaleOptimizer] the inner optimizer is undefined");
        if (dynamic_cast<LossScaleState*>(inner_optimizer.state().get()))
          throw InvalidArgumentError("[LossScaleOptimizer] the inner optimizer is already a LossScaleOptimizer");
        return std::make_shared<LossScaleState>(inner_optimizer, std::move(options));
      }()) {}

LossScaleOptimizer::LossScaleOptimizer(const Optimizer& handle, std::nullptr_t) : Optimizer(handle.state()) {
  lso_state(*this);
}

Tensor LossScaleOptimizer::scale_loss(const Tensor& loss) const { return lso_state(*this).scale_loss(loss); }

Variable LossScaleOptimizer::dynamic_scale() const {
  const LossScaleState& s = lso_state(*this);
  if (!s.built) throw FailedPreconditionError("[LossScaleOptimizer] dynamic_scale exists once the optimizer is built");
  return s.dynamic_scale_;
}

Variable LossScaleOptimizer::step_counter() const {
  const LossScaleState& s = lso_state(*this);
  if (!s.built) throw FailedPreconditionError("[LossScaleOptimizer] step_counter exists once the optimizer is built");
  return s.step_counter_;
}

Optimizer LossScaleOptimizer::inner_optimizer() const { return lso_state(*this).inner_; }
double LossScaleOptimizer::initial_scale() const { return lso_state(*this).initial_scale_; }
std::int64_t LossScaleOptimizer::dynamic_growth_steps() const { return lso_state(*this).growth_steps_; }

}  // namespace tf::keras::mixed_precision
