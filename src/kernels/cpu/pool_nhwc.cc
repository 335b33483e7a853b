// Max and average pooling forward over NHWC images (16 bytes of channels or more per pixel) on
// direct loops, vectorized across each pixel's contiguous channels as TensorFlow's Eigen kernels
// are, split over the intra-op pool by output rows. oneDNN 2.6's NHWC kernels took 12.5 ms of CPU
// on the ResNet stem's [32,112,112,64] 3x3/2 max pooling on one thread, 1.4x TensorFlow's; these
// loops stream each input once (the rows neighbouring windows share stay in cache), keep window
// values in registers and prefetch the next output row's input rows.
#include <algorithm>
#include <cstring>
#include <limits>
#include <vector>

#include "kernels/cpu/parallel.h"
#include "kernels/cpu/pool.h"
#include "kernels/cpu/pool_windows.h"
#include "kernels/cpu/reduce_simd.h"

namespace tf::kernels {
namespace {

using I64 = std::int64_t;

// kLanes values of T in one GCC vector (each TFPP_SIMD_CLONES clone lowers it to its own
// instruction set).
template <class T, I64 kLanes>
struct LanesOf {
  typedef T type __attribute__((vector_size(kLanes * sizeof(T))));
};

// The widest lane count whose vector `channels` fill: 32 bytes, else 16 (nhwc_forward_vectorizes
// keeps narrower pixels away). Not 64: GCC 12's AVX2 clone lowers a select of 64-byte vectors to
// scalar code (AVX-512 gains nothing over 32 bytes on Zen 4, which splits it in two halves, and
// the loop waits on memory). Blocks of that many channels cover every channel, a last partial
// block overlapping the one before it (recomputing a few channels to the same values) instead of
// running a scalar tail. The cloned row function below branches on it itself: a lambda taking the
// count would be compiled for the baseline instruction set, not for each clone's.
template <class T>
constexpr I64 lanes_for(I64 channels) {
  constexpr I64 kWide = 32 / sizeof(T);
  return channels >= kWide ? kWide : kWide / 2;
}

// Where block c0 of kLanes channels starts (the last one overlaps, see lanes_for).
constexpr I64 block_start(I64 c0, I64 lanes, I64 channels) { return std::min(c0, channels - lanes); }

// v = the kLanes values at p (sizeof v bytes, any alignment).
template <class V, class T>
[[gnu::always_inline]] inline void load(V& v, const T* p) {
  std::memcpy(&v, p, sizeof v);
}

// One output row of max (kMax) or average pooling from input rows [in, in + rows * row) (row:
// elements per input row). The max starts from the lowest finite value and takes an element only
// when it is greater, so NaNs are skipped, a window of NaNs or -infs gives the lowest value and
// ties keep the first element (and its sign of zero): TensorFlow's rule (Note [Max pooling's
// argmax], pool.h). The average divides the window's sum, in row-major order, by its real pixels.
// Meanwhile it prefetches `ahead` (the input rows the next output row adds, ahead_bytes long;
// prefetch_part) into L2: 7.4 ms instead of 8.6 for the stem's max pooling on one thread.
template <PoolKind kKind, class T, I64 kLanes>
[[gnu::always_inline]] inline void pool_row(const T* in, I64 row, I64 rows, const AxisWindows& xs, I64 ow, I64 channels,
                                            const char* ahead, I64 ahead_bytes, T* out) {
  using V = typename LanesOf<T, kLanes>::type;
  for (I64 ox = 0; ox < ow; ++ox) {
    prefetch_part(ahead, ahead_bytes, ox, ow);
    const T* window = in + xs.begin[ox] * channels;
    const I64 cols = xs.size[ox];
    for (I64 c0 = 0; c0 < channels; c0 += kLanes) {
      const I64 c = block_start(c0, kLanes, channels);
      V value = V{} + (kKind == PoolKind::kMax ? std::numeric_limits<T>::lowest() : T(0));
      for (I64 r = 0; r < rows; ++r)
        for (I64 q = 0; q < cols; ++q) {
          V e;
          load(e, window + r * row + q * channels + c);
          if constexpr (kKind == PoolKind::kMax) value = e > value ? e : value;
          else value += e;
        }
      if constexpr (kKind == PoolKind::kAvg) value /= static_cast<T>(rows * cols);
      std::memcpy(out + ox * channels + c, &value, sizeof value);
    }
  }
}

template <PoolKind kKind, class T>
TFPP_SIMD_CLONES void pool_row_nhwc(const T* in, I64 row, I64 rows, const AxisWindows& xs, I64 ow, I64 channels,
                                    const char* ahead, I64 ahead_bytes, T* out) {
  constexpr I64 kWide = lanes_for<T>(1 << 20);
  switch (lanes_for<T>(channels)) {
    case kWide: return pool_row<kKind, T, kWide>(in, row, rows, xs, ow, channels, ahead, ahead_bytes, out);
    default: return pool_row<kKind, T, kWide / 2>(in, row, rows, xs, ow, channels, ahead, ahead_bytes, out);
  }
}

template <PoolKind kKind, class T>
void pool_nhwc(const PoolGeometry& g, const T* input, T* out) {
  const AxisWindows ys = axis_windows(g.oh, g.sh, g.pt, g.kh, g.ih), xs = axis_windows(g.ow, g.sw, g.pl, g.kw, g.iw);
  const I64 row = g.iw * g.c;
  // Window elements per output row over 2 (a vectorized max or add reads about twice as fast as
  // an elementwise add).
  parallel_for(g.n * g.oh, g.ow * g.c * g.kh * g.kw / 2 + 1, [&](I64 r0, I64 r1) {
    for (I64 r = r0; r < r1; ++r) {
      const RowSpan now = input_rows(ys, g.ih, g.oh, r), ahead = rows_ahead(ys, g.ih, g.oh, r, r1);
      pool_row_nhwc<kKind>(input + now.begin * row, row, now.end - now.begin, xs, g.ow, g.c,
                           reinterpret_cast<const char*>(input + ahead.begin * row),
                           (ahead.end - ahead.begin) * row * static_cast<I64>(sizeof(T)), out + r * g.ow * g.c);
    }
  });
}

}  // namespace

template <class T>
void pool2d_forward_nhwc(PoolKind kind, const PoolGeometry& g, const T* input, T* out) {
  if (kind == PoolKind::kMax) pool_nhwc<PoolKind::kMax>(g, input, out);
  else pool_nhwc<PoolKind::kAvg>(g, input, out);
}

template void pool2d_forward_nhwc<float>(PoolKind, const PoolGeometry&, const float*, float*);
template void pool2d_forward_nhwc<double>(PoolKind, const PoolGeometry&, const double*, double*);

}  // namespace tf::kernels
