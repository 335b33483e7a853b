// Direct-loop convolutions for dtypes oneDNN does not support: float64, and int32 (computed as
// uint32, so that products and sums wrap around as TensorFlow's do, without signed overflow).
//
// One helper walks every (output position, filter tap, input position) triple that
// contributes; the three computations differ only in which tensor accumulates. Each is
// parallelized over the tensor it writes, so no two threads write the same element.
#include <algorithm>

#include "kernels/cpu/conv.h"
#include "kernels/cpu/parallel.h"

namespace tf::kernels {
namespace {

// Flat offsets of an image element and of a filter element.
struct Indexer {
  const ConvGeometry& g;
  std::int64_t image(std::int64_t n, std::int64_t h, std::int64_t w, std::int64_t c, std::int64_t height,
                     std::int64_t width, std::int64_t channels) const {
    return g.nchw ? ((n * channels + c) * height + h) * width + w : ((n * height + h) * width + w) * channels + c;
  }
  std::int64_t in(std::int64_t n, std::int64_t h, std::int64_t w, std::int64_t c) const {
    return image(n, h, w, c, g.ih, g.iw, g.ic);
  }
  std::int64_t out(std::int64_t n, std::int64_t h, std::int64_t w, std::int64_t c) const {
    return image(n, h, w, c, g.oh, g.ow, g.oc);
  }
  // Filter element feeding output channel oc from input channel ic (same group) at tap (y, x).
  std::int64_t filter(std::int64_t y, std::int64_t x, std::int64_t ic, std::int64_t oc) const {
    if (g.groups == 1) return ((y * g.kw + x) * g.ic + ic) * g.oc + oc;
    return (y * g.kw + x) * g.oc + oc;  // [kh, kw, ic, multiplier] flattened: oc = ic * multiplier + m
  }
  // The input channels feeding output channel oc.
  std::int64_t first_ic(std::int64_t oc) const { return g.groups == 1 ? 0 : oc / (g.oc / g.groups); }
  std::int64_t num_ic() const { return g.groups == 1 ? g.ic : 1; }
};

}  // namespace

template <class T>
void conv2d_forward_direct(const ConvGeometry& g, const T* input, const T* filter, T* out) {
  const Indexer ix{g};
  parallel_for(g.n * g.oh, g.ow * g.oc * g.kh * g.kw * ix.num_ic(), [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t row = begin; row < end; ++row) {
      const std::int64_t n = row / g.oh, oy = row % g.oh;
      for (std::int64_t ox = 0; ox < g.ow; ++ox)
        for (std::int64_t oc = 0; oc < g.oc; ++oc) {
          T acc = 0;
          for (std::int64_t y = 0; y < g.kh; ++y) {
            const std::int64_t iy = oy * g.sh - g.pt + y * g.dh;
            if (iy < 0 || iy >= g.ih) continue;
            for (std::int64_t x = 0; x < g.kw; ++x) {
              const std::int64_t jx = ox * g.sw - g.pl + x * g.dw;
              if (jx < 0 || jx >= g.iw) continue;
              for (std::int64_t k = 0, ic = ix.first_ic(oc); k < ix.num_ic(); ++k, ++ic)
                acc += input[ix.in(n, iy, jx, ic)] * filter[ix.filter(y, x, ic, oc)];
            }
          }
          out[ix.out(n, oy, ox, oc)] = acc;
        }
    }
  });
}

template <class T>
void conv2d_backward_input_direct(const ConvGeometry& g, const T* filter, const T* d_out, T* d_input) {
  const Indexer ix{g};
  // Parallel over images: the output rows of one image scatter into overlapping input rows.
  parallel_for(g.n, g.oh * g.ow * g.oc * g.kh * g.kw * ix.num_ic(), [&](std::int64_t begin, std::int64_t end) {
    std::fill(d_input + begin * g.ih * g.iw * g.ic, d_input + end * g.ih * g.iw * g.ic, T(0));
    for (std::int64_t n = begin; n < end; ++n)
      for (std::int64_t oy = 0; oy < g.oh; ++oy)
        for (std::int64_t ox = 0; ox < g.ow; ++ox)
          for (std::int64_t oc = 0; oc < g.oc; ++oc) {
            const T dy = d_out[ix.out(n, oy, ox, oc)];
            for (std::int64_t y = 0; y < g.kh; ++y) {
              const std::int64_t iy = oy * g.sh - g.pt + y * g.dh;
              if (iy < 0 || iy >= g.ih) continue;
              for (std::int64_t x = 0; x < g.kw; ++x) {
                const std::int64_t jx = ox * g.sw - g.pl + x * g.dw;
                if (jx < 0 || jx >= g.iw) continue;
                for (std::int64_t k = 0, ic = ix.first_ic(oc); k < ix.num_ic(); ++k, ++ic)
                  d_input[ix.in(n, iy, jx, ic)] += dy * filter[ix.filter(y, x, ic, oc)];
              }
            }
          }
  });
}

template <class T>
void conv2d_backward_filter_direct(const ConvGeometry& g, const T* input, const T* d_out, T* d_filter) {
  const Indexer ix{g};
  // Parallel over filter taps: each (y, x) slice of the filter is written by one thread.
  parallel_for(g.kh * g.kw, g.n * g.oh * g.ow * g.oc * ix.num_ic(), [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t tap = begin; tap < end; ++tap) {
      const std::int64_t y = tap / g.kw, x = tap % g.kw;
      const std::int64_t tap_size = g.ic * g.oc / g.groups;  // filter elements per tap
      std::fill(d_filter + tap * tap_size, d_filter + (tap + 1) * tap_size, T(0));
      for (std::int64_t n = 0; n < g.n; ++n)
        for (std::int64_t oy = 0; oy < g.oh; ++oy) {
          const std::int64_t iy = oy * g.sh - g.pt + y * g.dh;
          if (iy < 0 || iy >= g.ih) continue;
          for (std::int64_t ox = 0; ox < g.ow; ++ox) {
            const std::int64_t jx = ox * g.sw - g.pl + x * g.dw;
            if (jx < 0 || jx >= g.iw) continue;
            for (std::int64_t oc = 0; oc < g.oc; ++oc) {
              const T dy = d_out[ix.out(n, oy, ox, oc)];
              for (std::int64_t k = 0, ic = ix.first_ic(oc); k < ix.num_ic(); ++k, ++ic)
                d_filter[ix.filter(y, x, ic, oc)] += dy * input[ix.in(n, iy, jx, ic)];
            }
          }
        }
    }
  });
}

template void conv2d_forward_direct<double>(const ConvGeometry&, const double*, const double*, double*);
template void conv2d_backward_input_direct<double>(const ConvGeometry&, const double*, const double*, double*);
template void conv2d_backward_filter_direct<double>(const ConvGeometry&, const double*, const double*, double*);
template void conv2d_forward_direct<std::uint32_t>(const ConvGeometry&, const std::uint32_t*, const std::uint32_t*,
                                                   std::uint32_t*);
template void conv2d_backward_input_direct<std::uint32_t>(const ConvGeometry&, const std::uint32_t*, const std::uint32_t*,
                                                          std::uint32_t*);

}  // namespace tf::kernels
