// EinsumDense compared with Keras 3 on TensorFlow 2.21 in the same test run (outputs, gradients,
// weight names and shapes, configs, .keras files both ways), its finite-difference gradients,
// the kernel initializer's fans, the config round trip and its errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/layers/deserialize.h>
#include <tfpp/keras/layers/einsum_dense.h>

#include "keras/keras_file_exchange.h"
#include "keras/layer_case_reference.h"
#include "keras/layer_gradient_check.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

// econfig() prints the EinsumDense entries of get_config() that case() does not.
const char* kCases = R"PY(
def econfig(name, layer):
    c = layer.get_config()
    keys = ['equation', 'output_shape', 'bias_axes', 'activity_regularizer', 'quantization_config']
    print('econfig', name, json.dumps({k: c[k] for k in keys}, sort_keys=True),
          ' '.join(str(list(w.shape)) for w in layer.weights))
def both(name, layer, x):
    case(name, layer, x)
    econfig(name, layer)
both('matrix', layers.EinsumDense('ab,bc->ac', output_shape=4, bias_axes='c', name='matrix'), pattern((3, 5), 0.1))
both('sequence', layers.EinsumDense('abc,cd->abd', output_shape=(None, 4), bias_axes='d', activation='tanh', name='sequence'),
     pattern((2, 3, 5), 0.2))
both('heads', layers.EinsumDense('abc,cde->abde', output_shape=(None, 2, 3), bias_axes='de', name='heads'),
     pattern((2, 4, 5), 0.3))
both('heads_bias_b', layers.EinsumDense('abc,cde->abde', output_shape=(4, 2, 3), bias_axes='b', name='heads_bias_b'),
     pattern((2, 4, 5), 0.4))
both('ellipsis', layers.EinsumDense('...b,bc->...c', output_shape=3, bias_axes='c', activation='relu', name='ellipsis'),
     pattern((2, 3, 4, 5), 0.5))
both('right_elided', layers.EinsumDense('ab...,bc->ac...', output_shape=4, bias_axes='c', name='right_elided'),
     pattern((2, 3, 5), 0.6))
both('no_bias', layers.EinsumDense('abc,cd->abd', output_shape=(3, 6), name='no_bias'), pattern((2, 3, 5), 0.7))
)PY";

class EinsumDenseKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { reference_ = new tf::testing::LayerCaseReference(kCases); }
  void SetUp() override { ASSERT_FALSE(reference_->empty()) << "the Keras script printed nothing"; }
  // case()'s checks and econfig()'s line.
  static void check(const std::string& name, layers::EinsumDense& layer, const tf::Tensor& x) {
    reference_->check(name, layer, x, false, 2e-5);
    keras::Config c = layer.get_config();
    keras::Config picked;
    for (const char* k : {"equation", "output_shape", "bias_axes", "activity_regularizer", "quantization_config"})
      picked[k] = c.at(k);
    std::string shapes;
    for (const tf::Variable& w : layer.weights()) {
      std::string s = "[";
      for (std::size_t i = 0; i < w.shape().dims().size(); ++i) s += (i ? ", " : "") + std::to_string(w.shape()[i]);
      shapes += (shapes.empty() ? "" : " ") + s + "]";
    }
    EXPECT_EQ(keras::to_json(picked) + " " + shapes, reference_->raw_line("econfig", name));
  }
  static inline tf::testing::LayerCaseReference* reference_ = nullptr;  // for the whole suite
};

TEST_F(EinsumDenseKeras, CommonEquations) {
  layers::EinsumDense matrix("ab,bc->ac", {4}, {.bias_axes = "c", .name = "matrix"});
  check("matrix", matrix, pattern_tensor({3, 5}, 0.1));
  layers::EinsumDense sequence("abc,cd->abd", {-1, 4}, {.activation = "tanh", .bias_axes = "d", .name = "sequence"});
  check("sequence", sequence, pattern_tensor({2, 3, 5}, 0.2));
  layers::EinsumDense heads("abc,cde->abde", {-1, 2, 3}, {.bias_axes = "de", .name = "heads"});
  check("heads", heads, pattern_tensor({2, 4, 5}, 0.3));
  layers::EinsumDense heads_bias_b("abc,cde->abde", {4, 2, 3}, {.bias_axes = "b", .name = "heads_bias_b"});
  check("heads_bias_b", heads_bias_b, pattern_tensor({2, 4, 5}, 0.4));
}

TEST_F(EinsumDenseKeras, EllipsesAndNoBias) {
  layers::EinsumDense ellipsis("...b,bc->...c", {3}, {.activation = "relu", .bias_axes = "c", .name = "ellipsis"});
  check("ellipsis", ellipsis, pattern_tensor({2, 3, 4, 5}, 0.5));
  layers::EinsumDense right("ab...,bc->ac...", {4}, {.bias_axes = "c", .name = "right_elided"});
  check("right_elided", right, pattern_tensor({2, 3, 5}, 0.6));
  layers::EinsumDense no_bias("abc,cd->abd", {3, 6}, {.name = "no_bias"});
  check("no_bias", no_bias, pattern_tensor({2, 3, 5}, 0.7));
  EXPECT_EQ(no_bias.weights().size(), 1u);
}

TEST(EinsumDenseFile, KerasFilesBothWays) {
  tf::testing::expect_keras_file_exchange(
      "einsum_dense",
      "keras.Sequential([keras.Input((3, 5)), layers.EinsumDense('abc,cde->abde', (None, 2, 4), bias_axes='de', "
      "activation='relu'), layers.Reshape((3, 8)), layers.EinsumDense('...b,bc->...c', 2, bias_axes='c')])",
      tf::TensorShape({4, 3, 5}));
}

TEST(EinsumDense, FiniteDifferenceGradients) {
  layers::EinsumDense heads("abc,cde->abde", {-1, 2, 3}, {.activation = "tanh", .bias_axes = "e", .dtype = tf::float64});
  EXPECT_LT(tf::testing::layer_gradient_error(heads, tf::testing::random_tensor({2, 3, 4}, 1)), 1e-6);
  layers::EinsumDense ellipsis("...b,bc->...c", {3}, {.bias_axes = "c", .dtype = tf::float64});
  EXPECT_LT(tf::testing::layer_gradient_error(ellipsis, tf::testing::random_tensor({2, 2, 3, 4}, 2)), 1e-6);
}

TEST(EinsumDense, SymbolicBatchAndDefaultName) {
  layers::EinsumDense sequence("abc,cd->abd", {-1, 7}, {.bias_axes = "d"});
  const auto inputs = keras::Input({5, 3});
  EXPECT_EQ(sequence(inputs).shape(), tf::TensorShape({tf::None, 5, 7}));
  EXPECT_EQ(sequence.kernel().name().rfind("einsum_dense", 0), 0u) << sequence.kernel().name();
  EXPECT_EQ(sequence.kernel().shape(), tf::TensorShape({3, 7}));
  EXPECT_EQ(sequence.bias().shape(), tf::TensorShape({7}));
}

TEST(EinsumDense, KernelInitializerFansAreTheInputAndOutputLetters) {
  // kernel [64, 2, 32]: Keras' fans are 64 in and 2 * 32 out, not a convolution's 64 * 2 and 32 * 64.
  layers::EinsumDense heads("abc,cde->abde", {-1, 2, 32},
                            {.kernel_initializer = keras::initializers::GlorotUniform({.seed = 3})});
  heads.build_for({tf::TensorShape({2, 3, 64})});
  const std::vector<float> k = heads.kernel().numpy<float>();
  const float limit = std::sqrt(6.0f / (64 + 64));
  float largest = 0;
  for (float v : k) largest = std::max(largest, std::abs(v));
  EXPECT_LE(largest, limit);
  EXPECT_GT(largest, 0.9f * limit);  // 4096 uniform draws come close to the limit
}

TEST(EinsumDense, ConfigRoundTrip) {
  layers::EinsumDense layer("abc,cd->abd", {-1, 4}, {.activation = "relu", .bias_axes = "d", .name = "ed"});
  layer.build_for({tf::TensorShape({2, 3, 5})});
  EXPECT_EQ(keras::to_json(layer.get_config().at("output_shape")), "[null, 4]");
  auto copy = layers::deserialize(layers::serialize(layer));
  EXPECT_EQ(copy->class_name(), "EinsumDense");
  EXPECT_EQ(keras::to_json(copy->get_config()), keras::to_json(layer.get_config()));
  keras::Config from_int = layer.get_config();
  from_int["output_shape"] = std::int64_t{4};
  from_int["equation"] = std::string("ab,bc->ac");
  EXPECT_EQ(keras::to_json(layers::EinsumDense::from_config(from_int).get_config().at("output_shape")), "[4]");
  keras::Config quantized = layer.get_config();
  quantized["quantization_config"] = keras::Config{{"mode", std::string("int8")}};
  EXPECT_THROW(layers::EinsumDense::from_config(quantized), tf::UnimplementedError);
}

std::string error_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const tf::InvalidArgumentError& e) {
    return e.what();
  }
  return "<no InvalidArgumentError>";
}

TEST(EinsumDense, Errors) {
  const auto call = [](const std::string& eq, std::vector<std::int64_t> out, std::optional<std::string> bias,
                       tf::TensorShape shape) {
    return error_of([&] { layers::EinsumDense(eq, out, {.bias_axes = bias, .name = "bad"})(tf::ones(shape)); });
  };
  std::string e = call("ab,bc", {4}, std::nullopt, {2, 3});
  EXPECT_NE(e.find("[bad] Invalid einsum equation 'ab,bc'"), std::string::npos) << e;
  e = call("abc,cd->abd", {4, 6}, std::nullopt, {2, 3, 5});
  EXPECT_NE(e.find("do not match at shared dimension 'b'. Input shape is 3, and output shape is 4."), std::string::npos) << e;
  e = call("ab,bc->ac", {4}, std::string("x"), {2, 3});
  EXPECT_NE(e.find("Bias dimension 'x' was requested, but is not part of the output spec 'ac'"), std::string::npos) << e;
  e = call("ab,bcd->ac", {4}, std::nullopt, {2, 3});
  EXPECT_NE(e.find("Weight dimension 'd' did not have a match"), std::string::npos) << e;
  e = call("ab,bc->acd", {4, 5}, std::nullopt, {2, 3});
  EXPECT_NE(e.find("Dimension 'd' was specified in the output 'acd'"), std::string::npos) << e;
  e = call("ab,bc->ac", {4}, std::nullopt, {2, 3, 5});
  EXPECT_NE(e.find("does not fit an input of shape"), std::string::npos) << e;
  layers::EinsumDense built("ab,bc->ac", {4}, {.name = "built"});
  built(tf::ones({2, 3}));
  e = error_of([&] { built(tf::ones({2, 3, 1})); });
  EXPECT_NE(e.find("built"), std::string::npos) << e;
}

}  // namespace
