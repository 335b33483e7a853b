// Eigen's special functions behind special_functions_eigen.h.
#include "kernels/cpu/eigen/special_functions_eigen.h"

#include <unsupported/Eigen/SpecialFunctions>

namespace tf::kernels::eigen {

#define TFPP_EIGEN_UNARY(name)                                 \
  float name(float x) { return Eigen::numext::name(x); }       \
  double name(double x) { return Eigen::numext::name(x); }
#define TFPP_EIGEN_BINARY(name)                                           \
  float name(float a, float x) { return Eigen::numext::name(a, x); }      \
  double name(double a, double x) { return Eigen::numext::name(a, x); }

TFPP_EIGEN_BINARY(igamma)
TFPP_EIGEN_BINARY(igammac)
TFPP_EIGEN_BINARY(igamma_der_a)
TFPP_EIGEN_BINARY(gamma_sample_der_alpha)
TFPP_EIGEN_BINARY(zeta)
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

float betainc(float a, float b, float x) { return Eigen::numext::betainc(a, b, x); }
double betainc(double a, double b, double x) { return Eigen::numext::betainc(a, b, x); }

}  // namespace tf::kernels::eigen
