// Division rounding toward zero, as C++'s / and % do (tf.truncatediv, tf.truncatemod), unlike
// tf.math.floordiv / floormod, which round toward negative infinity. With broadcasting; integer
// division by zero is an InvalidArgumentError. TensorFlow has them at top level only.
#pragma once

#include "tfpp/math_ops.h"
#include "tfpp/number_overloads.h"

namespace tf {

/// x / y rounded toward zero (every integer dtype, float32, float64; for floats, trunc(x / y)); not differentiable.
Tensor truncatediv(const Tensor& x, const Tensor& y);
/// The remainder of truncatediv: x - truncatediv(x, y) * y, with x's sign (int32, int64, float32, float64: fmod).
Tensor truncatemod(const Tensor& x, const Tensor& y);

// A C++ number on either side takes the tensor's dtype.
TFPP_NUMBER_OVERLOADS(truncatediv)
TFPP_NUMBER_OVERLOADS(truncatemod)

}  // namespace tf
