// Special functions of tf.math: the log-gamma function and its derivatives (lgamma, digamma,
// polygamma), the complementary error function, and the inverses of erf and of the standard
// normal CDF (erfinv, ndtri). Elementwise on float32 and float64 tensors.
#pragma once

#include "tfpp/math_ops.h"
#include "tfpp/number_overloads.h"

namespace tf::math {

/// log |Gamma(x)|; +inf at 0 and the negative integers.
Tensor lgamma(const Tensor& x);
/// The digamma function d/dx lgamma(x); NaN at 0 and the negative integers.
Tensor digamma(const Tensor& x);
/// The a-th derivative of digamma at x, for non-negative integer values a (NaN otherwise), with broadcasting.
Tensor polygamma(const Tensor& a, const Tensor& x);
/// 1 - erf(x), accurate where erf(x) is close to 1.
Tensor erfc(const Tensor& x);
/// The inverse of erf: erf(erfinv(x)) = x for x in [-1, 1]; +-inf at +-1, NaN outside (and +0 at -0, as TensorFlow).
Tensor erfinv(const Tensor& x);
/// The inverse of the standard normal CDF: NaN outside [0, 1], -inf at 0, +inf at 1.
Tensor ndtri(const Tensor& x);

TFPP_NUMBER_OVERLOADS(polygamma)  // a C++ number on either side takes the tensor's dtype

}  // namespace tf::math
