// Scalar special functions that <cmath> lacks (digamma, Hurwitz zeta, polygamma, the inverse
// error function and the inverse normal CDF), in double precision; float kernels round the
// double result, which keeps them within an ulp of the exact value.
//
// erfinv and ndtri start from an approximation good to 1.2e-9 relative, already finer than
// float32's epsilon (6e-8), and refine it to double precision unless `refine` is false (the
// float32 kernels: the refinement's erf and exp cost three times the approximation).
#pragma once

namespace tf::kernels::scalar {

/// The digamma function psi(x) = d/dx log Gamma(x); NaN at the poles (0 and the negative integers).
double digamma(double x);
/// The Hurwitz zeta function sum over k >= 0 of (k + q)^-s, for s > 1 (NaN for s < 1, inf for s == 1).
double zeta(double s, double q);
/// The n-th derivative of digamma at x, for a non-negative integer n (NaN otherwise).
double polygamma(double n, double x);
/// The inverse of the standard normal CDF: NaN outside [0, 1], -inf at 0, +inf at 1.
double ndtri(double p, bool refine = true);
/// The inverse of erf: NaN outside [-1, 1], +-inf at +-1, +0 at -0 (as TensorFlow's).
double erfinv(double x, bool refine = true);

}  // namespace tf::kernels::scalar
