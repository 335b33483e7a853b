// 2-D max and average pooling, forward and backward. float32 runs on oneDNN directly on the
// caller's NHWC/NCHW layout (pooling is memory-bound, so no blocked reorders); float64 runs on
// direct loops. Forward passes over NHWC images with 16 bytes of channels or more per pixel run
// on direct loops vectorized across channels instead (pool_nhwc.cc). Average pooling excludes
// padded positions from the count, as TensorFlow does. Max pooling's gradients go through its
// argmax (pool_argmax.cc).
#pragma once

#include <cstddef>
#include <cstdint>

namespace tf::kernels {

/// The sizes of one pooling call (all int64 so the struct hashes as words).
struct PoolGeometry {
  std::int64_t n, c, ih, iw, oh, ow;
  std::int64_t kh, kw, sh, sw;
  std::int64_t pt, pb, pl, pr;
  std::int64_t nchw;  ///< 1 for NCHW, 0 for NHWC
  bool operator==(const PoolGeometry&) const = default;
};

enum class PoolKind { kMax, kAvg };

/// out = pool(input) on oneDNN (on pool2d_forward_nhwc where nhwc_forward_vectorizes).
void pool2d_forward(PoolKind kind, const PoolGeometry& g, const float* input, float* out);
/// d_input of average pooling from d_out, on oneDNN.
void avg_pool2d_backward(const PoolGeometry& g, const float* d_out, float* d_input);

/// The same computations with plain direct loops (float64), either layout. A max over a window
/// ignores NaNs and starts from the dtype's lowest finite value, as TensorFlow's does (a window of
/// NaNs or -infs gives it; ties keep the first element, and so its sign of zero).
template <class T>
void pool2d_forward_direct(PoolKind kind, const PoolGeometry& g, const T* input, T* out);
template <class T>
void avg_pool2d_backward_direct(const PoolGeometry& g, const T* d_out, T* d_input);

/// True when pool2d_forward_nhwc takes these images: NHWC with at least 16 bytes of channels per
/// pixel (a vector of 4 float32 lanes); narrower pixels would run one lane at a time, 3.5x slower
/// than oneDNN for 3 float32 channels.
inline bool nhwc_forward_vectorizes(const PoolGeometry& g, std::size_t element_size) {
  return !g.nchw && g.c * static_cast<std::int64_t>(element_size) >= 16;
}

/// The forward pass for NHWC images (float32, float64) with nhwc_forward_vectorizes, on loops
/// vectorized across channels.
template <class T>
void pool2d_forward_nhwc(PoolKind kind, const PoolGeometry& g, const T* input, T* out);

// Note [Max pooling's argmax]: the argmax of an output is the position, in row-major order over
// its window clipped to the image, of the input its gradient goes to: by TensorFlow's MaxPoolGrad
// rule, the window's first element, replaced by each later element strictly greater than the
// current one (so ties go to the first maximum, and a window starting with NaN routes its
// gradient to that NaN; TensorFlow's eager gradient does so, its oneDNN graph rewrite does not).
// The forward value is MaxPool's own (NaNs ignored, at least the lowest finite value). Positions
// are local to the window, so any int32 value is safe for the gradient's gather, which, for each
// input pixel, sums d_out over the windows whose argmax is that pixel, in output order (the order
// TensorFlow's scatter adds them in): no zero fill, no scattered writes.

/// False when a window can hold more pixels than an int32 position counts.
bool argmax_fits(const PoolGeometry& g);
/// out = max_pool(input) and argmax per output (-1 for a window wholly in padding).
template <class T>
void max_pool2d_with_argmax(const PoolGeometry& g, const T* input, T* out, std::int32_t* argmax);
/// d_input of max pooling from d_out and the forward pass's argmax.
template <class T>
void max_pool2d_backward_with_argmax(const PoolGeometry& g, const std::int32_t* argmax, const T* d_out, T* d_input);
/// out (shaped like the pooling's output) = `grad` (shaped like its input) read at each argmax:
/// the gradient of max_pool2d_backward_with_argmax with respect to d_out. Serial; returns false,
/// having written part of `out`, when an argmax lies outside its window.
template <class T>
bool max_pool2d_read_at_argmax(const PoolGeometry& g, const std::int32_t* argmax, const T* grad, T* out);

}  // namespace tf::kernels
