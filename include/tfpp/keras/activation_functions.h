// keras.activations' functions with their arguments (relu's slope and clip, elu's alpha, softmax's
// axis, ...) and the ones Keras 3 reaches by name only, as its TensorFlow backend computes them.
//
//   tf::keras::activations::relu(x, {.negative_slope = 0.1, .max_value = 6.0});
//   tf::keras::activations::celu(x, 0.5);
#pragma once

#include <cstdint>
#include <optional>

#include "tfpp/keras/activations.h"
#include "tfpp/tensor.h"

namespace tf::keras::activations {

/// Arguments of relu (keras.activations.relu).
struct ReluOptions {
  double negative_slope = 0.0;           ///< slope below the threshold
  std::optional<double> max_value = {};  ///< upper clip (none by default)
  double threshold = 0.0;                ///< values at or below it are cut to 0 (then slope * (x - threshold))
};
/// keras.activations.relu(x, negative_slope, max_value, threshold).
Tensor relu(const Tensor& x, const ReluOptions& options);
/// x > 0 ? x : alpha * (exp(x) - 1).
Tensor elu(const Tensor& x, double alpha);
/// x * Phi(x), with the tanh approximation when `approximate`.
Tensor gelu(const Tensor& x, bool approximate);
/// softmax along `axis`.
Tensor softmax(const Tensor& x, std::int64_t axis);
/// log of softmax along `axis`.
Tensor log_softmax(const Tensor& x, std::int64_t axis);
/// max(x, 0) + alpha * expm1(min(x, 0) / alpha).
Tensor celu(const Tensor& x, double alpha = 1.0);
/// x - threshold above threshold, x + threshold below -threshold, else 0.
Tensor soft_shrink(const Tensor& x, double threshold = 0.5);
/// |x| > threshold ? x : 0.
Tensor hard_shrink(const Tensor& x, double threshold = 0.5);
/// (x + sqrt(x^2 + b)) / 2.
Tensor squareplus(const Tensor& x, double b = 4.0);
Tensor mish(const Tensor& x);            ///< x * tanh(softplus(x))
Tensor hard_silu(const Tensor& x);       ///< x * relu6(x + 3) / 6 (also "hard_swish")
Tensor log_sigmoid(const Tensor& x);     ///< -softplus(-x)
Tensor hard_tanh(const Tensor& x);       ///< clip(x, -1, 1)
Tensor tanh_shrink(const Tensor& x);     ///< x - tanh(x)
Tensor sparse_plus(const Tensor& x);     ///< 0 for x <= -1, (x + 1)^2 / 4 below 1, else x
Tensor sparse_sigmoid(const Tensor& x);  ///< 0 for x <= -1, (x + 1) / 2 below 1, else 1

}  // namespace tf::keras::activations
