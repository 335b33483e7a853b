// tf::signal: Fourier transforms, shifts, framing, windows, STFTs, mel matrices, MFCCs and DCTs
// compared with TensorFlow 2.21 in the same run (signal_reference.py), their gradients with
// TensorFlow's tape and with finite differences, traced calls, and the error paths.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "autodiff/gradient_checker.h"
#include "ops/complex/complex_test_util.h"
#include "tfpp/errors.h"
#include "tfpp/function.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/signal.h"

namespace tf {
namespace {

using testing::complex_pattern;
using testing::expect_values;
using testing::real_pattern;
namespace s = tf::signal;
using V = const std::vector<Tensor>&;

const std::map<std::string, std::string>& tensorflow() {
  static const auto blocks = testing::read_blocks("tests/ops/signal/signal_reference.py");
  return blocks;
}

// DUCC (TensorFlow) and kissfft (Eigen, here) round differently: a few ulps of the values'
// scale, which grows with the transform's length.
constexpr double kTol = 1e-12, kTol32 = 2e-5;

// signal_reference.py's chirp: sin(0.05 i + 0.002 i^2) + 0.3 cos(0.7 i) + row / 10.
Tensor chirp(std::int64_t rows, std::int64_t n, DType dtype = float32) {
  std::vector<double> v;
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t i = 0; i < n; ++i)
      v.push_back(std::sin(0.05 * i + 0.002 * i * i) + 0.3 * std::cos(0.7 * i) + r / 10.0);
  return cast(constant(v, {rows, n}), dtype);
}

void fourier_transforms_match_tensorflow() {
  const Tensor z = complex_pattern({2, 8}), z3 = complex_pattern({2, 4, 6}), z4 = complex_pattern({2, 3, 4, 5});
  const Tensor x = real_pattern({3, 10}), x3 = real_pattern({2, 6, 5}), x4 = real_pattern({2, 3, 4, 6});
  expect_values(tensorflow(), "fft", s::fft(z), kTol);
  expect_values(tensorflow(), "ifft", s::ifft(z), kTol);
  expect_values(tensorflow(), "fft64", s::fft(cast(z, complex64)), kTol32);
  expect_values(tensorflow(), "fft2d", s::fft2d(z3), kTol);
  expect_values(tensorflow(), "ifft2d", s::ifft2d(z3), kTol);
  expect_values(tensorflow(), "fft3d", s::fft3d(z4), kTol);
  expect_values(tensorflow(), "ifft3d", s::ifft3d(z4), kTol);
  expect_values(tensorflow(), "rfft", s::rfft(x), kTol);
  expect_values(tensorflow(), "rfft_crop", s::rfft(x, {8}), kTol);
  expect_values(tensorflow(), "rfft_pad", s::rfft(x, {15}), kTol);
  expect_values(tensorflow(), "rfft32", s::rfft(cast(x, float32)), kTol32);
  expect_values(tensorflow(), "irfft", s::irfft(s::rfft(x)), kTol);
  expect_values(tensorflow(), "irfft_odd", s::irfft(complex_pattern({3, 6}), {11}), kTol);
  expect_values(tensorflow(), "irfft_crop", s::irfft(complex_pattern({3, 6}), {6}), kTol);
  expect_values(tensorflow(), "irfft_pad", s::irfft(complex_pattern({3, 6}), {16}), kTol);
  expect_values(tensorflow(), "rfft2d", s::rfft2d(x3), kTol);
  expect_values(tensorflow(), "rfft2d_lengths", s::rfft2d(x3, {4, 8}), kTol);
  expect_values(tensorflow(), "irfft2d", s::irfft2d(complex_pattern({2, 6, 4})), kTol);
  expect_values(tensorflow(), "irfft2d_lengths", s::irfft2d(complex_pattern({2, 6, 4}), {5, 7}), kTol);
  expect_values(tensorflow(), "rfft3d", s::rfft3d(x4), kTol);
  expect_values(tensorflow(), "irfft3d", s::irfft3d(complex_pattern({2, 3, 4, 4})), kTol);
  EXPECT_EQ(s::rfft(cast(x, float32)).dtype(), complex64);
  EXPECT_EQ(s::rfft(x, {8}).shape(), TensorShape({3, 5}));
  EXPECT_EQ(s::irfft(complex_pattern({3, 6})).shape(), TensorShape({3, 10}));
}

void shifts_frames_and_windows_match_tensorflow() {
  expect_values(tensorflow(), "fftshift", s::fftshift(real_pattern({4, 5})), 0);
  expect_values(tensorflow(), "fftshift_axis", s::fftshift(real_pattern({4, 5}), std::vector<std::int64_t>{1}), 0);
  expect_values(tensorflow(), "ifftshift", s::ifftshift(real_pattern({4, 5})), 0);
  expect_values(tensorflow(), "ifftshift_axes", s::ifftshift(real_pattern({3, 4, 5}), std::vector<std::int64_t>{0, -1}), 0);
  expect_values(tensorflow(), "frame", s::frame(real_pattern({2, 20}), 6, 4), 0);
  expect_values(tensorflow(), "frame_pad_end", s::frame(real_pattern({2, 20}), 6, 4, {.pad_end = true, .pad_value = -1.0}), 0);
  expect_values(tensorflow(), "frame_axis0", s::frame(real_pattern({9, 2}), 4, 2, {.axis = 0}), 0);
  expect_values(tensorflow(), "frame_short", s::frame(real_pattern({3}), 5, 2), 0);
  EXPECT_EQ(s::frame(real_pattern({9, 2}), 4, 2, {.axis = 0}).shape(), TensorShape({3, 4, 2}));
  expect_values(tensorflow(), "overlap_and_add", s::overlap_and_add(real_pattern({2, 5, 6}), 4), kTol);
  expect_values(tensorflow(), "overlap_and_add_fast", s::overlap_and_add(real_pattern({2, 5, 6}), 6), 0);
  expect_values(tensorflow(), "overlap_and_add_step2", s::overlap_and_add(real_pattern({3, 7}), 2), kTol);
  // tfpp's vectorized cos and TensorFlow's round differently by an ulp.
  expect_values(tensorflow(), "hann", s::hann_window(8), 1e-7);
  expect_values(tensorflow(), "hann_symmetric", s::hann_window(9, {.periodic = false}), 1e-7);
  expect_values(tensorflow(), "hann64", s::hann_window(7, {.dtype = float64}), 1e-15);
  expect_values(tensorflow(), "hann_one", s::hann_window(1), 0);
  expect_values(tensorflow(), "hamming", s::hamming_window(10), 1e-7);
  expect_values(tensorflow(), "hamming_symmetric", s::hamming_window(10, {.periodic = false}), 1e-7);
}

void spectrograms_mel_and_mfccs_match_tensorflow() {
  const Tensor sig = chirp(2, 200);
  expect_values(tensorflow(), "stft", s::stft(sig, 32, 16), kTol32);
  expect_values(tensorflow(), "stft_fft_length", s::stft(sig, 30, 12, {.fft_length = 64}), kTol32);
  expect_values(tensorflow(), "stft_pad_end", s::stft(sig, 32, 16, {.pad_end = true}), kTol32);
  expect_values(tensorflow(), "stft_hamming",
                s::stft(sig, 32, 16, {.window_fn = [](std::int64_t n, DType d) { return s::hamming_window(n, {.dtype = d}); }}),
                kTol32);
  expect_values(tensorflow(), "stft_no_window", s::stft(cast(sig, float64), 32, 16, {.window_fn = nullptr}), 1e-6);
  const Tensor spec = s::stft(sig, 32, 8);
  expect_values(tensorflow(), "inverse_stft", s::inverse_stft(spec, 32, 8, {.window_fn = s::inverse_stft_window_fn(8)}), kTol32);
  expect_values(tensorflow(), "inverse_stft_default", s::inverse_stft(spec, 32, 8), kTol32);
  expect_values(tensorflow(), "inverse_stft_crop", s::inverse_stft(s::stft(sig, 20, 10), 20, 10, {.fft_length = 32}), kTol32);
  expect_values(tensorflow(), "mel", s::linear_to_mel_weight_matrix(), kTol32);
  expect_values(tensorflow(), "mel_custom",
                s::linear_to_mel_weight_matrix({.num_mel_bins = 10, .num_spectrogram_bins = 65, .sample_rate = 16000,
                                                .lower_edge_hertz = 20, .upper_edge_hertz = 8000, .dtype = float64}),
                kTol);
  const Tensor log_mel = math::log(
      matmul(math::abs(s::stft(sig, 64, 32)), s::linear_to_mel_weight_matrix({.num_mel_bins = 16, .num_spectrogram_bins = 33})) +
      1e-2f);
  // The log of a band with little energy magnifies float32 rounding: 1e-3 at the MFCCs' scale.
  expect_values(tensorflow(), "mfccs", s::mfccs_from_log_mel_spectrograms(log_mel), 1e-3);
}

void dcts_match_tensorflow() {
  const Tensor y = real_pattern({3, 8});
  for (int t = 1; t <= 4; ++t) {
    const std::string k = std::to_string(t);
    expect_values(tensorflow(), "dct" + k, s::dct(y, {.type = t}), kTol);
    expect_values(tensorflow(), "idct" + k, s::idct(y, {.type = t}), kTol);
    if (t == 1) continue;
    expect_values(tensorflow(), "dct" + k + "_ortho", s::dct(y, {.type = t, .norm = "ortho"}), kTol);
    expect_values(tensorflow(), "idct" + k + "_ortho", s::idct(y, {.type = t, .norm = "ortho"}), kTol);
  }
  expect_values(tensorflow(), "dct_crop", s::dct(y, {.n = 5}), kTol);
  expect_values(tensorflow(), "dct_pad", s::dct(y, {.n = 11, .norm = "ortho"}), kTol);
  expect_values(tensorflow(), "dct32", s::dct(cast(y, float32)), kTol32);
}

void gradients_match_tensorflow() {
  const auto check = [](const char* name, std::function<Tensor(V)> f, std::vector<Tensor> xs, double tol = 1e-10) {
    expect_values(tensorflow(), name, testing::tape_gradients(f, xs), tol);
  };
  const Tensor x = real_pattern({3, 10}), y = real_pattern({3, 8});
  const Tensor sig = cast(chirp(2, 200), float64);  // float32 values, as the script's
  check("grad_fft", [](V v) { return s::fft(v[0]); }, {complex_pattern({2, 8})});
  check("grad_ifft2d", [](V v) { return s::ifft2d(v[0]); }, {complex_pattern({2, 4, 6})});
  check("grad_fft3d", [](V v) { return s::fft3d(v[0]); }, {complex_pattern({2, 3, 4, 5})});
  check("grad_rfft", [](V v) { return s::rfft(v[0]); }, {x});
  check("grad_rfft_pad", [](V v) { return s::rfft(v[0], {13}); }, {x});
  check("grad_irfft", [](V v) { return s::irfft(v[0]); }, {complex_pattern({3, 6})});
  check("grad_irfft_odd", [](V v) { return s::irfft(v[0], {11}); }, {complex_pattern({3, 6})});
  check("grad_rfft2d", [](V v) { return s::rfft2d(v[0]); }, {real_pattern({2, 6, 5})});
  check("grad_irfft2d", [](V v) { return s::irfft2d(v[0]); }, {complex_pattern({2, 6, 4})});
  check("grad_stft", [](V v) { return math::abs(s::stft(v[0], 32, 16)); }, {sig}, 1e-8);
  check("grad_inverse_stft", [](V v) { return s::inverse_stft(v[0], 32, 8); },
        {cast(s::stft(chirp(2, 200), 32, 8), complex128)}, 1e-8);
  check("grad_frame_overlap", [](V v) { return s::overlap_and_add(math::square(s::frame(v[0], 6, 4)), 3); },
        {real_pattern({2, 20})});
  for (int t = 1; t <= 4; ++t)
    check(("grad_dct" + std::to_string(t)).c_str(), [t](V v) { return s::dct(v[0], {.type = t}); }, {y});
  check("grad_mfccs",
        [](V v) {
          const Tensor mel = s::linear_to_mel_weight_matrix({.num_mel_bins = 16, .num_spectrogram_bins = 33, .dtype = float64});
          return s::mfccs_from_log_mel_spectrograms(math::log(matmul(math::abs(s::stft(v[0], 64, 32)), mel) + 1e-2));
        },
        {sig}, 1e-7);
}

// Central differences; complex inputs through their real and imaginary parts.
TEST(Signal, GradientsMatchFiniteDifferences) {
  const auto real_loss = [](const Tensor& out) {
    return is_complex(out.dtype()) ? math::real(out) * testing::weights_like(out) + math::imag(out)
                                   : out * testing::weights_like(out);
  };
  const auto of_real = [&](std::function<Tensor(const Tensor&)> f) { return [=](V v) { return real_loss(f(v[0])); }; };
  const auto of_complex = [&](std::function<Tensor(const Tensor&)> f) {
    return [=](V v) { return real_loss(f(complex(v[0], v[1]))); };
  };
  const std::vector<Tensor> x = {real_pattern({2, 7})}, parts = {real_pattern({2, 6}), real_pattern({2, 6}, float64, 5, 7, 3)};
  const std::vector<Tensor> parts3 = {real_pattern({2, 3, 4}), real_pattern({2, 3, 4}, float64, 5, 7, 3)};
  EXPECT_LT(testing::max_gradient_error(of_real([](const Tensor& v) { return s::rfft(v, {5}); }), x), 1e-7);  // cropped
  EXPECT_LT(testing::max_gradient_error(of_real([](const Tensor& v) { return s::rfft(v, {10}); }), x), 1e-7);
  EXPECT_LT(testing::max_gradient_error(of_real([](const Tensor& v) { return s::rfft2d(v, {3, 4}); }), x), 1e-7);
  EXPECT_LT(testing::max_gradient_error(of_complex([](const Tensor& v) { return s::irfft(v, {9}); }), parts), 1e-7);
  EXPECT_LT(testing::max_gradient_error(of_complex([](const Tensor& v) { return s::irfft(v, {4}); }), parts), 1e-7);
  EXPECT_LT(testing::max_gradient_error(of_complex([](const Tensor& v) { return s::irfft2d(v); }), parts3), 1e-7);
  EXPECT_LT(testing::max_gradient_error(of_complex([](const Tensor& v) { return s::fft(v) * v; }), parts), 1e-7);
  EXPECT_LT(testing::max_gradient_error(of_complex([](const Tensor& v) { return s::ifft3d(v); }), parts3), 1e-7);
  EXPECT_LT(testing::max_gradient_error(of_real([](const Tensor& v) { return s::fftshift(v * v); }), x), 1e-7);
  for (int t = 1; t <= 4; ++t)
    EXPECT_LT(testing::max_gradient_error(of_real([t](const Tensor& v) { return s::idct(v, {.type = t}); }), x), 1e-7);
  const std::vector<Tensor> sig = {reshape(chirp(1, 40, float64), {40})};  // no bin exactly 0, where abs has a kink
  EXPECT_LT(testing::max_gradient_error(of_real([](const Tensor& v) { return math::abs(s::stft(v, 8, 4)); }), sig), 1e-6);
  EXPECT_LT(testing::max_gradient_error(
                of_real([](const Tensor& v) { return s::inverse_stft(s::stft(v, 8, 4, {.pad_end = true}), 8, 4); }), sig),
            1e-7);
}

TEST(Signal, TracedTransformsGiveTheEagerValues) {
  auto f = function([](Tensor v) { return math::abs(s::stft(v, 32, 16)); });
  const Tensor sig = chirp(2, 200);
  const std::vector<double> traced = testing::flat_values(f(sig)), eager = testing::flat_values(math::abs(s::stft(sig, 32, 16)));
  ASSERT_EQ(traced.size(), eager.size());
  for (std::size_t i = 0; i < traced.size(); ++i) EXPECT_FLOAT_EQ(traced[i], eager[i]);
}

void bad_arguments_raise() {
  const Tensor y = real_pattern({3, 8});
  EXPECT_EQ(tensorflow().at("dct_bad_type"), "ValueError");
  testing::expect_error([&] { s::dct(y, {.type = 5}); }, "Types I, II, III and IV (I)DCT are supported.");
  EXPECT_EQ(tensorflow().at("dct_bad_norm"), "ValueError");
  testing::expect_error([&] { s::dct(y, {.norm = "forward"}); }, "Unknown normalization. Expected None or 'ortho', got: forward");
  EXPECT_EQ(tensorflow().at("dct1_ortho"), "ValueError");
  testing::expect_error([&] { s::dct(y, {.type = 1, .norm = "ortho"}); }, "Normalization is not supported for the Type-I DCT.");
  EXPECT_THROW(s::dct(y, {.axis = 0}), UnimplementedError);
  EXPECT_EQ(tensorflow().at("mel_lower_edge"), "ValueError");
  testing::expect_error([] { s::linear_to_mel_weight_matrix({.lower_edge_hertz = -1}); }, "lower_edge_hertz must be non-negative");
  testing::expect_error([] { s::linear_to_mel_weight_matrix({.lower_edge_hertz = 500, .upper_edge_hertz = 100}); },
               "lower_edge_hertz 500.0 >= upper_edge_hertz 100.0");
  testing::expect_error([] { s::linear_to_mel_weight_matrix({.upper_edge_hertz = 5000}); },
               "upper_edge_hertz must not be larger than the Nyquist frequency");
  testing::expect_error([&] { s::fft(y); }, "[FFT] expects a complex64 or complex128 input, got float64");
  testing::expect_error([&] { s::rfft(complex_pattern({2, 3})); }, "[RFFT] expects a float32 or float64 input, got complex128");
  testing::expect_error([&] { s::irfft(y); }, "[IRFFT] expects a complex64 or complex128 input, got float64");
  testing::expect_error([&] { s::fft2d(complex_pattern({4})); }, "[FFT2D] input must have rank of at least 2");
  testing::expect_error([&] { s::rfft(y, {4, 4}); }, "fft_length must have 1 elements");
  testing::expect_error([&] { s::frame(y, 4, 0); }, "[frame] frame_step must be positive");
  testing::expect_error([&] { s::overlap_and_add(real_pattern({4}), 2); }, "[overlap_and_add] Shape [4] must have rank at least 2");
  testing::expect_error([] { s::hann_window(4, {.dtype = int32}); }, "dtype must be a floating point type. Found int32");
  testing::expect_error([&] { s::stft(complex_pattern({40}), 8, 4); }, "[stft] signals must be float32 or float64");
}

// One test for every comparison with TensorFlow: each test process starts TensorFlow's script once.
TEST(Signal, MatchesTensorFlow) {
  {
    SCOPED_TRACE("BadArgumentsRaise");
    bad_arguments_raise();
  }
  {
    SCOPED_TRACE("FourierTransformsMatchTensorFlow");
    fourier_transforms_match_tensorflow();
  }
  {
    SCOPED_TRACE("ShiftsFramesAndWindowsMatchTensorFlow");
    shifts_frames_and_windows_match_tensorflow();
  }
  {
    SCOPED_TRACE("SpectrogramsMelAndMfccsMatchTensorFlow");
    spectrograms_mel_and_mfccs_match_tensorflow();
  }
  {
    SCOPED_TRACE("DctsMatchTensorFlow");
    dcts_match_tensorflow();
  }
  {
    SCOPED_TRACE("GradientsMatchTensorFlow");
    gradients_match_tensorflow();
  }
}

}  // namespace
}  // namespace tf
