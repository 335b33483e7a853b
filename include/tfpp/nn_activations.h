// Activations of tf.nn beyond activation_ops.h: leaky_relu (TensorFlow's LeakyRelu op),
// silu / swish and crelu (composed from other ops, as TensorFlow composes them).
//
//   tf::nn::leaky_relu(x);          // x > 0 ? x : 0.2 * x
//   tf::nn::silu(x, 1.5);           // x * sigmoid(1.5 * x)
//   tf::nn::crelu(x);               // concat([relu(x), relu(-x)], -1)
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::nn {

/// features > 0 ? features : alpha * features; integer features are cast to float32 first.
Tensor leaky_relu(const Tensor& features, double alpha = 0.2);
/// features * sigmoid(beta * features) (the sigmoid-weighted linear unit).
Tensor silu(const Tensor& features, double beta = 1.0);
/// Another name of silu.
Tensor swish(const Tensor& features, double beta = 1.0);
/// relu of features and of -features, concatenated along `axis` (which doubles in size).
Tensor crelu(const Tensor& features, std::int64_t axis = -1);

}  // namespace tf::nn
