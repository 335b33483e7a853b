// Eigen's special functions (unsupported/Eigen/SpecialFunctions), which TensorFlow's kernels
// use, behind a plain interface: only this directory's sources see Eigen's headers. Each comes
// in float and double, computed in that precision as TensorFlow computes them.
#pragma once

namespace tf::kernels::eigen {

#define TFPP_EIGEN_UNARY(name) \
  float name(float x);         \
  double name(double x);
#define TFPP_EIGEN_BINARY(name) \
  float name(float a, float x); \
  double name(double a, double x);

/// The regularized lower and upper incomplete gamma functions P(a, x), Q(a, x).
TFPP_EIGEN_BINARY(igamma)
TFPP_EIGEN_BINARY(igammac)
/// d igamma(a, x) / da.
TFPP_EIGEN_BINARY(igamma_der_a)
/// d sample / d alpha of a Gamma(alpha, 1) sample (implicit reparameterization).
TFPP_EIGEN_BINARY(gamma_sample_der_alpha)
/// The Hurwitz zeta function.
TFPP_EIGEN_BINARY(zeta)
/// Modified Bessel functions of the first (i) and second (k) kind, exponentially scaled (e),
/// and Bessel functions of the first (j) and second (y) kind, of orders 0 and 1.
TFPP_EIGEN_UNARY(bessel_i0)
TFPP_EIGEN_UNARY(bessel_i0e)
TFPP_EIGEN_UNARY(bessel_i1)
TFPP_EIGEN_UNARY(bessel_i1e)
TFPP_EIGEN_UNARY(bessel_j0)
TFPP_EIGEN_UNARY(bessel_j1)
TFPP_EIGEN_UNARY(bessel_k0)
TFPP_EIGEN_UNARY(bessel_k0e)
TFPP_EIGEN_UNARY(bessel_k1)
TFPP_EIGEN_UNARY(bessel_k1e)
TFPP_EIGEN_UNARY(bessel_y0)
TFPP_EIGEN_UNARY(bessel_y1)

/// The regularized incomplete beta function I_x(a, b).
float betainc(float a, float b, float x);
double betainc(double a, double b, double x);

#undef TFPP_EIGEN_UNARY
#undef TFPP_EIGEN_BINARY

}  // namespace tf::kernels::eigen
