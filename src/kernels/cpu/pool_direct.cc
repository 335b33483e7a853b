// Direct-loop pooling for dtypes oneDNN does not support (float64, and integers for max pooling).
// Each image is independent, so the loops run in parallel over images.
#include <algorithm>
#include <limits>

#include "kernels/cpu/parallel.h"
#include "kernels/cpu/pool.h"

namespace tf::kernels {
namespace {

std::int64_t offset(const PoolGeometry& g, std::int64_t n, std::int64_t y, std::int64_t x, std::int64_t c,
                    std::int64_t h, std::int64_t w) {
  return g.nchw ? ((n * g.c + c) * h + y) * w + x : ((n * h + y) * w + x) * g.c + c;
}

// The window of output (oy, ox), clipped to the image: [y0, y1) x [x0, x1).
struct Window {
  std::int64_t y0, y1, x0, x1;
};
Window window(const PoolGeometry& g, std::int64_t oy, std::int64_t ox) {
  const std::int64_t y = oy * g.sh - g.pt, x = ox * g.sw - g.pl;
  return {std::max<std::int64_t>(y, 0), std::min(y + g.kh, g.ih), std::max<std::int64_t>(x, 0), std::min(x + g.kw, g.iw)};
}

// Calls fn(n, oy, ox, c, window) for every output element of images [n0, n1).
template <class Fn>
void for_each_output(const PoolGeometry& g, std::int64_t n0, std::int64_t n1, Fn fn) {
  for (std::int64_t n = n0; n < n1; ++n)
    for (std::int64_t oy = 0; oy < g.oh; ++oy)
      for (std::int64_t ox = 0; ox < g.ow; ++ox) {
        const Window w = window(g, oy, ox);
        for (std::int64_t c = 0; c < g.c; ++c) fn(n, oy, ox, c, w);
      }
}

}  // namespace

template <class T>
void pool2d_forward_direct(PoolKind kind, const PoolGeometry& g, const T* input, T* out) {
  parallel_for(g.n, g.oh * g.ow * g.c * g.kh * g.kw, [&](std::int64_t n0, std::int64_t n1) {
    for_each_output(g, n0, n1, [&](std::int64_t n, std::int64_t oy, std::int64_t ox, std::int64_t c, const Window& w) {
      T acc = kind == PoolKind::kMax ? std::numeric_limits<T>::lowest() : T(0);
      for (std::int64_t y = w.y0; y < w.y1; ++y)
        for (std::int64_t x = w.x0; x < w.x1; ++x) {
          const T v = input[offset(g, n, y, x, c, g.ih, g.iw)];
          acc = kind == PoolKind::kMax ? (v > acc ? v : acc) : acc + v;
        }
      if (kind == PoolKind::kAvg) acc /= static_cast<T>((w.y1 - w.y0) * (w.x1 - w.x0));
      out[offset(g, n, oy, ox, c, g.oh, g.ow)] = acc;
    });
  });
}

template <class T>
void avg_pool2d_backward_direct(const PoolGeometry& g, const T* d_out, T* d_input) {
  parallel_for(g.n, g.oh * g.ow * g.c * g.kh * g.kw, [&](std::int64_t n0, std::int64_t n1) {
    std::fill(d_input + n0 * g.ih * g.iw * g.c, d_input + n1 * g.ih * g.iw * g.c, T(0));
    for_each_output(g, n0, n1, [&](std::int64_t n, std::int64_t oy, std::int64_t ox, std::int64_t c, const Window& w) {
      const T share = d_out[offset(g, n, oy, ox, c, g.oh, g.ow)] / static_cast<T>((w.y1 - w.y0) * (w.x1 - w.x0));
      for (std::int64_t y = w.y0; y < w.y1; ++y)
        for (std::int64_t x = w.x0; x < w.x1; ++x) d_input[offset(g, n, y, x, c, g.ih, g.iw)] += share;
    });
  });
}

template void pool2d_forward_direct<double>(PoolKind, const PoolGeometry&, const double*, double*);
template void avg_pool2d_backward_direct<double>(const PoolGeometry&, const double*, double*);
template void pool2d_forward_direct<std::int8_t>(PoolKind, const PoolGeometry&, const std::int8_t*, std::int8_t*);
template void pool2d_forward_direct<std::uint8_t>(PoolKind, const PoolGeometry&, const std::uint8_t*, std::uint8_t*);
template void pool2d_forward_direct<std::int16_t>(PoolKind, const PoolGeometry&, const std::int16_t*, std::int16_t*);
template void pool2d_forward_direct<std::uint16_t>(PoolKind, const PoolGeometry&, const std::uint16_t*, std::uint16_t*);
template void pool2d_forward_direct<std::int32_t>(PoolKind, const PoolGeometry&, const std::int32_t*, std::int32_t*);
template void pool2d_forward_direct<std::int64_t>(PoolKind, const PoolGeometry&, const std::int64_t*, std::int64_t*);

}  // namespace tf::kernels
