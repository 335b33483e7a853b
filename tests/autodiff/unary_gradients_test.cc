// Gradients of the unary math ops and activations against central finite differences
// (float64), to first and second order, plus values TensorFlow defines at the kinks.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"

namespace {

using tf::Tensor;
using tf::TensorShape;
using tf::testing::distinct;
using tf::testing::GradCase;
using tf::testing::InputSpec;
using tf::testing::positive;
using V = std::vector<Tensor>;

}  // namespace

std::vector<GradCase> tf::testing::unary_grad_cases() {
  std::vector<GradCase> c;
  const std::vector<TensorShape> shapes = {{}, {5}, {2, 3}, {0, 2}};
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const TensorShape& s = shapes[i];
    const std::string n = "_" + std::to_string(i);
    auto add = [&](const std::string& name, InputSpec in, Tensor (*fn)(const Tensor&)) {
      c.push_back({name + n, {in}, [fn](const V& x) { return fn(x[0]); }, true});
    };
    add("Neg", {s}, tf::math::negative);
    add("Abs", distinct(s), tf::math::abs);
    add("Exp", {s}, tf::math::exp);
    add("Expm1", {s}, tf::math::expm1);
    add("Log", positive(s), tf::math::log);
    add("Log1p", positive(s), tf::math::log1p);
    add("Sqrt", positive(s), tf::math::sqrt);
    add("Rsqrt", positive(s), tf::math::rsqrt);
    add("Square", {s}, tf::math::square);
    add("Reciprocal", positive(s), tf::math::reciprocal);
    add("Sin", {s}, tf::math::sin);
    add("Cos", {s}, tf::math::cos);
    add("Tanh", {s}, tf::math::tanh);
    add("Sigmoid", {s, -4.0, 4.0}, tf::math::sigmoid);
    add("Softplus", {s, -4.0, 4.0}, tf::math::softplus);
    add("Erf", {s}, tf::math::erf);
    add("Relu", distinct(s), tf::nn::relu);
    add("Relu6", {s, -2.0, 8.0, 1.0}, tf::nn::relu6);
    add("Elu", distinct(s), tf::nn::elu);
    add("Selu", distinct(s), tf::nn::selu);
    add("GeluExact", {s, -4.0, 4.0}, [](const Tensor& x) { return tf::nn::gelu(x); });
    add("GeluTanh", {s, -4.0, 4.0}, [](const Tensor& x) { return tf::nn::gelu(x, {.approximate = true}); });
    // Chains: the saved outputs feed the next gradient.
    add("TanhOfExp", {s}, [](const Tensor& x) { return tf::math::tanh(tf::math::exp(x) * x); });
    add("SigmoidTimesX", {s}, [](const Tensor& x) { return tf::math::sigmoid(x) * x; });
  }
  c.push_back({"SignTimesSquare", {distinct({4})}, [](const V& x) { return tf::math::sign(x[0]) * x[0] * x[0]; }, true});
  c.push_back({"CastFloat64Identity", {{{3}}}, [](const V& x) { return tf::cast(x[0], tf::float64) * x[0]; }, true});
  return c;
}

namespace {

class UnaryGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(UnaryGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Ops, UnaryGradient, ::testing::ValuesIn(tf::testing::unary_grad_cases()), tf::testing::case_name);

// The gradient of f at x, for a float tensor x.
Tensor grad_at(Tensor (*f)(const Tensor&), const Tensor& x) {
  tf::GradientTape tape;
  tape.watch(x);
  return tape.gradient(f(x), x);
}

TEST(UnaryGradientValues, KinksFollowTensorFlow) {
  const Tensor x = tf::constant({-1.0f, 0.0f, 2.0f, 6.0f, 7.0f});
  EXPECT_EQ(grad_at(tf::nn::relu, x).numpy<float>(), (std::vector<float>{0, 0, 1, 1, 1}));
  EXPECT_EQ(grad_at(tf::nn::relu6, x).numpy<float>(), (std::vector<float>{0, 0, 1, 0, 0}));
  EXPECT_EQ(grad_at(tf::math::abs, x).numpy<float>(), (std::vector<float>{-1, 0, 1, 1, 1}));
  EXPECT_EQ(grad_at(tf::math::sign, x).numpy<float>(), (std::vector<float>{0, 0, 0, 0, 0}));
  EXPECT_EQ(grad_at(tf::nn::elu, x).numpy<float>()[1], 1.0f);
}

TEST(UnaryGradientValues, ExactGeluAtZeroAndTails) {
  const Tensor x = tf::constant({0.0, -10.0, 10.0});
  const auto g = grad_at([](const Tensor& t) { return tf::nn::gelu(t); }, x).numpy<double>();
  EXPECT_DOUBLE_EQ(g[0], 0.5);
  EXPECT_NEAR(g[1], 0.0, 1e-15);
  EXPECT_NEAR(g[2], 1.0, 1e-15);
}

TEST(UnaryGradientValues, Float32MatchesFloat64) {
  const std::vector<double> xs = {-1.5, -0.3, 0.4, 1.7};
  for (auto f : {+[](const Tensor& t) { return tf::math::tanh(t); }, +[](const Tensor& t) { return tf::nn::gelu(t); },
                 +[](const Tensor& t) { return tf::nn::selu(t); }, +[](const Tensor& t) { return tf::math::exp(t); }}) {
    const auto g64 = grad_at(f, tf::constant(xs)).numpy<double>();
    const auto g32 = grad_at(f, tf::cast(tf::constant(xs), tf::float32)).numpy<float>();
    for (std::size_t i = 0; i < xs.size(); ++i) EXPECT_NEAR(g32[i], g64[i], 1e-5 * std::max(1.0, std::abs(g64[i])));
  }
}

TEST(UnaryGradientValues, CastBetweenFloatsCastsTheGradientBack) {
  const Tensor x = tf::constant({1.0f, 2.0f});
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor y = tf::cast(x, tf::float64) * tf::constant({3.0, 4.0});
  const Tensor g = tape.gradient(y, x);
  ASSERT_EQ(g.dtype(), tf::float32);
  EXPECT_EQ(g.numpy<float>(), (std::vector<float>{3, 4}));
}

TEST(UnaryGradientValues, CastThroughIntegersHasNoGradient) {
  const Tensor x = tf::constant({1.5f, 2.5f});
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor y = tf::cast(tf::cast(x, tf::int32), tf::float32) * x;
  const Tensor g = tape.gradient(y, x);
  EXPECT_EQ(g.numpy<float>(), (std::vector<float>{1, 2}));  // only the direct factor
}

}  // namespace
