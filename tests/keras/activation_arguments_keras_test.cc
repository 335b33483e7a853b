// keras.activations' functions with their arguments (activation_functions.h): relu's slope, clip
// and threshold, elu's and celu's alpha, gelu's approximation, softmax's and log_softmax's axis,
// the shrink thresholds and squareplus' b: values and gradients against Keras in the same run,
// float64 gradients by finite differences, and the ReLU layer (which shares relu's formula).
#include <gtest/gtest.h>

#include <functional>

#include <tfpp/constant.h>
#include <tfpp/gradient_tape.h>
#include <tfpp/keras/activation_functions.h>
#include <tfpp/keras/layers/core.h>
#include <tfpp/math_ops.h>
#include <tfpp/reduction_ops.h>

#include "autodiff/gradient_checker.h"
#include "keras/keras_reference.h"

namespace {

namespace A = tf::keras::activations;

// "<case>.y" the values, "<case>.g" the gradient of sum(y * pattern(y.shape, 9)); the inputs
// keep 0.05 away from every kink (0, ±0.5, ±1, 2, the thresholds).
const char* kScript = R"PY(
import tensorflow as tf
import keras
A = keras.activations
x = tf.constant(pattern((3, 8), 0.37) * 3.1)
cases = {
    'relu.slope': lambda x: A.relu(x, negative_slope=0.1),
    'relu.max': lambda x: A.relu(x, max_value=2.0),
    'relu.max6': lambda x: A.relu(x * 3.0, max_value=6.0),
    'relu.threshold': lambda x: A.relu(x, threshold=0.7),
    'relu.all': lambda x: A.relu(x, negative_slope=0.2, max_value=2.0, threshold=0.7),
    'relu.slope_negative_threshold': lambda x: A.relu(x, negative_slope=0.3, threshold=-1.2),
    'elu': lambda x: A.elu(x, alpha=0.5),
    'celu': lambda x: A.celu(x, alpha=2.0),
    'gelu.approximate': lambda x: A.gelu(x, approximate=True),
    'gelu.exact': lambda x: A.gelu(x),
    'softmax0': lambda x: A.softmax(x, axis=0),
    'log_softmax0': lambda x: A.log_softmax(x, axis=0),
    'soft_shrink': lambda x: A.soft_shrink(x, threshold=1.2),
    'hard_shrink': lambda x: A.hard_shrink(x, threshold=1.2),
    'squareplus': lambda x: A.squareplus(x, b=1.5),
}
for name, fn in cases.items():
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
        loss = tf.reduce_sum(y * pattern(tuple(y.shape), 9.0))
    emit(name + '.y', y)
    emit(name + '.g', tape.gradient(loss, x))
)PY";

using Case = std::pair<std::string, std::function<tf::Tensor(const tf::Tensor&)>>;

std::vector<Case> cases() {
  return {{"relu.slope", [](const tf::Tensor& x) { return A::relu(x, {.negative_slope = 0.1}); }},
          {"relu.max", [](const tf::Tensor& x) { return A::relu(x, {.max_value = 2.0}); }},
          {"relu.max6", [](const tf::Tensor& x) { return A::relu(x * 3.0, {.max_value = 6.0}); }},
          {"relu.threshold", [](const tf::Tensor& x) { return A::relu(x, {.threshold = 0.7}); }},
          {"relu.all", [](const tf::Tensor& x) { return A::relu(x, {.negative_slope = 0.2, .max_value = 2.0, .threshold = 0.7}); }},
          {"relu.slope_negative_threshold", [](const tf::Tensor& x) { return A::relu(x, {.negative_slope = 0.3, .threshold = -1.2}); }},
          {"elu", [](const tf::Tensor& x) { return A::elu(x, 0.5); }},
          {"celu", [](const tf::Tensor& x) { return A::celu(x, 2.0); }},
          {"gelu.approximate", [](const tf::Tensor& x) { return A::gelu(x, true); }},
          {"gelu.exact", [](const tf::Tensor& x) { return A::gelu(x, false); }},
          {"softmax0", [](const tf::Tensor& x) { return A::softmax(x, 0); }},
          {"log_softmax0", [](const tf::Tensor& x) { return A::log_softmax(x, 0); }},
          {"soft_shrink", [](const tf::Tensor& x) { return A::soft_shrink(x, 1.2); }},
          {"hard_shrink", [](const tf::Tensor& x) { return A::hard_shrink(x, 1.2); }},
          {"squareplus", [](const tf::Tensor& x) { return A::squareplus(x, 1.5); }}};
}

TEST(ActivationArguments, ValuesAndGradientsAsKeras) {
  const auto values = tf::testing::parse_values(
      tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript));
  ASSERT_FALSE(values.empty()) << "the Keras script printed nothing";
  const tf::Tensor x = tf::testing::pattern_tensor({3, 8}, 0.37) * 3.1;
  for (const auto& [name, fn] : cases()) {
    SCOPED_TRACE(name);
    tf::GradientTape tape;
    tape.watch(x);
    const tf::Tensor y = fn(x);
    const tf::Tensor g = tape.gradient(tf::reduce_sum(y * tf::testing::pattern_tensor(y.shape(), 9.0)), x);
    for (const auto& [suffix, got] : {std::pair<std::string, tf::Tensor>{".y", y}, {".g", g}}) {
      ASSERT_TRUE(values.count(name + suffix)) << name + suffix << " missing from Keras' output";
      const std::vector<double>& want = values.at(name + suffix);
      const std::vector<float> have = got.numpy<float>();
      ASSERT_EQ(have.size(), want.size());
      for (std::size_t i = 0; i < have.size(); ++i) EXPECT_NEAR(have[i], want[i], 1e-5 * (1 + std::abs(want[i]))) << suffix << i;
    }
  }
}

TEST(ActivationArguments, GradientsMatchFiniteDifferences) {
  const tf::Tensor x = tf::cast(tf::testing::pattern_tensor({3, 8}, 0.37) * 3.1, tf::float64);
  for (const auto& [name, fn] : cases()) {
    SCOPED_TRACE(name);
    EXPECT_LT(tf::testing::max_gradient_error([&](const std::vector<tf::Tensor>& v) { return fn(v[0]); }, {x}), 1e-6);
  }
}

TEST(ActivationArguments, ReluLayerIsReluFunction) {
  const tf::Tensor x = tf::testing::pattern_tensor({3, 8}, 0.37) * 3.1;
  tf::keras::layers::ReLU layer({.max_value = 2.0, .negative_slope = 0.2, .threshold = 0.7});
  const std::vector<float> got = layer(x).numpy<float>();
  const std::vector<float> want = A::relu(x, {.negative_slope = 0.2, .max_value = 2.0, .threshold = 0.7}).numpy<float>();
  EXPECT_EQ(got, want);
}

TEST(ActivationArguments, ByNameTheDefaultsApply) {
  const tf::Tensor x = tf::testing::pattern_tensor({2, 4}, 0.5) * 2.0;
  for (const auto& [name, fn] : std::vector<Case>{
           {"celu", [](const tf::Tensor& t) { return A::celu(t); }},
           {"soft_shrink", [](const tf::Tensor& t) { return A::soft_shrink(t); }},
           {"hard_shrink", [](const tf::Tensor& t) { return A::hard_shrink(t); }},
           {"squareplus", [](const tf::Tensor& t) { return A::squareplus(t); }},
           {"elu", [](const tf::Tensor& t) { return A::elu(t, 1.0); }},
           {"softmax", [](const tf::Tensor& t) { return A::softmax(t, -1); }}}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(A::get(name)(x).numpy<float>(), fn(x).numpy<float>());
  }
}

}  // namespace
