// Lion: Keras 3's update_step (the sign of an interpolated momentum, then the momentum's decay).
#include <sstream>

#include "keras/optimizers/optimizer_state.h"
#include "tfpp/errors.h"
#include "tfpp/keras/optimizers/lion.h"

namespace tf::keras::optimizers {
namespace {

class LionState : public detail::StepwiseState {
 public:
  explicit LionState(const LionOptions& o)
      : StepwiseState("Lion", "lion", detail::base_options(o)), beta_1_(o.beta_1), beta_2_(o.beta_2) {
    if (!(beta_1_ > 0 && beta_1_ <= 1)) {
      std::ostringstream message;
      message << prefix() << "Argument `beta_1` must be in the [0, 1] range. Otherwise, the optimizer degenerates to "
              << "SignSGD. Received: beta_1=" << beta_1_ << ".";
      throw InvalidArgumentError(message.str());
    }
  }

  void build_slots(const std::vector<Variable>& vars) override { momentums_ = add_optimizer_variables(vars, {"momentum"})[0]; }

  void update_step(const Tensor& gradient, Variable variable, const Tensor& lr) override {
    const DType dtype = variable.dtype();
    const Tensor beta_1 = detail::scalar(beta_1_, dtype), beta_2 = detail::scalar(beta_2_, dtype);
    Variable m = momentums_[index_of(variable)];
    variable.assign_sub(lr * sign(m.read_value() * beta_1 + gradient * (1.0 - beta_1)));
    m.assign(m.read_value() * beta_2 + gradient * (1.0 - beta_2));
  }

  void add_config(Config& config) const override {
    config["beta_1"] = beta_1_;
    config["beta_2"] = beta_2_;
  }

 private:
  double beta_1_, beta_2_;
  std::vector<Variable> momentums_;
};

}  // namespace

Lion::Lion(LionOptions options) : Optimizer(std::make_shared<LionState>(options)) {}

}  // namespace tf::keras::optimizers
