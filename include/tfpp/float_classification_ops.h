// Floating-point classification and neighbours: tf.math.is_nan, is_inf and is_finite (float
// in, bool out, no gradient), tf.math.rint (round half to even, keeping the dtype) and
// tf.math.nextafter (the next representable value toward another). Float32 and float64.
#pragma once

#include "tfpp/math_ops.h"
#include "tfpp/number_overloads.h"

namespace tf::math {

/// True where x is NaN.
Tensor is_nan(const Tensor& x);
/// True where x is +inf or -inf.
Tensor is_inf(const Tensor& x);
/// True where x is neither NaN nor infinite.
Tensor is_finite(const Tensor& x);
/// x rounded to the nearest integer, halves to even (rint(-0.5) is -0); not differentiable.
Tensor rint(const Tensor& x);
/// The representable value next to x1 in the direction of x2, with broadcasting (NaN if either is NaN).
Tensor nextafter(const Tensor& x1, const Tensor& x2);

TFPP_NUMBER_OVERLOADS(nextafter)  // a C++ number on either side takes the tensor's dtype

}  // namespace tf::math
