// ScheduleFreeAdamW: Keras 3's build (momentum slots start as copies of the variables) and
// update_step.
#include "keras/optimizers/optimizer_state.h"
#include "tfpp/keras/optimizers/schedule_free_adamw.h"

namespace tf::keras::optimizers {
namespace {

class ScheduleFreeAdamWState : public detail::StepwiseState {
 public:
  explicit ScheduleFreeAdamWState(const ScheduleFreeAdamWOptions& o)
      : StepwiseState("ScheduleFreeAdamW", "schedule_free_adam_w", detail::base_options(o)), o_(o) {}

  void build_slots(const std::vector<Variable>& vars) override {
    auto slots = add_optimizer_variables(vars, {"momentum", "velocity"});
    momentums_ = std::move(slots[0]);
    velocities_ = std::move(slots[1]);
    if (building_in_fit) return;  // Keras' fit starts these at zero (see building_in_fit)
    for (std::size_t i = 0; i < vars.size(); ++i) momentums_[i].assign(vars[i].read_value());
  }

  void update_step(const Tensor& gradient, Variable variable, const Tensor& learning_rate) override {
    const DType dtype = variable.dtype();
    const Tensor local_step = step(dtype, 1);
    const Tensor beta_1 = detail::scalar(o_.beta_1, dtype), beta_2 = detail::scalar(o_.beta_2, dtype);
    Tensor lr = learning_rate;
    if (o_.warmup_steps > 0)
      lr = lr * minimum(local_step / detail::scalar(static_cast<double>(o_.warmup_steps), dtype), detail::scalar(1.0, dtype));
    Variable z = momentums_[index_of(variable)], v = velocities_[index_of(variable)];
    const Tensor bias_correction_2 = 1.0 - pow(beta_2, local_step);
    v.assign_add((square(gradient) - v.read_value()) * (1.0 - beta_2));
    const Tensor denominator = sqrt(v.read_value() / bias_correction_2) + detail::scalar(o_.epsilon, dtype);
    z.assign_sub(lr * gradient / denominator);
    // The variable holds y = (1 - beta_1) z + beta_1 x; recover x, average z into it, interpolate again.
    // Keras' "momentum_old" is the momentum variable itself, read after the step above: so is it here.
    const Tensor weight = 1.0 / local_step;
    const Tensor z_new = z.read_value();
    const Tensor x_old = (variable.read_value() - (1.0 - beta_1) * z_new) / beta_1;
    const Tensor x_new = (1.0 - weight) * x_old + weight * z_new;
    variable.assign((1.0 - beta_1) * z_new + beta_1 * x_new);
  }

  void add_config(Config& config) const override {
    config["beta_1"] = o_.beta_1;
    config["beta_2"] = o_.beta_2;
    config["epsilon"] = o_.epsilon;
    config["warmup_steps"] = o_.warmup_steps;
  }

 private:
  ScheduleFreeAdamWOptions o_;
  std::vector<Variable> momentums_, velocities_;
};

}  // namespace

ScheduleFreeAdamW::ScheduleFreeAdamW(ScheduleFreeAdamWOptions options)
    : Optimizer(std::make_shared<ScheduleFreeAdamWState>(options)) {}

}  // namespace tf::keras::optimizers
