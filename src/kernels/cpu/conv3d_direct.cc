// Direct-loop 3-D convolutions for dtypes oneDNN does not support (float64).
//
// One walker visits every (output position, filter tap, input position) triple that
// contributes; the three computations differ only in which tensor accumulates. Each is
// parallelized over the tensor it writes, so no two threads write the same element.
#include <algorithm>

#include "kernels/cpu/conv3d.h"
#include "kernels/cpu/parallel.h"

namespace tf::kernels {
namespace {

using I64 = std::int64_t;
using Point = std::array<I64, 3>;  // (depth, height, width)

// Flat offsets of volume and filter elements.
struct Indexer {
  const Conv3DGeometry& g;
  I64 volume(I64 n, const Point& p, I64 c, const Point& size, I64 channels) const {
    const I64 spatial = (p[0] * size[1] + p[1]) * size[2] + p[2];
    return g.ncdhw ? (n * channels + c) * size[0] * size[1] * size[2] + spatial : ((n * size[0] * size[1] * size[2]) + spatial) * channels + c;
  }
  I64 in(I64 n, const Point& p, I64 c) const { return volume(n, p, c, g.in, g.ic); }
  I64 out(I64 n, const Point& p, I64 c) const { return volume(n, p, c, g.out, g.oc); }
  // DHWIO: the filter element feeding output channel o from input channel i at tap t.
  I64 filter(const Point& t, I64 i, I64 o) const {
    return (((t[0] * g.kernel[1] + t[1]) * g.kernel[2] + t[2]) * g.ic + i) * g.oc + o;
  }
};

// Calls fn(tap, input_position) for each filter tap of output position `o` that reads inside the volume.
template <class Fn>
void for_each_tap(const Conv3DGeometry& g, const Point& o, Fn&& fn) {
  Point t, p;
  for (t[0] = 0; t[0] < g.kernel[0]; ++t[0]) {
    p[0] = o[0] * g.stride[0] - g.pad_before[0] + t[0] * g.dilation[0];
    if (p[0] < 0 || p[0] >= g.in[0]) continue;
    for (t[1] = 0; t[1] < g.kernel[1]; ++t[1]) {
      p[1] = o[1] * g.stride[1] - g.pad_before[1] + t[1] * g.dilation[1];
      if (p[1] < 0 || p[1] >= g.in[1]) continue;
      for (t[2] = 0; t[2] < g.kernel[2]; ++t[2]) {
        p[2] = o[2] * g.stride[2] - g.pad_before[2] + t[2] * g.dilation[2];
        if (p[2] < 0 || p[2] >= g.in[2]) continue;
        fn(t, p);
      }
    }
  }
}

// Calls fn(output_position) for every output position of one image.
template <class Fn>
void for_each_output(const Conv3DGeometry& g, Fn&& fn) {
  Point o;
  for (o[0] = 0; o[0] < g.out[0]; ++o[0])
    for (o[1] = 0; o[1] < g.out[1]; ++o[1])
      for (o[2] = 0; o[2] < g.out[2]; ++o[2]) fn(o);
}

I64 taps(const Conv3DGeometry& g) { return g.kernel[0] * g.kernel[1] * g.kernel[2]; }
I64 outputs_per_image(const Conv3DGeometry& g) { return g.out[0] * g.out[1] * g.out[2]; }
I64 inputs_per_image(const Conv3DGeometry& g) { return g.in[0] * g.in[1] * g.in[2] * g.ic; }

}  // namespace

template <class T>
void conv3d_forward_direct(const Conv3DGeometry& g, const T* input, const T* filter, T* out) {
  const Indexer ix{g};
  parallel_for(g.n, outputs_per_image(g) * g.oc * taps(g) * g.ic, [&](I64 begin, I64 end) {
    for (I64 n = begin; n < end; ++n)
      for_each_output(g, [&](const Point& o) {
        for (I64 oc = 0; oc < g.oc; ++oc) {
          T acc = 0;
          for_each_tap(g, o, [&](const Point& t, const Point& p) {
            for (I64 ic = 0; ic < g.ic; ++ic) acc += input[ix.in(n, p, ic)] * filter[ix.filter(t, ic, oc)];
          });
          out[ix.out(n, o, oc)] = acc;
        }
      });
  });
}

template <class T>
void conv3d_backward_input_direct(const Conv3DGeometry& g, const T* filter, const T* d_out, T* d_input) {
  const Indexer ix{g};
  // Parallel over images: the outputs of one image scatter into overlapping inputs.
  parallel_for(g.n, outputs_per_image(g) * g.oc * taps(g) * g.ic, [&](I64 begin, I64 end) {
    std::fill(d_input + begin * inputs_per_image(g), d_input + end * inputs_per_image(g), T(0));
    for (I64 n = begin; n < end; ++n)
      for_each_output(g, [&](const Point& o) {
        for (I64 oc = 0; oc < g.oc; ++oc) {
          const T dy = d_out[ix.out(n, o, oc)];
          for_each_tap(g, o, [&](const Point& t, const Point& p) {
            for (I64 ic = 0; ic < g.ic; ++ic) d_input[ix.in(n, p, ic)] += dy * filter[ix.filter(t, ic, oc)];
          });
        }
      });
  });
}

template <class T>
void conv3d_backward_filter_direct(const Conv3DGeometry& g, const T* input, const T* d_out, T* d_filter) {
  const Indexer ix{g};
  // Parallel over output channels: each writes its own column of the DHWIO filter.
  parallel_for(g.oc, g.n * outputs_per_image(g) * taps(g) * g.ic, [&](I64 begin, I64 end) {
    for (I64 oc = begin; oc < end; ++oc) {
      for (I64 k = 0; k < taps(g) * g.ic; ++k) d_filter[k * g.oc + oc] = T(0);
      for (I64 n = 0; n < g.n; ++n)
        for_each_output(g, [&](const Point& o) {
          const T dy = d_out[ix.out(n, o, oc)];
          for_each_tap(g, o, [&](const Point& t, const Point& p) {
            for (I64 ic = 0; ic < g.ic; ++ic) d_filter[ix.filter(t, ic, oc)] += dy * input[ix.in(n, p, ic)];
          });
        });
    }
  });
}

template void conv3d_forward_direct<double>(const Conv3DGeometry&, const double*, const double*, double*);
template void conv3d_backward_input_direct<double>(const Conv3DGeometry&, const double*, const double*, double*);
template void conv3d_backward_filter_direct<double>(const Conv3DGeometry&, const double*, const double*, double*);

}  // namespace tf::kernels
