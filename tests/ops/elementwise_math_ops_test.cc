// The elementwise tf.math functions beyond the basics (trigonometric_ops.h, special_math_ops.h,
// zero_safe_ops.h, float_classification_ops.h, truncating_division_ops.h, softsign_ops.h,
// logical_xor.h): values against high-precision references, edge values as TensorFlow 2.21
// gives them (NaN, +-inf, -0, domain boundaries, poles), dtype errors, and traced graphs.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <tfpp/float_classification_ops.h>
#include <tfpp/logical_xor.h>
#include <tfpp/softsign_ops.h>
#include <tfpp/special_math_ops.h>
#include <tfpp/tfpp.h>
#include <tfpp/trigonometric_ops.h>
#include <tfpp/truncating_division_ops.h>
#include <tfpp/zero_safe_ops.h>

#include "ops/elementwise_test_util.h"

namespace {

using tf::Tensor;
using tfpp_test::expect_close;
using tfpp_test::expect_invalid;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Expects float32 and float64 results of f(x) equal to `want` (NaN matching NaN, infinities
// and signed zeros exact), within `tol` relative.
void expect_values(Tensor (*f)(const Tensor&), const std::vector<double>& x, const std::vector<double>& want,
                   double tol = 1e-15) {
  const Tensor x64 = tf::constant(x);
  expect_close(f(x64).numpy<double>(), want, tol);
  std::vector<float> want32(want.begin(), want.end());
  expect_close(f(tf::cast(x64, tf::float32)).numpy<float>(), want32, 1e-6);
  const auto got = f(x64).numpy<double>();
  for (std::size_t i = 0; i < want.size(); ++i)
    if (want[i] == 0) EXPECT_EQ(std::signbit(got[i]), std::signbit(want[i])) << "sign of zero at " << i;
}

TEST(TrigonometricOps, EdgeValuesAsTensorFlow) {
  const std::vector<double> x = {kNaN, kInf, -kInf, -0.0, 0.0, 1.0, -1.0, 2.0};
  expect_values(tf::math::tan, x, {kNaN, kNaN, kNaN, -0.0, 0.0, std::tan(1.0), -std::tan(1.0), std::tan(2.0)});
  expect_values(tf::math::asin, x, {kNaN, kNaN, kNaN, -0.0, 0.0, M_PI / 2, -M_PI / 2, kNaN});
  expect_values(tf::math::acos, x, {kNaN, kNaN, kNaN, M_PI / 2, M_PI / 2, 0.0, M_PI, kNaN});
  expect_values(tf::math::atan, x, {kNaN, M_PI / 2, -M_PI / 2, -0.0, 0.0, M_PI / 4, -M_PI / 4, std::atan(2.0)});
  expect_values(tf::math::sinh, x, {kNaN, kInf, -kInf, -0.0, 0.0, std::sinh(1.0), -std::sinh(1.0), std::sinh(2.0)});
  expect_values(tf::math::cosh, x, {kNaN, kInf, kInf, 1.0, 1.0, std::cosh(1.0), std::cosh(1.0), std::cosh(2.0)});
  expect_values(tf::math::asinh, x, {kNaN, kInf, -kInf, -0.0, 0.0, std::asinh(1.0), -std::asinh(1.0), std::asinh(2.0)});
  expect_values(tf::math::acosh, x, {kNaN, kInf, kNaN, kNaN, kNaN, 0.0, kNaN, std::acosh(2.0)});
  expect_values(tf::math::atanh, x, {kNaN, kNaN, kNaN, -0.0, 0.0, kInf, -kInf, kNaN});
}

TEST(TrigonometricOps, Atan2QuadrantsSignedZerosAndBroadcasting) {
  const Tensor y = tf::constant({0.0, -0.0, 0.0, -0.0, 1.0, kNaN, 1.0, -1.0});
  const Tensor x = tf::constant({0.0, 0.0, -0.0, -0.0, kInf, 1.0, -1.0, -1.0});
  expect_close(tf::math::atan2(y, x).numpy<double>(),
               {0.0, -0.0, M_PI, -M_PI, 0.0, kNaN, 3 * M_PI / 4, -3 * M_PI / 4}, 1e-15);
  EXPECT_TRUE(std::signbit(tf::math::atan2(y, x).numpy<double>()[1]));
  const Tensor b = tf::atan2(tf::constant({{1.0f}, {-1.0f}}), tf::constant({1.0f, 0.0f}));
  EXPECT_EQ(b.shape(), tf::TensorShape({2, 2}));
  expect_close(b.numpy<float>(), {float(M_PI / 4), float(M_PI / 2), float(-M_PI / 4), float(-M_PI / 2)}, 1e-7);
  expect_close(tf::math::atan2(tf::constant({1.0f}), 1).numpy<float>(), {float(M_PI / 4)}, 1e-7);
}

TEST(SpecialMathOps, DigammaAgainstHighPrecision) {
  // References from mpmath at 30 digits.
  expect_close(tf::math::digamma(tf::constant({0.5, 1.0, 2.5, -2.5, 1e-8, 7.0, 13.7, 1e6})).numpy<double>(),
               {-1.9635100260214235, -0.5772156649015329, 0.7031566406452432, 1.103156640645243, -100000000.57721564,
                1.8727843350984672, 2.5804557238996524, 13.815510057964191},
               4e-15);
  // The poles (0, -0 and the negative integers) are NaN, as TensorFlow's; +inf stays +inf.
  expect_values(tf::math::digamma, {0.0, -0.0, -1.0, -2.0, kInf, -kInf, kNaN}, {kNaN, kNaN, kNaN, kNaN, kInf, kNaN, kNaN});
}

TEST(SpecialMathOps, LgammaPolesAndReflection) {
  expect_close(tf::math::lgamma(tf::constant({-2.5, 0.5, 3.0, 100.0})).numpy<double>(),
               {-0.056243716497674054, 0.5723649429247001, 0.6931471805599453, 359.1342053695754}, 1e-15);
  expect_values(tf::math::lgamma, {0.0, -0.0, -1.0, -2.0, 1.0, 2.0, kInf, -kInf, kNaN},
                {kInf, kInf, kInf, kInf, 0.0, 0.0, kInf, kInf, kNaN});
}

TEST(SpecialMathOps, PolygammaAgainstHighPrecision) {
  const Tensor n = tf::constant({1.0, 1.0, 2.0, 3.0, 1.0, 4.0, 0.0});
  const Tensor x = tf::constant({0.5, 3.0, 1.5, -1.5, 20.0, 0.25, 1.0});
  expect_close(tf::math::polygamma(n, x).numpy<double>(),
               {4.934802200544679, 0.39493406684822646, -0.82879664423432, 194.59427621918763, 0.05127082293520312,
                -24584.375388637935, -0.5772156649015329},
               1e-13);
  // A non-integer or negative order is NaN; the poles of zeta are +inf, as in TensorFlow.
  expect_close(tf::math::polygamma(tf::constant({1.5, -1.0, 1.0, 1.0}), tf::constant({1.0, 1.0, 0.0, -2.0})).numpy<double>(),
               {kNaN, kNaN, kInf, kInf}, 0);
}

TEST(SpecialMathOps, ErfcErfinvNdtri) {
  expect_values(tf::math::erfc, {kNaN, kInf, -kInf, 0.0, 1.0, -1.0}, {kNaN, 0.0, 2.0, 1.0, std::erfc(1.0), std::erfc(-1.0)});
  expect_close(tf::math::erfinv(tf::constant({1e-20, 0.1, 0.5, 0.9, 0.999999, -0.3, 1 - 0x1p-52})).numpy<double>(),
               {8.86226925452758e-21, 0.08885599049425769, 0.4769362762044699, 1.1630871536766743, 3.458910737275499,
                -0.2724627147267543, 5.805018683193453},
               2e-15);
  expect_values(tf::math::erfinv, {kNaN, kInf, -kInf, -0.0, 0.0, 1.0, -1.0, 2.0}, {kNaN, kNaN, kNaN, 0.0, 0.0, kInf, -kInf, kNaN});
  expect_close(tf::math::ndtri(tf::constant({1e-10, 0.01, 0.3, 0.5, 0.7, 0.975, 0.999999999999})).numpy<double>(),
               {-6.361340902404057, -2.326347874040841, -0.5244005127080408, 0.0, 0.5244005127080407, 1.9599639845400538,
                7.0344869100478356},
               4e-15);
  expect_values(tf::math::ndtri, {kNaN, kInf, -kInf, -0.0, 0.0, 1.0, -1.0}, {kNaN, kNaN, kNaN, -kInf, -kInf, kInf, kNaN});
  // Deep in the tail the result still inverts the normal CDF.
  const double x = tf::math::ndtri(tf::constant({1e-300})).numpy<double>()[0];
  EXPECT_NEAR(0.5 * std::erfc(-x / std::sqrt(2.0)) / 1e-300, 1.0, 1e-12);
}

// How many floats apart a and b are (both finite).
std::int64_t ulps_between(float a, float b) {
  auto key = [](float v) {
    const auto u = std::bit_cast<std::int32_t>(v);
    return u < 0 ? std::int64_t{std::numeric_limits<std::int32_t>::min()} - u : std::int64_t{u};
  };
  return std::abs(key(a) - key(b));
}

// float32 erfinv and ndtri skip the double-precision refinement; they stay within an ulp of the
// rounded float64 results, tiny arguments and tails included.
TEST(SpecialMathOps, Float32ErfinvAndNdtriWithinAnUlp) {
  std::vector<double> x, p;
  for (int i = 1; i < 20000; ++i) {
    x.push_back(-1.0 + i / 10000.0);
    p.push_back(i / 20000.0);
  }
  for (double t : {1e-30, 3e-5, 1e-7, 0.99999994}) x.push_back(t);
  for (double t : {1e-30, 1e-10, 0.99999994}) p.push_back(t);
  using Fn = Tensor (*)(const Tensor&);
  for (const auto& [f, in] : {std::pair<Fn, std::vector<double>>{tf::math::erfinv, x}, {tf::math::ndtri, p}}) {
    const Tensor in32 = tf::cast(tf::constant(in), tf::float32);
    const auto got = f(in32).numpy<float>();
    const auto want = tf::cast(f(tf::cast(in32, tf::float64)), tf::float32).numpy<float>();
    for (std::size_t i = 0; i < got.size(); ++i) EXPECT_LE(ulps_between(got[i], want[i]), 1) << in[i];
  }
}

TEST(SoftsignOps, ValuesAndLogSigmoidTails) {
  expect_values(tf::math::softsign, {kNaN, kInf, -0.0, 0.0, 1.0, -1.0, 2.0}, {kNaN, kNaN, -0.0, 0.0, 0.5, -0.5, 2.0 / 3});
  EXPECT_EQ(tf::nn::softsign(tf::constant({3.0f})).numpy<float>(), std::vector<float>{0.75f});
  expect_values(tf::math::log_sigmoid, {kNaN, -kInf, 0.0, 1.0, -800.0, 800.0},
                {kNaN, -kInf, -std::log(2.0), -std::log1p(std::exp(-1.0)), -800.0, -0.0});
}

TEST(FloatClassificationOps, PredicatesGiveBool) {
  const Tensor x = tf::constant({{kNaN, kInf, -kInf}, {-0.0, 1.0, 1e-310}});
  const Tensor nan = tf::math::is_nan(x), inf = tf::math::is_inf(x), finite = tf::math::is_finite(x);
  EXPECT_EQ(nan.dtype(), tf::bool_);
  EXPECT_EQ(nan.shape(), tf::TensorShape({2, 3}));
  EXPECT_EQ(nan.numpy<bool>(), (std::vector<bool>{true, false, false, false, false, false}));
  EXPECT_EQ(inf.numpy<bool>(), (std::vector<bool>{false, true, true, false, false, false}));
  EXPECT_EQ(finite.numpy<bool>(), (std::vector<bool>{false, false, false, true, true, true}));
  EXPECT_EQ(tf::math::is_nan(tf::cast(tf::constant({kNaN, 1.0}), tf::float32)).numpy<bool>(), (std::vector<bool>{true, false}));
}

TEST(FloatClassificationOps, RintRoundsHalvesToEvenAndKeepsNegativeZero) {
  expect_values(tf::math::rint, {0.5, 1.5, 2.5, -0.5, -1.5, kNaN, -kInf, 2.4999999}, {0.0, 2.0, 2.0, -0.0, -2.0, kNaN, -kInf, 2.0});
}

TEST(FloatClassificationOps, NextAfter) {
  const auto f = tf::math::nextafter(tf::cast(tf::constant({0.0, 1.0, 1.0, kNaN}), tf::float32), tf::constant({1.0f, 2.0f, 0.0f, 1.0f}))
                     .numpy<float>();
  EXPECT_EQ(f[0], std::numeric_limits<float>::denorm_min());
  EXPECT_EQ(f[1], 1.0f + std::numeric_limits<float>::epsilon());
  EXPECT_EQ(f[2], 1.0f - std::numeric_limits<float>::epsilon() / 2);
  EXPECT_TRUE(std::isnan(f[3]));
  EXPECT_EQ(tf::math::nextafter(tf::constant({1.0}), 2.0).numpy<double>()[0], 1.0 + std::numeric_limits<double>::epsilon());
  // Denormals and signed zeros, as TensorFlow gives them (FTZ/DAZ must not flush them).
  const double tiny = std::numeric_limits<double>::denorm_min();
  const auto d = tf::math::nextafter(tf::constant({0.0, -0.0, tiny, tiny, -tiny, 0.0, -1.0, kInf}),
                                     tf::constant({-1.0, 1.0, 1.0, -1.0, -1.0, -0.0, -kInf, 0.0}))
                     .numpy<double>();
  EXPECT_EQ(d[0], -tiny);
  EXPECT_EQ(d[1], tiny);
  EXPECT_EQ(d[2], 2 * tiny);
  EXPECT_EQ(d[3], 0.0);
  EXPECT_EQ(d[4], -2 * tiny);
  EXPECT_TRUE(std::signbit(d[5]));  // equal operands give the second
  EXPECT_EQ(d[6], std::nextafter(-1.0, -2.0));
  EXPECT_EQ(d[7], std::numeric_limits<double>::max());
}

TEST(ZeroSafeOps, ZeroOperandsGiveZeroEvenWithNaN) {
  // x == 0 wins over a NaN or zero y in xlogy, xlog1py, xdivy.
  const Tensor x = tf::constant({0.0, 0.0, 0.0, 1.0, 2.0});
  expect_close(tf::math::xlogy(x, tf::constant({0.0, kNaN, -1.0, 0.0, 3.0})).numpy<double>(), {0, 0, 0, -kInf, 2 * std::log(3.0)}, 1e-15);
  expect_close(tf::math::xlog1py(x, tf::constant({-1.0, kNaN, -2.0, -1.0, 3.0})).numpy<double>(), {0, 0, 0, -kInf, 2 * std::log(4.0)}, 1e-15);
  expect_close(tf::math::xdivy(x, tf::constant({0.0, kNaN, kInf, 0.0, 4.0})).numpy<double>(), {0, 0, 0, kInf, 0.5}, 1e-15);
  // y == 0 wins over a NaN or infinite x in divide_no_nan, multiply_no_nan; a NaN y stays NaN.
  expect_close(tf::math::divide_no_nan(tf::constant({kNaN, 1.0, kInf, 1.0}), tf::constant({0.0, kNaN, 0.0, kInf})).numpy<double>(),
               {0, kNaN, 0, 0}, 0);
  expect_close(tf::math::multiply_no_nan(tf::constant({kNaN, kInf, 1.0, kNaN}), tf::constant({0.0, 0.0, kNaN, 1.0})).numpy<double>(),
               {0, 0, kNaN, kNaN}, 0);
  expect_close(tf::math::reciprocal_no_nan(tf::cast(tf::constant({0.0, 2.0, kNaN, -0.0, -kInf}), tf::float32)).numpy<float>(),
               {0.0f, 0.5f, float(kNaN), 0.0f, -0.0f}, 0);
  expect_close(tf::math::divide_no_nan(tf::constant({1.0f, 3.0f}), 0.0f).numpy<float>(), {0.0f, 0.0f}, 0);
}

TEST(ZeroSafeOps, DivideNoNanDividesIntegersAsFloats) {
  const Tensor q = tf::math::divide_no_nan(tf::constant({7, -7, 3}), tf::constant({2, 2, 0}));
  EXPECT_EQ(q.dtype(), tf::float64);
  EXPECT_EQ(q.numpy<double>(), (std::vector<double>{3.5, -3.5, 0.0}));
  EXPECT_EQ(tf::math::divide_no_nan(tf::constant({7}, tf::uint8), tf::constant({2}, tf::uint8)).dtype(), tf::float32);
}

TEST(TruncatingDivisionOps, RoundTowardZero) {
  const Tensor a = tf::constant({7, -7, 7, -7}), b = tf::constant({2, 2, -2, -2});
  EXPECT_EQ(tf::truncatediv(a, b).numpy<std::int32_t>(), (std::vector<std::int32_t>{3, -3, -3, 3}));
  EXPECT_EQ(tf::truncatemod(a, b).numpy<std::int32_t>(), (std::vector<std::int32_t>{1, -1, 1, -1}));
  EXPECT_EQ(tf::truncatediv(tf::cast(a, tf::int64), tf::cast(b, tf::int64)).numpy<std::int64_t>(),
            (std::vector<std::int64_t>{3, -3, -3, 3}));
  // min / -1 wraps and min % -1 is 0, as TensorFlow's kernels give.
  const Tensor min = tf::constant({std::numeric_limits<std::int32_t>::min()});
  EXPECT_EQ(tf::truncatediv(min, -1).numpy<std::int32_t>()[0], std::numeric_limits<std::int32_t>::min());
  EXPECT_EQ(tf::truncatemod(min, -1).numpy<std::int32_t>()[0], 0);
  EXPECT_EQ(tf::truncatediv(tf::constant({200}, tf::uint8), tf::constant({3}, tf::uint8)).numpy<std::uint8_t>()[0], 66);
  expect_close(tf::truncatediv(tf::constant({7.0f, -7.0f, 1.0f}), tf::constant({2.0f, 2.0f, 0.0f})).numpy<float>(),
               {3.0f, -3.0f, float(kInf)}, 0);
  expect_close(tf::truncatemod(tf::constant({7.5, -7.5, 1.0}), tf::constant({2.0, 2.0, 0.0})).numpy<double>(), {1.5, -1.5, kNaN}, 0);
  // Broadcasting.
  EXPECT_EQ(tf::truncatediv(tf::constant({{9}, {-9}}), tf::constant({2, 4})).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{4, 2, -4, -2}));
}

TEST(TruncatingDivisionOps, IntegerDivisionByZeroIsAnError) {
  expect_invalid([] { tf::truncatediv(tf::constant({1, 2}), tf::constant({1, 0})); }, "[TruncateDiv] integer division by zero");
  expect_invalid([] { tf::truncatemod(tf::constant({1}), 0); }, "[TruncateMod] integer division by zero");
  expect_invalid([] { tf::truncatemod(tf::constant({1}, tf::uint8), tf::constant({1}, tf::uint8)); },
                 "[TruncateMod] does not support dtype uint8");
}

TEST(LogicalXor, TruthTableAndBroadcasting) {
  EXPECT_EQ(tf::math::logical_xor(tf::constant({true, true, false, false}), tf::constant({true, false, true, false})).numpy<bool>(),
            (std::vector<bool>{false, true, true, false}));
  const Tensor b = tf::math::logical_xor(tf::constant({{true}, {false}}), tf::constant({true, false}));
  EXPECT_EQ(b.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(b.numpy<bool>(), (std::vector<bool>{false, true, true, false}));
}

TEST(ElementwiseMathErrors, DtypesOutsideTensorFlowsKernelsNameTheOp) {
  expect_invalid([] { tf::math::tan(tf::constant({1})); }, "[Tan] does not support dtype int32");
  expect_invalid([] { tf::math::lgamma(tf::constant({1}, tf::int64)); }, "[Lgamma] does not support dtype int64");
  expect_invalid([] { tf::math::is_nan(tf::constant({1})); }, "[IsNan] does not support dtype int32");
  expect_invalid([] { tf::math::softsign(tf::constant({1})); }, "[Softsign] does not support dtype int32");
  expect_invalid([] { tf::math::xlogy(tf::constant({1}), tf::constant({1})); }, "[Xlogy] does not support dtype int32");
  expect_invalid([] { tf::math::reciprocal_no_nan(tf::constant({2})); }, "[DivNoNan] does not support dtype int32");
  expect_invalid([] { tf::math::logical_xor(tf::constant({1.0f}), tf::constant({1.0f})); }, "[LogicalOr]");
  expect_invalid([] { tf::math::atan2(tf::constant({1.0f}), tf::constant({1.0})); }, "[Atan2]");
  expect_invalid([] { tf::math::xdivy(tf::constant({1.0, 2.0}), tf::constant({1.0, 2.0, 3.0})); }, "[Xdivy]");
}

// Traced, the ops give static shapes and the graph reads as TensorFlow's.
TEST(ElementwiseMathTraced, StaticShapesAndNodeNames) {
  auto f = tf::function(
      [](Tensor x, Tensor y) {
        return std::vector<Tensor>{tf::math::atan2(x, y),          tf::math::is_nan(x),        tf::math::erfinv(x),
                                   tf::math::divide_no_nan(x, y),  tf::math::log_sigmoid(x),   tf::math::reciprocal_no_nan(x),
                                   tf::math::logical_xor(tf::greater(x, 0.0f), tf::greater(y, 0.0f)),
                                   tf::math::xlog1py(x, y),        tf::math::multiply_no_nan(x, y), tf::truncatediv(x, y)};
      },
      {.input_signature = {tf::TensorSpec({tf::None, 3}, tf::float32), tf::TensorSpec({3}, tf::float32)}});
  tf::ConcreteFunction cf = f.get_concrete_function();
  const std::string g = cf.graph().to_string();
  for (const char* node : {"Atan2 = Atan2", "IsNan = IsNan", "erfinv/Erfinv = Erfinv", "div_no_nan = DivNoNan",
                           "LogSigmoid/Neg = Neg", "LogSigmoid/Softplus = Softplus", "LogSigmoid = Neg",
                           "reciprocal_no_nan = DivNoNan", "LogicalXor = LogicalAnd", "xlog1py/Xlog1py = Xlog1py",
                           "multiply_no_nan = MulNoNan", "TruncateDiv = TruncateDiv"})
    EXPECT_NE(g.find(node), std::string::npos) << node << " in\n" << g;
  const std::vector<Tensor> out = f(tf::constant({{0.5f, -0.5f, 0.0f}}), tf::constant({1.0f, 0.0f, 2.0f}));
  EXPECT_EQ(out[1].dtype(), tf::bool_);
  EXPECT_EQ(out[3].numpy<float>(), (std::vector<float>{0.5f, 0.0f, 0.0f}));
  EXPECT_EQ(out[6].numpy<bool>(), (std::vector<bool>{false, false, true}));
}

TEST(ElementwiseMathTraced, ShapeFunctionsGiveStaticShapes) {
  auto f = tf::function(
      [](Tensor x, Tensor y) {
        EXPECT_EQ(tf::math::tan(x).shape(), tf::TensorShape({tf::None, 3}));
        EXPECT_EQ(tf::math::is_finite(x).shape(), tf::TensorShape({tf::None, 3}));
        EXPECT_EQ(tf::math::is_finite(x).dtype(), tf::bool_);
        EXPECT_EQ(tf::math::xlogy(x, y).shape(), tf::TensorShape({tf::None, 3}));
        EXPECT_EQ(tf::math::polygamma(y, x).shape(), tf::TensorShape({tf::None, 3}));
        EXPECT_EQ(tf::truncatemod(y, x).shape(), tf::TensorShape({tf::None, 3}));
        return x;
      },
      {.input_signature = {tf::TensorSpec({tf::None, 3}, tf::float64), tf::TensorSpec({1, 3}, tf::float64)}});
  f.get_concrete_function();
}

}  // namespace
