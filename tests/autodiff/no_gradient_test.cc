// Every op of the math, reduction, linalg, random and string families either has a gradient
// or is explicitly not differentiable (as in TensorFlow), and the latter stop gradients.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "ops/op_def.h"

namespace {

using tf::Tensor;

const char* const kDifferentiable[] = {
    "AddV2", "Sub", "Mul", "RealDiv", "Maximum", "Minimum", "SquaredDifference", "Pow", "FloorMod",
    "Neg", "Abs", "Sign", "Square", "Sqrt", "Rsqrt", "Reciprocal", "Exp", "Expm1", "Log", "Log1p",
    "Sin", "Cos", "Tanh", "Sigmoid", "Softplus", "Erf", "Relu", "ReluGrad", "Relu6", "Elu", "Selu", "Gelu",
    "Cast", "SelectV2", "ClipByValue", "Sum", "Mean", "Max", "Min", "Prod", "Cumsum", "Cumprod",
    "TopKV2", "MatMul", "BatchMatMulV2", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh", "Asinh", "Acosh",
    "Atanh", "Atan2", "Lgamma", "Digamma", "Polygamma", "Erfc", "Erfinv", "Ndtri", "Softsign", "Xlogy", "Xlog1py",
    "Xdivy", "DivNoNan", "MulNoNan", "NextAfter"};

const char* const kNotDifferentiable[] = {
    "Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual", "LogicalAnd", "LogicalOr",
    "LogicalNot", "Round", "Rint", "Floor", "Ceil", "FloorDiv", "TruncateDiv", "ArgMax", "ArgMin", "Any", "All",
    "RandomStandardNormal", "RandomUniform", "RandomUniformInt", "TruncatedNormal", "StringLength",
    "StringJoin", "ReduceJoin", "StringSplitV2", "StringToNumber", "DecodeRaw", "PrintV2"};

TEST(GradientRegistry, MathReductionLinalgOpsHaveGradients) {
  for (const char* name : kDifferentiable) {
    const tf::ops::OpDef* op = tf::ops::find_op(name);
    ASSERT_NE(op, nullptr) << name;
    EXPECT_NE(op->gradient, nullptr) << name;
    EXPECT_FALSE(op->no_gradient) << name;
  }
}

TEST(GradientRegistry, NonDifferentiableOpsAreMarked) {
  for (const char* name : kNotDifferentiable) {
    const tf::ops::OpDef* op = tf::ops::find_op(name);
    ASSERT_NE(op, nullptr) << name;
    EXPECT_TRUE(op->no_gradient) << name;
    EXPECT_EQ(op->gradient, nullptr) << name;
  }
}

// The gradient of f(x) with respect to x, which the test expects to be undefined.
Tensor gradient_through(const std::function<Tensor(const Tensor&)>& f) {
  const Tensor x = tf::constant({0.4, 1.6, -2.5});
  tf::GradientTape tape;
  tape.watch(x);
  return tape.gradient(f(x), x);
}

TEST(NoGradient, StopsTheGradientWithoutAnError) {
  const std::vector<std::function<Tensor(const Tensor&)>> fs = {
      [](const Tensor& x) { return tf::math::round(x); },
      [](const Tensor& x) { return tf::math::floor(x); },
      [](const Tensor& x) { return tf::math::ceil(x); },
      [](const Tensor& x) { return tf::math::floordiv(x, 2.0); },
      [](const Tensor& x) { return tf::cast(tf::greater(x, 0.0), tf::float64); },
      [](const Tensor& x) { return tf::cast(tf::equal(x, x), tf::float64); },
      [](const Tensor& x) { return tf::cast(tf::argmax(x), tf::float64); },
      [](const Tensor& x) { return tf::cast(tf::cast(x, tf::int32), tf::float64); },
  };
  for (std::size_t i = 0; i < fs.size(); ++i) EXPECT_FALSE(gradient_through(fs[i]).defined()) << "case " << i;
}

TEST(NoGradient, ZeroWhenAskedForZeros) {
  const Tensor x = tf::constant({0.4, 1.6});
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor g = tape.gradient(tf::math::floor(x), x, tf::UnconnectedGradients::ZERO);
  EXPECT_EQ(g.numpy<double>(), (std::vector<double>{0, 0}));
}

}  // namespace
