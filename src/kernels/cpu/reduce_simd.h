// Run-time SIMD selection for the reduction, scan and softmax kernels, without -march=native:
// a function marked TFPP_SIMD_CLONES is compiled for AVX-512, AVX2 and baseline x86-64, and the
// loader picks the best clone. The always-inline helpers below vectorize inside each clone.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#define TFPP_SIMD_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))

namespace tf::kernels {

/// True for a NaN (always false for integers).
template <class T>
constexpr bool is_nan(T a) {
  if constexpr (std::numeric_limits<T>::has_quiet_NaN) return a != a;
  else return false;
}

/// The type sums and products are computed in. Integers wrap on overflow as in TensorFlow, so they
/// are combined as the unsigned twin of their promoted type: signed overflow (int32, or an int16
/// product promoted to int) would be undefined behaviour.
template <class T, bool = std::is_integral_v<T>>
struct WrappingArithmeticOf { using type = T; };
template <class T>
struct WrappingArithmeticOf<T, true> { using type = std::make_unsigned_t<decltype(T() * T())>; };
template <class T>
using WrappingArithmetic = typename WrappingArithmeticOf<T>::type;

/// The combining functions of reductions, with their identities; max and min propagate NaN.
template <class T>
struct SumReducer {
  static constexpr T identity() { return T(0); }
  static T apply(T a, T b) { return T(WrappingArithmetic<T>(a) + WrappingArithmetic<T>(b)); }
};
template <class T>
struct ProdReducer {
  static constexpr T identity() { return T(1); }
  static T apply(T a, T b) { return T(WrappingArithmetic<T>(a) * WrappingArithmetic<T>(b)); }
};
template <class T>
struct MaxReducer {
  static constexpr T identity() {
    if constexpr (std::numeric_limits<T>::has_infinity) return -std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::lowest();
  }
  static T apply(T a, T b) { return a > b || is_nan(a) ? a : b; }
};
template <class T>
struct MinReducer {
  static constexpr T identity() {
    if constexpr (std::numeric_limits<T>::has_infinity) return std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::max();
  }
  static T apply(T a, T b) { return a < b || is_nan(a) ? a : b; }
};

/// Independent accumulators, four vectors' worth, so that a reduction loop vectorizes without
/// reassociating one sum and hides the add latency.
template <class T>
inline constexpr int kLanes = 256 / sizeof(T);

/// R-reduction of x[0, n). The tail joins the first accumulators and the accumulators are then
/// folded in halves: both steps stay vector operations, where a scalar tail and a serial merge of
/// the kLanes accumulators cost as much as the whole vector loop on a 1000-element row.
template <class T, class R>
[[gnu::always_inline]] inline T reduce_lanes(const T* x, std::int64_t n) {
  constexpr int L = kLanes<T>;
  if (n < L) {  // a short row (softmax over 10 classes): merging L idle accumulators would dominate
    T result = R::identity();
    for (std::int64_t i = 0; i < n; ++i) result = R::apply(result, x[i]);
    return result;
  }
  T acc[L];
  for (int j = 0; j < L; ++j) acc[j] = x[j];
  std::int64_t i = L;
  for (; i + L <= n; i += L)
    for (int j = 0; j < L; ++j) acc[j] = R::apply(acc[j], x[i + j]);
  const std::int64_t rest = n - i;
  for (std::int64_t j = 0; j < rest; ++j) acc[j] = R::apply(acc[j], x[i + j]);
  for (int width = L / 2; width > 0; width /= 2)
    for (int j = 0; j < width; ++j) acc[j] = R::apply(acc[j], acc[j + width]);
  return acc[0];
}

/// e^x for float with a branch-free polynomial (Cephes expf, ~1 ulp) that vectorizes; inputs
/// below -87.3 give ~1e-38 rather than 0, which the callers (softmax, x - max <= 0) tolerate.
[[gnu::always_inline]] inline float vector_exp(float x) {
  x = x < -87.3f ? -87.3f : (x > 88.3f ? 88.3f : x);
  // Round to nearest by adding and removing 1.5 * 2^23 (std::floor blocks vectorization in
  // target_clones functions with GCC 12).
  const float n = (x * 1.44269504088896341f + 12582912.0f) - 12582912.0f;
  const float r = x - n * 0.693359375f + n * 2.12194440e-4f;
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  const float y = p * r * r + r + 1.0f;
  return y * std::bit_cast<float>((static_cast<std::int32_t>(n) + 127) << 23);
}
/// e^x for double (libm; float64 softmax is rare enough not to need a vector version).
[[gnu::always_inline]] inline double vector_exp(double x) { return std::exp(x); }

}  // namespace tf::kernels
