// The windows of one pooling axis clipped to the image, both ways: per output, the inputs its
// window holds; per input, the outputs whose windows hold it; and the input rows to prefetch
// while an output row is computed. Shared by the direct 2-D pooling loops (pool_argmax.cc,
// pool_nhwc.cc).
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

/// Input rows [begin, end), counted from a batch's first row.
struct RowSpan {
  std::int64_t begin, end;
};

/// The input rows output row r of a batch reads (`ys`: the windows along y; ih, oh: rows per image).
inline RowSpan input_rows(const AxisWindows& ys, std::int64_t ih, std::int64_t oh, std::int64_t r) {
  const std::int64_t begin = r / oh * ih + ys.begin[r % oh];
  return {begin, begin + ys.size[r % oh]};
}

/// The input rows output row r + 1 reads and row r does not (none when r + 1 is `end`, the end of
/// the caller's rows): what to prefetch while row r is computed.
inline RowSpan rows_ahead(const AxisWindows& ys, std::int64_t ih, std::int64_t oh, std::int64_t r, std::int64_t end) {
  const RowSpan now = input_rows(ys, ih, oh, r);
  if (r + 1 >= end) return {now.end, now.end};
  const RowSpan next = input_rows(ys, ih, oh, r + 1);
  const std::int64_t begin = std::max(now.end, next.begin);
  return {begin, std::max(begin, next.end)};
}

/// Prefetches into L2 part `part` of `parts` equal runs of cache lines of [p, p + bytes): called
/// once per output pixel of a row, it spreads the next row's loads over the row. Loads stalled
/// the direct max pooling about 80% of its time with the hardware prefetcher alone.
inline void prefetch_part(const char* p, std::int64_t bytes, std::int64_t part, std::int64_t parts) {
  const std::int64_t run = (bytes / parts + 63) / 64 * 64;
  for (std::int64_t b = part * run; b < std::min((part + 1) * run, bytes); b += 64) __builtin_prefetch(p + b, 0, 2);
}

}  // namespace tf::kernels
