// tf.signal: discrete Fourier transforms (complex and real), their shifts, framing and
// overlap-add, windows, short-time Fourier transforms, mel filter banks, MFCCs and DCTs, with
// TensorFlow's names, defaults and values.
//
//   tf::Tensor spectrum = tf::signal::stft(signal, /*frame_length=*/256, /*frame_step=*/128);
//   tf::Tensor power = tf::math::abs(spectrum);                       // [frames, 129]
//   tf::Tensor mel = tf::matmul(power, tf::signal::linear_to_mel_weight_matrix());
//   tf::Tensor mfccs = tf::signal::mfccs_from_log_mel_spectrograms(tf::math::log(mel + 1e-6f));
//
// Everything is differentiable, as in TensorFlow.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::signal {

/// tf.signal.fft: the DFT of the innermost dimension of a complex tensor.
Tensor fft(const Tensor& input);
/// tf.signal.ifft: the inverse DFT (divided by the length) of the innermost dimension.
Tensor ifft(const Tensor& input);
/// tf.signal.fft2d over the innermost two dimensions.
Tensor fft2d(const Tensor& input);
/// tf.signal.ifft2d over the innermost two dimensions.
Tensor ifft2d(const Tensor& input);
/// tf.signal.fft3d over the innermost three dimensions.
Tensor fft3d(const Tensor& input);
/// tf.signal.ifft3d over the innermost three dimensions.
Tensor ifft3d(const Tensor& input);

/// tf.signal.rfft: the fft_length / 2 + 1 unique DFT bins of a real signal (float32 gives
/// complex64); the signal is cropped or zero-padded to fft_length (default: its length).
Tensor rfft(const Tensor& input, const std::vector<std::int64_t>& fft_length = {});
/// tf.signal.irfft: the real signal of length fft_length (default 2 (bins - 1)) with this half spectrum.
Tensor irfft(const Tensor& input, const std::vector<std::int64_t>& fft_length = {});
/// tf.signal.rfft2d over the innermost two dimensions.
Tensor rfft2d(const Tensor& input, const std::vector<std::int64_t>& fft_length = {});
/// tf.signal.irfft2d over the innermost two dimensions.
Tensor irfft2d(const Tensor& input, const std::vector<std::int64_t>& fft_length = {});
/// tf.signal.rfft3d over the innermost three dimensions.
Tensor rfft3d(const Tensor& input, const std::vector<std::int64_t>& fft_length = {});
/// tf.signal.irfft3d over the innermost three dimensions.
Tensor irfft3d(const Tensor& input, const std::vector<std::int64_t>& fft_length = {});

/// tf.signal.fftshift: rolls the zero frequency to the middle of the given axes (default: all).
Tensor fftshift(const Tensor& x, const std::optional<std::vector<std::int64_t>>& axes = std::nullopt);
/// tf.signal.ifftshift: the inverse of fftshift.
Tensor ifftshift(const Tensor& x, const std::optional<std::vector<std::int64_t>>& axes = std::nullopt);

/// Options of tf::signal::frame.
struct FrameOptions {
  bool pad_end = false;    ///< pad the end with pad_value so that every sample starts a frame's hop
  double pad_value = 0.0;  ///< the padding value, in the signal's dtype
  std::int64_t axis = -1;  ///< the axis to frame
};
/// tf.signal.frame: frames of frame_length samples, frame_step apart, along `axis`; that axis
/// becomes [frames, frame_length].
Tensor frame(const Tensor& signal, std::int64_t frame_length, std::int64_t frame_step, const FrameOptions& options = {});

/// tf.signal.overlap_and_add: sums frames [..., frames, frame_length] placed frame_step apart.
Tensor overlap_and_add(const Tensor& signal, std::int64_t frame_step);

/// Options of the windows.
struct WindowOptions {
  bool periodic = true;  ///< a periodic window (for spectral analysis) or a symmetric one
  DType dtype = DType::kFloat32;
};
/// tf.signal.hann_window: 0.5 - 0.5 cos(2 pi n / N).
Tensor hann_window(std::int64_t window_length, const WindowOptions& options = {});
/// tf.signal.hamming_window: 0.54 - 0.46 cos(2 pi n / N).
Tensor hamming_window(std::int64_t window_length, const WindowOptions& options = {});

/// A window function: (frame_length, dtype) -> window [frame_length]; empty for no window.
using WindowFn = std::function<Tensor(std::int64_t, DType)>;
/// The periodic Hann window as a WindowFn (stft's default).
Tensor default_window(std::int64_t frame_length, DType dtype);

/// Options of tf::signal::stft.
struct StftOptions {
  std::int64_t fft_length = -1;          ///< default: the smallest power of two >= frame_length
  WindowFn window_fn = default_window;   ///< applied to each frame; empty for none
  bool pad_end = false;                  ///< pad the signal's end so that no sample is dropped
};
/// tf.signal.stft: the RFFTs of the windowed frames of real signals [..., samples] ->
/// complex [..., frames, fft_length / 2 + 1].
Tensor stft(const Tensor& signals, std::int64_t frame_length, std::int64_t frame_step, const StftOptions& options = {});

/// Options of tf::signal::inverse_stft.
struct InverseStftOptions {
  std::int64_t fft_length = -1;         ///< default: the smallest power of two >= frame_length
  WindowFn window_fn = default_window;  ///< applied to each inverse frame; empty for none
};
/// tf.signal.inverse_stft: overlap-adds the windowed IRFFTs of stfts [..., frames, bins].
Tensor inverse_stft(const Tensor& stfts, std::int64_t frame_length, std::int64_t frame_step,
                    const InverseStftOptions& options = {});
/// tf.signal.inverse_stft_window_fn: the window that makes inverse_stft invert stft with `forward_window_fn`.
WindowFn inverse_stft_window_fn(std::int64_t frame_step, WindowFn forward_window_fn = default_window);

/// Options of tf::signal::linear_to_mel_weight_matrix (TensorFlow's defaults).
struct MelOptions {
  std::int64_t num_mel_bins = 20;
  std::int64_t num_spectrogram_bins = 129;
  double sample_rate = 8000.0;
  double lower_edge_hertz = 125.0;
  double upper_edge_hertz = 3800.0;
  DType dtype = DType::kFloat32;
};
/// tf.signal.linear_to_mel_weight_matrix: [num_spectrogram_bins, num_mel_bins] triangular
/// filters, HTK's mel scale, the DC bin left out.
Tensor linear_to_mel_weight_matrix(const MelOptions& options = {});

/// tf.signal.mfccs_from_log_mel_spectrograms: the orthonormal-scaled DCT-II of [..., num_mel_bins].
Tensor mfccs_from_log_mel_spectrograms(const Tensor& log_mel_spectrograms);

/// Options of tf::signal::dct / idct.
struct DctOptions {
  int type = 2;                       ///< 1, 2, 3 or 4
  std::optional<std::int64_t> n = std::nullopt;  ///< crop or zero-pad the last dimension to n first
  std::int64_t axis = -1;             ///< only -1
  std::string norm = "";              ///< "" (none) or "ortho"
};
/// tf.signal.dct: the discrete cosine transform of the last dimension of a real tensor.
Tensor dct(const Tensor& input, const DctOptions& options = {});
/// tf.signal.idct: the DCT of the inverse type (without "ortho", idct(dct(x)) is 2N x for types 2 and 3, as in TensorFlow).
Tensor idct(const Tensor& input, const DctOptions& options = {});

}  // namespace tf::signal
