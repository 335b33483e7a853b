// tf.math.logical_xor: exclusive or of bool tensors with broadcasting, built as TensorFlow builds
// it, (x | y) & ~(x & y), so that a traced graph holds the same four nodes.
#pragma once

#include "tfpp/tensor.h"

namespace tf::math {

/// x XOR y for bool tensors, with broadcasting.
Tensor logical_xor(const Tensor& x, const Tensor& y);

}  // namespace tf::math
