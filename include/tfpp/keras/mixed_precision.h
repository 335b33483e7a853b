// Keras mixed precision (tf.keras.mixed_precision, Keras 3): dtype policies, the global policy
// and LossScaleOptimizer.
//
//   namespace mp = tf::keras::mixed_precision;
//   mp::set_global_policy("mixed_float16");        // layers made from now on compute in float16
//   tf::keras::Sequential model({layers::Dense(64, {.activation = "relu"}),
//                                mp::with_policy(layers::Activation("softmax"), mp::Policy("float32"))});
//   model.compile({.optimizer = mp::LossScaleOptimizer(tf::keras::optimizers::Adam()), ...});
//
// A layer's policy fixes its variable dtype (float32 under the mixed policies) and its compute
// dtype (float16 / bfloat16): floating inputs are cast to the compute dtype when the layer is
// called, and its floating variables are read in the compute dtype inside the call (Keras'
// autocast), so gradients reach the float32 variables through Cast.
//
// In C++ a layer's `.dtype` option cannot be told apart from its float32 default: a layer made
// while a global policy is set takes that policy; give another with with_policy() before the
// layer is built (Keras: the `dtype=` argument).
#pragma once

#include <string>

#include "tfpp/keras/config.h"
#include "tfpp/keras/layer.h"
#include "tfpp/keras/optimizers.h"

namespace tf::keras::mixed_precision {

/// A dtype policy (Keras' DTypePolicy): "float32", "mixed_float16", "mixed_bfloat16", or the
/// name of any other dtype (compute and variables in that dtype).
class Policy {
 public:
  /// Throws InvalidArgumentError (Keras: ValueError) for a name that is no policy.
  explicit Policy(const std::string& name);
  /// The policy named after `dtype`.
  explicit Policy(DType dtype);
  /// The policy's name, e.g. "mixed_float16".
  const std::string& name() const { return name_; }
  /// The dtype layers compute in.
  DType compute_dtype() const { return compute_; }
  /// The dtype of layers' variables.
  DType variable_dtype() const { return variable_; }
  /// {"name": name()}, as Keras' get_config.
  Config get_config() const;
  /// The policy a get_config() result describes.
  static Policy from_config(const Config& config);
  /// Keras' repr: <DTypePolicy "mixed_float16">.
  std::string repr() const;
  bool operator==(const Policy& other) const { return name_ == other.name_; }

 private:
  std::string name_;
  DType compute_ = float32, variable_ = float32;
};

/// Sets the policy of the layers made from now on (any policy, as Keras 3 allows).
void set_global_policy(const Policy& policy);
/// set_global_policy(Policy(name)).
void set_global_policy(const std::string& name);
/// The global policy ("float32" until set).
Policy global_policy();

/// A layer's policy (Keras' layer.dtype_policy).
Policy dtype_policy(const Layer& layer);
/// The dtype `layer` computes in (Keras' layer.compute_dtype).
DType compute_dtype(const Layer& layer);
/// Gives `layer` the policy `policy` (Keras' `dtype=` argument); throws
/// FailedPreconditionError once the layer is built (its variables exist).
void set_dtype_policy(Layer& layer, const Policy& policy);
/// `layer` with `policy` (set_dtype_policy), for use in a model's list of layers.
template <class L>
L with_policy(L layer, const Policy& policy) {
  set_dtype_policy(layer, policy);
  return layer;
}

/// Options of LossScaleOptimizer (Keras 3's defaults).
struct LossScaleOptimizerOptions {
  double initial_scale = 32768.0;           ///< the first loss scale (2^15)
  std::int64_t dynamic_growth_steps = 2000;  ///< finite steps after which the scale doubles
  std::string name = {};                     ///< default "loss_scale_optimizer"
};

/// Dynamic loss scaling around another optimizer, as Keras 3 does it: fit multiplies the loss
/// by the scale; apply divides the gradients by it and lets the inner optimizer apply them if
/// every one is finite (then after `dynamic_growth_steps` such steps the scale doubles), else
/// skips the step and halves the scale.
class LossScaleOptimizer : public optimizers::Optimizer {
 public:
  /// Wraps `inner_optimizer` (which keeps its own variables and iterations).
  explicit LossScaleOptimizer(const optimizers::Optimizer& inner_optimizer, LossScaleOptimizerOptions options = {});
  /// A handle to an existing LossScaleOptimizer (throws InvalidArgumentError for another optimizer).
  explicit LossScaleOptimizer(const optimizers::Optimizer& handle, std::nullptr_t);
  /// loss times the current scale (the initial scale before the optimizer is built).
  Tensor scale_loss(const Tensor& loss) const;
  /// The current loss scale (a float32 scalar variable, "<name>/dynamic_scale").
  Variable dynamic_scale() const;
  /// Finite steps since the scale last changed (an int64 scalar variable).
  Variable step_counter() const;
  /// The wrapped optimizer.
  optimizers::Optimizer inner_optimizer() const;
  /// The scale the optimizer started with.
  double initial_scale() const;
  /// The number of finite steps after which the scale doubles.
  std::int64_t dynamic_growth_steps() const;
};

}  // namespace tf::keras::mixed_precision
