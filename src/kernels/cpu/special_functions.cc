#include "kernels/cpu/special_functions.h"

#include <array>
#include <cmath>
#include <limits>
#include <numbers>

namespace tf::kernels::scalar {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

// Bernoulli numbers B_2, B_4, ..., B_24: the coefficients of the asymptotic (Euler-Maclaurin)
// expansions of digamma and zeta.
constexpr std::array<double, 12> kBernoulli = {
    1.0 / 6,         -1.0 / 30,     1.0 / 42,         -1.0 / 30,          5.0 / 66,      -691.0 / 2730,
    7.0 / 6,         -3617.0 / 510, 43867.0 / 798,    -174611.0 / 330,    854513.0 / 138, -236364091.0 / 2730};

// digamma for x >= 10: log x - 1/(2x) - sum B_2k / (2k x^2k), which converges to double
// precision within the first seven terms there.
double digamma_asymptotic(double x) {
  const double z = 1.0 / (x * x);
  double series = 0.0, power = z;
  for (int k = 1; k <= 7; ++k, power *= z) series += kBernoulli[k - 1] / (2 * k) * power;
  return std::log(x) - 0.5 / x - series;
}

// The standard normal CDF, accurate in the lower tail.
double normal_cdf(double x) { return 0.5 * std::erfc(-x * std::numbers::sqrt2 / 2); }

// Acklam's rational approximation of the inverse normal CDF (relative error below 1.2e-9), which
// one Halley step refines to double precision. The central region takes q = p - 0.5 for
// |q| <= kAcklamCentral, so that callers who know q exactly (erfinv) lose nothing to p's rounding.
constexpr double kAcklamCentral = 0.5 - 0.02425;
double acklam_central(double q) {
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                                 1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                 6.680131188771972e+01,  -1.328068155288572e+01};
  const double r = q * q;
  return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
         (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}
// The lower tail, p < 0.5 - kAcklamCentral (negative results).
double acklam_tail(double p) {
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                 -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                 3.754408661907416e+00};
  const double q = std::sqrt(-2 * std::log(p));
  return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
         ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
}

// ndtri for p in (0, 0.5]: Acklam's approximation and, if asked, one Halley step on normal_cdf.
double ndtri_lower(double p, bool refine) {
  const double x = p < 0.5 - kAcklamCentral ? acklam_tail(p) : acklam_central(p - 0.5);
  if (!refine) return x;
  const double u = (normal_cdf(x) - p) * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
  return std::isfinite(u) ? x - u / (1 + x * u / 2) : x;  // exp overflows only for denormal p
}

}  // namespace

double digamma(double x) {
  if (std::isnan(x)) return x;
  double reflection = 0.0;
  if (x <= 0.0) {
    // psi(x) = psi(1 - x) - pi / tan(pi x); the poles are NaN, as in TensorFlow.
    if (x == std::floor(x)) return kNaN;
    const double fraction = x - std::round(x);  // in [-0.5, 0.5], where tan(pi t) is accurate
    reflection = fraction == 0.5 || fraction == -0.5 ? 0.0 : std::numbers::pi / std::tan(std::numbers::pi * fraction);
    x = 1.0 - x;
  }
  double shift = 0.0;  // psi(x) = psi(x + 1) - 1/x moves x up to where the expansion holds
  for (; x < 10.0; x += 1.0) shift += 1.0 / x;
  const double y = std::isinf(x) ? x : digamma_asymptotic(x);
  return y - shift - reflection;
}

double zeta(double s, double q) {
  if (std::isnan(s) || std::isnan(q)) return kNaN;
  if (s == 1.0) return kInf;
  if (s < 1.0) return kNaN;
  if (q <= 0.0) {
    if (q == std::floor(q)) return kInf;
    if (s != std::floor(s)) return kNaN;  // (k + q)^-s is complex for a negative base
  }
  // Sum the first terms directly, then add the Euler-Maclaurin tail from a = q + n.
  double sum = std::pow(q, -s), a = q, term = 0.0;
  for (int i = 0; i < 9 || a <= 9.0;) {
    ++i;
    a += 1.0;
    term = std::pow(a, -s);
    sum += term;
    if (std::abs(term / sum) < kEpsilon) return sum;
  }
  sum += term * a / (s - 1.0) - 0.5 * term;
  // Tail terms B_2k / (2k)! * s (s+1) ... (s+2k-2) * a^(-s-2k+1).
  double rising = 1.0, power = term, factorial = 1.0, k = 0.0;
  for (int j = 0; j < 12; ++j) {
    rising *= s + k;
    power /= a;
    factorial *= (k + 1) * (k + 2);
    const double t = kBernoulli[j] / factorial * rising * power;
    sum += t;
    if (std::abs(t / sum) < kEpsilon) break;
    k += 1.0;
    rising *= s + k;
    power /= a;
    k += 1.0;
  }
  return sum;
}

double polygamma(double n, double x) {
  if (std::isnan(n) || std::isnan(x) || n < 0.0 || n != std::floor(n)) return kNaN;
  if (n == 0.0) return digamma(x);
  // psi^(n)(x) = (-1)^(n+1) n! zeta(n + 1, x).
  const double sign = std::fmod(n, 2.0) == 0.0 ? -1.0 : 1.0;
  return sign * std::exp(std::lgamma(n + 1.0)) * zeta(n + 1.0, x);
}

double ndtri(double p, bool refine) {
  if (std::isnan(p) || p < 0.0 || p > 1.0) return kNaN;
  if (p == 0.0) return -kInf;
  if (p == 1.0) return kInf;
  return p <= 0.5 ? ndtri_lower(p, refine) : -ndtri_lower(1.0 - p, refine);  // 1 - p is exact for p > 0.5
}

double erfinv(double x, bool refine) {
  if (std::isnan(x) || x < -1.0 || x > 1.0) return kNaN;
  if (x == 1.0 || x == -1.0) return x * kInf;
  if (x == 0.0) return 0.0;  // +0 for -0 too, as TensorFlow's
  // erfinv(x) = ndtri((x + 1) / 2) / sqrt 2, from Acklam's approximation at q = p - 0.5 = |x| / 2
  // (exact, so tiny x keep their precision) or, in the tail, at 1 - p = (1 - |x|) / 2 (exact
  // too), then one Halley step on erf (on erfc near 1, where erf(y) - |x| would cancel).
  const double a = std::abs(x);
  double y = (a <= 2 * kAcklamCentral ? acklam_central(a / 2) : -acklam_tail((1.0 - a) / 2)) / std::numbers::sqrt2;
  if (!refine) return std::copysign(y, x);
  const double residual = a <= 0.5 ? std::erf(y) - a : (1.0 - a) - std::erfc(y);
  const double u = residual / (2 * std::numbers::inv_sqrtpi * std::exp(-y * y));
  y -= u / (1 + y * u);
  return std::copysign(y, x);
}

}  // namespace tf::kernels::scalar
