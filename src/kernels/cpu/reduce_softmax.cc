#include "kernels/cpu/reduce_softmax.h"

#include <cmath>

#include "kernels/cpu/parallel.h"
#include "kernels/cpu/reduce_simd.h"

namespace tf::kernels {
namespace {

// Relative cost of one element (an exponential and a few passes) for parallel_for.
constexpr std::int64_t kSoftmaxCost = 16;

// y = exp(x - max(x)); returns max(x) and sets `sum` to sum(y).
template <class T>
[[gnu::always_inline]] inline T shifted_exp(const T* x, T* y, std::int64_t n, T& sum) {
  const T m = reduce_lanes<T, MaxReducer<T>>(x, n);
  for (std::int64_t j = 0; j < n; ++j) y[j] = vector_exp(x[j] - m);
  sum = reduce_lanes<T, SumReducer<T>>(y, n);
  return m;
}

template <class T>
TFPP_SIMD_CLONES void softmax_block(const T* in, T* out, std::int64_t rows, std::int64_t n, bool log) {
  for (std::int64_t r = 0; r < rows; ++r) {
    const T* x = in + r * n;
    T* y = out + r * n;
    T sum;
    const T m = shifted_exp(x, y, n, sum);
    if (log) {
      const T lse = m + std::log(sum);
      for (std::int64_t j = 0; j < n; ++j) y[j] = x[j] - lse;
    } else {
      const T inv = T(1) / sum;
      for (std::int64_t j = 0; j < n; ++j) y[j] *= inv;
    }
  }
}

// Rows of at most kShortRow classes (16 floats, 8 doubles: one 512-bit vector) are done
// kShortRow rows at a time, transposed so that each vector holds one class of every row.
template <class T>
inline constexpr int kShortRow = 64 / sizeof(T);

// Loss and backprop of kShortRow rows of n <= kShortRow logits. A 10-class row is too short for
// the row loops to vectorize (they run scalar, with a branchy exp tail), so this transposes the
// rows into a tile and runs max, exp, sum and the gradient across rows, one vector per class;
// per row it is the same max-subtracted log-sum-exp as the long path, in the same order.
template <class T, class Label>
[[gnu::always_inline]] inline void sparse_cross_entropy_tile(const T* x, const Label* labels, T* loss, T* y,
                                                             std::int64_t n) {
  constexpr int W = kShortRow<T>;
  T t[W][W], m[W], sum[W];
  for (std::int64_t j = 0; j < n; ++j)
    for (int r = 0; r < W; ++r) t[j][r] = x[r * n + j];
  for (int r = 0; r < W; ++r) m[r] = MaxReducer<T>::identity(), sum[r] = T(0);
  for (std::int64_t j = 0; j < n; ++j)
    for (int r = 0; r < W; ++r) m[r] = MaxReducer<T>::apply(m[r], t[j][r]);  // NaN propagates
  for (std::int64_t j = 0; j < n; ++j)
    for (int r = 0; r < W; ++r) {
      t[j][r] = vector_exp(t[j][r] - m[r]);
      sum[r] += t[j][r];
    }
  for (int r = 0; r < W; ++r) loss[r] = m[r] + std::log(sum[r]) - x[r * n + labels[r]];
  for (int r = 0; r < W; ++r) sum[r] = T(1) / sum[r];
  for (std::int64_t j = 0; j < n; ++j)
    for (int r = 0; r < W; ++r) t[j][r] *= sum[r];
  for (std::int64_t j = 0; j < n; ++j)
    for (int r = 0; r < W; ++r) y[r * n + j] = t[j][r];
  for (int r = 0; r < W; ++r) y[r * n + labels[r]] -= T(1);
}

template <class T, class Label>
TFPP_SIMD_CLONES void sparse_cross_entropy_block(const T* in, const Label* labels, T* loss, T* backprop,
                                                 std::int64_t rows, std::int64_t n) {
  std::int64_t r = 0;
  if (n <= kShortRow<T>)
    for (; r + kShortRow<T> <= rows; r += kShortRow<T>)
      sparse_cross_entropy_tile(in + r * n, labels + r, loss + r, backprop + r * n, n);
  for (; r < rows; ++r) {
    const T* x = in + r * n;
    T* y = backprop + r * n;
    T sum;
    const T m = shifted_exp(x, y, n, sum);
    const T inv = T(1) / sum;
    for (std::int64_t j = 0; j < n; ++j) y[j] *= inv;
    const Label label = labels[r];
    loss[r] = m + std::log(sum) - x[label];
    y[label] -= T(1);
  }
}

template <class T>
TFPP_SIMD_CLONES void cross_entropy_block(const T* in, const T* labels, T* loss, T* backprop, std::int64_t rows,
                                          std::int64_t n) {
  for (std::int64_t r = 0; r < rows; ++r) {
    const T* x = in + r * n;
    const T* p = labels + r * n;
    T* y = backprop + r * n;
    T sum;
    const T m = shifted_exp(x, y, n, sum);
    const T lse = m + std::log(sum), inv = T(1) / sum;
    // loss = sum_j p_j * (lse - x_j), in independent lanes so that it vectorizes.
    T acc[kLanes<T>] = {};
    std::int64_t j = 0;
    for (; j + kLanes<T> <= n; j += kLanes<T>)
      for (int l = 0; l < kLanes<T>; ++l) acc[l] += p[j + l] * (lse - x[j + l]);
    T total = 0;
    for (; j < n; ++j) total += p[j] * (lse - x[j]);
    for (int l = 0; l < kLanes<T>; ++l) total += acc[l];
    loss[r] = total;
    for (std::int64_t k = 0; k < n; ++k) y[k] = y[k] * inv - p[k];
  }
}

}  // namespace

template <class T>
void softmax_rows(const T* in, T* out, std::int64_t rows, std::int64_t n, bool log) {
  parallel_for(rows, n * kSoftmaxCost, [&](std::int64_t r0, std::int64_t r1) {
    softmax_block<T>(in + r0 * n, out + r0 * n, r1 - r0, n, log);
  });
}

template <class T, class Label>
void sparse_cross_entropy_rows(const T* x, const Label* labels, T* loss, T* backprop, std::int64_t rows, std::int64_t n) {
  parallel_for(rows, n * kSoftmaxCost, [&](std::int64_t r0, std::int64_t r1) {
    sparse_cross_entropy_block<T, Label>(x + r0 * n, labels + r0, loss + r0, backprop + r0 * n, r1 - r0, n);
  });
}

template <class T>
void cross_entropy_rows(const T* x, const T* labels, T* loss, T* backprop, std::int64_t rows, std::int64_t n) {
  parallel_for(rows, n * kSoftmaxCost, [&](std::int64_t r0, std::int64_t r1) {
    cross_entropy_block<T>(x + r0 * n, labels + r0 * n, loss + r0, backprop + r0 * n, r1 - r0, n);
  });
}

template void softmax_rows<float>(const float*, float*, std::int64_t, std::int64_t, bool);
template void softmax_rows<double>(const double*, double*, std::int64_t, std::int64_t, bool);
template void sparse_cross_entropy_rows<float, std::int32_t>(const float*, const std::int32_t*, float*, float*, std::int64_t, std::int64_t);
template void sparse_cross_entropy_rows<float, std::int64_t>(const float*, const std::int64_t*, float*, float*, std::int64_t, std::int64_t);
template void sparse_cross_entropy_rows<double, std::int32_t>(const double*, const std::int32_t*, double*, double*, std::int64_t, std::int64_t);
template void sparse_cross_entropy_rows<double, std::int64_t>(const double*, const std::int64_t*, double*, double*, std::int64_t, std::int64_t);
template void cross_entropy_rows<float>(const float*, const float*, float*, float*, std::int64_t, std::int64_t);
template void cross_entropy_rows<double>(const double*, const double*, double*, double*, std::int64_t, std::int64_t);

}  // namespace tf::kernels
