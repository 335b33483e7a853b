// More special functions of tf.math and tf.math.special: the regularized incomplete gamma and
// beta functions, the Hurwitz zeta function, Bessel functions of orders 0 and 1, lbeta and
// polyval. Elementwise on float32 and float64 tensors, computed with Eigen's implementations
// as TensorFlow's kernels are; differentiable as in TensorFlow.
#pragma once

#include <vector>

#include "tfpp/tensor.h"

namespace tf::math {

/// The regularized lower incomplete gamma function P(a, x), with broadcasting (op Igamma).
Tensor igamma(const Tensor& a, const Tensor& x);
/// The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x) (op Igammac).
Tensor igammac(const Tensor& a, const Tensor& x);
/// The regularized incomplete beta function I_x(a, b); a, b and x have one shape or are
/// scalars (op Betainc). Differentiable in x only, as in TensorFlow.
Tensor betainc(const Tensor& a, const Tensor& b, const Tensor& x);
/// The Hurwitz zeta function sum_k (k + q)^-x, with broadcasting (op Zeta).
Tensor zeta(const Tensor& x, const Tensor& q);
/// log |Beta(x)| along the last dimension: sum(lgamma(x)) - lgamma(sum(x)) (tf.math.lbeta).
Tensor lbeta(const Tensor& x);
/// coeffs[0] x^(n-1) + ... + coeffs[n-1] by Horner's rule (tf.math.polyval); 0 for no coefficients.
Tensor polyval(const std::vector<Tensor>& coeffs, const Tensor& x);

/// Modified Bessel function of the first kind, order 0 (op BesselI0).
Tensor bessel_i0(const Tensor& x);
/// Exponentially scaled bessel_i0: exp(-|x|) I0(x) (op BesselI0e).
Tensor bessel_i0e(const Tensor& x);
/// Modified Bessel function of the first kind, order 1 (op BesselI1).
Tensor bessel_i1(const Tensor& x);
/// Exponentially scaled bessel_i1 (op BesselI1e).
Tensor bessel_i1e(const Tensor& x);

namespace special {
using math::bessel_i0;
using math::bessel_i0e;
using math::bessel_i1;
using math::bessel_i1e;
/// Bessel functions of the first kind (J) and second kind (Y), orders 0 and 1.
Tensor bessel_j0(const Tensor& x);
Tensor bessel_j1(const Tensor& x);
Tensor bessel_y0(const Tensor& x);
Tensor bessel_y1(const Tensor& x);
/// Modified Bessel functions of the second kind, orders 0 and 1, and their scaled forms exp(x) K(x).
Tensor bessel_k0(const Tensor& x);
Tensor bessel_k0e(const Tensor& x);
Tensor bessel_k1(const Tensor& x);
Tensor bessel_k1e(const Tensor& x);
}  // namespace special

}  // namespace tf::math
