// keras/src/layers/preprocessing/mel_spectrogram.py on the TensorFlow backend: the signal
// reflect-padded by fft_length / 2 on both sides, tf.signal.stft with the window centred in
// fft_length, |X|^mag_exp, the mel filter bank (tf.signal's, which Keras' own equals), decibels.
// keras/src/layers/preprocessing/stft_spectrogram.py: a Conv1D per channel whose kernels are
// keras.initializers.STFT's windowed cosines and sines.
#include "tfpp/keras/layers/audio_preprocessing.h"

#include <cmath>
#include <numbers>

#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/complex_ops.h"
#include "tfpp/constant.h"
#include "tfpp/keras/initializers.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_conv_pool_variants.h"
#include "tfpp/trigonometric_ops.h"
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

// ---- STFTSpectrogram ----

namespace {

const char* const kModes[] = {"log", "magnitude", "psd", "real", "imag", "angle", "stft"};

// scipy.signal.get_window(name, length, fftbins=periodic) for its generalized cosine windows.
std::vector<double> scipy_window(const std::string& layer, const std::string& name, std::int64_t length, bool periodic) {
  std::vector<double> a;
  if (name == "hann" || name == "hanning") a = {0.5, 0.5};
  else if (name == "hamming") a = {0.54, 0.46};
  else if (name == "blackman") a = {0.42, 0.5, 0.08};
  else if (name == "boxcar" || name == "rectangular" || name == "ones") a = {1.0};
  else throw InvalidArgumentError("[" + layer + "] Unknown window type: " + name + " (tfpp knows hann, hamming, blackman and boxcar)");
  const std::int64_t points = periodic ? length + 1 : length;
  std::vector<double> w(static_cast<std::size_t>(length), 1.0);
  if (points == 1) return w;
  for (std::int64_t n = 0; n < length; ++n) {
    double v = 0;
    for (std::size_t k = 0; k < a.size(); ++k) v += (k % 2 ? -1.0 : 1.0) * a[k] * std::cos(2 * std::numbers::pi * double(k) * double(n) / double(points - 1));
    w[static_cast<std::size_t>(n)] = v;
  }
  return w;
}

// keras.initializers.STFT: cos (real) or sin (imag) of -2 pi t f / fft_length, times the window over its scaling,
// computed in float32 as Keras computes it.
Tensor stft_kernel(const std::string& layer, bool real, const STFTSpectrogramOptions& o, std::int64_t frequencies) {
  const std::int64_t length = o.frame_length;
  const float full_fft = static_cast<float>((frequencies - 1) * 2);
  const Tensor freq = reshape(range(0.0, double(frequencies), 1.0, float32) / full_fft, {1, 1, frequencies});
  const Tensor time = reshape(range(0.0, double(length), 1.0, float32), {length, 1, 1});
  const Tensor args = (-2.0f * time) * freq * acos(constant(-1.0f));
  Tensor kernel = real ? cos(args) : sin(args);
  if (!o.window) return kernel;
  const std::vector<double> values = scipy_window(layer, *o.window, length, o.periodic);
  const Tensor win = reshape(cast(constant(values), float32), {length, 1, 1});
  Tensor scaling = constant(1.0f);
  if (o.scaling == "density") scaling = sqrt(reduce_sum(win * win));
  else if (o.scaling == "spectrum") scaling = reduce_sum(abs(win));
  return kernel * win / scaling;
}

}  // namespace

STFTSpectrogram::STFTSpectrogram(STFTSpectrogramOptions options)
    : Layer(layer_options(options, "STFTSpectrogram")), options_(std::move(options)) {
  const STFTSpectrogramOptions& o = options_;
  if (o.frame_step && (*o.frame_step > o.frame_length || *o.frame_step < 1))
    throw InvalidArgumentError("[" + name() + "] `frame_step` should be a positive integer not greater than `frame_length`. Received frame_step=" +
                               std::to_string(*o.frame_step) + ", frame_length=" + std::to_string(o.frame_length));
  if (o.fft_length && *o.fft_length < o.frame_length)
    throw InvalidArgumentError("[" + name() + "] `fft_length` should be not less than `frame_length`. Received fft_length=" +
                               std::to_string(*o.fft_length) + ", frame_length=" + std::to_string(o.frame_length));
  if (std::find(std::begin(kModes), std::end(kModes), o.mode) == std::end(kModes))
    throw InvalidArgumentError("[" + name() + "] Output mode is invalid, it must be one of log, magnitude, psd, real, imag, angle, stft. "
                               "Received: mode=" + o.mode);
  if (o.scaling && *o.scaling != "density" && *o.scaling != "spectrum")
    throw InvalidArgumentError("[" + name() + "] Scaling is invalid, it must be `None`, 'density' or 'spectrum'. Received scaling=" + *o.scaling);
  if (o.padding != "valid" && o.padding != "same")
    throw InvalidArgumentError("[" + name() + "] Padding is invalid, it should be 'valid', 'same'. Received: padding=" + o.padding);
  image_util::check_data_format(name(), o.data_format);
  if (o.window) scipy_window(name(), *o.window, 1, false);
  frame_step_ = o.frame_step.value_or(o.frame_length / 2);
  fft_length_ = o.fft_length.value_or(std::int64_t{1} << static_cast<int>(std::ceil(std::log2(double(o.frame_length)))));
  set_input_spec({.ndim = 3});
}

void STFTSpectrogram::build(const TensorShape&) {
  const std::int64_t frequencies = fft_length_ / 2 + 1;
  const TensorShape shape({options_.frame_length, 1, frequencies});
  const std::string layer = name();
  for (const bool real : {true, false}) {
    if ((real && options_.mode == "imag") || (!real && options_.mode == "real")) continue;
    const STFTSpectrogramOptions o = options_;
    const keras::initializers::Initializer init("STFT", {}, [layer, real, o, frequencies](const TensorShape&, DType dtype) {
      return cast(stft_kernel(layer, real, o, frequencies), dtype);
    });
    add_weight(real ? "real_kernel" : "imag_kernel", shape, {.initializer = init});
  }
}

Tensor STFTSpectrogram::call(const Tensor& inputs, bool) {
  if (!is_floating(inputs.dtype()))
    throw InvalidArgumentError("[" + name() + "] Invalid input type. Expected `float16`, `float32` or `float64`. Received: input type=" +
                               std::string(dtype_name(inputs.dtype())));
  const bool channels_last = options_.data_format == "channels_last";
  // [batch, channels, time] -> one single-channel signal per row.
  const Tensor signals = channels_last ? transpose(inputs, {0, 2, 1}) : inputs;
  const std::int64_t channels = signals.shape().dim(1), time = signals.shape().dim(2);
  const Tensor rows = reshape(signals, {-1, time, 1});
  const std::string padding = options_.padding == "same" ? "SAME" : "VALID";
  // The convolution per kernel, as [batch, channels, freqs, frames].
  const auto convolve = [&](const Variable& kernel) {
    const Tensor out = nn::conv1d(rows, cast(kernel.read_value(), rows.dtype()), frame_step_, padding);
    const std::int64_t frequencies = out.shape().dim(2);
    return reshape(transpose(out, {0, 2, 1}), {-1, channels, frequencies, out.shape().dim(1)});
  };
  const auto adjust = [&](const Tensor& out) {
    if (options_.expand_dims) return transpose(out, channels_last ? IntArray({0, 3, 2, 1}) : IntArray({0, 1, 3, 2}));
    const Tensor flat = reshape(out, {-1, out.shape().dim(1) * out.shape().dim(2), out.shape().dim(3)});
    return channels_last ? transpose(flat, {0, 2, 1}) : flat;
  };
  const std::string& mode = options_.mode;
  Tensor re, im;
  std::size_t next = 0;
  if (mode != "imag") re = convolve(weight(next++));
  if (mode != "real") im = convolve(weight(next++));
  if (mode == "real") return adjust(re);
  if (mode == "imag") return adjust(im);
  if (mode == "angle") return adjust(atan2(im, re));
  if (mode == "stft") return adjust(concat({re, im}, 2));
  const Tensor power = re * re + im * im;
  if (mode == "psd") {
    // Every frequency but the first and last counted twice (the one-sided spectrum).
    const std::int64_t f = power.shape().dim(2);
    const Tensor inner = slice(power, {0, 0, 1, 0}, {-1, -1, f - 2, -1});
    return adjust(power + pad(inner, {{0, 0}, {0, 0}, {1, 1}, {0, 0}}));
  }
  const Tensor epsilon = scalar_like(power, 1e-7);
  const Tensor magnitude = adjust(sqrt(maximum(power, epsilon)));
  return mode == "magnitude" ? magnitude : math::log(maximum(magnitude, epsilon));
}

Config STFTSpectrogram::get_config() const {
  Config c = Layer::get_config();
  const auto optional_int = [](const std::optional<std::int64_t>& v) { return v ? ConfigValue(*v) : ConfigValue(); };
  const auto optional_text = [](const std::optional<std::string>& v) { return v ? ConfigValue(*v) : ConfigValue(); };
  c["mode"] = options_.mode;
  c["frame_length"] = options_.frame_length;
  c["frame_step"] = optional_int(options_.frame_step);
  c["fft_length"] = optional_int(options_.fft_length);
  c["window"] = optional_text(options_.window);
  c["periodic"] = options_.periodic;
  c["scaling"] = optional_text(options_.scaling);
  c["padding"] = options_.padding;
  c["data_format"] = options_.data_format;
  c["expand_dims"] = options_.expand_dims;
  return c;
}

STFTSpectrogram STFTSpectrogram::from_config(const Config& c) {
  STFTSpectrogramOptions o;
  detail::read_common(c, o);
  const auto text = [](const ConfigValue& v) { return v.get<std::string>(); };
  const auto integer = [](const ConfigValue& v) { return v.get<std::int64_t>(); };
  const auto flag = [](const ConfigValue& v) { return v.get<bool>(); };
  detail::read_if_present(c, "mode", o.mode, text);
  detail::read_if_present(c, "frame_length", o.frame_length, integer);
  if (auto it = c.find("frame_step"); it != c.end() && !it->second.is_null()) o.frame_step = it->second.get<std::int64_t>();
  if (auto it = c.find("fft_length"); it != c.end() && !it->second.is_null()) o.fft_length = it->second.get<std::int64_t>();
  if (auto it = c.find("window"); it != c.end()) o.window = it->second.is_null() ? std::nullopt : std::optional(it->second.get<std::string>());
  detail::read_if_present(c, "periodic", o.periodic, flag);
  if (auto it = c.find("scaling"); it != c.end()) o.scaling = it->second.is_null() ? std::nullopt : std::optional(it->second.get<std::string>());
  detail::read_if_present(c, "padding", o.padding, text);
  detail::read_if_present(c, "data_format", o.data_format, text);
  detail::read_if_present(c, "expand_dims", o.expand_dims, flag);
  return STFTSpectrogram(o);
}

}  // namespace tf::keras::layers
