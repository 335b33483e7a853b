// The windows of one pooling axis clipped to the image, both ways: per output, the inputs its
// window holds; per input, the outputs whose windows hold it. Shared by the direct 2-D pooling
// loops (pool_argmax.cc, pool_nhwc.cc).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tf::kernels {

/// One axis's windows: per output o, inputs [begin[o], begin[o] + size[o]); per input i, the
/// outputs [first[i], last[i]) whose windows hold it.
struct AxisWindows {
  std::vector<std::int64_t> begin, size;  ///< per output
  std::vector<std::int64_t> first, last;  ///< per input
};

/// The windows of `out` outputs of `window` inputs each, `stride` apart, starting `pad` before an
/// axis of `in` inputs.
inline AxisWindows axis_windows(std::int64_t out, std::int64_t stride, std::int64_t pad, std::int64_t window,
                                std::int64_t in) {
  using I64 = std::int64_t;
  AxisWindows a{std::vector<I64>(out), std::vector<I64>(out), std::vector<I64>(in), std::vector<I64>(in)};
  for (I64 o = 0; o < out; ++o) {
    const I64 start = o * stride - pad;
    a.begin[o] = std::max<I64>(start, 0);
    a.size[o] = std::max<I64>(std::min(start + window, in) - a.begin[o], 0);
  }
  for (I64 i = 0; i < in; ++i) {
    // Outputs o whose windows hold i: o * stride - pad <= i < o * stride - pad + window.
    const I64 lowest_start = i + pad - window + 1;
    a.first[i] = lowest_start <= 0 ? 0 : (lowest_start + stride - 1) / stride;
    a.last[i] = std::max(std::min(out, (i + pad) / stride + 1), a.first[i]);
  }
  return a;
}

}  // namespace tf::kernels
