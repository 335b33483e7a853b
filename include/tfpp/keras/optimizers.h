// Keras optimizers (tf.keras.optimizers, Keras 3): SGD, Adam, AdamW, Adamax, Nadam, RMSprop,
// Adagrad, Adadelta and Ftrl, with Keras 3's update math, defaults, slot variable names and
// config keys.
//
//   tf::keras::optimizers::Adam opt({.learning_rate = 1e-3});
//   opt.build(model.trainable_variables());            // slot variables, eagerly
//   auto step = tf::function([&](tf::Tensor x, tf::Tensor y) {
//     tf::GradientTape tape;
//     tf::Tensor loss = loss_fn(y, model(x));
//     auto grads = tape.gradient(loss, vars);
//     opt.apply_gradients(grads, vars);                  // graph ops, run on every call
//     return loss;
//   });
//
// An optimizer is a shared handle (copies share its variables and state), like every Keras
// object here. Its state lives in tf::Variables (`iterations`, the learning rate, one or more
// slot variables per model variable, e.g. "adam/dense_kernel_momentum"), so a traced step reads
// and updates them when the graph runs. Adam and AdamW update each variable with one fused op
// (ResourceApplyAdam, TensorFlow's op), eagerly and in graphs.
#pragma once

#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tfpp/keras/optimizers/schedules.h"
#include "tfpp/tensor.h"
#include "tfpp/variable.h"

namespace tf::keras::optimizers {

namespace detail {
class OptimizerState;
}

/// A learning rate: a number, or a schedule evaluated at the optimizer's `iterations`.
class LearningRate {
 public:
  /// A constant learning rate (kept in a float32 variable that set_learning_rate changes).
  LearningRate(double value) : value_(value) {}
  /// A schedule, e.g. schedules::ExponentialDecay({...}).
  template <std::derived_from<schedules::LearningRateSchedule> S>
  LearningRate(S schedule) : schedule_(std::make_shared<S>(std::move(schedule))) {}
  /// A shared schedule (a custom LearningRateSchedule subclass).
  LearningRate(std::shared_ptr<const schedules::LearningRateSchedule> schedule);

  /// The constant value (meaningless with a schedule).
  double value() const { return value_; }
  /// The schedule, or null for a constant rate.
  const std::shared_ptr<const schedules::LearningRateSchedule>& schedule() const { return schedule_; }

 private:
  double value_ = 0;
  std::shared_ptr<const schedules::LearningRateSchedule> schedule_;
};

/// A Keras optimizer: a shared handle to its variables and configuration.
class Optimizer {
 public:
  /// An undefined handle (assign an optimizer to it later).
  Optimizer() = default;
  /// A handle to existing state (tfpp internals and custom optimizers).
  explicit Optimizer(std::shared_ptr<detail::OptimizerState> state);

  /// True when the handle refers to an optimizer.
  bool defined() const { return state_ != nullptr; }
  /// The optimizer's name: "adam", then "adam_1", ... unless given in the options.
  const std::string& name() const;
  /// Keras' class name ("Adam", "SGD", ...).
  const std::string& class_name() const;

  /// Creates the slot variables for `variables` (eagerly; call it before tracing a step that
  /// applies gradients). Later calls do nothing, as in Keras.
  void build(const std::vector<Variable>& variables);
  /// Whether build() has run.
  bool built() const;
  /// Applies one update step to each variable with its gradient (pairs with an undefined
  /// gradient are skipped with a warning), then increments `iterations`. Eagerly it builds the
  /// optimizer on first use; inside tf::function the optimizer must already be built.
  void apply_gradients(const std::vector<std::pair<Tensor, Variable>>& grads_and_vars);
  /// apply_gradients with the gradients and their variables as two lists of one length.
  void apply_gradients(const std::vector<Tensor>& grads, const std::vector<Variable>& variables);
  /// apply_gradients with gradients and variables as two lists; without variables, the
  /// gradients are for the variables build() saw, in that order.
  void apply(const std::vector<Tensor>& grads, const std::vector<Variable>& variables = {});
  /// Computes the gradients of `loss()` with respect to `var_list` on a GradientTape and applies them.
  void minimize(const std::function<Tensor()>& loss, const std::vector<Variable>& var_list);

  /// The number of steps applied so far (an int64 scalar variable, "<name>/iteration").
  Variable iterations() const;
  /// The current learning rate: the variable's value, or the schedule at `iterations`.
  double learning_rate() const;
  /// Sets a constant learning rate (what callbacks change); throws FailedPreconditionError for
  /// an optimizer that was created with a schedule, as Keras does.
  void set_learning_rate(double learning_rate);
  /// Every variable of the optimizer, in Keras' order: iteration, learning_rate (unless a
  /// schedule), then the slot variables in the order build() created them.
  std::vector<Variable> variables() const;
  /// Excludes variables (by handle, or by a regular expression searched in their names) from
  /// weight decay; must be called before build().
  void exclude_from_weight_decay(const std::vector<Variable>& var_list, const std::vector<std::string>& var_names = {});

  /// Keras 3's config: name, learning_rate, weight_decay, clipnorm, global_clipnorm,
  /// clipvalue, use_ema, ema_momentum, ema_overwrite_frequency, loss_scale_factor,
  /// gradient_accumulation_steps, then the optimizer's own keys. A schedule's learning rate is
  /// a nested {"module", "class_name", "config", "registered_name"}, as Keras serializes it.
  Config get_config() const;

  /// The implementation object (tfpp internals).
  const std::shared_ptr<detail::OptimizerState>& state() const { return state_; }

 private:
  detail::OptimizerState& checked() const;

  std::shared_ptr<detail::OptimizerState> state_;
};

// Every optimizer takes Keras' base options after its own; name "" picks "sgd", "sgd_1", ...
#define TFPP_KERAS_OPTIMIZER_BASE_OPTIONS                                                     \
  std::optional<double> weight_decay = {};    /**< decoupled decay: var -= var * wd * lr */    \
  std::optional<double> clipnorm = {};        /**< clip each gradient to this L2 norm */       \
  std::optional<double> clipvalue = {};       /**< clip each gradient element to [-v, v] */    \
  std::optional<double> global_clipnorm = {}; /**< clip all gradients to this joint norm */    \
  std::string name = {};                      /**< the optimizer's name ("" picks one) */

/// Options of SGD.
struct SGDOptions {
  LearningRate learning_rate = 0.01;  ///< a number or a schedule
  double momentum = 0.0;              ///< in [0, 1]; 0 means plain gradient descent
  bool nesterov = false;              ///< Nesterov momentum
  TFPP_KERAS_OPTIMIZER_BASE_OPTIONS
};

/// Stochastic gradient descent, with optional (Nesterov) momentum.
class SGD : public Optimizer {
 public:
  /// An SGD optimizer; throws InvalidArgumentError for a momentum outside [0, 1].
  explicit SGD(SGDOptions options = {});
};

/// Options of Adam.
struct AdamOptions {
  LearningRate learning_rate = 0.001;  ///< a number or a schedule
  double beta_1 = 0.9;                 ///< decay of the first-moment estimates
  double beta_2 = 0.999;               ///< decay of the second-moment estimates
  double epsilon = 1e-7;               ///< added to the root of the second moment
  bool amsgrad = false;                ///< use the maximum of past second moments (AMSGrad)
  TFPP_KERAS_OPTIMIZER_BASE_OPTIONS
};

/// Adam (Kingma and Ba), as Keras 3 computes it.
class Adam : public Optimizer {
 public:
  /// An Adam optimizer.
  explicit Adam(AdamOptions options = {});
};

/// Options of AdamW (Adam's, with a weight decay of 0.004 by default).
struct AdamWOptions {
  LearningRate learning_rate = 0.001;  ///< a number or a schedule
  double weight_decay = 0.004;         ///< decoupled weight decay (required)
  double beta_1 = 0.9;                 ///< decay of the first-moment estimates
  double beta_2 = 0.999;               ///< decay of the second-moment estimates
  double epsilon = 1e-7;               ///< added to the root of the second moment
  bool amsgrad = false;                ///< AMSGrad
  std::optional<double> clipnorm = {};        ///< clip each gradient to this L2 norm
  std::optional<double> clipvalue = {};       ///< clip each gradient element to [-v, v]
  std::optional<double> global_clipnorm = {}; ///< clip all gradients to this joint norm
  std::string name = {};                      ///< the optimizer's name ("" picks one)
};

/// Adam with decoupled weight decay (Loshchilov and Hutter).
class AdamW : public Optimizer {
 public:
  /// An AdamW optimizer.
  explicit AdamW(AdamWOptions options = {});
};

/// Options of Adamax.
struct AdamaxOptions {
  LearningRate learning_rate = 0.001;  ///< a number or a schedule
  double beta_1 = 0.9;                 ///< decay of the first-moment estimates
  double beta_2 = 0.999;               ///< decay of the exponentially weighted infinity norm
  double epsilon = 1e-7;               ///< added to the norm
  TFPP_KERAS_OPTIMIZER_BASE_OPTIONS
};

/// Adamax: Adam with the infinity norm.
class Adamax : public Optimizer {
 public:
  /// An Adamax optimizer.
  explicit Adamax(AdamaxOptions options = {});
};

/// Options of Nadam.
struct NadamOptions {
  LearningRate learning_rate = 0.001;  ///< a number or a schedule
  double beta_1 = 0.9;                 ///< decay of the first-moment estimates
  double beta_2 = 0.999;               ///< decay of the second-moment estimates
  double epsilon = 1e-7;               ///< added to the root of the second moment
  TFPP_KERAS_OPTIMIZER_BASE_OPTIONS
};

/// Nadam: Adam with Nesterov momentum.
class Nadam : public Optimizer {
 public:
  /// A Nadam optimizer.
  explicit Nadam(NadamOptions options = {});
};

/// Options of RMSprop.
struct RMSpropOptions {
  LearningRate learning_rate = 0.001;  ///< a number or a schedule
  double rho = 0.9;                    ///< decay of the mean squared gradient
  double momentum = 0.0;               ///< momentum (0: none)
  double epsilon = 1e-7;               ///< added inside the root
  bool centered = false;               ///< normalize by the gradient's estimated variance
  TFPP_KERAS_OPTIMIZER_BASE_OPTIONS
};

/// RMSprop.
class RMSprop : public Optimizer {
 public:
  /// An RMSprop optimizer.
  explicit RMSprop(RMSpropOptions options = {});
};

/// Options of Adagrad.
struct AdagradOptions {
  LearningRate learning_rate = 0.001;     ///< a number or a schedule
  double initial_accumulator_value = 0.1; ///< starting value of the squared-gradient sums
  double epsilon = 1e-7;                  ///< added to the root of the sum
  TFPP_KERAS_OPTIMIZER_BASE_OPTIONS
};

/// Adagrad.
class Adagrad : public Optimizer {
 public:
  /// An Adagrad optimizer.
  explicit Adagrad(AdagradOptions options = {});
};

/// Options of Adadelta.
struct AdadeltaOptions {
  LearningRate learning_rate = 0.001;  ///< a number or a schedule
  double rho = 0.95;                   ///< decay rate
  double epsilon = 1e-7;               ///< added inside the roots
  TFPP_KERAS_OPTIMIZER_BASE_OPTIONS
};

/// Adadelta.
class Adadelta : public Optimizer {
 public:
  /// An Adadelta optimizer.
  explicit Adadelta(AdadeltaOptions options = {});
};

/// Options of Ftrl.
struct FtrlOptions {
  LearningRate learning_rate = 0.001;               ///< a number or a schedule
  double learning_rate_power = -0.5;                ///< <= 0
  double initial_accumulator_value = 0.1;           ///< >= 0
  double l1_regularization_strength = 0.0;          ///< >= 0
  double l2_regularization_strength = 0.0;          ///< >= 0
  double l2_shrinkage_regularization_strength = 0.0;///< >= 0
  double beta = 0.0;                                ///< Keras' beta
  TFPP_KERAS_OPTIMIZER_BASE_OPTIONS
};

/// FTRL-proximal (McMahan et al.).
class Ftrl : public Optimizer {
 public:
  /// An Ftrl optimizer; throws InvalidArgumentError for options out of their ranges.
  explicit Ftrl(FtrlOptions options = {});
};

#undef TFPP_KERAS_OPTIMIZER_BASE_OPTIONS

/// A new optimizer with default options from its Keras identifier: "sgd", "adam", "adamw",
/// "adamax", "nadam", "rmsprop", "adagrad", "adadelta", "ftrl", or a class name ("Adam").
/// Throws InvalidArgumentError for an unknown name.
std::shared_ptr<Optimizer> get(const std::string& identifier);

}  // namespace tf::keras::optimizers
