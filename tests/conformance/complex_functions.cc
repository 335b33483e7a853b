// Case functions for complex numbers (tf.complex, tf.math.real / imag / conj / angle) and tf.signal.
#include <optional>

#include "conformance/case_functions.h"
#include "tfpp/complex_ops.h"
#include "tfpp/signal.h"
#include "tfpp/tfpp.h"

namespace tf::conformance {
namespace {

using Inputs = std::vector<Tensor>;
using Outputs = std::vector<Tensor>;
namespace s = tf::signal;

CaseFn unary(Tensor (*fn)(const Tensor&)) {
  return [fn](const Inputs& in, const Attrs&) { return Outputs{fn(in.at(0))}; };
}

CaseFn real_fft(Tensor (*fn)(const Tensor&, const std::vector<std::int64_t>&)) {
  return [fn](const Inputs& in, const Attrs& a) {
    return Outputs{fn(in.at(0), a.has("fft_length") ? a.ints("fft_length") : std::vector<std::int64_t>{})};
  };
}

std::optional<std::vector<std::int64_t>> axes(const Attrs& a) {
  if (!a.has("axes")) return std::nullopt;
  return a.ints("axes");
}

s::WindowOptions window_options(const Attrs& a) { return {.periodic = a.b("periodic", true), .dtype = a.d("dtype", float32)}; }

s::DctOptions dct_options(const Attrs& a) {
  return {.type = static_cast<int>(a.i("type", 2)),
          .n = a.has("n") ? std::optional<std::int64_t>(a.i("n")) : std::nullopt,
          .axis = a.i("axis", -1),
          .norm = a.s("norm")};
}

}  // namespace

void add_complex_functions(CaseFunctions& t) {
  t["tf.complex"] = [](const Inputs& in, const Attrs&) { return Outputs{complex(in.at(0), in.at(1))}; };
  t["tf.math.real"] = unary(math::real);
  t["tf.math.imag"] = unary(math::imag);
  t["tf.math.conj"] = unary(math::conj);
  t["tf.math.angle"] = unary(math::angle);
  for (const auto& [name, fn] : {std::pair<const char*, Tensor (*)(const Tensor&)>{"fft", s::fft}, {"ifft", s::ifft}, {"fft2d", s::fft2d}, {"ifft2d", s::ifft2d},
                                 {"fft3d", s::fft3d}, {"ifft3d", s::ifft3d}})
    t[std::string("tf.signal.") + name] = unary(fn);
  for (const auto& [name, fn] : {std::pair<const char*, Tensor (*)(const Tensor&, const std::vector<std::int64_t>&)>{"rfft", s::rfft}, {"irfft", s::irfft}, {"rfft2d", s::rfft2d},
                                 {"irfft2d", s::irfft2d}, {"rfft3d", s::rfft3d}, {"irfft3d", s::irfft3d}})
    t[std::string("tf.signal.") + name] = real_fft(fn);
  t["tf.signal.fftshift"] = [](const Inputs& in, const Attrs& a) { return Outputs{s::fftshift(in.at(0), axes(a))}; };
  t["tf.signal.ifftshift"] = [](const Inputs& in, const Attrs& a) { return Outputs{s::ifftshift(in.at(0), axes(a))}; };
  t["tf.signal.frame"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{s::frame(in.at(0), a.i("frame_length"), a.i("frame_step"),
                            {.pad_end = a.b("pad_end"), .pad_value = a.f("pad_value"), .axis = a.i("axis", -1)})};
  };
  t["tf.signal.overlap_and_add"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{s::overlap_and_add(in.at(0), a.i("frame_step"))};
  };
  t["tf.signal.hann_window"] = [](const Inputs&, const Attrs& a) {
    return Outputs{s::hann_window(a.i("window_length"), window_options(a))};
  };
  t["tf.signal.hamming_window"] = [](const Inputs&, const Attrs& a) {
    return Outputs{s::hamming_window(a.i("window_length"), window_options(a))};
  };
  t["tf.signal.stft"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{s::stft(in.at(0), a.i("frame_length"), a.i("frame_step"),
                           {.fft_length = a.i("fft_length", -1), .pad_end = a.b("pad_end")})};
  };
  t["tf.signal.inverse_stft"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{s::inverse_stft(in.at(0), a.i("frame_length"), a.i("frame_step"), {.fft_length = a.i("fft_length", -1)})};
  };
  t["tf.signal.linear_to_mel_weight_matrix"] = [](const Inputs&, const Attrs& a) {
    return Outputs{s::linear_to_mel_weight_matrix({.num_mel_bins = a.i("num_mel_bins", 20),
                                                   .num_spectrogram_bins = a.i("num_spectrogram_bins", 129),
                                                   .sample_rate = a.f("sample_rate", 8000),
                                                   .lower_edge_hertz = a.f("lower_edge_hertz", 125),
                                                   .upper_edge_hertz = a.f("upper_edge_hertz", 3800),
                                                   .dtype = a.d("dtype", float32)})};
  };
  t["tf.signal.mfccs_from_log_mel_spectrograms"] = unary(s::mfccs_from_log_mel_spectrograms);
  t["tf.signal.dct"] = [](const Inputs& in, const Attrs& a) { return Outputs{s::dct(in.at(0), dct_options(a))}; };
  t["tf.signal.idct"] = [](const Inputs& in, const Attrs& a) { return Outputs{s::idct(in.at(0), dct_options(a))}; };
}

}  // namespace tf::conformance
