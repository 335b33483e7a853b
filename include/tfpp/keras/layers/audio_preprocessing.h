// Keras 3's audio preprocessing layer keras.layers.MelSpectrogram: waveforms [samples] or
// [batch, samples] to mel spectrograms [num_mel_bins, frames] (or batched), optionally in
// decibels, with Keras' arguments, config keys and values (tf.signal's STFT of the centred,
// reflect-padded signal, Keras' mel filter bank).
//
//   layers::MelSpectrogram mel({.fft_length = 512, .sequence_stride = 128, .num_mel_bins = 64});
//   tf::Tensor spectrograms = mel(waveforms);   // [batch, 64, samples / 128 + 1]
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

}  // namespace tf::keras::layers
