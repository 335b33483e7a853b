// Scalar special functions that <cmath> lacks (digamma, Hurwitz zeta, polygamma, the inverse
// error function and the inverse normal CDF), in double precision; float kernels round the
// double result, which keeps them within an ulp of the exact value.
#pragma once

namespace tf::kernels::scalar {

/// The digamma function psi(x) = d/dx log Gamma(x); NaN at the poles (0 and the negative integers).
double digamma(double x);
/// The Hurwitz zeta function sum over k >= 0 of (k + q)^-s, for s > 1 (NaN for s < 1, inf for s == 1).
double zeta(double s, double q);
/// The n-th derivative of digamma at x, for a non-negative integer n (NaN otherwise).
double polygamma(double n, double x);
/// The inverse of the standard normal CDF: NaN outside [0, 1], -inf at 0, +inf at 1.
double ndtri(double p);
/// The inverse of erf: NaN outside [-1, 1], +-inf at +-1.
double erfinv(double x);

}  // namespace tf::kernels::scalar
