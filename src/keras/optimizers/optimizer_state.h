// The object behind an Optimizer handle: Keras 3's BaseOptimizer (variables, build, clipping,
// weight decay, the update loop); each optimizer adds its slots and its update_step.
#pragma once

#include <cstdint>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "tfpp/keras/optimizers.h"

namespace tf::keras::optimizers::detail {

/// The options every optimizer shares (Keras' base keyword arguments).
struct BaseOptions {
  LearningRate learning_rate = 0.001;
  std::optional<double> weight_decay, clipnorm, clipvalue, global_clipnorm;
  std::string name;
  bool use_ema = false;  ///< keep an exponential moving average of each variable (slots "..._average")
  double ema_momentum = 0.99;
  std::optional<std::int64_t> ema_overwrite_frequency;  ///< copy the averages into the variables every n steps
};

/// The base options out of an optimizer's own options struct.
template <class O>
BaseOptions base_options(const O& o) {
  return {o.learning_rate, o.weight_decay, o.clipnorm, o.clipvalue, o.global_clipnorm, o.name};
}

class OptimizerState {
 public:
  /// Validates the base options and creates `iterations` and the learning-rate variable;
  /// `class_name` is Keras' ("Adam"), `base_name` the prefix of automatic names ("adam").
  OptimizerState(std::string class_name, const std::string& base_name, BaseOptions options);
  virtual ~OptimizerState() = default;
  OptimizerState(const OptimizerState&) = delete;
  OptimizerState& operator=(const OptimizerState&) = delete;

  const std::string class_name;
  const std::string name;
  BaseOptions options;
  Variable iterations;                        ///< int64 "<name>/iteration"
  Variable learning_rate;                     ///< float32 "<name>/learning_rate"; undefined with a schedule
  std::vector<Variable> variables;            ///< every optimizer variable, in Keras' order
  std::vector<Variable> trainable;            ///< what build() saw
  std::vector<Variable> averages;             ///< the moving averages of `trainable` (with use_ema)
  std::unordered_map<std::uint64_t, std::size_t> index;  ///< variable id -> position in `trainable`
  bool built = false;
  /// Set while fit builds the optimizer. Keras' fit builds it inside its first traced step, whose
  /// variable assignments never run: build_slots skips the ones it makes (ScheduleFreeAdamW's
  /// copies of the variables) to start from the same state.
  bool building_in_fit = false;
  std::set<std::uint64_t> no_decay_ids;       ///< exclude_from_weight_decay(var_list)
  std::optional<std::regex> no_decay_pattern; ///< exclude_from_weight_decay(var_names)

  /// "Adam" -> "[Adam] " style prefix with the optimizer's name, for messages.
  std::string prefix() const;
  /// A variable of the optimizer named "<name>/<var_name>", tracked in `variables`.
  Variable add_variable(const Tensor& initial_value, const std::string& var_name);
  /// One slot per variable and slot name, like the variable (dtype, shape), named
  /// "<name>/<variable name with '/' as '_'>_<slot>" and filled with the slot's initial value
  /// (zeros when `initial_values` is empty); per variable, every slot in turn (Keras'
  /// add_optimizer_variables). Returns one list per slot name.
  std::vector<std::vector<Variable>> add_optimizer_variables(const std::vector<Variable>& references,
                                                             const std::vector<std::string>& slot_names,
                                                             const std::vector<double>& initial_values = {});
  /// The position of `variable` in what build() saw.
  std::size_t index_of(const Variable& variable) const;
  /// The current learning rate as a float32 scalar tensor (a read of the variable, or the
  /// schedule at `iterations`): graph ops while tracing.
  Tensor current_learning_rate() const;
  /// iterations + offset as a scalar of `dtype` (Keras' local_step with offset 1).
  Tensor step(DType dtype, std::int64_t offset) const;

  /// Builds the base state and then calls build_slots (does nothing once built).
  virtual void build(const std::vector<Variable>& vars);
  /// Keras' apply(): filter, check, clip, decay, update, increment.
  virtual void apply(std::vector<Tensor> grads, std::vector<Variable> vars);
  /// The loss fit differentiates (LossScaleOptimizer scales it); default: `loss` itself.
  virtual Tensor scale_loss(const Tensor& loss) const { return loss; }
  /// A config that replaces the base keys (LossScaleOptimizer's); default: none.
  virtual std::optional<Config> own_config() const { return std::nullopt; }

  /// Creates the optimizer's slot variables.
  virtual void build_slots(const std::vector<Variable>& vars) {}
  /// Updates every variable with its (clipped) gradient, already cast to the variable's dtype,
  /// and the current learning rate (float32); Keras' _backend_update_step.
  virtual void update(const std::vector<Tensor>& grads, const std::vector<Variable>& vars, const Tensor& lr) = 0;
  /// Adds the optimizer's own config keys.
  virtual void add_config(Config& config) const {}
  /// False for the variables exclude_from_weight_decay named.
  bool uses_weight_decay(const Variable& variable) const;
  /// Turns on Keras' EMA (use_ema, ema_momentum, ema_overwrite_frequency; 0 means none) before
  /// build(); throws InvalidArgumentError for a momentum outside [0, 1] or a negative frequency.
  void set_ema(bool use_ema, double momentum, std::optional<std::int64_t> overwrite_frequency);
  /// Copies the moving averages into the variables (Keras' finalize_variable_values, which fit
  /// calls after its last epoch); does nothing without use_ema.
  void finalize_variable_values();

 private:
  std::vector<Tensor> clip(const std::vector<Tensor>& grads) const;
  void apply_weight_decay(const std::vector<Variable>& vars);
  void update_moving_averages();
};

/// An optimizer whose update is one update_step per variable (Keras' default _backend_update_step).
class StepwiseState : public OptimizerState {
 public:
  using OptimizerState::OptimizerState;
  void update(const std::vector<Tensor>& grads, const std::vector<Variable>& vars, const Tensor& lr) final;
  /// One variable's update; `lr` is already in the variable's dtype.
  virtual void update_step(const Tensor& gradient, Variable variable, const Tensor& lr) = 0;
};

/// `t` in `dtype` (no op when it already has it, as Keras' ops.cast).
Tensor as_dtype(const Tensor& t, DType dtype);
/// A scalar constant of `dtype`.
Tensor scalar(double value, DType dtype);

}  // namespace tf::keras::optimizers::detail
