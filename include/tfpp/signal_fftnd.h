// N-dimensional discrete Fourier transforms over chosen axes, TensorFlow 2.21's tf.signal.fftnd,
// ifftnd, rfftnd and irfftnd: fft_length[i] crops or zero-pads axes[i], norm scales as NumPy's
// ("backward": the inverse divides by the number of points, "forward": the forward one does,
// "ortho": both by its square root). Built from the 1-D FFT ops, so they are differentiable.
// (TensorFlow 2.21 declares FFTND and its kin but registers no CPU kernel or gradient for them.)
//
//   auto spectrum = tf::signal::fftnd(x, {.axes = std::vector<std::int64_t>{0, 2}});
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::signal {

/// Options of the N-dimensional transforms.
struct FftNdOptions {
  std::optional<std::vector<std::int64_t>> fft_length;  ///< one length per axis (default: the axes' sizes; irfftnd: 2 (m - 1) last)
  std::optional<std::vector<std::int64_t>> axes;        ///< the transformed axes, negative from the end (default: all)
  std::string norm = "backward";                        ///< "backward", "forward" or "ortho"
};

/// tf.signal.fftnd: the DFT of a complex tensor over `axes`.
Tensor fftnd(const Tensor& input, const FftNdOptions& options = {});
/// tf.signal.ifftnd: the inverse DFT over `axes`.
Tensor ifftnd(const Tensor& input, const FftNdOptions& options = {});
/// tf.signal.rfftnd: the DFT of a real tensor over `axes`, keeping fft_length / 2 + 1 bins of the last one.
Tensor rfftnd(const Tensor& input, const FftNdOptions& options = {});
/// tf.signal.irfftnd: the real tensor whose rfftnd is `input` (a half spectrum along the last of `axes`).
Tensor irfftnd(const Tensor& input, const FftNdOptions& options = {});

}  // namespace tf::signal
