// Dilation2D and erosion2d: values against a direct max-plus loop, SAME/VALID with strides and
// rates, errors, and gradients (input and filter) against central finite differences.
#include <gtest/gtest.h>

#include <tfpp/dilation_ops.h>
#include <tfpp/tfpp.h>

#include <algorithm>
#include <limits>

#include "autodiff/gradient_checker.h"
#include "ops/nn/nn_test_util.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;

// Dilation by definition, for a [1, h, w, 1] image and [fh, fw, 1] filter, VALID, stride 1.
std::vector<double> reference_valid(const std::vector<double>& x, int h, int w, const std::vector<double>& k, int fh,
                                    int fw, int rate) {
  std::vector<double> out;
  const int eff_h = (fh - 1) * rate + 1, eff_w = (fw - 1) * rate + 1;
  for (int y = 0; y + eff_h <= h; ++y)
    for (int xo = 0; xo + eff_w <= w; ++xo) {
      double best = -std::numeric_limits<double>::infinity();
      for (int dy = 0; dy < fh; ++dy)
        for (int dx = 0; dx < fw; ++dx) best = std::max(best, x[(y + dy * rate) * w + xo + dx * rate] + k[dy * fw + dx]);
      out.push_back(best);
    }
  return out;
}

TEST(Dilation2D, MatchesTheDefinition) {
  const Tensor x = tf::testing::random_tensor({1, 6, 7, 1}, 1);
  const Tensor k = tf::testing::random_tensor({2, 3, 1}, 2);
  for (int rate : {1, 2}) {
    const Tensor out = tf::nn::dilation2d(x, k, {1, 1, 1, 1}, "VALID", {1, rate, rate, 1});
    EXPECT_EQ(out.numpy<double>(), reference_valid(x.numpy<double>(), 6, 7, k.numpy<double>(), 2, 3, rate)) << rate;
  }
  // SAME keeps the size (stride 1) or ceil(size / stride); padded positions take no part.
  EXPECT_EQ(tf::nn::dilation2d(x, k, {1, 1, 1, 1}, "SAME", {1, 1, 1, 1}).shape(), tf::TensorShape({1, 6, 7, 1}));
  EXPECT_EQ(tf::nn::dilation2d(x, k, {1, 2, 3, 1}, "SAME", {1, 1, 1, 1}).shape(), tf::TensorShape({1, 3, 3, 1}));
  const Tensor ones = tf::nn::dilation2d(tf::zeros({1, 2, 2, 1}), tf::ones({3, 3, 1}), {1, 1, 1, 1}, "SAME", {1, 1, 1, 1});
  EXPECT_EQ(ones.numpy<float>(), (std::vector<float>{1, 1, 1, 1}));
  // Erosion is the dual: -dilation(-x, mirrored filter).
  const Tensor eroded = tf::nn::erosion2d(x, k, {1, 1, 1, 1}, "VALID", {1, 1, 1, 1});
  const Tensor dual = -tf::nn::dilation2d(-x, tf::reverse(k, {0, 1}), {1, 1, 1, 1}, "VALID", {1, 1, 1, 1});
  EXPECT_EQ(eroded.numpy<double>(), dual.numpy<double>());
}

TEST(Dilation2D, Errors) {
  const Tensor x = tf::ones({1, 4, 4, 2});
  EXPECT_EQ(error_of([&] { tf::nn::dilation2d(x, tf::ones({2, 2, 3}), {1, 1, 1, 1}, "SAME", {1, 1, 1, 1}); }),
            "[Dilation2D] input and filter must have the same depth: 2 vs 3");
  EXPECT_EQ(error_of([&] { tf::nn::dilation2d(x, tf::ones({2, 2, 2}), {1, 1, 1, 1}, "FULL", {1, 1, 1, 1}); }),
            "[Dilation2D] padding must be SAME or VALID, got FULL");
  EXPECT_EQ(error_of([&] { tf::nn::dilation2d(x, tf::ones({2, 2}), {1, 1, 1, 1}, "SAME", {1, 1, 1, 1}); }),
            "[Dilation2D] filter must be 3-dimensional [filter_rows, filter_cols, depth], got [2,2]");
  EXPECT_EQ(error_of([&] { tf::nn::dilation2d(x, tf::ones({2, 2, 2}, tf::float64), {1, 1, 1, 1}, "SAME", {1, 1, 1, 1}); }),
            "[Dilation2D] input and filter must have one dtype, got float32 and float64");
}

TEST(Dilation2D, GradientsMatchFiniteDifferences) {
  // Distinct values (a shuffled ladder), so each window has one maximum.
  const std::vector<Tensor> inputs{tf::testing::random_tensor({1, 5, 4, 2}, 3, -2.0, 2.0, 1.0),
                                   tf::testing::random_tensor({2, 2, 2}, 4, 0.0, 0.37, 1.0)};
  for (const char* padding : {"SAME", "VALID"}) {
    const tf::testing::TensorFn f = [padding](const std::vector<Tensor>& x) {
      return tf::nn::dilation2d(x[0], x[1], {1, 2, 1, 1}, padding, {1, 1, 2, 1}) * 1.5;
    };
    EXPECT_LT(tf::testing::max_gradient_error(f, inputs), 1e-6) << padding;
  }
  const tf::testing::TensorFn erosion = [](const std::vector<Tensor>& x) {
    return tf::nn::erosion2d(x[0], x[1], {1, 1, 1, 1}, "SAME", {1, 1, 1, 1});
  };
  EXPECT_LT(tf::testing::max_gradient_error(erosion, inputs), 1e-6);
}

TEST(Dilation2D, InsideAFunction) {
  auto f = tf::function([](Tensor x, Tensor k) {
    tf::GradientTape tape;
    tape.watch(x);
    const Tensor y = tf::reduce_sum(tf::nn::dilation2d(x, k, {1, 1, 1, 1}, "VALID", {1, 1, 1, 1}));
    return tape.gradient(y, x);
  });
  const Tensor x = tf::constant(std::vector<float>{1, 5, 2, 0}, {1, 2, 2, 1});
  EXPECT_EQ(f(x, tf::zeros({2, 2, 1})).numpy<float>(), (std::vector<float>{0, 1, 0, 0}));
}

}  // namespace
