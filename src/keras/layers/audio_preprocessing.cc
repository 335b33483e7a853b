// keras/src/layers/preprocessing/mel_spectrogram.py on the TensorFlow backend: the signal
// reflect-padded by fft_length / 2 on both sides, tf.signal.stft with the window centred in
// fft_length, |X|^mag_exp, the mel filter bank (tf.signal's, which Keras' own equals), decibels.
#include "tfpp/keras/layers/audio_preprocessing.h"

#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/complex_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/signal.h"

namespace tf::keras::layers {

namespace {

std::int64_t window_length(const MelSpectrogramOptions& o) { return o.sequence_length.value_or(o.fft_length); }

// Keras' numpy.log10 on TensorFlow: log(x) / log(10) in x's dtype.
Tensor log10(const Tensor& x) { return math::log(x) / math::log(scalar_like(x, 10.0)); }

}  // namespace

MelSpectrogram::MelSpectrogram(MelSpectrogramOptions options)
    : Layer(layer_options(options, "MelSpectrogram")), options_(std::move(options)) {
  const std::int64_t length = window_length(options_);
  if (options_.fft_length < length)
    throw InvalidArgumentError("[" + name() + "] `fft_length` must be greater than or equal to   `sequence_length`. Received: `sequence_length`=" +
                               std::to_string(length) + ", `fft_length`=" + std::to_string(options_.fft_length) + ".");
  if (options_.window && *options_.window != "hann" && *options_.window != "hamming")
    throw InvalidArgumentError("[" + name() + "] If a string is passed to `window`, it must be one of `\"hann\"`, `\"hamming\"`. Received: window=" +
                               *options_.window);
  if (options_.sequence_stride < 1) throw InvalidArgumentError("[" + name() + "] `sequence_stride` must be positive");
}

Tensor MelSpectrogram::call(const Tensor& inputs, bool) {
  const DType dtype = this->dtype() == float64 ? float64 : float32;
  const Tensor x = cast(inputs, dtype);
  const int rank = x.shape().rank();
  if (rank != 1 && rank != 2)
    throw InvalidArgumentError("[" + name() + "] expects waveforms [samples] or [batch, samples]. Received: inputs.shape=" +
                               x.shape().to_string());
  const std::int64_t fft = options_.fft_length, length = window_length(options_);
  std::vector<std::array<std::int64_t, 2>> paddings(rank, {0, 0});
  paddings.back() = {fft / 2, fft / 2};
  const Tensor centred = pad(x, paddings, {.mode = "REFLECT"});
  const std::int64_t left = (fft - length) / 2, right = fft - length - left;
  signal::WindowFn window;
  if (options_.window) {
    const Tensor w = *options_.window == "hann" ? signal::hann_window(length, {.periodic = true, .dtype = dtype})
                                                : signal::hamming_window(length, {.periodic = true, .dtype = dtype});
    const Tensor padded = pad(w, {{left, right}});
    window = [padded](std::int64_t, DType) { return padded; };
  }
  const Tensor stft = signal::stft(centred, fft, options_.sequence_stride, {.fft_length = fft, .window_fn = window});
  const Tensor re = math::real(stft), im = math::imag(stft);
  Tensor spec = pow(sqrt(re * re + im * im), scalar_like(re, options_.mag_exp));
  const Tensor mel = signal::linear_to_mel_weight_matrix({.num_mel_bins = options_.num_mel_bins,
                                                          .num_spectrogram_bins = fft / 2 + 1,
                                                          .sample_rate = static_cast<double>(options_.sampling_rate),
                                                          .lower_edge_hertz = options_.min_freq,
                                                          .upper_edge_hertz = options_.max_freq.value_or(options_.sampling_rate / 2),
                                                          .dtype = dtype});
  spec = tensordot(spec, mel, 1);
  if (options_.power_to_db) {
    Tensor db = 10.0 * log10(maximum(spec, scalar_like(spec, options_.min_power)));
    db = db - 10.0 * log10(maximum(abs(scalar_like(spec, options_.ref_power)), scalar_like(spec, options_.min_power)));
    spec = maximum(db, reduce_max(db) - options_.top_db);
  }
  // [..., frames, mel] -> [..., mel, frames]
  return cast(rank == 1 ? transpose(spec, {1, 0}) : transpose(spec, {0, 2, 1}), this->dtype());
}

Config MelSpectrogram::get_config() const {
  Config c = Layer::get_config();
  c["fft_length"] = options_.fft_length;
  c["sequence_stride"] = options_.sequence_stride;
  c["sequence_length"] = window_length(options_);
  c["window"] = options_.window ? ConfigValue(*options_.window) : ConfigValue();
  c["sampling_rate"] = options_.sampling_rate;
  c["num_mel_bins"] = options_.num_mel_bins;
  c["min_freq"] = options_.min_freq;
  if (options_.max_freq) {
    c["max_freq"] = *options_.max_freq;
  } else {
    c["max_freq"] = options_.sampling_rate / 2;  // Keras writes int(sampling_rate / 2)
  }
  c["power_to_db"] = options_.power_to_db;
  c["top_db"] = options_.top_db;
  c["mag_exp"] = options_.mag_exp;
  c["min_power"] = options_.min_power;
  c["ref_power"] = options_.ref_power;
  return c;
}

MelSpectrogram MelSpectrogram::from_config(const Config& c) {
  MelSpectrogramOptions o;
  detail::read_common(c, o);
  const auto integer = [](const ConfigValue& v) { return v.get<std::int64_t>(); };
  const auto number = [](const ConfigValue& v) { return v.as_double(); };
  detail::read_if_present(c, "fft_length", o.fft_length, integer);
  detail::read_if_present(c, "sequence_stride", o.sequence_stride, integer);
  if (auto it = c.find("sequence_length"); it != c.end() && !it->second.is_null()) o.sequence_length = it->second.get<std::int64_t>();
  if (auto it = c.find("window"); it != c.end()) o.window = it->second.is_null() ? std::nullopt : std::optional(it->second.get<std::string>());
  detail::read_if_present(c, "sampling_rate", o.sampling_rate, integer);
  detail::read_if_present(c, "num_mel_bins", o.num_mel_bins, integer);
  detail::read_if_present(c, "min_freq", o.min_freq, number);
  // Keras writes its default, int(sampling_rate / 2), as an integer: keep it the default so it stays one.
  if (auto it = c.find("max_freq"); it != c.end() && !it->second.is_null() &&
      !(it->second.holds<std::int64_t>() && it->second.get<std::int64_t>() == o.sampling_rate / 2))
    o.max_freq = it->second.as_double();
  detail::read_if_present(c, "power_to_db", o.power_to_db, [](const ConfigValue& v) { return v.get<bool>(); });
  detail::read_if_present(c, "top_db", o.top_db, number);
  detail::read_if_present(c, "mag_exp", o.mag_exp, number);
  detail::read_if_present(c, "min_power", o.min_power, number);
  detail::read_if_present(c, "ref_power", o.ref_power, number);
  return MelSpectrogram(o);
}

}  // namespace tf::keras::layers
