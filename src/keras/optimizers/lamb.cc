// Lamb: Keras 3's update_step (Adam's bias-corrected step times the trust ratio
// ||var|| / ||step||, which is 1 when either norm is zero).
#include "keras/optimizers/optimizer_state.h"
#include "tfpp/keras/optimizers/lamb.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::optimizers {
namespace {

class LambState : public detail::StepwiseState {
 public:
  explicit LambState(const LambOptions& o)
      : StepwiseState("Lamb", "lamb", detail::base_options(o)), beta_1_(o.beta_1), beta_2_(o.beta_2), epsilon_(o.epsilon) {}

  void build_slots(const std::vector<Variable>& vars) override {
    auto slots = add_optimizer_variables(vars, {"momentum", "velocity"});
    momentums_ = std::move(slots[0]);
    velocities_ = std::move(slots[1]);
  }

  void update_step(const Tensor& gradient, Variable variable, const Tensor& lr) override {
    const DType dtype = variable.dtype();
    const Tensor local_step = step(dtype, 1);
    const Tensor beta_1_power = pow(detail::scalar(beta_1_, dtype), local_step);
    const Tensor beta_2_power = pow(detail::scalar(beta_2_, dtype), local_step);
    Variable m = momentums_[index_of(variable)], v = velocities_[index_of(variable)];
    m.assign_add((gradient - m.read_value()) * (1 - beta_1_));
    v.assign_add((square(gradient) - v.read_value()) * (1 - beta_2_));
    const Tensor m_hat = m.read_value() / (1.0 - beta_1_power);
    const Tensor v_sqrt = sqrt(v.read_value() / (1.0 - beta_2_power)) + epsilon_;
    const Tensor update = m_hat / v_sqrt;
    const Tensor w_norm = sqrt(reduce_sum(square(variable.read_value())));
    const Tensor g_norm = sqrt(reduce_sum(square(update)));
    const Tensor one = detail::scalar(1.0, dtype);
    const Tensor ratio = where(w_norm > 0.0, where(g_norm > 0.0, w_norm / g_norm, one), one);
    variable.assign_sub(ratio * lr * update);
  }

  void add_config(Config& config) const override {
    config["beta_1"] = beta_1_;
    config["beta_2"] = beta_2_;
    config["epsilon"] = epsilon_;
  }

 private:
  double beta_1_, beta_2_, epsilon_;
  std::vector<Variable> momentums_, velocities_;
};

}  // namespace

Lamb::Lamb(LambOptions options) : Optimizer(std::make_shared<LambState>(options)) {}

}  // namespace tf::keras::optimizers
