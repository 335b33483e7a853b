// tf::signal::fftnd / ifftnd / rfftnd / irfftnd compared in the same run with NumPy's fftn family
// (fftnd_reference.py: TensorFlow 2.21 has no CPU kernel for its FFTND ops, the script shows its
// NotFoundError), round trips, finite-difference gradients, traced calls and the error paths.
#include <gtest/gtest.h>

#include <functional>

#include "autodiff/gradient_checker.h"
#include "ops/complex/complex_test_util.h"
#include "tfpp/errors.h"
#include "tfpp/function.h"
#include "tfpp/signal_fftnd.h"

namespace tf {
namespace {

using testing::complex_pattern;
using testing::expect_error;
using testing::expect_values;
using testing::real_pattern;
namespace s = tf::signal;
using Axes = std::vector<std::int64_t>;
using V = const std::vector<Tensor>&;

const std::map<std::string, std::string>& numpy() {
  static const auto blocks = testing::read_blocks("tests/ops/signal/fftnd_reference.py");
  return blocks;
}

constexpr double kTol = 1e-13;

TEST(SignalFftNd, MatchesNumPy) {
  const Tensor c = complex_pattern({2, 3, 4}), r = real_pattern({2, 3, 5});
  expect_values(numpy(), "fftnd", s::fftnd(c), kTol);
  expect_values(numpy(), "fftnd_last", s::fftnd(c, {.axes = Axes{-1}}), kTol);
  expect_values(numpy(), "fftnd_axes", s::fftnd(c, {.axes = Axes{0, 2}}), kTol);
  expect_values(numpy(), "fftnd_lengths", s::fftnd(c, {.fft_length = Axes{3, 2}, .axes = Axes{0, 2}}), kTol);
  expect_values(numpy(), "fftnd_ortho", s::fftnd(c, {.axes = Axes{1, 2}, .norm = "ortho"}), kTol);
  expect_values(numpy(), "fftnd_forward", s::fftnd(c, {.axes = Axes{2, 1}, .norm = "forward"}), kTol);
  expect_values(numpy(), "ifftnd", s::ifftnd(c), kTol);
  expect_values(numpy(), "ifftnd_lengths", s::ifftnd(c, {.fft_length = Axes{2, 6}, .axes = Axes{1, 2}, .norm = "ortho"}), kTol);
  expect_values(numpy(), "ifftnd_forward", s::ifftnd(c, {.axes = Axes{0}, .norm = "forward"}), kTol);
  expect_values(numpy(), "rfftnd", s::rfftnd(r), kTol);
  expect_values(numpy(), "rfftnd_axes", s::rfftnd(r, {.axes = Axes{0, 1}}), kTol);
  expect_values(numpy(), "rfftnd_lengths", s::rfftnd(r, {.fft_length = Axes{2, 6}, .axes = Axes{1, 2}, .norm = "ortho"}), kTol);
  expect_values(numpy(), "rfftnd_forward", s::rfftnd(r, {.axes = Axes{-1}, .norm = "forward"}), kTol);
  const Tensor h = s::rfftnd(r, {.axes = Axes{1, 2}});
  expect_values(numpy(), "irfftnd", s::irfftnd(h, {.axes = Axes{1, 2}}), kTol);
  expect_values(numpy(), "irfftnd_lengths", s::irfftnd(h, {.fft_length = Axes{3, 5}, .axes = Axes{1, 2}}), kTol);
  expect_values(numpy(), "irfftnd_all", s::irfftnd(c), kTol);
  expect_values(numpy(), "irfftnd_ortho", s::irfftnd(c, {.fft_length = Axes{4, 7}, .axes = Axes{0, 2}, .norm = "ortho"}), kTol);
  EXPECT_EQ(numpy().at("tf_fftnd"), "NotFoundError");  // TensorFlow 2.21's CPU build has no FFTND kernels
  EXPECT_EQ(numpy().at("tf_rfftnd"), "NotFoundError");
  EXPECT_EQ(s::fftnd(cast(c, complex64)).dtype(), complex64);
  EXPECT_EQ(s::rfftnd(cast(r, float32)).dtype(), complex64);
  EXPECT_EQ(s::irfftnd(cast(c, complex64)).dtype(), float32);
}

TEST(SignalFftNd, RoundTripsAndTraces) {
  const Tensor c = complex_pattern({2, 3, 4}), r = real_pattern({2, 3, 5});
  const std::vector<double> back = testing::flat_values(s::ifftnd(s::fftnd(c, {.norm = "ortho"}), {.norm = "ortho"})),
                            want = testing::flat_values(c);
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(back[i], want[i], 1e-14) << i;
  const std::vector<double> real_back =
                                testing::flat_values(s::irfftnd(s::rfftnd(r, {.axes = Axes{0, 2}}), {.fft_length = Axes{2, 5}, .axes = Axes{0, 2}})),
                            real_want = testing::flat_values(r);
  for (std::size_t i = 0; i < real_want.size(); ++i) EXPECT_NEAR(real_back[i], real_want[i], 1e-14) << i;
  auto f = function([](Tensor x) { return s::fftnd(x, {.fft_length = Axes{3, 2}, .axes = Axes{0, 2}}); });
  const std::vector<double> traced = testing::flat_values(f(c)),
                            eager = testing::flat_values(s::fftnd(c, {.fft_length = Axes{3, 2}, .axes = Axes{0, 2}}));
  ASSERT_EQ(traced.size(), eager.size());
  for (std::size_t i = 0; i < traced.size(); ++i) EXPECT_DOUBLE_EQ(traced[i], eager[i]);
}

// Central differences in float64 through real losses of the complex results.
TEST(SignalFftNd, GradientsMatchFiniteDifferences) {
  const auto loss = [](const Tensor& y) { return reshape(testing::loss_of(y), {1}); };
  const Tensor re = real_pattern({2, 3, 4}), im = real_pattern({2, 3, 4}, float64, 53, 7, 3, 0.5, 0.25);
  const std::vector<Tensor> parts = {re, im};
  EXPECT_LT(testing::max_gradient_error(
                [&](V v) { return loss(s::fftnd(complex(v[0], v[1]), {.fft_length = Axes{3, 5}, .axes = Axes{0, 2}, .norm = "ortho"})); },
                parts),
            1e-7);
  EXPECT_LT(testing::max_gradient_error([&](V v) { return loss(s::ifftnd(complex(v[0], v[1]), {.axes = Axes{1, 2}})); }, parts), 1e-7);
  EXPECT_LT(testing::max_gradient_error(
                [&](V v) { return loss(s::rfftnd(v[0], {.fft_length = Axes{2, 6}, .axes = Axes{1, 2}, .norm = "forward"})); }, {re}),
            1e-7);
  EXPECT_LT(testing::max_gradient_error([&](V v) { return loss(s::irfftnd(complex(v[0], v[1]), {.axes = Axes{0, 2}})); }, parts),
            1e-7);
}

TEST(SignalFftNd, BadArgumentsRaise) {
  const Tensor c = complex_pattern({2, 3, 4});
  expect_error([] { s::rfftnd(complex_pattern({2, 2})); }, "[rfftnd] RFFT requires tf.float32 or tf.float64 inputs, got: complex128");
  expect_error([] { s::irfftnd(real_pattern({2, 2})); }, "[irfftnd] IRFFT requires tf.complex64 or tf.complex128 inputs, got: float64");
  expect_error([] { s::fftnd(real_pattern({2, 2})); }, "[FFT]");
  expect_error([&] { s::fftnd(c, {.axes = Axes{0, 1, 2, 0}}); }, "[fftnd] Shape [2,3,4] must have rank at least 4");
  expect_error([&] { s::fftnd(c, {.axes = Axes{3}}); }, "[fftnd] axis 3 is out of range for shape [2,3,4]");
  expect_error([&] { s::ifftnd(c, {.fft_length = Axes{3}, .axes = Axes{0, 1}}); }, "[ifftnd] fft_length must have one length per axis");
  expect_error([&] { s::fftnd(c, {.fft_length = Axes{-1}, .axes = Axes{0}}); }, "[fftnd] fft_length must be non-negative, got -1");
  expect_error([&] { s::fftnd(c, {.norm = "bad"}); }, "[fftnd] norm must be 'backward', 'forward' or 'ortho', got 'bad'");
}

}  // namespace
}  // namespace tf
