// 3-D convolution kernels: forward, gradient with respect to the input and gradient with
// respect to the filter. float32 runs on oneDNN; float64 (which oneDNN lacks, and which
// finite-difference gradient checks need) runs on direct loops.
#pragma once

#include <array>
#include <cstdint>

namespace tf::kernels {

/// The sizes of one 3-D convolution. Spatial triples are (depth, height, width). Volumes are
/// NDHWC (or NCDHW when `ncdhw`); filters are DHWIO. Every field is an int64, so the struct
/// hashes as words.
struct Conv3DGeometry {
  std::int64_t n, ic, oc;                   ///< batch, input channels, output channels
  std::array<std::int64_t, 3> in, kernel;   ///< input and filter sizes
  std::array<std::int64_t, 3> out;          ///< output sizes
  std::array<std::int64_t, 3> stride, dilation;
  std::array<std::int64_t, 3> pad_before, pad_after;
  std::int64_t ncdhw;                       ///< 1 for NCDHW, 0 for NDHWC

  bool operator==(const Conv3DGeometry&) const = default;
};

/// out = conv3d(input, filter) on oneDNN.
void conv3d_forward(const Conv3DGeometry& g, const float* input, const float* filter, float* out);
/// d_input from d_out and the filter, on oneDNN.
void conv3d_backward_input(const Conv3DGeometry& g, const float* filter, const float* d_out, float* d_input);
/// d_filter from the input and d_out, on oneDNN.
void conv3d_backward_filter(const Conv3DGeometry& g, const float* input, const float* d_out, float* d_filter);

/// The same three computations with direct loops (used for float64).
template <class T>
void conv3d_forward_direct(const Conv3DGeometry& g, const T* input, const T* filter, T* out);
template <class T>
void conv3d_backward_input_direct(const Conv3DGeometry& g, const T* filter, const T* d_out, T* d_input);
template <class T>
void conv3d_backward_filter_direct(const Conv3DGeometry& g, const T* input, const T* d_out, T* d_filter);

}  // namespace tf::kernels
