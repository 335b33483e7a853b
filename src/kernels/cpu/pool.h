// 2-D max and average pooling, forward and backward. float32 runs on oneDNN directly on the
// caller's NHWC/NCHW layout (pooling is memory-bound, so no blocked reorders); float64 runs
// on direct loops. Average pooling excludes padded positions from the count, as TensorFlow does.
#pragma once

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

/// out = pool(input) on oneDNN.
void pool2d_forward(PoolKind kind, const PoolGeometry& g, const float* input, float* out);
/// d_input of average pooling from d_out, on oneDNN.
void avg_pool2d_backward(const PoolGeometry& g, const float* d_out, float* d_input);
/// d_input of max pooling: each d_out element goes to its window's maximum of `input`, on oneDNN.
void max_pool2d_backward(const PoolGeometry& g, const float* input, const float* d_out, float* d_input);

/// The same computations with direct loops (float64); ties in max pooling go to the first maximum.
template <class T>
void pool2d_forward_direct(PoolKind kind, const PoolGeometry& g, const T* input, T* out);
template <class T>
void avg_pool2d_backward_direct(const PoolGeometry& g, const T* d_out, T* d_input);
template <class T>
void max_pool2d_backward_direct(const PoolGeometry& g, const T* input, const T* d_out, T* d_input);
/// The gradient of max_pool2d_backward with respect to d_out: out = `grad` read at each
/// window's first maximum of `input` (direct loops, float32 and float64).
template <class T>
void max_pool2d_grad_grad_direct(const PoolGeometry& g, const T* input, const T* grad, T* out);

}  // namespace tf::kernels
