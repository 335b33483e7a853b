// Composite reductions (log-sum-exp, variance, std, Euclidean norm, count_nonzero,
// zero_fraction), add_n and l2_normalize: values as TensorFlow gives them, error paths, and
// static shapes while tracing.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include <tfpp/add_n.h>
#include <tfpp/l2_normalize.h>
#include <tfpp/statistics_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;

constexpr float kInf = std::numeric_limits<float>::infinity();

TEST(StatisticsOps, LogSumExpHandlesInfiniteRowsAsTensorFlow) {
  const Tensor x = tf::constant({{0.0f, -kInf}, {-kInf, -kInf}, {kInf, 1.0f}, {kInf, kInf}});
  EXPECT_EQ(tf::math::reduce_logsumexp(x, 1).numpy<float>(), (std::vector<float>{0, -kInf, kInf, kInf}));
  const Tensor big = tf::constant({1000.0, 1000.0});
  EXPECT_DOUBLE_EQ(tf::reduce_logsumexp(big).item<double>(), 1000.0 + std::log(2.0));
  EXPECT_EQ(tf::math::reduce_logsumexp(tf::zeros({0, 2}), 0).numpy<float>(), (std::vector<float>{-kInf, -kInf}));
  EXPECT_EQ(tf::math::reduce_logsumexp(x, 1, {.keepdims = true}).shape(), tf::TensorShape({4, 1}));
  EXPECT_EQ(error_of([] { tf::math::reduce_logsumexp(tf::constant({1, 2})); }),
            "[ReduceLogSumExp] input must be float32 or float64, got int32 [2]");
}

TEST(StatisticsOps, VarianceAndStd) {
  const Tensor x = tf::constant({{1.0f, 2.0f}, {3.0f, 5.0f}});
  EXPECT_EQ(tf::math::reduce_variance(x, 0, {.keepdims = true}).numpy<float>(), (std::vector<float>{1.0f, 2.25f}));
  EXPECT_EQ(tf::math::reduce_std(x, 1).numpy<float>(), (std::vector<float>{0.5f, 1.0f}));
  EXPECT_EQ(tf::math::reduce_variance(x).shape(), tf::TensorShape({}));
  EXPECT_TRUE(std::isnan(tf::math::reduce_variance(tf::zeros({0, 2}), 0).numpy<float>()[0]));
  EXPECT_EQ(error_of([] { tf::math::reduce_variance(tf::constant({1, 2})); }),
            "[reduce_variance] input must be float32 or float64, got int32 [2]");
}

TEST(StatisticsOps, EuclideanNormComputesInTheInputDtype) {
  EXPECT_EQ(tf::math::reduce_euclidean_norm(tf::constant({{1, 1}, {2, 2}, {-3, 4}}), 1).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{1, 2, 5}));
  EXPECT_FLOAT_EQ(tf::math::reduce_euclidean_norm(tf::constant({{3.0f, 4.0f}, {5.0f, 12.0f}})).item<float>(),
                  std::sqrt(194.0f));
  EXPECT_EQ(tf::math::reduce_euclidean_norm(tf::zeros({0, 2}), {0}).numpy<float>(), (std::vector<float>{0, 0}));
  EXPECT_NE(error_of([] { tf::math::reduce_euclidean_norm(tf::constant({true})); }), "no error");
}

TEST(StatisticsOps, CountNonzeroAndZeroFraction) {
  const Tensor x = tf::constant({{0.0f, 4.0f}, {5.0f, 0.0f}, {0.0f, 0.0f}});
  const Tensor rows = tf::math::count_nonzero(x, 1);
  EXPECT_EQ(rows.dtype(), tf::int64);
  EXPECT_EQ(rows.numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 1, 0}));
  const Tensor all = tf::math::count_nonzero(x, {.keepdims = true}, tf::int32);
  EXPECT_EQ(all.shape(), tf::TensorShape({1, 1}));
  EXPECT_EQ(all.item<std::int32_t>(), 2);
  EXPECT_EQ(tf::math::count_nonzero(tf::constant({true, false})).item<std::int64_t>(), 1);
  EXPECT_EQ(tf::math::count_nonzero(tf::constant(std::vector<std::string>{"a", ""}, {2})).item<std::int64_t>(), 1);
  EXPECT_FLOAT_EQ(tf::math::zero_fraction(x).item<float>(), 4.0f / 6.0f);
  EXPECT_FLOAT_EQ(tf::nn::zero_fraction(tf::constant({1, 0, 0})).item<float>(), 2.0f / 3.0f);
  EXPECT_TRUE(std::isnan(tf::math::zero_fraction(tf::zeros({0})).item<float>()));
}

TEST(StatisticsOps, AddN) {
  const Tensor a = tf::constant({1.0f, 2.0f}), b = tf::constant({3.0f, 4.0f});
  EXPECT_EQ(tf::add_n({a, b, a}).numpy<float>(), (std::vector<float>{5, 8}));
  EXPECT_EQ(tf::math::add_n({a}).numpy<float>(), (std::vector<float>{1, 2}));
  EXPECT_EQ(error_of([&] { tf::add_n({a, tf::constant({1.0f, 2.0f, 3.0f})}); }),
            "[AddN] inputs must have the same size and shape: input 0: [2] != input 1: [3]");
  EXPECT_EQ(error_of([&] { tf::add_n({a, tf::constant({1, 2})}); }),
            "[AddN] inputs must have the same dtype: input 0 is float32, input 1 is int32");
  EXPECT_EQ(error_of([] { tf::add_n({}); }), "[AddN] needs at least one input");
}

TEST(StatisticsOps, AddNChecksTracedShapesWhenItRuns) {
  auto f = tf::function([](Tensor a, Tensor b) { return tf::add_n({a, b}); },
                        {.input_signature = {tf::TensorSpec({2}, tf::float32), tf::TensorSpec({tf::None}, tf::float32)}});
  EXPECT_EQ(f(tf::constant({1.0f, 2.0f}), tf::constant({3.0f, 4.0f})).numpy<float>(), (std::vector<float>{4, 6}));
  EXPECT_NE(error_of([&] { f(tf::constant({1.0f, 2.0f}), tf::constant({3.0f})); }).find("must have the same size and shape"),
            std::string::npos);
}

TEST(StatisticsOps, L2Normalize) {
  const Tensor x = tf::constant({{3.0f, 4.0f}, {0.0f, 0.0f}});
  EXPECT_EQ(tf::math::l2_normalize(x, 1).numpy<float>(), (std::vector<float>{0.6f, 0.8f, 0.0f, 0.0f}));
  EXPECT_EQ(tf::nn::l2_normalize(tf::constant({3.0f, 4.0f}), 0, {.epsilon = 100.0}).numpy<float>(), (std::vector<float>{0.3f, 0.4f}));
  EXPECT_EQ(tf::linalg::l2_normalize(tf::constant({{3.0f}, {4.0f}})).numpy<float>(), (std::vector<float>{0.6f, 0.8f}));
  EXPECT_EQ(tf::math::l2_normalize(tf::constant({3.0f, 4.0f}), {.epsilon = 100.0}).numpy<float>(), (std::vector<float>{0.3f, 0.4f}));
  EXPECT_EQ(tf::math::l2_normalize(x, {1}).numpy<float>(), tf::math::l2_normalize(x, 1).numpy<float>());  // {1} is an axis
}

TEST(StatisticsOps, TracedShapes) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&](Tensor x) {
    const std::vector<Tensor> out = {tf::reduce_logsumexp(x, 1), tf::math::reduce_variance(x, 1),
                                     tf::math::reduce_euclidean_norm(x, 1), tf::math::count_nonzero(x, 1),
                                     tf::math::zero_fraction(x), tf::add_n({x, x}), tf::math::l2_normalize(x, 1),
                                     tf::math::reduce_std(x)};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  }, {.input_signature = {tf::TensorSpec({tf::None, 3}, tf::float32)}});
  const Tensor x = tf::constant({{1.0f, 0.0f, 2.0f}, {-1.0f, 3.0f, 0.5f}});
  const std::vector<Tensor> out = f(x);
  const std::vector<tf::TensorShape> expected = {{tf::None}, {tf::None}, {tf::None}, {tf::None}, {}, {tf::None, 3},
                                                 {tf::None, 3}, {}};
  EXPECT_EQ(shapes, expected);
  EXPECT_EQ(out[0].numpy<float>(), tf::reduce_logsumexp(x, 1).numpy<float>());
  EXPECT_EQ(out[4].item<float>(), tf::math::zero_fraction(x).item<float>());
}

}  // namespace
