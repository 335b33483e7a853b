#include "kernels/cpu/reduce_arg.h"

#include <memory>

#include "kernels/cpu/reduce_blocks.h"
#include "kernels/cpu/reduce_simd.h"

namespace tf::kernels {
namespace {

// Strict comparison: a later element replaces the best only when strictly better, so ties
// keep the lowest index, as TensorFlow's do.
template <bool kMax, class T>
inline bool better(T candidate, T best) {
  return kMax ? candidate > best : candidate < best;
}

// Columns [0, width) of rows in[m * stride], m in [0, n): best value and index per column.
template <class T, class Index, bool kMax>
TFPP_SIMD_CLONES void arg_block(const T* in, std::int64_t stride, std::int64_t n, std::int64_t width, T* best,
                                Index* index) {
  for (std::int64_t b = 0; b < width; ++b) {
    best[b] = in[b];
    index[b] = 0;
  }
  for (std::int64_t m = 1; m < n; ++m) {
    const T* x = in + m * stride;
    for (std::int64_t b = 0; b < width; ++b) {
      const bool take = better<kMax>(x[b], best[b]);
      best[b] = take ? x[b] : best[b];
      index[b] = take ? static_cast<Index>(m) : index[b];
    }
  }
}

template <class T, class Index, bool kMax>
void arg_reduce_impl(const T* in, Index* out, std::int64_t outer, std::int64_t n, std::int64_t inner) {
  for_each_column_block(outer, n, inner, [&](std::int64_t a, std::int64_t b0, std::int64_t b1) {
    std::unique_ptr<T[]> best(new T[b1 - b0]);
    arg_block<T, Index, kMax>(in + a * n * inner + b0, inner, n, b1 - b0, best.get(), out + a * inner + b0);
  });
}

}  // namespace

template <class T, class Index>
void arg_reduce(const T* in, Index* out, std::int64_t outer, std::int64_t n, std::int64_t inner, bool max) {
  if (max) arg_reduce_impl<T, Index, true>(in, out, outer, n, inner);
  else arg_reduce_impl<T, Index, false>(in, out, outer, n, inner);
}

#define TFPP_ARG_REDUCE(T)                                                                               \
  template void arg_reduce<T, std::int32_t>(const T*, std::int32_t*, std::int64_t, std::int64_t, std::int64_t, bool); \
  template void arg_reduce<T, std::int64_t>(const T*, std::int64_t*, std::int64_t, std::int64_t, std::int64_t, bool);
TFPP_ARG_REDUCE(float)
TFPP_ARG_REDUCE(double)
TFPP_ARG_REDUCE(std::uint8_t)
TFPP_ARG_REDUCE(std::int8_t)
TFPP_ARG_REDUCE(std::int16_t)
TFPP_ARG_REDUCE(std::uint16_t)
TFPP_ARG_REDUCE(std::uint32_t)
TFPP_ARG_REDUCE(std::uint64_t)
TFPP_ARG_REDUCE(std::int32_t)
TFPP_ARG_REDUCE(std::int64_t)
TFPP_ARG_REDUCE(bool)
#undef TFPP_ARG_REDUCE

}  // namespace tf::kernels
