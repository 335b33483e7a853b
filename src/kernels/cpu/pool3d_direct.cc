// Direct-loop 3-D pooling: the float64 forward passes and average gradient, and max pooling's
// gradients for both dtypes. Each image is independent, so the loops run in parallel over images.
#include <algorithm>
#include <limits>

#include "kernels/cpu/parallel.h"
#include "kernels/cpu/pool3d.h"

namespace tf::kernels {
namespace {

using I64 = std::int64_t;
using Point = std::array<I64, 3>;

I64 volume(const Point& s) { return s[0] * s[1] * s[2]; }

// Flat offset of element (n, p, c) of a volume of spatial size `s`.
I64 offset(const Pool3DGeometry& g, I64 n, const Point& p, I64 c, const Point& s) {
  const I64 spatial = (p[0] * s[1] + p[1]) * s[2] + p[2];
  return g.ncdhw ? (n * g.c + c) * volume(s) + spatial : (n * volume(s) + spatial) * g.c + c;
}

// The window of output `o`, clipped to the volume: [begin, end) per dimension.
struct Window {
  Point begin, end;
  I64 size() const { return (end[0] - begin[0]) * (end[1] - begin[1]) * (end[2] - begin[2]); }
};
Window window(const Pool3DGeometry& g, const Point& o) {
  Window w;
  for (int i = 0; i < 3; ++i) {
    const I64 start = o[i] * g.stride[i] - g.pad_before[i];
    w.begin[i] = std::max<I64>(start, 0);
    w.end[i] = std::min(start + g.window[i], g.in[i]);
  }
  return w;
}

// Calls fn(p) for each input position of window w, in row-major order; stops when fn returns true.
template <class Fn>
void for_each_in_window(const Window& w, Fn&& fn) {
  Point p;
  for (p[0] = w.begin[0]; p[0] < w.end[0]; ++p[0])
    for (p[1] = w.begin[1]; p[1] < w.end[1]; ++p[1])
      for (p[2] = w.begin[2]; p[2] < w.end[2]; ++p[2])
        if (fn(p)) return;
}

// Calls fn(n, o, c, window) for every output element of images [n0, n1).
template <class Fn>
void for_each_output(const Pool3DGeometry& g, I64 n0, I64 n1, Fn&& fn) {
  Point o;
  for (I64 n = n0; n < n1; ++n)
    for (o[0] = 0; o[0] < g.out[0]; ++o[0])
      for (o[1] = 0; o[1] < g.out[1]; ++o[1])
        for (o[2] = 0; o[2] < g.out[2]; ++o[2]) {
          const Window w = window(g, o);
          for (I64 c = 0; c < g.c; ++c) fn(n, o, c, w);
        }
}

// Runs fn(n0, n1) over runs of images, with each run's slice of `zeroed` (per-image size `image`) cleared first.
template <class T, class Fn>
void per_images(const Pool3DGeometry& g, T* zeroed, I64 image, Fn&& fn) {
  parallel_for(g.n, volume(g.out) * g.c * volume(g.window), [&](I64 n0, I64 n1) {
    if (zeroed) std::fill(zeroed + n0 * image, zeroed + n1 * image, T(0));
    fn(n0, n1);
  });
}

}  // namespace

template <class T>
void pool3d_forward_direct(Pool3DKind kind, const Pool3DGeometry& g, const T* input, T* out) {
  per_images(g, static_cast<T*>(nullptr), 0, [&](I64 n0, I64 n1) {
    for_each_output(g, n0, n1, [&](I64 n, const Point& o, I64 c, const Window& w) {
      T acc = kind == Pool3DKind::kMax ? std::numeric_limits<T>::lowest() : T(0);
      for_each_in_window(w, [&](const Point& p) {
        const T v = input[offset(g, n, p, c, g.in)];
        acc = kind == Pool3DKind::kMax ? (v > acc ? v : acc) : acc + v;
        return false;
      });
      if (kind == Pool3DKind::kAvg) acc /= static_cast<T>(w.size());
      out[offset(g, n, o, c, g.out)] = acc;
    });
  });
}

template <class T>
void avg_pool3d_backward_direct(const Pool3DGeometry& g, const T* d_out, T* d_input) {
  per_images(g, d_input, volume(g.in) * g.c, [&](I64 n0, I64 n1) {
    for_each_output(g, n0, n1, [&](I64 n, const Point& o, I64 c, const Window& w) {
      const T share = d_out[offset(g, n, o, c, g.out)] / static_cast<T>(w.size());
      for_each_in_window(w, [&](const Point& p) {
        d_input[offset(g, n, p, c, g.in)] += share;
        return false;
      });
    });
  });
}

template <class T>
void max_pool3d_backward(const Pool3DGeometry& g, const T* input, const T* output, const T* d_out, T* d_input) {
  per_images(g, d_input, volume(g.in) * g.c, [&](I64 n0, I64 n1) {
    for_each_output(g, n0, n1, [&](I64 n, const Point& o, I64 c, const Window& w) {
      const I64 k = offset(g, n, o, c, g.out);
      for_each_in_window(w, [&](const Point& p) {
        const I64 i = offset(g, n, p, c, g.in);
        if (input[i] == output[k]) d_input[i] += d_out[k];
        return false;
      });
    });
  });
}

template <class T>
void max_pool3d_grad_grad(const Pool3DGeometry& g, const T* input, const T* output, const T* grad, T* out) {
  per_images(g, static_cast<T*>(nullptr), 0, [&](I64 n0, I64 n1) {
    for_each_output(g, n0, n1, [&](I64 n, const Point& o, I64 c, const Window& w) {
      const I64 k = offset(g, n, o, c, g.out);
      out[k] = T(0);
      for_each_in_window(w, [&](const Point& p) {
        const I64 i = offset(g, n, p, c, g.in);
        if (input[i] != output[k]) return false;
        out[k] = grad[i];
        return true;
      });
    });
  });
}

template void pool3d_forward_direct<double>(Pool3DKind, const Pool3DGeometry&, const double*, double*);
template void avg_pool3d_backward_direct<double>(const Pool3DGeometry&, const double*, double*);
template void max_pool3d_backward<float>(const Pool3DGeometry&, const float*, const float*, const float*, float*);
template void max_pool3d_backward<double>(const Pool3DGeometry&, const double*, const double*, const double*, double*);
template void max_pool3d_grad_grad<float>(const Pool3DGeometry&, const float*, const float*, const float*, float*);
template void max_pool3d_grad_grad<double>(const Pool3DGeometry&, const double*, const double*, const double*, double*);

}  // namespace tf::kernels
