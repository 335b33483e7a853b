// Unary math: values against <cmath>, edge values, integer kernels, the SIMD/parallel path, errors.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>

#include <tfpp/tfpp.h>

#include "ops/elementwise_test_util.h"

namespace {

using tfpp_test::expect_close;
using tfpp_test::expect_invalid;
using tfpp_test::random_values;

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

struct UnaryCase {
  const char* name;
  tf::Tensor (*op)(const tf::Tensor&);
  double (*reference)(double);
  double lo, hi;  // input range of the random test
};

// Every float op against a double-precision <cmath> reference, on SIMD-sized and odd lengths,
// in float32 and float64, including inputs that take the exact fallback lanes.
const UnaryCase kCases[] = {
    {"negative", tf::math::negative, [](double x) { return -x; }, -100, 100},
    {"abs", tf::math::abs, [](double x) { return std::abs(x); }, -100, 100},
    {"square", tf::math::square, [](double x) { return x * x; }, -100, 100},
    {"sqrt", tf::math::sqrt, [](double x) { return std::sqrt(x); }, 0, 1000},
    {"rsqrt", tf::math::rsqrt, [](double x) { return 1 / std::sqrt(x); }, 0.01, 1000},
    {"reciprocal", tf::math::reciprocal, [](double x) { return 1 / x; }, 0.01, 1000},
    {"exp", tf::math::exp, [](double x) { return std::exp(x); }, -80, 80},
    {"expm1", tf::math::expm1, [](double x) { return std::expm1(x); }, -5, 5},
    {"log", tf::math::log, [](double x) { return std::log(x); }, 1e-6, 1e6},
    {"log1p", tf::math::log1p, [](double x) { return std::log1p(x); }, -0.99, 100},
    {"sin", tf::math::sin, [](double x) { return std::sin(x); }, -100, 100},
    {"cos", tf::math::cos, [](double x) { return std::cos(x); }, -100, 100},
    {"tanh", tf::math::tanh, [](double x) { return std::tanh(x); }, -10, 10},
    {"sigmoid", tf::math::sigmoid, [](double x) { return 1 / (1 + std::exp(-x)); }, -30, 30},
    {"softplus", tf::math::softplus, [](double x) { return std::log1p(std::exp(x)); }, -30, 30},
    {"erf", tf::math::erf, [](double x) { return std::erf(x); }, -4, 4},
    {"floor", tf::math::floor, [](double x) { return std::floor(x); }, -100, 100},
    {"ceil", tf::math::ceil, [](double x) { return std::ceil(x); }, -100, 100},
    {"relu", tf::nn::relu, [](double x) { return std::max(x, 0.0); }, -10, 10},
    {"relu6", tf::nn::relu6, [](double x) { return std::min(std::max(x, 0.0), 6.0); }, -10, 10},
    {"elu", tf::nn::elu, [](double x) { return x > 0 ? x : std::expm1(x); }, -10, 10},
    {"selu", tf::nn::selu,
     [](double x) { return 1.0507009873554804934 * (x > 0 ? x : 1.6732632423543772848 * std::expm1(x)); }, -10, 10},
    {"gelu", [](const tf::Tensor& x) { return tf::nn::gelu(x); },
     [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }, -6, 6},
    {"gelu_tanh", [](const tf::Tensor& x) { return tf::nn::gelu(x, {.approximate = true}); },
     [](double x) { return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x))); }, -6, 6},
};

TEST(UnaryOps, FloatOpsMatchCmath) {
  for (const UnaryCase& c : kCases) {
    SCOPED_TRACE(c.name);
    for (std::size_t n : {1, 7, 16, 33, 200003}) {  // the last one runs in parallel
      const auto xf = random_values<float>(n, c.lo, c.hi, n);
      std::vector<float> wantf(n);
      for (std::size_t i = 0; i < n; ++i) wantf[i] = static_cast<float>(c.reference(xf[i]));
      expect_close(c.op(tf::constant(xf)).numpy<float>(), wantf, 4e-6);
      const auto xd = random_values<double>(n, c.lo, c.hi, n + 1);
      std::vector<double> wantd(n);
      for (std::size_t i = 0; i < n; ++i) wantd[i] = c.reference(xd[i]);
      expect_close(c.op(tf::constant(xd)).numpy<double>(), wantd, 1e-13);
    }
  }
}

TEST(UnaryOps, EdgeValuesMatchCmath) {
  // Out-of-range lanes (NaN, infinities, overflow, huge angles) mixed into full vectors.
  std::vector<float> x = {kNaN, kInf, -kInf, 0.0f, -0.0f, 89.0f, -100.0f, 1e30f, -1e30f, 1e5f, 1.0f, 2.0f,
                          3.0f, 4.0f, 5.0f, 6.0f, 7.0f};
  tf::Tensor t = tf::constant(x);
  auto check = [&](const char* name, tf::Tensor got, float (*ref)(float)) {
    SCOPED_TRACE(name);
    std::vector<float> want(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) want[i] = ref(x[i]);
    expect_close(got.numpy<float>(), want, 4e-6);
  };
  check("exp", tf::exp(t), [](float v) { return std::exp(v); });
  check("expm1", tf::math::expm1(t), [](float v) { return std::expm1(v); });
  check("log", tf::math::log(t), [](float v) { return std::log(v); });
  check("log1p", tf::math::log1p(t), [](float v) { return std::log1p(v); });
  check("sin", tf::sin(t), [](float v) { return std::sin(v); });
  check("cos", tf::cos(t), [](float v) { return std::cos(v); });
  check("tanh", tf::tanh(t), [](float v) { return std::tanh(v); });
  check("sqrt", tf::sqrt(t), [](float v) { return std::sqrt(v); });
  check("sigmoid", tf::sigmoid(t), [](float v) { return v >= 0 ? 1 / (1 + std::exp(-v)) : std::exp(v) / (1 + std::exp(v)); });
  check("softplus", tf::nn::softplus(t), [](float v) { return std::fmax(v, 0.0f) + std::log1p(std::exp(-std::abs(v))); });
  EXPECT_EQ(tf::exp(tf::constant(1000.0)).item<double>(), std::numeric_limits<double>::infinity());
  EXPECT_EQ(tf::math::log(tf::constant(0.0f)).item<float>(), -kInf);
  EXPECT_TRUE(std::isnan(tf::math::log(tf::constant(-1.0f)).item<float>()));
}

TEST(UnaryOps, RoundIsBankers) {
  tf::Tensor x = tf::constant({0.5f, 1.5f, 2.5f, -0.5f, -1.5f, 2.4f, -2.6f});
  EXPECT_EQ(tf::round(x).numpy<float>(), (std::vector<float>{0, 2, 2, -0, -2, 2, -3}));
  EXPECT_EQ(tf::round(tf::constant({3, -4})).numpy<int>(), (std::vector<int>{3, -4}));
  EXPECT_EQ(tf::floor(tf::constant({-1.5, 1.5})).numpy<double>(), (std::vector<double>{-2, 1}));
  EXPECT_EQ(tf::math::ceil(tf::constant({-1.5, 1.5})).numpy<double>(), (std::vector<double>{-1, 2}));
}

TEST(UnaryOps, SignAndIntegerKernels) {
  EXPECT_EQ(tf::sign(tf::constant({-3.0f, 0.0f, 2.0f})).numpy<float>(), (std::vector<float>{-1, 0, 1}));
  EXPECT_TRUE(std::isnan(tf::sign(tf::constant(kNaN)).item<float>()));
  EXPECT_EQ(tf::sign(tf::constant({-3, 0, 2})).numpy<int>(), (std::vector<int>{-1, 0, 1}));
  EXPECT_EQ((-tf::constant({1, -2})).numpy<int>(), (std::vector<int>{-1, 2}));
  EXPECT_EQ(tf::abs(tf::constant(std::vector<std::int64_t>{-5, 5})).numpy<std::int64_t>(),
            (std::vector<std::int64_t>{5, 5}));
  EXPECT_EQ(tf::square(tf::constant({-3, 4})).numpy<int>(), (std::vector<int>{9, 16}));
  EXPECT_EQ(tf::nn::relu(tf::constant({-3, 4})).numpy<int>(), (std::vector<int>{0, 4}));
  EXPECT_EQ(tf::nn::relu6(tf::constant({-3, 4, 9})).numpy<int>(), (std::vector<int>{0, 4, 6}));
  EXPECT_EQ((-tf::constant(2.5)).item<double>(), -2.5);
}

TEST(UnaryOps, ScalarsAndEmptyTensorsKeepTheirShape) {
  EXPECT_EQ(tf::exp(tf::constant(0.0f)).shape(), tf::TensorShape({}));
  EXPECT_EQ(tf::exp(tf::constant(0.0f)).item<float>(), 1.0f);
  EXPECT_EQ(tf::tanh(tf::zeros({0, 4})).shape(), tf::TensorShape({0, 4}));
  EXPECT_EQ(tf::nn::gelu(tf::zeros({3, 0}, tf::float64)).shape(), tf::TensorShape({3, 0}));
  EXPECT_EQ(tf::nn::sigmoid(tf::zeros({2, 2})).numpy<float>(), (std::vector<float>(4, 0.5f)));
}

TEST(UnaryOps, UnsupportedDtypesAreErrors) {
  expect_invalid([] { tf::exp(tf::constant(1)); },
                 "[Exp] does not support dtype int32 for its input (supported: float32, float64, float16, bfloat16, complex64, "
                 "complex128)");
  expect_invalid([] { tf::sqrt(tf::constant(true)); }, "[Sqrt] does not support dtype bool");
  expect_invalid([] { tf::math::log(tf::constant("a")); }, "[Log] does not support dtype string");
  expect_invalid([] { tf::abs(tf::constant(true)); },
                 "[Abs] does not support dtype bool for its input (supported: float32, float64, int32, int64, int8, int16, "
                 "float16, bfloat16)");
  expect_invalid([] { tf::nn::gelu(tf::constant(std::int64_t{1})); }, "[Gelu] does not support dtype int64");
  expect_invalid([] { tf::nn::elu(tf::constant(1)); }, "[Elu] does not support dtype int32");
  expect_invalid([] { tf::math::erf(tf::constant(1)); }, "[Erf] does not support dtype int32");
  expect_invalid([] { -tf::constant("s"); }, "[Neg] does not support dtype string");
  expect_invalid([] { tf::exp(tf::Tensor()); }, "[Exp] input 0 is an undefined tensor");
}

TEST(Activations, ReluKeepsNaN) {  // as TensorFlow; x86 max would give the bound
  for (tf::Tensor y : {tf::nn::relu(tf::constant({NAN, -1.0f, 2.0f})), tf::nn::relu6(tf::constant({NAN, -1.0f, 9.0f}))}) {
    EXPECT_TRUE(std::isnan(y.numpy<float>()[0]));
    EXPECT_EQ(y.numpy<float>()[1], 0.0f);
  }
  EXPECT_TRUE(std::isnan(tf::nn::relu6(tf::fill({40}, NAN)).numpy<float>()[39]));  // vector lanes too
}

}  // namespace
