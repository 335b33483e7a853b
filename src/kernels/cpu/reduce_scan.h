// Cumulative sums and products along one axis of a tensor viewed as [outer, n, inner].
#pragma once

#include <cstdint>

namespace tf::kernels {

/// How a scan walks and what each output includes (TensorFlow's Cumsum/Cumprod attributes).
struct ScanOptions {
  bool exclusive = false;  ///< out[m] combines the elements before m, not through m
  bool reverse = false;    ///< scan from the end of the axis
  bool product = false;    ///< cumulative product instead of sum
};

/// out[a, m, b] = the running sum (or product) of in[a, :, b] up to m.
template <class T>
void scan(const T* in, T* out, std::int64_t outer, std::int64_t n, std::int64_t inner, ScanOptions options);

}  // namespace tf::kernels
