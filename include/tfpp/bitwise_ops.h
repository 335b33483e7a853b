// Bitwise operations on integer tensors (tf.bitwise): and, or, xor, invert and shifts, with
// broadcasting, for every integer dtype (int8 to int64, uint8 to uint64). A shift by a negative
// amount or by the width of the type or more is clamped to [0, width - 1], as TensorFlow's CPU
// kernels do; right shifts of signed integers are arithmetic. None is differentiable.
#pragma once

#include "tfpp/math_ops.h"
#include "tfpp/number_overloads.h"

namespace tf::bitwise {

/// x & y elementwise (tf.bitwise.bitwise_and).
Tensor bitwise_and(const Tensor& x, const Tensor& y);
/// x | y elementwise (tf.bitwise.bitwise_or).
Tensor bitwise_or(const Tensor& x, const Tensor& y);
/// x ^ y elementwise (tf.bitwise.bitwise_xor).
Tensor bitwise_xor(const Tensor& x, const Tensor& y);
/// ~x elementwise (tf.bitwise.invert).
Tensor invert(const Tensor& x);
/// x << y elementwise, y clamped to [0, bits - 1] (tf.bitwise.left_shift).
Tensor left_shift(const Tensor& x, const Tensor& y);
/// x >> y elementwise, y clamped to [0, bits - 1]; arithmetic for signed x (tf.bitwise.right_shift).
Tensor right_shift(const Tensor& x, const Tensor& y);

// A C++ number on either side takes the tensor's dtype.
TFPP_NUMBER_OVERLOADS(bitwise_and)
TFPP_NUMBER_OVERLOADS(bitwise_or)
TFPP_NUMBER_OVERLOADS(bitwise_xor)
TFPP_NUMBER_OVERLOADS(left_shift)
TFPP_NUMBER_OVERLOADS(right_shift)

}  // namespace tf::bitwise
