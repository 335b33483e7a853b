// 3-D max and average pooling, forward and backward. float32 forward pooling and average
// pooling's gradient run on oneDNN directly on the caller's NDHWC/NCDHW layout; float64 runs on
// direct loops. Average pooling leaves padded positions out of the count, as TensorFlow does.
//
// Max pooling's gradient follows TensorFlow's CPU MaxPool3DGrad: every element of a window
// equal to the window's maximum receives that output's gradient (so tied maxima each get it;
// TensorFlow's oneDNN graph rewrite gives it to the first only). MaxPool3DGradGrad reads, for
// each output, the gradient at the first element (row-major over the window) equal to it.
#pragma once

#include <array>
#include <cstdint>

namespace tf::kernels {

/// The sizes of one 3-D pooling call; spatial triples are (depth, height, width). Every field
/// is an int64, so the struct hashes as words.
struct Pool3DGeometry {
  std::int64_t n, c;
  std::array<std::int64_t, 3> in, out, window, stride, pad_before, pad_after;
  std::int64_t ncdhw;  ///< 1 for NCDHW, 0 for NDHWC
  bool operator==(const Pool3DGeometry&) const = default;
};

enum class Pool3DKind { kMax, kAvg };

/// out = pool(input) on oneDNN.
void pool3d_forward(Pool3DKind kind, const Pool3DGeometry& g, const float* input, float* out);
/// d_input of average pooling from d_out, on oneDNN.
void avg_pool3d_backward(const Pool3DGeometry& g, const float* d_out, float* d_input);

/// The same with direct loops (float64). A max starts from the dtype's lowest finite value.
template <class T>
void pool3d_forward_direct(Pool3DKind kind, const Pool3DGeometry& g, const T* input, T* out);
template <class T>
void avg_pool3d_backward_direct(const Pool3DGeometry& g, const T* d_out, T* d_input);

/// d_input of max pooling: d_out added at every window element equal to the window's `output`.
template <class T>
void max_pool3d_backward(const Pool3DGeometry& g, const T* input, const T* output, const T* d_out, T* d_input);
/// MaxPool3DGradGrad: for each output, `grad` (shaped like the input) at the window's first
/// element equal to `output`, or 0 when none is.
template <class T>
void max_pool3d_grad_grad(const Pool3DGeometry& g, const T* input, const T* output, const T* grad, T* out);

}  // namespace tf::kernels
