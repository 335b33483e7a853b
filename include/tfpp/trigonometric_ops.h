// Trigonometric and hyperbolic functions and their inverses (tf.math.tan, tf.math.atan2,
// tf.math.sinh, tf.math.acosh, ...), elementwise on float32 and float64 tensors, in radians.
// Outside an inverse's domain (asin(2), acosh(0.5), atanh(3)) the result is NaN, as in TensorFlow.
#pragma once

#include "tfpp/math_ops.h"
#include "tfpp/number_overloads.h"

namespace tf {
namespace math {

/// The tangent of x.
Tensor tan(const Tensor& x);
/// The arcsine of x, in [-pi/2, pi/2]; NaN outside [-1, 1].
Tensor asin(const Tensor& x);
/// The arccosine of x, in [0, pi]; NaN outside [-1, 1].
Tensor acos(const Tensor& x);
/// The arctangent of x, in (-pi/2, pi/2).
Tensor atan(const Tensor& x);
/// The hyperbolic sine of x.
Tensor sinh(const Tensor& x);
/// The hyperbolic cosine of x.
Tensor cosh(const Tensor& x);
/// The inverse hyperbolic sine of x.
Tensor asinh(const Tensor& x);
/// The inverse hyperbolic cosine of x; NaN below 1.
Tensor acosh(const Tensor& x);
/// The inverse hyperbolic tangent of x; +-inf at +-1, NaN outside [-1, 1].
Tensor atanh(const Tensor& x);
/// The angle of the point (x, y) from the positive x axis, in [-pi, pi] (note: y comes first), with broadcasting.
Tensor atan2(const Tensor& y, const Tensor& x);

TFPP_NUMBER_OVERLOADS(atan2)  // a C++ number on either side takes the tensor's dtype

}  // namespace math

// TensorFlow exports these at top level too (tf.tan, tf.atan2, ...).
using math::acos;
using math::acosh;
using math::asin;
using math::asinh;
using math::atan;
using math::atan2;
using math::atanh;
using math::cosh;
using math::sinh;
using math::tan;

}  // namespace tf
