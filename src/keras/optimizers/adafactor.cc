// Adafactor: Keras 3's build (factored second moments for variables of rank >= 2) and
// update_step.
#include "keras/optimizers/optimizer_state.h"
#include "tfpp/array_ops.h"
#include "tfpp/keras/optimizers/adafactor.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::optimizers {
namespace {

// The last part of a variable's path without ":0" ("dense/kernel:0" -> "kernel"): Keras' var.name.
std::string short_name(const Variable& v) {
  std::string name = v.name();
  if (name.size() > 2 && name.compare(name.size() - 2, 2, ":0") == 0) name.resize(name.size() - 2);
  return name.substr(name.find_last_of('/') + 1);
}

Tensor rms(const Tensor& x) { return sqrt(reduce_mean(square(x))); }

class AdafactorState : public detail::StepwiseState {
 public:
  explicit AdafactorState(const AdafactorOptions& o)
      : StepwiseState("Adafactor", "adafactor", detail::base_options(o)), o_(o) {}

  void build_slots(const std::vector<Variable>& vars) override {
    for (const Variable& var : vars) {
      const auto dims = var.shape().dims();
      if (dims.size() < 2) {
        // Keras makes two int32 scalars here that it never reads; checkpoints hold them.
        for (int i = 0; i < 2; ++i) add_variable(constant(0), short_name(var));
        r_.emplace_back();
        c_.emplace_back();
      } else {
        const std::vector<std::int64_t> r_dims(dims.begin(), dims.end() - 1);
        std::vector<std::int64_t> c_dims(dims.begin(), dims.end() - 2);
        c_dims.push_back(dims.back());
        r_.push_back(add_variable(zeros(TensorShape(r_dims), var.dtype()), short_name(var)));
        c_.push_back(add_variable(zeros(TensorShape(c_dims), var.dtype()), short_name(var)));
      }
      v_.push_back(add_optimizer_variables({var}, {"velocity"})[0][0]);
    }
  }

  void update_step(const Tensor& gradient, Variable variable, const Tensor& lr) override {
    const DType dtype = variable.dtype();
    const Tensor local_step = step(dtype, 1);
    const Tensor one = detail::scalar(1.0, dtype);
    // Keras caps a constant rate by 1 / sqrt(step) when relative_step, and rho_t caps it again:
    // the cap applies either way.
    const Tensor rho_t = minimum(lr, one / sqrt(local_step));
    const Tensor alpha_t = maximum(detail::scalar(o_.epsilon_2, dtype), rms(variable.read_value())) * rho_t;
    const Tensor regulated_grad_square = square(gradient) + o_.epsilon_1;
    const Tensor beta_2_t = 1.0 - pow(local_step, detail::scalar(o_.beta_2_decay, dtype));
    const std::size_t i = index_of(variable);
    Variable v = v_[i];
    if (variable.shape().rank() >= 2) {
      Variable r = r_[i], c = c_[i];
      r.assign(beta_2_t * r.read_value() + (1.0 - beta_2_t) * reduce_mean(regulated_grad_square, {-1}));
      c.assign(beta_2_t * c.read_value() + (1.0 - beta_2_t) * reduce_mean(regulated_grad_square, {-2}));
      const Tensor r_now = r.read_value();
      v.assign(expand_dims(r_now / reduce_mean(r_now, {-1}, {.keepdims = true}), -1) * expand_dims(c.read_value(), -2));
    } else {
      v.assign(beta_2_t * v.read_value() + (1.0 - beta_2_t) * regulated_grad_square);
    }
    const Tensor u_t = gradient / sqrt(v.read_value());
    const Tensor u_t_hat = u_t / maximum(one, rms(u_t) / o_.clip_threshold);
    variable.assign_sub(alpha_t * u_t_hat);
  }

  void add_config(Config& config) const override {
    config["beta_2_decay"] = o_.beta_2_decay;
    config["epsilon_1"] = o_.epsilon_1;
    config["epsilon_2"] = o_.epsilon_2;
    config["clip_threshold"] = o_.clip_threshold;
    config["relative_step"] = o_.relative_step;
  }

 private:
  AdafactorOptions o_;
  std::vector<Variable> r_, c_, v_;  // r_ and c_ are undefined for variables of rank < 2
};

}  // namespace

Adafactor::Adafactor(AdafactorOptions options) : Optimizer(std::make_shared<AdafactorState>(options)) {}

}  // namespace tf::keras::optimizers
