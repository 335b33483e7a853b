// The bounded smooth activations beside sigmoid: softsign x / (1 + |x|) (tf.math.softsign,
// tf.nn.softsign) and log_sigmoid log(1 / (1 + exp(-x))) = -softplus(-x) (tf.math.log_sigmoid,
// a composite in TensorFlow too). Float32 and float64.
#pragma once

#include "tfpp/tensor.h"

namespace tf {
namespace math {

/// x / (1 + |x|), in (-1, 1).
Tensor softsign(const Tensor& features);
/// log(sigmoid(x)), computed as -softplus(-x) so that it neither overflows nor loses the tail.
Tensor log_sigmoid(const Tensor& x);

}  // namespace math
namespace nn {

/// x / (1 + |x|) (the same as tf::math::softsign).
Tensor softsign(const Tensor& features);

}  // namespace nn
}  // namespace tf
