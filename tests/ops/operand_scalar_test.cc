// C++ numbers in arithmetic and comparisons go through a per-thread cache of scalar operands;
// results, dtypes and errors must be exactly those of an explicit scalar_like.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <thread>

#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::testing::error_of;

TEST(OperandScalar, NormalizeAnImage) {
  tf::Tensor image = tf::constant(std::vector<float>{0, 51, 255, 127.5f}, {2, 2});
  tf::Tensor out = image / 255.0f;
  EXPECT_EQ(out.dtype(), tf::float32);
  EXPECT_EQ(out.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(out.numpy<float>(), (std::vector<float>{0, 51 / 255.0f, 1, 127.5f / 255.0f}));
  EXPECT_EQ((image / 255.0f).numpy<float>(), out.numpy<float>()) << "a repeated (cached) scalar";
}

TEST(OperandScalar, NumbersTakeTheTensorsDtype) {
  tf::Tensor d = tf::constant({1.0, 2.0});
  EXPECT_EQ((d * 0.1).dtype(), tf::float64);
  EXPECT_EQ((d * 0.1).numpy<double>(), (std::vector<double>{0.1, 0.2}));
  tf::Tensor i = tf::constant({7, -7});
  EXPECT_EQ((i + 2.9).dtype(), tf::int32);
  EXPECT_EQ((i + 2.9).numpy<std::int32_t>(), (std::vector<std::int32_t>{9, -5}));  // 2.9 truncates to 2
  EXPECT_EQ((i % 3).numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 2}));
  EXPECT_EQ((i / 2).dtype(), tf::float64);  // integers divide as float64
  EXPECT_EQ((i / 2).numpy<double>(), (std::vector<double>{3.5, -3.5}));
  tf::Tensor l = tf::constant(std::vector<std::int64_t>{1, 2});
  EXPECT_EQ((10 - l).dtype(), tf::int64);
  EXPECT_EQ((10 - l).numpy<std::int64_t>(), (std::vector<std::int64_t>{9, 8}));
  // The same number as a scalar of another dtype is another cache entry.
  EXPECT_EQ((tf::constant(1.5f) * 2).item<float>(), 3.0f);
  EXPECT_EQ((tf::constant(3) * 2).item<std::int32_t>(), 6);
  EXPECT_EQ((tf::constant(3.0) * 2).item<double>(), 6.0);
}

TEST(OperandScalar, ManyDistinctNumbersAndSignedZeros) {
  tf::Tensor x = tf::constant({1.0f, -2.0f});
  for (int round = 0; round < 3; ++round)
    for (int k = 0; k < 9; ++k) ASSERT_EQ((x * k).numpy<float>(), (std::vector<float>{1.0f * k, -2.0f * k})) << k;
  tf::Tensor one = tf::constant(1.0f);
  EXPECT_EQ((one / 0.0).item<float>(), std::numeric_limits<float>::infinity());
  EXPECT_EQ((one / -0.0).item<float>(), -std::numeric_limits<float>::infinity());
  EXPECT_EQ((one / 0.0).item<float>(), std::numeric_limits<float>::infinity());
}

TEST(OperandScalar, BroadcastsOnEitherSide) {
  tf::Tensor m = tf::constant({{1.0f, 2.0f, 3.0f}, {4.0f, 5.0f, 6.0f}});
  EXPECT_EQ((m - 1).numpy<float>(), (std::vector<float>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ((1 - m).numpy<float>(), (std::vector<float>{0, -1, -2, -3, -4, -5}));
  EXPECT_EQ((m == 2).numpy<bool>(), (std::vector<bool>{false, true, false, false, false, false}));
  EXPECT_EQ((5 != m).numpy<bool>(), (std::vector<bool>{true, true, true, true, false, true}));
  tf::Tensor empty = tf::zeros({0, 3});
  EXPECT_EQ((empty + 1).shape(), tf::TensorShape({0, 3}));
  EXPECT_EQ((tf::constant(2.0f) * 3).item<float>(), 6.0f);
}

TEST(OperandScalar, LargeTensorsTakeTheParallelPath) {
  const std::int64_t n = 300001;
  std::vector<float> v(n);
  for (std::int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(i % 256);
  tf::Tensor out = tf::constant(v, {n}) / 255.0f;
  const std::vector<float> got = out.numpy<float>();
  for (std::int64_t i = 0; i < n; i += 997) ASSERT_EQ(got[i], v[i] / 255.0f) << i;
  EXPECT_EQ(got[n - 1], v[n - 1] / 255.0f);
}

TEST(OperandScalar, ErrorsMatchAnExplicitScalar) {
  tf::Tensor s = tf::constant({"a", "b"});
  EXPECT_EQ(error_of([&] { (void)(s + 1); }), error_of([&] { (void)(s + tf::scalar_like(s, 1)); }));
  EXPECT_NE(error_of([&] { (void)(s + 1); }), "no error");
  tf::Tensor i = tf::constant({4, 5});
  EXPECT_EQ(error_of([&] { (void)tf::math::floordiv(i, 0); }), error_of([&] { (void)tf::math::floordiv(i, tf::scalar_like(i, 0)); }));
  EXPECT_NE(error_of([&] { (void)tf::math::floordiv(i, 0); }), "no error");
  EXPECT_EQ(error_of([&] { (void)(tf::Tensor() * 2); }), error_of([&] { (void)tf::scalar_like(tf::Tensor(), 2); }));
}

TEST(OperandScalar, ResultsOutliveTheThreadThatMadeThem) {
  tf::Tensor result;
  std::thread([&] { result = tf::constant({1.0, 2.0}) * 3.0; }).join();  // the thread's cache dies here
  EXPECT_EQ(result.numpy<double>(), (std::vector<double>{3, 6}));
  EXPECT_EQ((result * 3.0).numpy<double>(), (std::vector<double>{9, 18}));
}

TEST(OperandScalar, GradientsFlowThroughMixedOperators) {
  tf::Tensor x = tf::constant({1.0f, 2.0f});
  tf::GradientTape tape;
  tape.watch(x);
  tf::Tensor y = tf::reduce_sum(x * 3.0f + 1.0f);
  EXPECT_EQ(tape.gradient(y, x).numpy<float>(), (std::vector<float>{3, 3}));
}

TEST(OperandScalar, TracedNumbersStayDistinctConstants) {
  auto f = tf::function([](tf::Tensor x) { return x * 2.0f + x * 2.0f; });
  EXPECT_EQ(f(tf::constant({1.0f, 3.0f})).numpy<float>(), (std::vector<float>{4, 12}));
  EXPECT_EQ(f(tf::constant({0.5f, 1.0f})).numpy<float>(), (std::vector<float>{2, 4}));
}

}  // namespace
