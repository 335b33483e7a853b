#include "kernels/cpu/reduce_scan.h"

#include "kernels/cpu/reduce_blocks.h"
#include "kernels/cpu/reduce_simd.h"

namespace tf::kernels {
namespace {

// Columns [0, width) of an [n, stride] block: each output row combines the previous output
// row with one input row, a loop across the row that vectorizes.
template <class T, class R>
TFPP_SIMD_CLONES void scan_block(const T* in, T* out, std::int64_t stride, std::int64_t n, std::int64_t width,
                                 bool exclusive, bool reverse) {
  for (std::int64_t k = 0; k < n; ++k) {
    const std::int64_t m = reverse ? n - 1 - k : k, prev = reverse ? m + 1 : m - 1;
    T* y = out + m * stride;
    if (k == 0) {
      for (std::int64_t b = 0; b < width; ++b) y[b] = exclusive ? R::identity() : in[m * stride + b];
      continue;
    }
    const T* yp = out + prev * stride;
    const T* x = in + (exclusive ? prev : m) * stride;
    for (std::int64_t b = 0; b < width; ++b) y[b] = R::apply(yp[b], x[b]);
  }
}

template <class T, class R>
void scan_impl(const T* in, T* out, std::int64_t outer, std::int64_t n, std::int64_t inner, ScanOptions o) {
  for_each_column_block(outer, n, inner, [&](std::int64_t a, std::int64_t b0, std::int64_t b1) {
    const std::int64_t offset = a * n * inner + b0;
    scan_block<T, R>(in + offset, out + offset, inner, n, b1 - b0, o.exclusive, o.reverse);
  });
}

}  // namespace

template <class T>
void scan(const T* in, T* out, std::int64_t outer, std::int64_t n, std::int64_t inner, ScanOptions options) {
  if (options.product) scan_impl<T, ProdReducer<T>>(in, out, outer, n, inner, options);
  else scan_impl<T, SumReducer<T>>(in, out, outer, n, inner, options);
}

template void scan<float>(const float*, float*, std::int64_t, std::int64_t, std::int64_t, ScanOptions);
template void scan<double>(const double*, double*, std::int64_t, std::int64_t, std::int64_t, ScanOptions);
template void scan<std::int32_t>(const std::int32_t*, std::int32_t*, std::int64_t, std::int64_t, std::int64_t, ScanOptions);
template void scan<std::int64_t>(const std::int64_t*, std::int64_t*, std::int64_t, std::int64_t, std::int64_t, ScanOptions);
template void scan<std::uint8_t>(const std::uint8_t*, std::uint8_t*, std::int64_t, std::int64_t, std::int64_t, ScanOptions);
template void scan<std::int8_t>(const std::int8_t*, std::int8_t*, std::int64_t, std::int64_t, std::int64_t, ScanOptions);
template void scan<std::int16_t>(const std::int16_t*, std::int16_t*, std::int64_t, std::int64_t, std::int64_t, ScanOptions);
template void scan<std::uint16_t>(const std::uint16_t*, std::uint16_t*, std::int64_t, std::int64_t, std::int64_t, ScanOptions);
template void scan<std::uint32_t>(const std::uint32_t*, std::uint32_t*, std::int64_t, std::int64_t, std::int64_t, ScanOptions);
template void scan<std::uint64_t>(const std::uint64_t*, std::uint64_t*, std::int64_t, std::int64_t, std::int64_t, ScanOptions);

}  // namespace tf::kernels
