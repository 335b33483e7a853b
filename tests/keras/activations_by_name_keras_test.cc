// Keras 3.15's activations reached by name (mish, hard_silu / hard_swish, log_sigmoid, celu,
// hard_tanh, tanh_shrink, soft_shrink, hard_shrink, squareplus, sparse_plus, sparse_sigmoid, and
// glu, sparsemax and threshold, which take more than x): values and gradients against
// keras.activations in the same run, float64 gradients by finite differences, and their names in
// a layer's config.
#include <gtest/gtest.h>

#include <tfpp/constant.h>
#include <tfpp/gradient_tape.h>
#include <tfpp/keras/activations.h>
#include <tfpp/keras/layers/core.h>
#include <tfpp/math_ops.h>
#include <tfpp/reduction_ops.h>

#include "autodiff/gradient_checker.h"
#include "error_of.h"
#include "keras/keras_reference.h"

namespace {

namespace keras = tf::keras;
using tf::testing::max_gradient_error;

const std::vector<std::string> kNames = {"mish",       "hard_silu",   "hard_swish",  "log_sigmoid",
                                         "celu",       "hard_tanh",   "tanh_shrink", "soft_shrink",
                                         "hard_shrink", "squareplus", "sparse_plus", "sparse_sigmoid"};

// Inputs spread over [-3.6, 3.4], none within 0.05 of a kink (0, ±0.5, ±1, ±3).
const std::vector<float> kInputs = {-3.6f, -2.7f, -1.6f, -0.8f, -0.3f, 0.2f, 0.7f, 1.3f, 2.2f, 3.4f, -0.45f, 0.95f};

// For each name: "<name>.y" the values, "<name>.g" the gradient of sum(y * w) for w = 1..n.
const char* kScript = R"PY(
import tensorflow as tf
import keras
x = tf.constant(%INPUTS%, dtype=tf.float32)
w = tf.range(1, x.shape[0] + 1, dtype=tf.float32)
for name in %NAMES%:
    fn = keras.activations.get(name)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
        loss = tf.reduce_sum(y * w)
    emit(name + '.y', y)
    emit(name + '.g', tape.gradient(loss, x))
    print(name + '.serialized', keras.activations.serialize(fn))
)PY";

std::string python_list(const std::vector<std::string>& names) {
  std::string s = "[";
  for (const std::string& n : names) s += "'" + n + "', ";
  return s + "]";
}

std::string python_list(const std::vector<float>& values) {
  std::string s = "[";
  for (float v : values) s += std::to_string(v) + ", ";
  return s + "]";
}

TEST(ActivationsByName, ValuesAndGradientsAsKeras) {
  std::string script = kScript;
  script.replace(script.find("%INPUTS%"), 8, python_list(kInputs));
  script.replace(script.find("%NAMES%"), 7, python_list(kNames));
  const std::string output = tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + script);
  const auto values = tf::testing::parse_values(output);
  ASSERT_FALSE(values.empty()) << "the Keras script printed nothing";
  const tf::Tensor x = tf::constant(kInputs);
  std::vector<float> weights;
  for (std::size_t i = 1; i <= kInputs.size(); ++i) weights.push_back(static_cast<float>(i));
  const tf::Tensor w = tf::constant(weights);
  for (const std::string& name : kNames) {
    SCOPED_TRACE(name);
    const keras::activations::Activation fn = keras::activations::get(name);
    tf::GradientTape tape;
    tape.watch(x);
    const tf::Tensor y = fn(x);
    const tf::Tensor g = tape.gradient(tf::reduce_sum(y * w), x);
    for (const auto& [suffix, got] : {std::pair<std::string, tf::Tensor>{".y", y}, {".g", g}}) {
      ASSERT_TRUE(values.count(name + suffix)) << name + suffix << " missing from Keras' output";
      const std::vector<double>& want = values.at(name + suffix);
      const std::vector<float> have = got.numpy<float>();
      ASSERT_EQ(have.size(), want.size());
      for (std::size_t i = 0; i < have.size(); ++i)
        EXPECT_NEAR(have[i], want[i], 1e-5 * (1 + std::abs(want[i]))) << suffix << " at x=" << kInputs[i];
    }
    // The name a config writes is the one Keras serializes ("hard_swish" is "hard_silu").
    EXPECT_NE(output.find(name + ".serialized " + fn.name() + "\n"), std::string::npos) << fn.name();
    const keras::Config config = keras::layers::Dense(2, {.activation = name}).get_config();
    EXPECT_EQ(config.at("activation").get<std::string>(), fn.name());
  }
}

TEST(ActivationsByName, GradientsMatchFiniteDifferences) {
  std::vector<double> inputs(kInputs.begin(), kInputs.end());
  const tf::Tensor x = tf::constant(inputs);
  for (const std::string& name : kNames) {
    SCOPED_TRACE(name);
    const keras::activations::Activation fn = keras::activations::get(name);
    EXPECT_LT(max_gradient_error([&](const std::vector<tf::Tensor>& v) { return fn(v[0]); }, {x}), 1e-6);
  }
}

// glu and sparsemax along either axis of a [4, 6] input, and threshold: "<case>.y" the values,
// "<case>.g" the gradient of sum(y * pattern(y.shape, 9)).
const char* kAxisScript = R"PY(
import tensorflow as tf
import keras
A = keras.activations
x = tf.constant(pattern((4, 6), 0.3) * 2.5)
cases = {'glu': lambda x: A.glu(x), 'glu0': lambda x: A.glu(x, axis=0),
         'sparsemax': lambda x: A.sparsemax(x), 'sparsemax0': lambda x: A.sparsemax(x, axis=0),
         'threshold': lambda x: A.threshold(x, 0.3, -1.5),
         'by_name.glu': keras.activations.get('glu'), 'by_name.sparsemax': keras.activations.get('sparsemax')}
for name, fn in cases.items():
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
        loss = tf.reduce_sum(y * pattern(tuple(y.shape), 9.0))
    emit(name + '.y', y)
    emit(name + '.g', tape.gradient(loss, x))
)PY";

using AxisCase = std::pair<std::string, std::function<tf::Tensor(const tf::Tensor&)>>;

std::vector<AxisCase> axis_cases() {
  namespace A = keras::activations;
  return {{"glu", [](const tf::Tensor& x) { return A::glu(x); }},
          {"glu0", [](const tf::Tensor& x) { return A::glu(x, 0); }},
          {"sparsemax", [](const tf::Tensor& x) { return A::sparsemax(x); }},
          {"sparsemax0", [](const tf::Tensor& x) { return A::sparsemax(x, 0); }},
          {"threshold", [](const tf::Tensor& x) { return A::threshold(x, 0.3, -1.5); }},
          {"by_name.glu", [](const tf::Tensor& x) { return A::get("glu")(x); }},
          {"by_name.sparsemax", [](const tf::Tensor& x) { return A::get("sparsemax")(x); }}};
}

TEST(ActivationsByName, GluSparsemaxAndThresholdAsKeras) {
  const auto values = tf::testing::parse_values(
      tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kAxisScript));
  ASSERT_FALSE(values.empty()) << "the Keras script printed nothing";
  const tf::Tensor x = tf::testing::pattern_tensor({4, 6}, 0.3) * 2.5;
  for (const auto& [name, fn] : axis_cases()) {
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
  EXPECT_EQ(keras::layers::Dense(2, {.activation = "sparsemax"}).get_config().at("activation").get<std::string>(), "sparsemax");
}

TEST(ActivationsByName, GluSparsemaxAndThresholdGradientsMatchFiniteDifferences) {
  const tf::Tensor x = tf::cast(tf::testing::pattern_tensor({4, 6}, 0.3) * 2.5, tf::float64);
  for (const auto& [name, fn] : axis_cases()) {
    SCOPED_TRACE(name);
    EXPECT_LT(max_gradient_error([&](const std::vector<tf::Tensor>& v) { return fn(v[0]); }, {x}), 1e-6);
  }
}

TEST(ActivationsByName, GluSparsemaxAndThresholdErrors) {
  using tf::testing::error_of;
  namespace A = keras::activations;
  EXPECT_NE(error_of([] { A::glu(tf::ones({2, 3})); }).find("[glu] axis size must be divisible by 2. Received: x.shape=(2, 3)"),
            std::string::npos);
  EXPECT_NE(error_of([] { A::sparsemax(tf::ones({2, 3}), 2); }).find("[sparsemax] axis 2 is out of range"), std::string::npos);
  // By name, threshold resolves (a config may name it) but, as in Keras, cannot be called with x alone.
  const A::Activation threshold = A::get("threshold");
  EXPECT_EQ(threshold.name(), "threshold");
  EXPECT_NE(error_of([&] { threshold(tf::ones({2})); }).find("[threshold] missing 2 required arguments"), std::string::npos);
}

}  // namespace
