// Muon: Keras 3's build (momentum for every variable, velocity for the AdamW ones), update_step
// (a Newton-Schulz orthogonalized momentum step for matrices, AdamW for the rest) and its weight
// decay (adam_weight_decay for the AdamW variables, weight_decay for the others).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <regex>

#include "keras/optimizers/optimizer_state.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/keras/optimizers/muon.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::optimizers {
namespace {

std::string path_of(const Variable& v) {
  std::string name = v.name();
  if (name.size() > 2 && name.compare(name.size() - 2, 2, ":0") == 0) name.resize(name.size() - 2);
  return name;
}

std::string joined(const std::vector<std::string>& patterns) {
  std::string text;
  for (const std::string& p : patterns) text += (text.empty() ? "" : "|") + p;
  return text;
}

// The base takes no weight decay: Muon applies its own two rates in update().
detail::BaseOptions without_decay(const MuonOptions& o) {
  return {o.learning_rate, std::nullopt, o.clipnorm, o.clipvalue, o.global_clipnorm, o.name};
}

class MuonState : public detail::OptimizerState {
 public:
  explicit MuonState(const MuonOptions& o) : OptimizerState("Muon", "muon", without_decay(o)), o_(o) {
    if (o_.ns_steps < 0) throw InvalidArgumentError(prefix() + "ns_steps must be >= 0, got " + std::to_string(o_.ns_steps));
    try {
      for (const std::string& p : o_.exclude_layers) exclude_.emplace_back(p);
    } catch (const std::regex_error& e) {
      throw InvalidArgumentError(prefix() + "exclude_layers holds a bad regular expression: " + e.what());
    }
  }

  void build_slots(const std::vector<Variable>& vars) override {
    for (const Variable& var : vars) {
      momentums_.push_back(add_optimizer_variables({var}, {"momentum"})[0][0]);
      velocities_.push_back(uses_adamw(var) ? add_optimizer_variables({var}, {"velocity"})[0][0] : Variable());
    }
  }

  void update(const std::vector<Tensor>& grads, const std::vector<Variable>& vars, const Tensor& lr) override {
    for (const Variable& var : vars) decay(var, lr);
    for (std::size_t i = 0; i < grads.size(); ++i) {
      const std::size_t k = index_of(vars[i]);
      const Tensor var_lr = detail::as_dtype(lr, vars[i].dtype());
      if (velocities_[k].defined()) adamw_step(grads[i], vars[i], var_lr * o_.adam_lr_ratio, momentums_[k], velocities_[k]);
      else muon_step(grads[i], vars[i], var_lr, momentums_[k]);
    }
  }

  void add_config(Config& config) const override {
    const auto optional = [](const std::optional<double>& v) -> ConfigValue {
      if (v) return *v;
      return nullptr;
    };
    config["weight_decay"] = optional(o_.weight_decay);
    config["adam_beta_1"] = o_.adam_beta_1;
    config["adam_beta_2"] = o_.adam_beta_2;
    config["epsilon"] = o_.epsilon;
    if (o_.exclude_layers.empty()) config["exclude_layers"] = std::vector<double>{};
    else config["exclude_layers"] = joined(o_.exclude_layers);
    config["muon_a"] = o_.muon_a;
    config["muon_b"] = o_.muon_b;
    config["muon_c"] = o_.muon_c;
    // Keras' default is the int 1; a whole ratio is written as an int too.
    if (o_.adam_lr_ratio == std::floor(o_.adam_lr_ratio) && std::abs(o_.adam_lr_ratio) < 1e15)
      config["adam_lr_ratio"] = static_cast<std::int64_t>(o_.adam_lr_ratio);
    else
      config["adam_lr_ratio"] = o_.adam_lr_ratio;
    config["momentum"] = o_.momentum;
    config["ns_steps"] = o_.ns_steps;
    config["nesterov"] = o_.nesterov;
    config["exclude_embeddings"] = o_.exclude_embeddings;
    config["adam_weight_decay"] = optional(o_.adam_weight_decay);
    config["rms_rate"] = optional(o_.rms_rate);
  }

 private:
  // Keras' _should_use_adamw.
  bool uses_adamw(const Variable& var) const {
    if (var.shape().rank() != 2) return true;
    std::string path = path_of(var);
    if (std::any_of(exclude_.begin(), exclude_.end(), [&](const std::regex& r) { return std::regex_search(path, r); }))
      return true;
    std::transform(path.begin(), path.end(), path.begin(), [](unsigned char c) { return std::tolower(c); });
    return o_.exclude_embeddings && path.find("embedding") != std::string::npos;
  }

  void decay(const Variable& var, const Tensor& lr) {
    if (!uses_weight_decay(var)) return;
    const std::optional<double>& rate = uses_adamw(var) ? o_.adam_weight_decay : o_.weight_decay;
    if (!rate) return;
    Variable target = var;
    target.assign(var.read_value() - var.read_value() * detail::scalar(*rate, var.dtype()) * detail::as_dtype(lr, var.dtype()));
  }

  void adamw_step(const Tensor& gradient, Variable variable, const Tensor& lr, Variable m, Variable v) const {
    const DType dtype = variable.dtype();
    const Tensor local_step = step(dtype, 1);
    const Tensor beta_1_power = pow(detail::scalar(o_.adam_beta_1, dtype), local_step);
    const Tensor beta_2_power = pow(detail::scalar(o_.adam_beta_2, dtype), local_step);
    const Tensor alpha = lr * sqrt(1.0 - beta_2_power) / (1.0 - beta_1_power);
    m.assign_add((gradient - m.read_value()) * (1.0 - o_.adam_beta_1));
    v.assign_add((square(gradient) - v.read_value()) * (1.0 - o_.adam_beta_2));
    variable.assign_sub((m.read_value() * alpha) / (sqrt(v.read_value()) + o_.epsilon));
  }

  void muon_step(const Tensor& gradient, Variable variable, const Tensor& lr, Variable m) const {
    m.assign_add(gradient + m.read_value() * (o_.momentum - 1.0));
    const Tensor g = o_.nesterov ? gradient + o_.momentum * m.read_value() : m.read_value();
    Tensor update = lr * newton_schulz(g);
    if (o_.rms_rate) {
      const double longest = static_cast<double>(std::max(variable.shape()[0], variable.shape()[1]));
      update = update * (std::sqrt(longest) * *o_.rms_rate);
    }
    variable.assign_sub(update);
  }

  // Keras' zeropower_via_newtonschulz5 for a matrix.
  Tensor newton_schulz(const Tensor& g) const {
    const bool tall = g.shape()[0] > g.shape()[1];
    Tensor x = tall ? transpose(g) : g;
    x = x / (sqrt(reduce_sum(square(x))) + 1e-7);
    for (std::int64_t i = 0; i < o_.ns_steps; ++i) {
      const Tensor a = matmul(x, x, {.transpose_b = true});
      const Tensor b = o_.muon_b * a + o_.muon_c * matmul(a, a);
      x = o_.muon_a * x + matmul(b, x);
    }
    return tall ? transpose(x) : x;
  }

  MuonOptions o_;
  std::vector<std::regex> exclude_;
  std::vector<Variable> momentums_, velocities_;  // velocities_ are undefined for the Muon variables
};

}  // namespace

Muon::Muon(MuonOptions options) : Optimizer(std::make_shared<MuonState>(options)) {}

}  // namespace tf::keras::optimizers
