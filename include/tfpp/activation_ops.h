// Activation functions of tf.nn, applied elementwise: relu, relu6, elu, selu, gelu,
// softplus, sigmoid and tanh.
#pragma once

#include "tfpp/tensor.h"

namespace tf::nn {

/// max(x, 0).
Tensor relu(const Tensor& features);
/// min(max(x, 0), 6).
Tensor relu6(const Tensor& features);
/// x for x > 0, else exp(x) - 1.
Tensor elu(const Tensor& features);
/// Scaled ELU: scale * (x > 0 ? x : alpha * (exp(x) - 1)) with SELU's fixed alpha and scale.
Tensor selu(const Tensor& features);
/// Options of gelu.
struct GeluOptions {
  bool approximate = false;  ///< use the tanh approximation instead of erf
};
/// x * P(X <= x) for a standard normal X (Gaussian error linear unit).
Tensor gelu(const Tensor& features, GeluOptions options = {});
/// log(1 + exp(x)).
Tensor softplus(const Tensor& features);
/// 1 / (1 + exp(-x)).
Tensor sigmoid(const Tensor& x);
/// The hyperbolic tangent of x.
Tensor tanh(const Tensor& x);

}  // namespace tf::nn
