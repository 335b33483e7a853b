// Complex numbers (tf.complex, tf.math.real / imag / conj / angle) and tf.signal for Python,
// with TensorFlow's argument names. stft / inverse_stft take Python window functions through
// python/tfpp/signal.py, which passes them here.
#include <nanobind/stl/function.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "argument_errors.h"
#include "bindings.h"
#include "dtype_object.h"
#include "tfpp/complex_ops.h"
#include "tfpp/linalg_eig.h"
#include "tfpp/signal.h"
#include "tfpp/signal_mdct.h"
#include "tfpp/signal_windows.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
namespace s = tf::signal;

// fft_length: None (inferred) or a list of ints.
std::vector<std::int64_t> lengths(nb::handle value) { return value.is_none() ? std::vector<std::int64_t>{} : int_list(value); }

// A Python window function (called with the length and dtype=...), or none for None.
s::WindowFn window_from(nb::handle fn) {
  if (fn.is_none()) return nullptr;
  nb::object callable = nb::borrow(fn);
  return [callable](std::int64_t length, tf::DType dtype) {
    nb::gil_scoped_acquire gil;
    return to_tensor(callable(length, "dtype"_a = dtype_object(dtype)));
  };
}

void bind_fft(nb::module_& signal, const char* name, tf::Tensor (*fn)(const tf::Tensor&)) {
  signal.def(name, [fn](nb::handle input, nb::handle name) {
    NodeName named(name);
    return fn(to_tensor(input));
  }, "input"_a, "name"_a = nb::none());
}

void bind_real_fft(nb::module_& signal, const char* name,
                   tf::Tensor (*fn)(const tf::Tensor&, const std::vector<std::int64_t>&), bool inverse) {
  signal.def(name, [fn, inverse](nb::handle input, nb::handle fft_length, nb::handle name) {
    NodeName named(name);
    return fn(to_tensor(input, inverse ? std::nullopt : std::optional<tf::DType>()), lengths(fft_length));
  }, "input_tensor"_a, "fft_length"_a = nb::none(), "name"_a = nb::none());
}

std::optional<std::vector<std::int64_t>> axes_from(nb::handle axes) {
  if (axes.is_none()) return std::nullopt;
  return int_list(axes);
}

}  // namespace

void bind_signal_ops(nb::module_& m) {
  m.def("complex", [](nb::handle real, nb::handle imag, nb::handle name) {
    auto [re, im] = binary_operands(real, imag);
    NodeName named(name);
    return tf::complex(re, im);
  }, "real"_a, "imag"_a, "name"_a = nb::none());
  nb::module_ math = nb::borrow<nb::module_>(m.attr("math"));
  for (auto [name, fn] : {std::pair<const char*, tf::Tensor (*)(const tf::Tensor&)>{"real", tf::math::real}, {"imag", tf::math::imag}, {"conj", tf::math::conj},
                          {"angle", tf::math::angle}}) {
    math.def(name, [fn](nb::handle input, nb::handle name) {
      NodeName named(name);
      return fn(to_tensor(input));
    }, "input"_a, "name"_a = nb::none());
  }

  // tf.linalg.eig / eigvals (installed into tf.linalg by tfpp/__init__.py).
  m.def("_linalg_eig", [](nb::handle tensor, nb::handle name) {
    NodeName named(name);
    auto [e, v] = tf::linalg::eig(to_tensor(tensor));
    return nb::make_tuple(e, v);
  }, "tensor"_a, "name"_a = nb::none());
  m.def("_linalg_eigvals", [](nb::handle tensor, nb::handle name) {
    NodeName named(name);
    return tf::linalg::eigvals(to_tensor(tensor));
  }, "tensor"_a, "name"_a = nb::none());

  nb::module_ signal = m.def_submodule("signal", "tf.signal: Fourier transforms, STFTs, windows, mel filters, DCTs.");
  bind_fft(signal, "fft", s::fft);
  bind_fft(signal, "ifft", s::ifft);
  bind_fft(signal, "fft2d", s::fft2d);
  bind_fft(signal, "ifft2d", s::ifft2d);
  bind_fft(signal, "fft3d", s::fft3d);
  bind_fft(signal, "ifft3d", s::ifft3d);
  bind_real_fft(signal, "rfft", s::rfft, false);
  bind_real_fft(signal, "irfft", s::irfft, true);
  bind_real_fft(signal, "rfft2d", s::rfft2d, false);
  bind_real_fft(signal, "irfft2d", s::irfft2d, true);
  bind_real_fft(signal, "rfft3d", s::rfft3d, false);
  bind_real_fft(signal, "irfft3d", s::irfft3d, true);
  signal.def("fftshift", [](nb::handle x, nb::handle axes, nb::handle name) {
    NodeName named(name);
    return s::fftshift(to_tensor(x), axes_from(axes));
  }, "x"_a, "axes"_a = nb::none(), "name"_a = nb::none());
  signal.def("ifftshift", [](nb::handle x, nb::handle axes, nb::handle name) {
    NodeName named(name);
    return s::ifftshift(to_tensor(x), axes_from(axes));
  }, "x"_a, "axes"_a = nb::none(), "name"_a = nb::none());
  signal.def("frame", [](nb::handle signal, std::int64_t frame_length, std::int64_t frame_step, bool pad_end,
                         double pad_value, std::int64_t axis, nb::handle name) {
    NodeName named(name);
    return s::frame(to_tensor(signal), frame_length, frame_step, {.pad_end = pad_end, .pad_value = pad_value, .axis = axis});
  }, "signal"_a, "frame_length"_a, "frame_step"_a, "pad_end"_a = false, "pad_value"_a = 0.0, "axis"_a = -1,
             "name"_a = nb::none());
  signal.def("overlap_and_add", [](nb::handle signal, std::int64_t frame_step, nb::handle name) {
    NodeName named(name);
    return s::overlap_and_add(to_tensor(signal), frame_step);
  }, "signal"_a, "frame_step"_a, "name"_a = nb::none());
  for (auto [name, fn] : {std::pair<const char*, tf::Tensor (*)(std::int64_t, const s::WindowOptions&)>{"hann_window", s::hann_window}, {"hamming_window", s::hamming_window}}) {
    signal.def(name, [fn](std::int64_t window_length, bool periodic, nb::handle dtype, nb::handle name) {
      NodeName named(name);
      return fn(window_length, {.periodic = periodic, .dtype = dtype_from(dtype)});
    }, "window_length"_a, "periodic"_a = true, "dtype"_a = dtype_object(tf::float32), "name"_a = nb::none());
  }
  signal.def("_stft", [](nb::handle signals, std::int64_t frame_length, std::int64_t frame_step, nb::handle fft_length,
                         nb::handle window_fn, bool pad_end) {
    return s::stft(to_tensor(signals), frame_length, frame_step,
                   {.fft_length = fft_length.is_none() ? -1 : nb::cast<std::int64_t>(fft_length),
                    .window_fn = window_from(window_fn), .pad_end = pad_end});
  }, "signals"_a, "frame_length"_a, "frame_step"_a, "fft_length"_a.none(), "window_fn"_a.none(), "pad_end"_a);
  signal.def("_inverse_stft", [](nb::handle stfts, std::int64_t frame_length, std::int64_t frame_step,
                                 nb::handle fft_length, nb::handle window_fn) {
    return s::inverse_stft(to_tensor(stfts), frame_length, frame_step,
                           {.fft_length = fft_length.is_none() ? -1 : nb::cast<std::int64_t>(fft_length),
                            .window_fn = window_from(window_fn)});
  }, "stfts"_a, "frame_length"_a, "frame_step"_a, "fft_length"_a.none(), "window_fn"_a.none());
  signal.def("_inverse_stft_window", [](std::int64_t frame_step, nb::handle forward_window_fn, std::int64_t frame_length,
                                        nb::handle dtype) {
    return s::inverse_stft_window_fn(frame_step, window_from(forward_window_fn))(frame_length, dtype_from(dtype));
  }, "frame_step"_a, "forward_window_fn"_a.none(), "frame_length"_a, "dtype"_a);
  signal.def("linear_to_mel_weight_matrix",
             [](std::int64_t num_mel_bins, std::int64_t num_spectrogram_bins, double sample_rate, double lower_edge_hertz,
                double upper_edge_hertz, nb::handle dtype, nb::handle name) {
               NodeName named(name);
               return s::linear_to_mel_weight_matrix({.num_mel_bins = num_mel_bins,
                                                      .num_spectrogram_bins = num_spectrogram_bins,
                                                      .sample_rate = sample_rate,
                                                      .lower_edge_hertz = lower_edge_hertz,
                                                      .upper_edge_hertz = upper_edge_hertz,
                                                      .dtype = dtype_from(dtype)});
             },
             "num_mel_bins"_a = 20, "num_spectrogram_bins"_a = 129, "sample_rate"_a = 8000, "lower_edge_hertz"_a = 125.0,
             "upper_edge_hertz"_a = 3800.0, "dtype"_a = dtype_object(tf::float32), "name"_a = nb::none());
  signal.def("mfccs_from_log_mel_spectrograms", [](nb::handle log_mel_spectrograms, nb::handle name) {
    NodeName named(name);
    return s::mfccs_from_log_mel_spectrograms(to_tensor(log_mel_spectrograms));
  }, "log_mel_spectrograms"_a, "name"_a = nb::none());
  for (auto [name, fn] : {std::pair<const char*, tf::Tensor (*)(const tf::Tensor&, const s::DctOptions&)>{"dct", s::dct}, {"idct", s::idct}}) {
    signal.def(name, [fn](nb::handle input, int type, std::optional<std::int64_t> n, std::int64_t axis,
                          std::optional<std::string> norm, nb::handle name) {
      NodeName named(name);
      return fn(to_tensor(input), {.type = type, .n = n, .axis = axis, .norm = norm.value_or("")});
    }, "input"_a, "type"_a = 2, "n"_a = nb::none(), "axis"_a = -1, "norm"_a = nb::none(), "name"_a = nb::none());
  }
  for (auto [name, fn] : {std::pair<const char*, tf::Tensor (*)(std::int64_t, const s::KaiserWindowOptions&)>{"kaiser_window", s::kaiser_window},
                          {"kaiser_bessel_derived_window", s::kaiser_bessel_derived_window}}) {
    signal.def(name, [fn, function = std::string(name)](std::int64_t window_length, double beta, nb::handle dtype, nb::handle name) {
      NodeName named(name);
      return python_argument_errors(function, [&] { return fn(window_length, {.beta = beta, .dtype = dtype_from(dtype)}); });
    }, "window_length"_a, "beta"_a = 12.0, "dtype"_a = dtype_object(tf::float32), "name"_a = nb::none());
  }
  signal.def("vorbis_window", [](std::int64_t window_length, nb::handle dtype, nb::handle name) {
    NodeName named(name);
    return python_argument_errors("vorbis_window", [&] { return s::vorbis_window(window_length, dtype_from(dtype)); });
  }, "window_length"_a, "dtype"_a = dtype_object(tf::float32), "name"_a = nb::none());
  // mdct / inverse_mdct take Python window functions through python/tfpp/signal.py.
  signal.def("_mdct", [](nb::handle signals, std::int64_t frame_length, nb::handle window_fn, bool pad_end,
                         std::optional<std::string> norm) {
    // TensorFlow's ValueErrors: mdct's own checks and the DCT's normalization.
    return python_argument_errors("dct", [&] {
      return python_argument_errors("mdct", [&] {
        return s::mdct(to_tensor(signals), frame_length,
                       {.window_fn = window_from(window_fn), .pad_end = pad_end, .norm = norm.value_or("")});
      });
    });
  }, "signals"_a, "frame_length"_a, "window_fn"_a.none(), "pad_end"_a, "norm"_a.none());
  signal.def("_inverse_mdct", [](nb::handle mdcts, nb::handle window_fn, std::optional<std::string> norm) {
    return python_argument_errors("inverse_mdct", [&] {
      return s::inverse_mdct(to_tensor(mdcts), {.window_fn = window_from(window_fn), .norm = norm.value_or("")});
    });
  }, "mdcts"_a, "window_fn"_a.none(), "norm"_a.none());
}

}  // namespace tfpp_python
