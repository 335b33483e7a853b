// 2-D convolution kernels: forward, gradient with respect to the input and gradient with
// respect to the filter. float32 runs on oneDNN; float64 (which oneDNN lacks, and which
// finite-difference gradient checks need) runs on direct loops.
#pragma once

#include <cstdint>

namespace tf::kernels {

/// The sizes of one convolution. Images are NHWC (or NCHW when `nchw`); filters are HWIO,
/// or [kh, kw, groups, oc / groups] for depthwise convolutions (groups == ic).
struct ConvGeometry {
  std::int64_t n, ih, iw, ic;  ///< input batch, height, width, channels
  std::int64_t kh, kw, oc;     ///< filter height, width, output channels
  std::int64_t oh, ow;         ///< output height, width
  std::int64_t sh, sw;         ///< strides
  std::int64_t dh, dw;         ///< dilations (1: none)
  std::int64_t pt, pb, pl, pr; ///< padding top, bottom, left, right
  std::int64_t groups;         ///< 1, or ic for a depthwise convolution
  bool nchw;

  bool operator==(const ConvGeometry&) const = default;
};

/// out = conv(input, filter) on oneDNN.
void conv2d_forward(const ConvGeometry& g, const float* input, const float* filter, float* out);
/// d_input from d_out and the filter, on oneDNN.
void conv2d_backward_input(const ConvGeometry& g, const float* filter, const float* d_out, float* d_input);
/// d_filter from the input and d_out, on oneDNN.
void conv2d_backward_filter(const ConvGeometry& g, const float* input, const float* d_out, float* d_filter);

/// The same three computations with direct loops (used for float64, and for int32 as uint32).
template <class T>
void conv2d_forward_direct(const ConvGeometry& g, const T* input, const T* filter, T* out);
template <class T>
void conv2d_backward_input_direct(const ConvGeometry& g, const T* filter, const T* d_out, T* d_input);
template <class T>
void conv2d_backward_filter_direct(const ConvGeometry& g, const T* input, const T* d_out, T* d_filter);

}  // namespace tf::kernels
