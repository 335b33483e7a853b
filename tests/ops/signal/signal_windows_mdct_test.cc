// tf::signal's Kaiser, Kaiser-Bessel-derived and Vorbis windows and mdct / inverse_mdct compared
// with TensorFlow 2.21 in the same run (mdct_reference.py): values, TensorFlow's tape gradients,
// finite differences, the round trip, traced calls and the error paths.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "autodiff/gradient_checker.h"
#include "ops/complex/complex_test_util.h"
#include "tfpp/errors.h"
#include "tfpp/function.h"
#include "tfpp/signal_mdct.h"
#include "tfpp/signal_windows.h"

namespace tf {
namespace {

using testing::expect_error;
using testing::expect_values;
using testing::real_pattern;
namespace s = tf::signal;
using V = const std::vector<Tensor>&;

const std::map<std::string, std::string>& tensorflow() {
  static const auto blocks = testing::read_blocks("tests/ops/signal/mdct_reference.py");
  return blocks;
}

// TensorFlow's and tfpp's vectorized sin, exp and Bessel functions round differently by an ulp or two.
constexpr double kTol32 = 2e-6, kTol = 1e-13;

// signal_reference.py's chirp: sin(0.05 i + 0.002 i^2) + 0.3 cos(0.7 i) + row / 10.
Tensor chirp(std::int64_t rows, std::int64_t n, DType dtype = float32) {
  std::vector<double> v;
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t i = 0; i < n; ++i) v.push_back(std::sin(0.05 * i + 0.002 * i * i) + 0.3 * std::cos(0.7 * i) + r / 10.0);
  return cast(constant(v, {rows, n}), dtype);
}

Tensor kbd_window(std::int64_t n, DType dtype) { return s::kaiser_bessel_derived_window(n, {.dtype = dtype}); }

void windows_match_tensorflow() {
  expect_values(tensorflow(), "kaiser", s::kaiser_window(8), kTol32);
  expect_values(tensorflow(), "kaiser_beta", s::kaiser_window(9, {.beta = 3.7}), kTol32);
  expect_values(tensorflow(), "kaiser_one", s::kaiser_window(1), 0);
  expect_values(tensorflow(), "kaiser64", s::kaiser_window(6, {.beta = 8.6, .dtype = float64}), kTol);
  expect_values(tensorflow(), "kaiser_zero_beta", s::kaiser_window(5, {.beta = 0.0}), 0);
  expect_values(tensorflow(), "kbd", s::kaiser_bessel_derived_window(8), kTol32);
  expect_values(tensorflow(), "kbd_odd", s::kaiser_bessel_derived_window(9, {.beta = 4.0}), kTol32);
  expect_values(tensorflow(), "kbd64", s::kaiser_bessel_derived_window(10, {.beta = 5.0, .dtype = float64}), kTol);
  expect_values(tensorflow(), "kbd_one", s::kaiser_bessel_derived_window(1), 0);
  expect_values(tensorflow(), "vorbis", s::vorbis_window(8), kTol32);
  expect_values(tensorflow(), "vorbis_odd", s::vorbis_window(7), kTol32);
  expect_values(tensorflow(), "vorbis64", s::vorbis_window(12, float64), kTol);
  expect_values(tensorflow(), "vorbis_one", s::vorbis_window(1), kTol32);
  expect_values(tensorflow(), "vorbis_empty", s::vorbis_window(0), 0);
  EXPECT_EQ(s::kaiser_bessel_derived_window(9).shape(), TensorShape({8}));  // TensorFlow's 2 (n / 2) samples
  EXPECT_EQ(s::vorbis_window(12, float64).dtype(), float64);
}

void mdcts_match_tensorflow() {
  const Tensor sig = chirp(2, 64);
  expect_values(tensorflow(), "mdct", s::mdct(sig, 16), 1e-5);
  expect_values(tensorflow(), "mdct_pad_end", s::mdct(slice(sig, {0, 0}, {-1, 60}), 16, {.pad_end = true}), 1e-5);
  expect_values(tensorflow(), "mdct_ortho", s::mdct(sig, 8, {.norm = "ortho"}), 1e-5);
  expect_values(tensorflow(), "mdct_no_window", s::mdct(cast(sig, float64), 12, {.window_fn = nullptr}), 1e-12);
  expect_values(tensorflow(), "mdct_kbd", s::mdct(sig, 16, {.window_fn = kbd_window}), 1e-5);
  expect_values(tensorflow(), "mdct_rank1", s::mdct(reshape(slice(sig, {0, 0}, {1, -1}), {64}), 32), 1e-5);
  EXPECT_EQ(s::mdct(sig, 16).shape(), TensorShape({2, 7, 8}));
  const Tensor spectra = s::mdct(sig, 16);
  expect_values(tensorflow(), "inverse_mdct", s::inverse_mdct(spectra), 1e-5);
  expect_values(tensorflow(), "inverse_mdct_ortho", s::inverse_mdct(s::mdct(sig, 8, {.norm = "ortho"}), {.norm = "ortho"}), 1e-5);
  expect_values(tensorflow(), "inverse_mdct_no_window", s::inverse_mdct(cast(spectra, float64), {.window_fn = nullptr}), 1e-6);
  expect_values(tensorflow(), "inverse_mdct_kbd", s::inverse_mdct(spectra, {.window_fn = kbd_window}), 1e-5);
}

void gradients_match_tensorflow() {
  const auto check = [](const char* name, std::function<Tensor(V)> f, std::vector<Tensor> xs) {
    expect_values(tensorflow(), name, testing::tape_gradients(f, xs), 1e-10);
  };
  const Tensor sig64 = cast(chirp(2, 64), float64);
  check("grad_mdct", [](V v) { return s::mdct(v[0], 16); }, {sig64});
  check("grad_mdct_ortho_kbd", [](V v) { return s::mdct(v[0], 8, {.window_fn = kbd_window, .norm = "ortho"}); }, {sig64});
  check("grad_inverse_mdct", [](V v) { return s::inverse_mdct(v[0]); }, {real_pattern({2, 5, 8})});
  check("grad_inverse_mdct_ortho", [](V v) { return s::inverse_mdct(v[0], {.window_fn = nullptr, .norm = "ortho"}); },
        {real_pattern({3, 6})});
}

void bad_arguments_raise() {
  for (const char* name : {"err_kaiser_dtype", "err_vorbis_dtype", "err_mdct_frame_length", "err_mdct_rank",
                           "err_inverse_mdct_rank", "err_mdct_norm"})
    EXPECT_EQ(tensorflow().at(name), "ValueError") << name;  // tfpp: InvalidArgumentError (README's deviations)
  expect_error([] { s::kaiser_window(4, {.dtype = int32}); }, "[kaiser_window] dtype must be a floating point type. Found int32");
  expect_error([] { s::vorbis_window(4, int32); }, "[vorbis_window] dtype must be a floating point type. Found int32");
  expect_error([] { s::kaiser_bessel_derived_window(-2); }, "[kaiser_bessel_derived_window] window_length must be non-negative");
  expect_error([] { s::mdct(chirp(2, 64), 6); }, "[mdct] The frame length must be a multiple of 4, got 6");
  expect_error([] { s::mdct(constant(1.0f), 4); }, "[mdct] signals must have rank at least 1, got shape []");
  expect_error([] { s::inverse_mdct(ones({8})); }, "[inverse_mdct] mdcts must have rank at least 2, got shape [8]");
  expect_error([] { s::mdct(chirp(2, 64), 8, {.norm = "forward"}); }, "Unknown normalization. Expected None or 'ortho', got: forward");
  expect_error([] { s::inverse_mdct(ones({2, 4}), {.norm = "forward"}); },
               "[inverse_mdct] Unknown normalization. Expected None or 'ortho', got: forward");
}

// Central differences in float64, also through a window given as a function.
TEST(SignalMdct, GradientsMatchFiniteDifferences) {
  const Tensor w = real_pattern({2, 7, 4}, float64, 17, 5, 2);
  const auto weighted = [](const Tensor& out) { return out * testing::weights_like(out); };
  const std::vector<Tensor> sig = {cast(chirp(2, 32), float64)};
  EXPECT_LT(testing::max_gradient_error([&](V v) { return weighted(s::mdct(v[0], 8)); }, sig), 1e-7);
  EXPECT_LT(testing::max_gradient_error([&](V v) { return weighted(s::mdct(v[0], 8, {.window_fn = kbd_window, .pad_end = true})); },
                                        {cast(chirp(1, 30), float64)}),
            1e-7);
  EXPECT_LT(testing::max_gradient_error([&](V v) { return weighted(s::inverse_mdct(v[0], {.norm = "ortho"})); }, {w}), 1e-7);
  EXPECT_LT(testing::max_gradient_error([&](V v) { return weighted(s::inverse_mdct(v[0], {.window_fn = nullptr})); }, {w}), 1e-7);
}

// With a power-complementary window the inverse gives the signal back, but for the first and last half frames.
TEST(SignalMdct, InverseReconstructsTheSignal) {
  const Tensor sig = cast(chirp(1, 96), float64);
  for (const s::WindowFn& window : {s::WindowFn(s::default_mdct_window), s::WindowFn(kbd_window), s::WindowFn()}) {
    const Tensor padded = pad(sig, {{0, 0}, {8, 0}});
    const Tensor back = s::inverse_mdct(s::mdct(padded, 16, {.window_fn = window, .pad_end = true}), {.window_fn = window});
    const std::vector<double> want = sig.numpy<double>(), got = slice(back, {0, 8}, {-1, 96}).numpy<double>();
    for (std::size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-12) << i;
  }
}

TEST(SignalMdct, TracedGivesTheEagerValues) {
  auto f = function([](Tensor v) { return s::inverse_mdct(s::mdct(v, 16, {.norm = "ortho"}), {.norm = "ortho"}); });
  const Tensor sig = chirp(2, 64);
  const std::vector<double> traced = testing::flat_values(f(sig)),
                            eager = testing::flat_values(s::inverse_mdct(s::mdct(sig, 16, {.norm = "ortho"}), {.norm = "ortho"}));
  ASSERT_EQ(traced.size(), eager.size());
  for (std::size_t i = 0; i < traced.size(); ++i) EXPECT_FLOAT_EQ(traced[i], eager[i]);
}

// One test for every comparison with TensorFlow: each test process starts TensorFlow's script once.
TEST(SignalMdct, MatchesTensorFlow) {
  {
    SCOPED_TRACE("BadArgumentsRaise");
    bad_arguments_raise();
  }
  {
    SCOPED_TRACE("WindowsMatchTensorFlow");
    windows_match_tensorflow();
  }
  {
    SCOPED_TRACE("MdctsMatchTensorFlow");
    mdcts_match_tensorflow();
  }
  {
    SCOPED_TRACE("GradientsMatchTensorFlow");
    gradients_match_tensorflow();
  }
}

}  // namespace
}  // namespace tf
