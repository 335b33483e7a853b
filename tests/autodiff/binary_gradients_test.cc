// Gradients of the binary math ops, tf::where and clip_by_value against central finite
// differences (float64) with broadcasting, to second order, plus TensorFlow's tie and zero rules.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"

namespace {

using tf::Tensor;
using tf::TensorShape;
using tf::testing::binary_gradients;
using tf::testing::GradCase;
using tf::testing::InputSpec;
using tf::testing::positive;
using V = std::vector<Tensor>;

}  // namespace

std::vector<GradCase> tf::testing::binary_grad_cases() {
  std::vector<GradCase> c;
  const std::vector<std::pair<TensorShape, TensorShape>> pairs = {
      {{2, 3}, {2, 3}}, {{2, 3}, {3}}, {{2, 1}, {1, 3}}, {{}, {4}}, {{3, 1, 2}, {2}}, {{0, 3}, {3}}};
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto& [a, b] = pairs[i];
    const std::string s = "_" + std::to_string(i);
    // Values from two disjoint ladders never tie.
    c.push_back({"Maximum" + s, {{a, -2, 2, 1}, {b, -1.9, 2.1, 1}}, [](const V& x) { return tf::maximum(x[0], x[1]) * x[0]; }, true});
    c.push_back({"Minimum" + s, {{a, -2, 2, 1}, {b, -1.9, 2.1, 1}}, [](const V& x) { return tf::minimum(x[0], x[1]) * x[1]; }, true});
    c.push_back({"SquaredDifference" + s, {{a}, {b}}, [](const V& x) { return tf::math::squared_difference(x[0], x[1]); }, true});
    c.push_back({"Pow" + s, {positive(a), {b}}, [](const V& x) { return tf::pow(x[0], x[1]); }, true});
    // a / b stays within (2, 3): away from floormod's jumps.
    c.push_back({"FloorMod" + s, {{a, 2.2, 2.8}, {b, 1.0, 1.05}}, [](const V& x) { return tf::math::floormod(x[0], x[1]); }, true});
  }
  c.push_back({"PowNegativeBase", {{{3}, -2.0, -0.5}}, [](const V& x) { return tf::pow(x[0], tf::constant({2.0, 3.0, -1.0})); }, true});
  // where(c, x, y): the condition and both branches broadcast.
  const Tensor mask = tf::constant({true, false, true});
  c.push_back({"SelectSame", {{{3}}, {{3}}}, [mask](const V& x) { return tf::where(mask, x[0] * x[0], x[1]); }, true});
  c.push_back({"SelectBroadcast", {{{2, 3}}, {{}}}, [mask](const V& x) { return tf::where(mask, x[0], x[1] * x[1]); }, true});
  c.push_back({"SelectColumnCondition", {{{2, 1}}, {{1, 3}}}, [](const V& x) {
                 return tf::where(tf::constant({{true}, {false}}), x[0], x[1]);
               }, true});
  // clip_by_value with tensor bounds that broadcast; values stay away from the bounds.
  c.push_back({"ClipByValue", {{{2, 3}, -2, 2, 1}, {{3}, -0.95, -0.05}, {{}, 0.9, 1.0}},
               [](const V& x) { return tf::clip_by_value(x[0], x[1], x[2]); }, true});
  c.push_back({"ClipByValueOfSquare", {{{4}, -2, 2, 1}}, [](const V& x) { return tf::clip_by_value(x[0] * x[0], 0.5, 2.0); }, true});
  return c;
}

namespace {

class BinaryGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(BinaryGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Ops, BinaryGradient, ::testing::ValuesIn(tf::testing::binary_grad_cases()), tf::testing::case_name);

// d f(a, b) / d a and d b.
TEST(BinaryGradientValues, MaximumAndMinimumTiesGoToTheFirstInput) {
  const Tensor a = tf::constant({1.0f, 2.0f, 3.0f}), b = tf::constant({1.0f, 5.0f, 0.0f});
  auto [ga, gb] = binary_gradients(+[](const Tensor& x, const Tensor& y) { return tf::maximum(x, y); }, a, b);
  EXPECT_EQ(ga.numpy<float>(), (std::vector<float>{1, 0, 1}));
  EXPECT_EQ(gb.numpy<float>(), (std::vector<float>{0, 1, 0}));
  auto [ma, mb] = binary_gradients(+[](const Tensor& x, const Tensor& y) { return tf::minimum(x, y); }, a, b);
  EXPECT_EQ(ma.numpy<float>(), (std::vector<float>{1, 1, 0}));
  EXPECT_EQ(mb.numpy<float>(), (std::vector<float>{0, 0, 1}));
}

TEST(BinaryGradientValues, MaximumWithBroadcastScalarSumsItsShare) {
  const Tensor a = tf::constant({-1.0f, 2.0f, 3.0f}), b = tf::constant(0.0f);
  auto [ga, gb] = binary_gradients(+[](const Tensor& x, const Tensor& y) { return tf::maximum(x, y); }, a, b);
  EXPECT_EQ(ga.numpy<float>(), (std::vector<float>{0, 1, 1}));
  EXPECT_EQ(gb.shape(), TensorShape({}));
  EXPECT_EQ(gb.numpy<float>(), (std::vector<float>{1}));
}

TEST(BinaryGradientValues, PowAtZeroBaseIsFinite) {
  const Tensor a = tf::constant({0.0, 0.0, 2.0}), b = tf::constant({2.0, 0.5, 3.0});
  auto [ga, gb] = binary_gradients(+[](const Tensor& x, const Tensor& y) { return tf::pow(x, y); }, a, b);
  const auto da = ga.numpy<double>(), db = gb.numpy<double>();
  EXPECT_EQ(da[0], 0.0);          // 2 * 0^1
  EXPECT_TRUE(std::isinf(da[1]));  // 0.5 * 0^-0.5, as TensorFlow
  EXPECT_EQ(da[2], 12.0);
  EXPECT_EQ(db[0], 0.0);  // log(0) is taken as 0
  EXPECT_EQ(db[1], 0.0);
  EXPECT_DOUBLE_EQ(db[2], 8.0 * std::log(2.0));
}

TEST(BinaryGradientValues, FloorModGivesMinusTheQuotientToTheDivisor) {
  const Tensor a = tf::constant({7.0f, -7.0f}), b = tf::constant({2.0f, 2.0f});
  auto [ga, gb] = binary_gradients(+[](const Tensor& x, const Tensor& y) { return tf::math::floormod(x, y); }, a, b);
  EXPECT_EQ(ga.numpy<float>(), (std::vector<float>{1, 1}));
  EXPECT_EQ(gb.numpy<float>(), (std::vector<float>{-3, 4}));
}

TEST(BinaryGradientValues, ClipByValueRoutesOutsideValuesToTheBounds) {
  const Tensor t = tf::constant({-3.0f, 0.5f, 4.0f}), lo = tf::constant(-1.0f), hi = tf::constant({1.0f, 1.0f, 2.0f});
  tf::GradientTape tape({.persistent = true});
  for (const Tensor& v : {t, lo, hi}) tape.watch(v);
  const Tensor y = tf::clip_by_value(t, lo, hi) * tf::constant({10.0f, 20.0f, 30.0f});
  EXPECT_EQ(tape.gradient(y, t).numpy<float>(), (std::vector<float>{0, 20, 0}));
  EXPECT_EQ(tape.gradient(y, lo).numpy<float>(), (std::vector<float>{10}));
  EXPECT_EQ(tape.gradient(y, hi).numpy<float>(), (std::vector<float>{0, 0, 30}));
}

TEST(BinaryGradientValues, WhereConditionGetsNoGradientAndIntegerBranchesNone) {
  const Tensor x = tf::constant({1.0f, 2.0f}), y = tf::constant({3.0f, 4.0f});
  tf::GradientTape tape({.persistent = true});
  tape.watch(x);
  tape.watch(y);
  const Tensor out = tf::where(tf::less(x, 1.5f), x, y);
  EXPECT_EQ(tape.gradient(out, x).numpy<float>(), (std::vector<float>{1, 0}));
  EXPECT_EQ(tape.gradient(out, y).numpy<float>(), (std::vector<float>{0, 1}));
}

}  // namespace
