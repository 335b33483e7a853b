// tf::keras::activations: activation functions by name or as callables (keras.activations).
//
//   layers::Dense(64, {.activation = "relu"});
//   layers::Dense(64, {.activation = [](const tf::Tensor& x) { return x * tf::nn::sigmoid(x); }});
#pragma once

#include <functional>
#include <string>
#include <type_traits>

#include "tfpp/tensor.h"

namespace tf::keras::activations {

/// An activation function with the name Keras' configs use ("relu", "linear", ...).
class Activation {
 public:
  /// The identity ("linear", Keras' activation=None).
  Activation();
  /// The built-in activation `name`; an unknown name raises InvalidArgumentError.
  Activation(const char* name);         // NOLINT(google-explicit-constructor): as Keras takes strings
  Activation(const std::string& name);  // NOLINT(google-explicit-constructor)
  /// A user function, reported by `name` in configs.
  template <class F>
    requires std::is_invocable_r_v<Tensor, F, const Tensor&>
  Activation(F fn, std::string name = "custom_activation")  // NOLINT(google-explicit-constructor)
      : name_(std::move(name)), fn_(std::move(fn)) {}

  /// Applies the function.
  Tensor operator()(const Tensor& x) const { return fn_ ? fn_(x) : x; }
  /// The name in configs.
  const std::string& name() const { return name_; }
  /// True for the identity.
  bool is_linear() const { return !fn_; }

 private:
  std::string name_ = "linear";
  std::function<Tensor(const Tensor&)> fn_;
};

/// The built-in activation called `name` (keras.activations.get).
Activation get(const std::string& name);

Tensor linear(const Tensor& x);       ///< x
Tensor relu(const Tensor& x);         ///< max(x, 0)
Tensor relu6(const Tensor& x);        ///< min(max(x, 0), 6)
Tensor sigmoid(const Tensor& x);      ///< 1 / (1 + exp(-x))
Tensor tanh(const Tensor& x);         ///< the hyperbolic tangent
Tensor softmax(const Tensor& x);      ///< softmax along the last axis
Tensor log_softmax(const Tensor& x);  ///< log of softmax along the last axis
Tensor elu(const Tensor& x);          ///< x > 0 ? x : exp(x) - 1
Tensor selu(const Tensor& x);         ///< scaled ELU
Tensor gelu(const Tensor& x);         ///< x * Phi(x) (erf form, Keras 3's default)
Tensor softplus(const Tensor& x);     ///< log(1 + exp(x))
Tensor softsign(const Tensor& x);     ///< x / (1 + |x|)
Tensor silu(const Tensor& x);         ///< x * sigmoid(x) (also "swish")
Tensor exponential(const Tensor& x);  ///< exp(x)
Tensor hard_sigmoid(const Tensor& x); ///< clip(x / 6 + 0.5, 0, 1), as Keras 3
Tensor leaky_relu(const Tensor& x, double negative_slope = 0.2);  ///< x > 0 ? x : slope * x
/// a * sigmoid(b), where a and b are the halves of x along `axis` (its size must be even).
Tensor glu(const Tensor& x, int axis = -1);
/// max(x - tau, 0) along `axis`, with tau computed as Keras 3.15 computes it (see activations.cc).
Tensor sparsemax(const Tensor& x, int axis = -1);
/// x > threshold ? x : default_value. By name ("threshold") it resolves but raises when called,
/// as Keras' one-argument call of threshold does.
Tensor threshold(const Tensor& x, double threshold, double default_value);

}  // namespace tf::keras::activations
