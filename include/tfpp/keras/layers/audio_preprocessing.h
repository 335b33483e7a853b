// Keras 3's audio preprocessing layers, with Keras' arguments, config keys and values:
// keras.layers.MelSpectrogram (waveforms [samples] or [batch, samples] to mel spectrograms
// [num_mel_bins, frames], or batched, optionally in decibels: tf.signal's STFT of the centred,
// reflect-padded signal and Keras' mel filter bank) and keras.layers.STFTSpectrogram (signals
// [batch, time, channels] through a 1-D convolution with the windowed DFT as its kernels,
// real_kernel and imag_kernel, which training may change as Keras').
//
//   layers::MelSpectrogram mel({.fft_length = 512, .sequence_stride = 128, .num_mel_bins = 64});
//   tf::Tensor spectrograms = mel(waveforms);   // [batch, 64, samples / 128 + 1]
//   layers::STFTSpectrogram stft({.mode = "magnitude", .frame_length = 128, .frame_step = 64});
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// Options of MelSpectrogram (Keras' defaults).
struct MelSpectrogramOptions {
  std::int64_t fft_length = 2048;                   ///< FFT size; frames are this long after centring
  std::int64_t sequence_stride = 512;               ///< samples between frames
  std::optional<std::int64_t> sequence_length = {}; ///< window length (default fft_length), at most fft_length
  std::optional<std::string> window = "hann";       ///< "hann", "hamming" or none
  std::int64_t sampling_rate = 16000;
  std::int64_t num_mel_bins = 128;
  double min_freq = 20.0;                           ///< the lowest mel band's lower edge, in Hz
  std::optional<double> max_freq = {};              ///< the highest band's upper edge (default sampling_rate / 2)
  bool power_to_db = true;                          ///< decibels relative to ref_power, floored top_db below the maximum
  double top_db = 80.0;
  double mag_exp = 2.0;                             ///< the magnitude's exponent (2: power)
  double min_power = 1e-10;
  double ref_power = 1.0;
  TFPP_KERAS_LAYER_OPTIONS
};

/// Mel spectrograms of waveforms (keras.layers.MelSpectrogram): |STFT|^mag_exp through
/// num_mel_bins triangular filters, in dB when power_to_db (floored top_db below the whole
/// batch's maximum, as Keras). Output [..., num_mel_bins, frames] in the layer's dtype.
class MelSpectrogram : public Layer {
 public:
  explicit MelSpectrogram(MelSpectrogramOptions options = {});
  /// A MelSpectrogram from get_config()'s output.
  static MelSpectrogram from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(MelSpectrogram)

 private:
  MelSpectrogramOptions options_;
};

/// Options of STFTSpectrogram (Keras' defaults).
struct STFTSpectrogramOptions {
  std::string mode = "log";                   ///< log, magnitude, psd, real, imag, angle or stft (real and imaginary)
  std::int64_t frame_length = 256;
  std::optional<std::int64_t> frame_step = {};  ///< default frame_length / 2; in [1, frame_length]
  std::optional<std::int64_t> fft_length = {};  ///< default the next power of two >= frame_length
  std::optional<std::string> window = "hann";   ///< SciPy's hann, hamming, blackman or boxcar; none for no window
  bool periodic = false;                        ///< a periodic window instead of a symmetric one
  std::optional<std::string> scaling = "density";  ///< "density", "spectrum" or none
  std::string padding = "valid";                ///< the convolution's padding: "valid" or "same"
  bool expand_dims = false;                     ///< keep channels apart: [batch, time, freq, channels]
  std::string data_format = "channels_last";    ///< inputs [batch, time, channels], or [batch, channels, time]
  TFPP_KERAS_LAYER_OPTIONS
};

/// Spectrograms of signals [batch, time, channels] (keras.layers.STFTSpectrogram): per channel, a
/// 1-D convolution with the windowed DFT kernels (weights real_kernel and imag_kernel of shape
/// [frame_length, 1, fft_length / 2 + 1]); output [batch, frames, channels * freqs] (or, with
/// expand_dims, [batch, frames, freqs, channels]).
class STFTSpectrogram : public Layer {
 public:
  explicit STFTSpectrogram(STFTSpectrogramOptions options = {});
  /// An STFTSpectrogram from get_config()'s output.
  static STFTSpectrogram from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(STFTSpectrogram)

 private:
  STFTSpectrogramOptions options_;
  std::int64_t frame_step_, fft_length_;
};

}  // namespace tf::keras::layers
