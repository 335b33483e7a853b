// Binary arithmetic: values, broadcasting, integer semantics, the SIMD/parallel path, errors.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include <tfpp/tfpp.h>

#include "ops/elementwise_test_util.h"

namespace {

using tfpp_test::expect_close;
using tfpp_test::expect_invalid;
using tfpp_test::random_values;

TEST(BinaryOps, ArithmeticBroadcasts) {
  tf::Tensor a = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}});
  tf::Tensor b = tf::constant({10.0f, 20.0f});
  EXPECT_EQ((a + b).numpy<float>(), (std::vector<float>{11, 22, 13, 24}));
  EXPECT_EQ((a - b).numpy<float>(), (std::vector<float>{-9, -18, -7, -16}));
  EXPECT_EQ((a * b).numpy<float>(), (std::vector<float>{10, 40, 30, 80}));
  EXPECT_EQ((b / a).numpy<float>(), (std::vector<float>{10, 10, 10.0f / 3, 5}));
  EXPECT_EQ((a * 2).numpy<float>(), (std::vector<float>{2, 4, 6, 8}));
  EXPECT_EQ((1 - a).numpy<float>(), (std::vector<float>{0, -1, -2, -3}));
  EXPECT_EQ((5.0f * tf::constant(5.0f) + 10.0f).item<float>(), 35.0f);
}

TEST(BinaryOps, ColumnTimesRowBroadcastsToMatrix) {
  tf::Tensor col = tf::constant(std::vector<double>{1, 2}, {2, 1});
  tf::Tensor row = tf::constant({10.0, 20.0, 30.0});
  tf::Tensor sum = col + row;
  EXPECT_EQ(sum.shape(), tf::TensorShape({2, 3}));
  EXPECT_EQ(sum.numpy<double>(), (std::vector<double>{11, 21, 31, 12, 22, 32}));
  tf::Tensor diff = row - col;
  EXPECT_EQ(diff.numpy<double>(), (std::vector<double>{9, 19, 29, 8, 18, 28}));
  tf::Tensor ints = tf::constant(std::vector<int>{1, 2}, {2, 1}) * tf::constant({1, 2, 3});
  EXPECT_EQ(ints.numpy<int>(), (std::vector<int>{1, 2, 3, 2, 4, 6}));
}

TEST(BinaryOps, ScalarsAndEmptyTensors) {
  EXPECT_EQ((tf::constant(2.0f) * tf::constant(3.0f)).shape(), tf::TensorShape({}));
  tf::Tensor empty = tf::zeros({0, 3});
  tf::Tensor r = empty + tf::constant({1.0f, 2.0f, 3.0f});
  EXPECT_EQ(r.shape(), tf::TensorShape({0, 3}));
  EXPECT_EQ((tf::zeros({2, 0}) * tf::zeros({2, 1})).shape(), tf::TensorShape({2, 0}));
  EXPECT_EQ(tf::maximum(tf::zeros({0}), 1.0f).shape(), tf::TensorShape({0}));
  EXPECT_EQ((tf::zeros({0}, tf::int32) % 3).shape(), tf::TensorShape({0}));
}

TEST(BinaryOps, DivideOfIntegersIsFloat64) {
  tf::Tensor q = tf::constant({7, -7}) / tf::constant({2, 2});
  EXPECT_EQ(q.dtype(), tf::float64);
  EXPECT_EQ(q.numpy<double>(), (std::vector<double>{3.5, -3.5}));
  EXPECT_EQ((tf::constant(std::int64_t{3}) / 2).item<double>(), 1.5);
  EXPECT_EQ(tf::math::truediv(tf::constant(1), tf::constant(4)).item<double>(), 0.25);
}

TEST(BinaryOps, FloorDivAndFloorModFollowPython) {
  tf::Tensor a = tf::constant({7, -7, 7, -7});
  tf::Tensor b = tf::constant({2, 2, -2, -2});
  EXPECT_EQ(tf::math::floordiv(a, b).numpy<int>(), (std::vector<int>{3, -4, -4, 3}));
  EXPECT_EQ((a % b).numpy<int>(), (std::vector<int>{1, 1, -1, -1}));
  tf::Tensor fa = tf::constant({7.5, -7.5, 7.5, -7.5});
  tf::Tensor fb = tf::constant({2.0, 2.0, -2.0, -2.0});
  EXPECT_EQ(tf::math::floordiv(fa, fb).numpy<double>(), (std::vector<double>{3, -4, -4, 3}));
  EXPECT_EQ((fa % fb).numpy<double>(), (std::vector<double>{1.5, 0.5, -0.5, -1.5}));
  EXPECT_EQ((tf::constant({5.0f, 6.0f}) % 3).numpy<float>(), (std::vector<float>{2, 0}));
  const int min = std::numeric_limits<int>::min();
  EXPECT_EQ(tf::math::floordiv(tf::constant(min), tf::constant(-1)).item<int>(), min);  // wraps like TensorFlow
  EXPECT_EQ(tf::math::floormod(tf::constant(min), tf::constant(-1)).item<int>(), 0);
}

TEST(BinaryOps, IntegerDivisionByZeroIsAnError) {
  expect_invalid([] { tf::math::floordiv(tf::constant({1, 2}), tf::constant({1, 0})); },
                 "[FloorDiv] integer division by zero");
  expect_invalid([] { tf::constant(std::int64_t{4}) % 0; }, "[FloorMod] integer division by zero");
  // Floats follow IEEE: x / 0 is infinite.
  EXPECT_EQ(tf::math::floordiv(tf::constant(1.0f), tf::constant(0.0f)).item<float>(), INFINITY);
}

TEST(BinaryOps, PowMaximumMinimumSquaredDifference) {
  tf::Tensor x = tf::constant({2.0f, 3.0f, -2.0f});
  EXPECT_EQ(tf::pow(x, 2).numpy<float>(), (std::vector<float>{4, 9, 4}));
  EXPECT_EQ(tf::pow(x, tf::constant({3.0f, 0.0f, 3.0f})).numpy<float>(), (std::vector<float>{8, 1, -8}));
  EXPECT_TRUE(std::isnan(tf::pow(tf::constant(-2.0), 0.5).item<double>()));
  EXPECT_EQ(tf::pow(tf::constant({2, -3, 5}), tf::constant({10, 3, 0})).numpy<int>(), (std::vector<int>{1024, -27, 1}));
  EXPECT_EQ(tf::pow(2, tf::constant(std::int64_t{40})).item<std::int64_t>(), std::int64_t{1} << 40);
  expect_invalid([] { tf::pow(tf::constant(2), tf::constant(-1)); },
                 "[Pow] integers to negative integer powers are not allowed");
  EXPECT_EQ(tf::maximum(x, 0.0f).numpy<float>(), (std::vector<float>{2, 3, 0}));
  EXPECT_EQ(tf::minimum(x, 2.5f).numpy<float>(), (std::vector<float>{2, 2.5, -2}));
  EXPECT_EQ(tf::maximum(tf::constant({1, 5}), tf::constant({4, 2})).numpy<int>(), (std::vector<int>{4, 5}));
  EXPECT_EQ(tf::minimum(tf::constant(std::vector<std::int64_t>{1, 5}), 3).numpy<std::int64_t>(),
            (std::vector<std::int64_t>{1, 3}));
  EXPECT_EQ(tf::math::squared_difference(x, 1.0f).numpy<float>(), (std::vector<float>{1, 4, 9}));
  EXPECT_EQ(tf::math::squared_difference(tf::constant({1, 7}), tf::constant(4)).numpy<int>(),
            (std::vector<int>{9, 9}));
}

TEST(BinaryOps, IntegerOverflowWraps) {
  const int max = std::numeric_limits<int>::max();
  EXPECT_EQ((tf::constant(max) + 1).item<int>(), std::numeric_limits<int>::min());
  EXPECT_EQ((tf::constant(max) * 2).item<int>(), -2);
}

TEST(BinaryOps, StringsConcatenate) {
  EXPECT_EQ(tf::add(tf::constant("a"), tf::constant("b")).item<std::string>(), "ab");
  tf::Tensor s = tf::constant(std::vector<std::string>{"x", "y"}) + tf::constant("!");
  EXPECT_EQ(s.numpy<std::string>(), (std::vector<std::string>{"x!", "y!"}));
}

// Large inputs take the SIMD rows split across threads; every layout must match a scalar loop.
TEST(BinaryOps, LargeTensorsMatchScalarReference) {
  const std::size_t n = 300007;  // not a multiple of any vector width
  const auto av = random_values<float>(n, -10, 10, 1), bv = random_values<float>(n, 0.5, 10, 2);
  tf::Tensor a = tf::constant(av), b = tf::constant(bv);
  std::vector<float> add(n), div(n), rsub(n), maxs(n), fdiv(n);
  for (std::size_t i = 0; i < n; ++i) {
    add[i] = av[i] + bv[i];
    div[i] = av[i] / bv[i];
    rsub[i] = 3.0f - bv[i];
    maxs[i] = std::max(av[i], 1.5f);
    fdiv[i] = std::floor(av[i] / bv[i]);
  }
  EXPECT_EQ((a + b).numpy<float>(), add);
  EXPECT_EQ((a / b).numpy<float>(), div);
  EXPECT_EQ((3.0f - b).numpy<float>(), rsub);
  EXPECT_EQ(tf::maximum(a, 1.5f).numpy<float>(), maxs);
  EXPECT_EQ(tf::math::floordiv(a, b).numpy<float>(), fdiv);

  // [rows, cols] * [cols] and [rows, 1] - [cols]: broadcast rows, also split across threads.
  const std::int64_t rows = 1001, cols = 301;
  const auto mv = random_values<double>(rows * cols, -1, 1, 3), rv = random_values<double>(cols, -1, 1, 4),
             cv = random_values<double>(rows, -1, 1, 5);
  tf::Tensor m = tf::constant(mv, {rows, cols}), r = tf::constant(rv), c = tf::constant(cv, {rows, 1});
  std::vector<double> prod(rows * cols), outer(rows * cols);
  for (std::int64_t i = 0; i < rows; ++i)
    for (std::int64_t j = 0; j < cols; ++j) {
      prod[i * cols + j] = mv[i * cols + j] * rv[j];
      outer[i * cols + j] = cv[i] - rv[j];
    }
  EXPECT_EQ((m * r).numpy<double>(), prod);
  EXPECT_EQ((c - r).numpy<double>(), outer);

  const auto iv = random_values<int>(n, -1000, 1000, 6);
  std::vector<int> imod(n);
  for (std::size_t i = 0; i < n; ++i) imod[i] = ((iv[i] % 7) + 7) % 7;
  EXPECT_EQ((tf::constant(iv) % 7).numpy<int>(), imod);
  expect_close(tf::pow(a, 2.0f).numpy<float>(), [&] {
    std::vector<float> p(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<float>(std::pow(double(av[i]), 2.0));
    return p;
  }(), 1e-6);
}

TEST(BinaryOps, ErrorsNameTheOpShapesAndDtypes) {
  expect_invalid([] { tf::add(tf::zeros({2, 3}), tf::zeros({4})); },
                 "[AddV2] shapes [2,3] and [4] cannot be broadcast together");
  expect_invalid([] { tf::add(tf::zeros({2}), tf::zeros({2}, tf::int32)); },
                 "[AddV2] inputs must have the same dtype, got float32 [2] and int32 [2]");
  expect_invalid([] { tf::multiply(tf::constant(true), tf::constant(false)); },
                 "[Mul] does not support dtype bool for its inputs (supported: float32, float64, int32, int64, uint8, "
                 "int8, int16, uint16, uint32, uint64, float16, bfloat16, complex64, complex128)");
  expect_invalid([] { tf::subtract(tf::constant("a"), tf::constant("b")); }, "[Sub] does not support dtype string");
  expect_invalid([] { tf::divide(tf::constant(1), tf::constant(1.0)); },
                 "[RealDiv] inputs must have the same dtype, got int32 [] and float64 []");
  expect_invalid([] { tf::pow(tf::zeros({3}), tf::zeros({2})); }, "[Pow] shapes [3] and [2] cannot be broadcast");
  expect_invalid([] { tf::maximum(tf::zeros({2}), tf::constant(1)); }, "[Maximum] inputs must have the same dtype");
  expect_invalid([] { tf::math::floormod(tf::constant(true), tf::constant(true)); },
                 "[FloorMod] does not support dtype bool");
}

}  // namespace
