// Gradients of the trigonometric, hyperbolic, special, zero-safe and softsign ops against
// central finite differences (float64), to first and second order, at several shapes (scalar
// and empty included) and with broadcasting; inputs stay inside each function's domain.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include <tfpp/float_classification_ops.h>
#include <tfpp/softsign_ops.h>
#include <tfpp/special_math_ops.h>
#include <tfpp/tfpp.h>
#include <tfpp/trigonometric_ops.h>
#include <tfpp/truncating_division_ops.h>
#include <tfpp/zero_safe_ops.h>

#include "autodiff/grad_cases.h"

namespace {

using tf::Tensor;
using tf::TensorShape;
using tf::testing::binary_gradients;
using tf::testing::distinct;
using tf::testing::GradCase;
using tf::testing::InputSpec;
using tf::testing::positive;
using V = std::vector<Tensor>;

std::vector<GradCase> unary_cases() {
  std::vector<GradCase> c;
  const std::vector<TensorShape> shapes = {{}, {5}, {2, 3}, {0, 2}};
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const TensorShape& s = shapes[i];
    const std::string n = "_" + std::to_string(i);
    auto add = [&](const std::string& name, InputSpec in, Tensor (*fn)(const Tensor&)) {
      c.push_back({name + n, {in}, [fn](const V& x) { return fn(x[0]); }, true});
    };
    add("Tan", {s, -1.2, 1.2}, tf::math::tan);
    add("Asin", {s, -0.9, 0.9}, tf::math::asin);
    add("Acos", {s, -0.9, 0.9}, tf::math::acos);
    add("Atan", {s}, tf::math::atan);
    add("Sinh", {s}, tf::math::sinh);
    add("Cosh", {s}, tf::math::cosh);
    add("Asinh", {s}, tf::math::asinh);
    add("Acosh", {s, 1.2, 3.0}, tf::math::acosh);
    add("Atanh", {s, -0.9, 0.9}, tf::math::atanh);
    add("Lgamma", {s, 0.3, 4.0}, tf::math::lgamma);
    add("LgammaNegative", {s, -2.9, -2.1}, tf::math::lgamma);
    add("Digamma", {s, 0.5, 4.0}, tf::math::digamma);
    add("DigammaNegative", {s, -1.8, -1.2}, tf::math::digamma);
    add("Erfc", {s}, tf::math::erfc);
    add("Erfinv", {s, -0.9, 0.9}, tf::math::erfinv);
    add("Ndtri", {s, 0.2, 0.8}, tf::math::ndtri);
    add("Softsign", distinct(s), tf::math::softsign);
    add("LogSigmoid", {s, -4.0, 4.0}, tf::math::log_sigmoid);
    add("ReciprocalNoNan", positive(s), tf::math::reciprocal_no_nan);
    add("Trigamma", {s, 0.5, 4.0}, [](const Tensor& x) { return tf::math::polygamma(1.0, x); });
    add("Tetragamma", {s, 0.5, 4.0}, [](const Tensor& x) { return tf::math::polygamma(2.0, x); });
  }
  return c;
}

std::vector<GradCase> binary_cases() {
  std::vector<GradCase> c;
  const std::vector<std::pair<TensorShape, TensorShape>> pairs = {
      {{2, 3}, {2, 3}}, {{2, 3}, {3}}, {{2, 1}, {1, 3}}, {{}, {4}}, {{0, 3}, {3}}};
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto& [a, b] = pairs[i];
    const std::string s = "_" + std::to_string(i);
    auto add = [&](const std::string& name, InputSpec x, InputSpec y, Tensor (*fn)(const Tensor&, const Tensor&)) {
      c.push_back({name + s, {x, y}, [fn](const V& v) { return fn(v[0], v[1]); }, true});
    };
    // x > 0 keeps atan2 away from its branch cut on the negative x axis.
    add("Atan2", {a}, positive(b), tf::math::atan2);
    add("Xlogy", {a}, positive(b), tf::math::xlogy);
    add("Xlog1py", {a}, {b, -0.5, 2.0}, tf::math::xlog1py);
    add("Xdivy", {a}, positive(b), tf::math::xdivy);
    add("DivideNoNan", {a}, positive(b), tf::math::divide_no_nan);
    add("MultiplyNoNan", {a}, {b}, tf::math::multiply_no_nan);
    add("NextAfter", {a}, {b}, tf::math::nextafter);
  }
  c.push_back({"PolygammaBroadcastOrder", {{{2, 3}, 0.5, 3.0}}, [](const V& x) {
                 return tf::math::polygamma(tf::constant({0.0, 1.0, 3.0}), x[0]);
               }, true});
  return c;
}

class ElementwiseMathGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(ElementwiseMathGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Unary, ElementwiseMathGradient, ::testing::ValuesIn(unary_cases()), tf::testing::case_name);
INSTANTIATE_TEST_SUITE_P(Binary, ElementwiseMathGradient, ::testing::ValuesIn(binary_cases()), tf::testing::case_name);

// d f(a, b) / d a and d b.
// Where the forward op gives 0 instead of NaN, TensorFlow's gradients are 0 too.
TEST(ElementwiseMathGradientValues, ZeroSafeOpsHaveZeroGradientsAtZero) {
  const Tensor zero = tf::constant({0.0, 0.0});
  const Tensor y = tf::constant({0.0, 2.0});
  auto [dx, dy] = binary_gradients(tf::math::xlogy, zero, y);
  EXPECT_EQ(dx.numpy<double>(), (std::vector<double>{0, 0}));
  EXPECT_EQ(dy.numpy<double>(), (std::vector<double>{0, 0}));
  std::tie(dx, dy) = binary_gradients(tf::math::divide_no_nan, tf::constant({1.0, 3.0}), tf::constant({0.0, 2.0}));
  EXPECT_EQ(dx.numpy<double>(), (std::vector<double>{0, 0.5}));
  EXPECT_EQ(dy.numpy<double>(), (std::vector<double>{0, -0.75}));
  std::tie(dx, dy) = binary_gradients(tf::math::multiply_no_nan, tf::constant({std::nan(""), 3.0}), tf::constant({0.0, 2.0}));
  EXPECT_EQ(dx.numpy<double>(), (std::vector<double>{0, 2}));
  EXPECT_TRUE(std::isnan(dy.numpy<double>()[0]));  // mul_no_nan(x, dz): dz = 1 is not 0
}

TEST(ElementwiseMathGradientValues, NotDifferentiableOpsStopTheGradient) {
  const Tensor x = tf::constant({1.5, -2.5});
  const std::pair<Tensor (*)(const Tensor&), std::vector<double>> cases[] = {
      {+[](const Tensor& t) { return tf::math::rint(t) * t; }, {2, -2}},  // only the direct factor: rint(x)
      {+[](const Tensor& t) { return tf::truncatediv(t, tf::constant(2.0)) * t; }, {0, -1}}};
  for (const auto& [f, want] : cases) {
    tf::GradientTape tape;
    tape.watch(x);
    EXPECT_EQ(tape.gradient(f(x), x).numpy<double>(), want);
  }
}

TEST(ElementwiseMathGradientValues, TruncateModHasNoGradientUntilRegistered) {
  const Tensor x = tf::constant({7.5, -7.5});
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor y = tf::truncatemod(x, tf::constant(2.0));
  EXPECT_THROW(tape.gradient(y, x), tf::LookupError);
}

TEST(ElementwiseMathGradientValues, PolygammaOrderHasNoGradient) {
  auto [da, dx] = binary_gradients(tf::math::polygamma, tf::constant({1.0, 2.0}), tf::constant({1.5, 2.5}));
  EXPECT_FALSE(da.defined());
  EXPECT_NEAR(dx.numpy<double>()[0], -0.8287966442343199, 1e-13);  // polygamma(2, 1.5)
}

// Gradients built inside tf::function equal the eager ones, with static shapes and with every
// dimension unknown (the broadcasting reductions then read the shapes at run time).
TEST(ElementwiseMathGradientValues, TracedGradientsMatchEager) {
  auto loss_grads = [](Tensor x, Tensor y) {
    tf::GradientTape tape;
    tape.watch(x);
    tape.watch(y);
    const Tensor loss = tf::reduce_sum(tf::math::atan2(y, x) + tf::math::lgamma(x) * tf::math::tan(y) +
                                       tf::math::xlogy(y, x) + tf::math::log_sigmoid(y) + tf::math::erfinv(y / 4.0) +
                                       tf::math::divide_no_nan(y, x) * tf::math::asinh(x) + tf::math::softsign(y));
    return tape.gradient(loss, std::vector<Tensor>{x, y});
  };
  const Tensor x = tf::constant({{0.5, 1.5, 2.5}, {3.0, 0.7, 1.1}});
  const Tensor y = tf::constant({-0.9, 0.3, 1.2});
  const std::vector<Tensor> eager = loss_grads(x, y);
  const tf::TensorSpec unknown(tf::None, tf::float64);
  for (const std::vector<Tensor>& traced : {tf::function(loss_grads)(x, y),
                                            tf::function(loss_grads, {.input_signature = {unknown, unknown}})(x, y)}) {
    ASSERT_EQ(traced.size(), 2u);
    for (int i = 0; i < 2; ++i) {
      ASSERT_EQ(traced[i].shape(), eager[i].shape());
      const auto e = eager[i].numpy<double>(), t = traced[i].numpy<double>();
      for (std::size_t j = 0; j < e.size(); ++j) EXPECT_NEAR(t[j], e[j], 1e-12 * std::max(1.0, std::abs(e[j])));
    }
  }
}

}  // namespace
