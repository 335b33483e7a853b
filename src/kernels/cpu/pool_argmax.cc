// Max pooling that also returns each output's argmax (Note [Max pooling's argmax], pool.h), and
// the two gathers that read it back: the gradient with respect to the input, and its own
// gradient. Direct loops over runs of channels, which vectorize where channels are contiguous
// (NHWC); float32 and float64 (and integers, for MaxPoolWithArgmax and integer MaxPool under a
// tape), split over the intra-op pool by rows. float32 NHWC images with a multiple of 16 channels
// run on explicit 16-lane vectors instead: GCC kept the 64-channel blocks' running values and sums on the stack
// (argmax and gather of [8,112,112,64], 3x3 windows, stride 2: 5.6 and 7.0 ms -> 3.4 and 5.3 ms).
#include <algorithm>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "kernels/cpu/parallel.h"
#include "kernels/cpu/pool.h"
#include "kernels/cpu/pool_windows.h"
#include "kernels/cpu/reduce_simd.h"

namespace tf::kernels {
namespace {

using I64 = std::int64_t;

// Channels handled per pass: the running values live in local arrays of this size.
constexpr I64 kBlock = 64;

// Where element (n, y, x, c) of an image tensor lies: n * image + (y * width + x) * pixel + c * channel.
struct Layout {
  I64 image, pixel, channel;
};
Layout layout(const PoolGeometry& g, I64 h, I64 w) {
  return g.nchw ? Layout{g.c * h * w, 1, h * w} : Layout{h * w * g.c, g.c, 1};
}

// Channels [c0, c0 + width) of the output at (oy, ox) whose window is input rows [y0, y0 + rows)
// by columns [x0, x0 + cols): value and argmax position (TensorFlow's MaxPoolGrad rule within the
// window; Note [Max pooling's argmax]). Called with a compile-time width for whole blocks, so that
// the running values stay in vector registers and the stores vectorize.
template <class T, class Width>
[[gnu::always_inline]] inline void argmax_block(const T* in, Layout il, I64 iw, I64 y0, I64 rows, I64 x0, I64 cols,
                                                I64 ic, Width width, T* o, std::int32_t* a, I64 oc) {
  T value[kBlock], at_argmax[kBlock];
  std::int32_t arg[kBlock];
  if (rows == 0 || cols == 0) {  // a window wholly in padding: nothing to route a gradient to
    for (I64 c = 0; c < width; ++c) value[c] = std::numeric_limits<T>::lowest(), arg[c] = -1;
  } else {
    const T* first = in + (y0 * iw + x0) * il.pixel;
    for (I64 c = 0; c < width; ++c) {
      const T e = first[c * ic];
      value[c] = e > std::numeric_limits<T>::lowest() ? e : std::numeric_limits<T>::lowest();
      at_argmax[c] = e;
      arg[c] = 0;
    }
    std::int32_t position = 0;
    for (I64 y = y0; y < y0 + rows; ++y)
      for (I64 x = x0; x < x0 + cols; ++x, ++position) {
        if (position == 0) continue;
        const T* p = in + (y * iw + x) * il.pixel;
        for (I64 c = 0; c < width; ++c) {
          const T e = p[c * ic];
          value[c] = e > value[c] ? e : value[c];
          const bool better = at_argmax[c] < e;  // never true once at_argmax is NaN
          at_argmax[c] = better ? e : at_argmax[c];
          arg[c] = better ? position : arg[c];
        }
      }
  }
  for (I64 c = 0; c < width; ++c) o[c * oc] = value[c], a[c * oc] = arg[c];
}

// One vector register of float32 lanes, and of int32 lanes (GCC vector extensions: each
// TFPP_SIMD_CLONES clone lowers them to its own instruction set).
using Floats = float __attribute__((vector_size(64)));
using Ints = std::int32_t __attribute__((vector_size(64)));
constexpr I64 kFloatLanes = sizeof(Floats) / sizeof(float);

// 16 contiguous channels of one output whose window's pixels lie at `taps` (offsets from `in`, in
// row-major window order): value and argmax position.
[[gnu::always_inline]] inline void argmax_lanes(const float* in, const I64* taps, I64 count, float* o, std::int32_t* a) {
  constexpr float kLowest = std::numeric_limits<float>::lowest();
  Floats value = Floats{} + kLowest;
  Ints arg = Ints{} - 1;
  if (count == 0) {  // a window wholly in padding: nothing to route a gradient to
    std::memcpy(o, &value, sizeof value);
    std::memcpy(a, &arg, sizeof arg);
    return;
  }
  Floats e;
  std::memcpy(&e, in + taps[0], sizeof e);
  value = e > value ? e : value;
  Floats at_argmax = e;
  arg = Ints{};
  for (I64 t = 1; t < count; ++t) {
    std::memcpy(&e, in + taps[t], sizeof e);
    value = e > value ? e : value;
    const Ints better = at_argmax < e;  // never true once at_argmax is NaN
    at_argmax = better ? e : at_argmax;
    arg = better ? Ints{} + static_cast<std::int32_t>(t) : arg;
  }
  std::memcpy(o, &value, sizeof value);
  std::memcpy(a, &arg, sizeof arg);
}

// Output row oy of one NHWC float32 image (input rows [y0, y0 + rows)): values and argmax
// positions, 16 channels at a time; `channels` is a multiple of 16. Meanwhile it prefetches
// `ahead`, the input rows the next output row adds (prefetch_part).
TFPP_SIMD_CLONES void argmax_row_nhwc(const float* in, I64 iw, I64 y0, I64 rows, const AxisWindows& xw, I64 ow,
                                      I64 channels, const char* ahead, I64 ahead_bytes, float* out,
                                      std::int32_t* argmax, std::vector<I64>& taps) {
  for (I64 ox = 0; ox < ow; ++ox) {
    prefetch_part(ahead, ahead_bytes, ox, ow);
    taps.clear();
    if (xw.size[ox] > 0)
      for (I64 y = y0; y < y0 + rows; ++y)
        for (I64 x = xw.begin[ox]; x < xw.begin[ox] + xw.size[ox]; ++x) taps.push_back((y * iw + x) * channels);
    for (I64 c0 = 0; c0 < channels; c0 += kFloatLanes)
      argmax_lanes(in + c0, taps.data(), static_cast<I64>(taps.size()), out + ox * channels + c0,
                   argmax + ox * channels + c0);
  }
}

// Output row oy of one image (input rows [y0, y0 + rows)), all channels: values and argmax positions.
template <class T, bool kContiguous>
TFPP_SIMD_CLONES void argmax_row(const T* in, Layout il, I64 iw, I64 y0, I64 rows, const AxisWindows& xw, I64 ow,
                                 I64 channels, T* out, std::int32_t* argmax, Layout ol) {
  const I64 ic = kContiguous ? 1 : il.channel, oc = kContiguous ? 1 : ol.channel;
  for (I64 ox = 0; ox < ow; ++ox) {
    const I64 x0 = xw.begin[ox], cols = xw.size[ox];
    T* o = out + ox * ol.pixel;
    std::int32_t* a = argmax + ox * ol.pixel;
    I64 c0 = 0;
    for (; c0 + kBlock <= channels; c0 += kBlock)
      argmax_block(in + c0 * ic, il, iw, y0, rows, x0, cols, ic, std::integral_constant<I64, kBlock>(), o + c0 * oc,
                   a + c0 * oc, oc);
    if (c0 < channels)
      argmax_block(in + c0 * ic, il, iw, y0, rows, x0, cols, ic, channels - c0, o + c0 * oc, a + c0 * oc, oc);
  }
}

// Channels [c0, c0 + width) of input pixel (x, y): the sum of d_out over the windows (output rows
// [oy0, oy1) by xw's columns) whose argmax is that pixel, in output order. A compile-time width
// keeps the sums in vector registers (as argmax_block).
template <class T, class Width>
[[gnu::always_inline]] inline void gather_block(const std::int32_t* argmax, const T* d_out, Layout ol, I64 ow, I64 oc,
                                                I64 x, I64 y, I64 oy0, I64 oy1, const AxisWindows& yw,
                                                const AxisWindows& xw, Width width, T* out, I64 ic) {
  T sum[kBlock];
  for (I64 c = 0; c < width; ++c) sum[c] = T(0);
  for (I64 oy = oy0; oy < oy1; ++oy)
    for (I64 ox = xw.first[x]; ox < xw.last[x]; ++ox) {
      const auto position = static_cast<std::int32_t>((y - yw.begin[oy]) * xw.size[ox] + (x - xw.begin[ox]));
      const I64 at = (oy * ow + ox) * ol.pixel;
      const std::int32_t* a = argmax + at;
      const T* d = d_out + at;
      for (I64 c = 0; c < width; ++c) sum[c] += a[c * oc] == position ? d[c * oc] : T(0);
    }
  for (I64 c = 0; c < width; ++c) out[c * ic] = sum[c];
}

// A window holding an input pixel: where its argmax and d_out lie (elements from the image's
// start) and the pixel's position in it.
struct Hit {
  I64 at;
  std::int32_t position;
};

// 16 contiguous channels of one input pixel: the sum of d_out over `hits` (in output order)
// where the argmax is the pixel.
[[gnu::always_inline]] inline void gather_lanes(const std::int32_t* argmax, const float* d_out, const Hit* hits,
                                                I64 count, float* out) {
  Floats sum = {}, d;
  Ints a;
  for (I64 h = 0; h < count; ++h) {
    std::memcpy(&a, argmax + hits[h].at, sizeof a);
    std::memcpy(&d, d_out + hits[h].at, sizeof d);
    sum += a == hits[h].position ? d : Floats{};
  }
  std::memcpy(out, &sum, sizeof sum);
}

// Input row y of one NHWC float32 image: each pixel's gradient, 16 channels at a time;
// `channels` is a multiple of 16.
TFPP_SIMD_CLONES void gather_row_nhwc(const std::int32_t* argmax, const float* d_out, I64 ow, I64 y, I64 oy0, I64 oy1,
                                      const AxisWindows& yw, const AxisWindows& xw, I64 iw, I64 channels, float* d_in,
                                      std::vector<Hit>& hits) {
  for (I64 x = 0; x < iw; ++x) {
    hits.clear();
    for (I64 oy = oy0; oy < oy1; ++oy)
      for (I64 ox = xw.first[x]; ox < xw.last[x]; ++ox)
        hits.push_back({(oy * ow + ox) * channels,
                        static_cast<std::int32_t>((y - yw.begin[oy]) * xw.size[ox] + (x - xw.begin[ox]))});
    for (I64 c0 = 0; c0 < channels; c0 += kFloatLanes)
      gather_lanes(argmax + c0, d_out + c0, hits.data(), static_cast<I64>(hits.size()), d_in + x * channels + c0);
  }
}

// Input row y of one image, all channels: each pixel's gradient.
template <class T, bool kContiguous>
TFPP_SIMD_CLONES void gather_row(const std::int32_t* argmax, const T* d_out, Layout ol, I64 ow, I64 y, I64 oy0, I64 oy1,
                                 const AxisWindows& yw, const AxisWindows& xw, I64 iw, I64 channels, T* d_in, Layout il) {
  const I64 ic = kContiguous ? 1 : il.channel, oc = kContiguous ? 1 : ol.channel;
  for (I64 x = 0; x < iw; ++x) {
    T* out = d_in + x * il.pixel;
    I64 c0 = 0;
    for (; c0 + kBlock <= channels; c0 += kBlock)
      gather_block(argmax + c0 * oc, d_out + c0 * oc, ol, ow, oc, x, y, oy0, oy1, yw, xw,
                   std::integral_constant<I64, kBlock>(), out + c0 * ic, ic);
    if (c0 < channels)
      gather_block(argmax + c0 * oc, d_out + c0 * oc, ol, ow, oc, x, y, oy0, oy1, yw, xw, channels - c0,
                   out + c0 * ic, ic);
  }
}

}  // namespace

bool argmax_fits(const PoolGeometry& g) {
  return std::min(g.kh, g.ih) * std::min(g.kw, g.iw) <= std::numeric_limits<std::int32_t>::max();
}

template <class T>
void max_pool2d_with_argmax(const PoolGeometry& g, const T* input, T* out, std::int32_t* argmax) {
  const Layout il = layout(g, g.ih, g.iw), ol = layout(g, g.oh, g.ow);
  const AxisWindows yw = axis_windows(g.oh, g.sh, g.pt, g.kh, g.ih), xw = axis_windows(g.ow, g.sw, g.pl, g.kw, g.iw);
  const I64 window = std::min(g.kh, g.ih) * std::min(g.kw, g.iw);  // pixels, at most
  const bool by_lanes = std::is_same_v<T, float> && !g.nchw && g.c % kFloatLanes == 0;
  parallel_for(g.n * g.oh, g.ow * g.c * window, [&](I64 r0, I64 r1) {
    std::vector<I64> taps;
    for (I64 r = r0; r < r1; ++r) {
      const I64 n = r / g.oh, oy = r % g.oh;
      const T* in = input + n * il.image;
      T* o = out + n * ol.image + oy * g.ow * ol.pixel;
      std::int32_t* a = argmax + n * ol.image + oy * g.ow * ol.pixel;
      if constexpr (std::is_same_v<T, float>)
        if (by_lanes) {
          const RowSpan ahead = rows_ahead(yw, g.ih, g.oh, r, r1);
          argmax_row_nhwc(in, g.iw, yw.begin[oy], yw.size[oy], xw, g.ow, g.c,
                          reinterpret_cast<const char*>(input + ahead.begin * g.iw * g.c),
                          (ahead.end - ahead.begin) * g.iw * g.c * static_cast<I64>(sizeof(float)), o, a, taps);
          continue;
        }
      if (g.nchw) argmax_row<T, false>(in, il, g.iw, yw.begin[oy], yw.size[oy], xw, g.ow, g.c, o, a, ol);
      else argmax_row<T, true>(in, il, g.iw, yw.begin[oy], yw.size[oy], xw, g.ow, g.c, o, a, ol);
    }
  });
}

template <class T>
void max_pool2d_backward_with_argmax(const PoolGeometry& g, const std::int32_t* argmax, const T* d_out, T* d_input) {
  const Layout il = layout(g, g.ih, g.iw), ol = layout(g, g.oh, g.ow);
  const AxisWindows yw = axis_windows(g.oh, g.sh, g.pt, g.kh, g.ih), xw = axis_windows(g.ow, g.sw, g.pl, g.kw, g.iw);
  // Windows holding one pixel: at most this many along each axis.
  const I64 per_pixel = std::min((g.kh - 1) / g.sh + 1, g.oh) * std::min((g.kw - 1) / g.sw + 1, g.ow);
  const bool by_lanes = std::is_same_v<T, float> && !g.nchw && g.c % kFloatLanes == 0;
  parallel_for(g.n * g.ih, g.iw * g.c * per_pixel, [&](I64 r0, I64 r1) {
    std::vector<Hit> hits;
    for (I64 r = r0; r < r1; ++r) {
      const I64 n = r / g.ih, y = r % g.ih;
      const std::int32_t* a = argmax + n * ol.image;
      const T* d = d_out + n * ol.image;
      T* out = d_input + n * il.image + y * g.iw * il.pixel;
      if constexpr (std::is_same_v<T, float>)
        if (by_lanes) {
          gather_row_nhwc(a, d, g.ow, y, yw.first[y], yw.last[y], yw, xw, g.iw, g.c, out, hits);
          continue;
        }
      if (g.nchw) gather_row<T, false>(a, d, ol, g.ow, y, yw.first[y], yw.last[y], yw, xw, g.iw, g.c, out, il);
      else gather_row<T, true>(a, d, ol, g.ow, y, yw.first[y], yw.last[y], yw, xw, g.iw, g.c, out, il);
    }
  });
}

template <class T>
bool max_pool2d_read_at_argmax(const PoolGeometry& g, const std::int32_t* argmax, const T* grad, T* out) {
  const Layout il = layout(g, g.ih, g.iw), ol = layout(g, g.oh, g.ow);
  const AxisWindows yw = axis_windows(g.oh, g.sh, g.pt, g.kh, g.ih), xw = axis_windows(g.ow, g.sw, g.pl, g.kw, g.iw);
  for (I64 n = 0; n < g.n; ++n)
    for (I64 oy = 0; oy < g.oh; ++oy)
      for (I64 ox = 0; ox < g.ow; ++ox) {
        const I64 size = yw.size[oy] * xw.size[ox];
        for (I64 c = 0; c < g.c; ++c) {
          const I64 at = n * ol.image + (oy * g.ow + ox) * ol.pixel + c * ol.channel;
          const I64 position = argmax[at];
          if (position == -1 && size == 0) {  // a window wholly in padding
            out[at] = T(0);
            continue;
          }
          if (position < 0 || position >= size) return false;
          const I64 y = yw.begin[oy] + position / xw.size[ox], x = xw.begin[ox] + position % xw.size[ox];
          out[at] = grad[n * il.image + (y * g.iw + x) * il.pixel + c * il.channel];
        }
      }
  return true;
}

template void max_pool2d_with_argmax<float>(const PoolGeometry&, const float*, float*, std::int32_t*);
template void max_pool2d_with_argmax<double>(const PoolGeometry&, const double*, double*, std::int32_t*);
template void max_pool2d_with_argmax<std::int32_t>(const PoolGeometry&, const std::int32_t*, std::int32_t*, std::int32_t*);
template void max_pool2d_with_argmax<std::int64_t>(const PoolGeometry&, const std::int64_t*, std::int64_t*, std::int32_t*);
template void max_pool2d_with_argmax<std::int8_t>(const PoolGeometry&, const std::int8_t*, std::int8_t*, std::int32_t*);
template void max_pool2d_with_argmax<std::uint8_t>(const PoolGeometry&, const std::uint8_t*, std::uint8_t*, std::int32_t*);
template void max_pool2d_with_argmax<std::int16_t>(const PoolGeometry&, const std::int16_t*, std::int16_t*, std::int32_t*);
template void max_pool2d_with_argmax<std::uint16_t>(const PoolGeometry&, const std::uint16_t*, std::uint16_t*, std::int32_t*);
template void max_pool2d_backward_with_argmax<float>(const PoolGeometry&, const std::int32_t*, const float*, float*);
template void max_pool2d_backward_with_argmax<double>(const PoolGeometry&, const std::int32_t*, const double*, double*);
template bool max_pool2d_read_at_argmax<float>(const PoolGeometry&, const std::int32_t*, const float*, float*);
template bool max_pool2d_read_at_argmax<double>(const PoolGeometry&, const std::int32_t*, const double*, double*);

}  // namespace tf::kernels
