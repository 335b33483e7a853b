// SpectralNormalization compared with Keras 3 in the same test run (training and inference outputs,
// the kernel and vector_u after a training call, gradients, config, .keras files both ways), its
// finite-difference gradients, the all-zero kernel, round trip and errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/layers/deserialize.h>
#include <tfpp/keras/layers/spectral_normalization.h>

#include <filesystem>

#include <unistd.h>

#include "keras/keras_file_exchange.h"
#include "keras/keras_reference.h"
#include "keras/layer_gradient_check.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

// run(): weights set by name (kernel 1, bias 2, vector_u 3: pattern(shape, seed) * 0.5), a training
// call under a tape, then an inference call; emits both outputs, the kernel and vector_u after the
// training call, and the gradients of sum(y * pattern(9)) for x, kernel and bias.
const char* kScript = R"PY(
import json
import tensorflow as tf
import keras
from keras import layers
SEEDS = {'kernel': 1.0, 'bias': 2.0, 'vector_u': 3.0}
def run(name, layer, x):
    layer.build(x.shape)
    for w in layer.weights:
        w.assign(pattern(w.shape, SEEDS[w.path.split('/')[-1]]) * 0.5)
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        y = layer(xt, training=True)
        loss = tf.reduce_sum(y * pattern(tuple(y.shape), 9.0))
    grads = tape.gradient(loss, [xt] + list(layer.trainable_weights))
    emit(name + '.train', y)
    emit(name + '.kernel', layer.layer.kernel)
    emit(name + '.u', layer.vector_u)
    for i, g in enumerate(grads): emit(name + '.g' + str(i), g)
    emit(name + '.infer', layer(xt))
    print('cfg.' + name, json.dumps({'power_iterations': layer.get_config()['power_iterations'],
                                     'layer': layer.get_config()['layer']['class_name']}))
run('dense', layers.SpectralNormalization(layers.Dense(3)), pattern((2, 4), 0.1))
run('conv', layers.SpectralNormalization(layers.Conv2D(2, 2), power_iterations=3), pattern((1, 4, 4, 3), 0.2))
order = keras.Sequential([keras.Input((4,)), layers.SpectralNormalization(layers.Dense(3)), layers.Dense(2)])
print('order weights', ' '.join(w.path.split('/')[-1] for w in order.weights))
print('order trainable', ' '.join(w.path.split('/')[-1] for w in order.trainable_weights))
print('order shapes', ' '.join(str(list(v.shape)) for v in order.get_weights()))
)PY";

class SpectralNormalizationKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    output_ = new std::string(tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript));
    values_ = new std::map<std::string, std::vector<double>>(tf::testing::parse_values(*output_));
  }
  void SetUp() override { ASSERT_FALSE(values_->empty()) << "the Keras script printed nothing"; }
  static void expect_close(const std::string& name, const tf::Tensor& got) {
    ASSERT_TRUE(values_->count(name)) << name << " missing from Keras' output:\n" << *output_;
    const std::vector<double>& want = values_->at(name);
    const std::vector<double> g = tf::cast(got, tf::float64).numpy<double>();
    ASSERT_EQ(g.size(), want.size()) << name;
    for (std::size_t i = 0; i < g.size(); ++i) ASSERT_NEAR(g[i], want[i], 2e-5 * (1 + std::abs(want[i]))) << name << " at " << i;
  }
  static void check(const std::string& name, layers::SpectralNormalization& layer, const tf::Tensor& x) {
    SCOPED_TRACE(name);
    layer.build_for({x.shape()});
    for (tf::Variable w : layer.weights()) {
      const std::string n = w.name().substr(0, w.name().rfind(':'));
      const std::string leaf = n.substr(n.rfind('/') + 1);
      const double seed = leaf == "kernel" ? 1.0 : leaf == "bias" ? 2.0 : 3.0;
      w.assign(pattern_tensor(w.shape(), seed) * 0.5f);
    }
    tf::Tensor y;
    std::vector<tf::Tensor> grads;
    {
      tf::GradientTape tape({.persistent = true});
      tape.watch(x);
      y = layer(x, true);
      const tf::Tensor loss = tf::reduce_sum(y * pattern_tensor(y.shape(), 9.0));
      grads.push_back(tape.gradient(loss, x));
      for (const tf::Variable& w : layer.trainable_weights()) grads.push_back(tape.gradient(loss, w));
    }
    expect_close(name + ".train", y);
    expect_close(name + ".kernel", layer.kernel().read_value());
    expect_close(name + ".u", layer.non_trainable_weights().at(0).read_value());
    for (std::size_t i = 0; i < grads.size(); ++i) expect_close(name + ".g" + std::to_string(i), grads[i]);
    expect_close(name + ".infer", layer(x));
  }
  static inline std::string* output_ = nullptr;
  static inline std::map<std::string, std::vector<double>>* values_ = nullptr;
};

TEST_F(SpectralNormalizationKeras, DenseAndConv) {
  layers::SpectralNormalization dense(layers::Dense(3));
  check("dense", dense, pattern_tensor({2, 4}, 0.1));
  layers::SpectralNormalization conv(layers::Conv2D(2, 2), {.power_iterations = 3});
  check("conv", conv, pattern_tensor({1, 4, 4, 3}, 0.2));
}

TEST(SpectralNormalizationFile, KerasFilesBothWays) {
  tf::testing::expect_keras_file_exchange(
      "spectral", "keras.Sequential([keras.Input((4,)), layers.SpectralNormalization(layers.Dense(3)), layers.Dense(2)])",
      tf::TensorShape({2, 4}));
}

// Keras lists the wrapped kernel first (the wrapper's own attribute), then vector_u, then the
// wrapped layer's bias: model.weights, get_weights() and .weights.h5 files keep that order.
TEST_F(SpectralNormalizationKeras, WeightOrderIsKeras) {
  keras::Sequential model({layers::SpectralNormalization(layers::Dense(3, {.input_shape = {4}})), layers::Dense(2)});
  model(pattern_tensor({1, 4}, 0.1));
  const auto joined = [](const std::vector<tf::Variable>& ws) {
    std::string out;
    for (const tf::Variable& w : ws) {
      const std::string n = w.name().substr(0, w.name().rfind(':'));
      out += (out.empty() ? "" : " ") + n.substr(n.rfind('/') + 1);
    }
    return out;
  };
  const auto line = [](const std::string& key) {
    const std::string head = "\norder " + key + " ";
    const std::size_t at = output_->find(head);
    return at == std::string::npos ? std::string("<missing>")
                                   : output_->substr(at + head.size(), output_->find('\n', at + head.size()) - at - head.size());
  };
  EXPECT_EQ(joined(model.weights()), line("weights"));
  EXPECT_EQ(joined(model.trainable_weights()), line("trainable"));
  std::string shapes;
  for (const tf::Tensor& v : model.get_weights()) {
    std::string s = "[";
    for (int d = 0; d < v.shape().rank(); ++d) s += (d ? ", " : "") + std::to_string(v.shape()[d]);
    shapes += (shapes.empty() ? "" : " ") + s + "]";
  }
  EXPECT_EQ(shapes, line("shapes"));
}

// A .weights.h5 file written by Keras loads into tfpp's model with the same predictions, and back.
TEST(SpectralNormalizationFile, WeightsFilesBothWays) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("tfpp_spectral_h5_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string from_keras = (dir / "keras.weights.h5").string(), from_tfpp = (dir / "tfpp.weights.h5").string();
  const std::string model_py =
      "import keras\nfrom keras import layers\n"
      "model = keras.Sequential([keras.Input((4,)), layers.SpectralNormalization(layers.Dense(3)), layers.Dense(2)])\n"
      "x = pattern((3, 4), 0.5)\n";
  const std::string saved = tf::testing::run_reference(
      std::string(tf::testing::kPythonPattern) + model_py +
      "model.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(model.weights)])\n"
      "model.save_weights('" + from_keras + "')\nemit('pred', model.predict(x, verbose=0))\n");
  const auto keras_values = tf::testing::parse_values(saved);
  ASSERT_TRUE(keras_values.count("pred")) << saved;
  keras::Sequential model({layers::SpectralNormalization(layers::Dense(3, {.input_shape = {4}})), layers::Dense(2)});
  const tf::Tensor x = pattern_tensor({3, 4}, 0.5);
  model(x);
  model.load_weights(from_keras);
  const std::vector<float> got = model.predict(x, {.verbose = 0}).numpy<float>();
  ASSERT_EQ(got.size(), keras_values.at("pred").size());
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], keras_values.at("pred")[i], 2e-5);
  // set_weights in Keras' order gives Keras' values too.
  std::vector<tf::Tensor> patterned;
  for (std::size_t i = 0; i < model.weights().size(); ++i)
    patterned.push_back(pattern_tensor(model.weights()[i].shape(), 1.0 + double(i)) * 0.5f);
  model.set_weights(patterned);
  const std::vector<float> again = model.predict(x, {.verbose = 0}).numpy<float>();
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(again[i], got[i], 2e-5);
  model.save_weights(from_tfpp);
  const std::string loaded = tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + model_py +
                                                        "model.load_weights('" + from_tfpp + "')\n"
                                                        "emit('pred', model.predict(x, verbose=0))\n");
  const auto tfpp_values = tf::testing::parse_values(loaded);
  ASSERT_TRUE(tfpp_values.count("pred")) << loaded;
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(tfpp_values.at("pred")[i], got[i], 2e-5);
  fs::remove_all(dir);
}

TEST(SpectralNormalization, InferenceLeavesTheKernelAndGradientsFlow) {
  layers::SpectralNormalization sn(
      layers::Dense(2, {.kernel_initializer = keras::initializers::GlorotUniform({.seed = 4}), .dtype = tf::float64}),
      {.dtype = tf::float64});
  const tf::Tensor x = tf::testing::random_tensor({3, 4}, 1);
  sn.build_for({x.shape()});
  const std::vector<double> before = sn.kernel().numpy<double>();
  sn(x);
  EXPECT_EQ(sn.kernel().numpy<double>(), before);
  EXPECT_LT(tf::testing::layer_gradient_error(sn, x), 1e-6);  // inference: the wrapped Dense
  // Each training call divides the kernel by one power iteration's estimate of its largest
  // singular value (from a random start), so after a few the largest singular value is 1.
  for (int i = 0; i < 20; ++i) sn(x, true);
  const tf::Tensor k = sn.kernel().read_value();
  const double frobenius = std::sqrt(tf::reduce_sum(k * k).item<double>());
  EXPECT_LT(frobenius, std::sqrt(2.0) + 1e-6);  // sigma_max <= 1 within rank 2 gives ||K||_F <= sqrt(2)
}

TEST(SpectralNormalization, AllZeroKernelStays) {
  layers::SpectralNormalization sn(layers::Dense(2, {.kernel_initializer = "zeros"}));
  const tf::Tensor x = tf::ones({1, 3});
  sn(x, true);
  EXPECT_EQ(sn.kernel().numpy<float>(), std::vector<float>(6, 0.0f));
}

TEST(SpectralNormalization, RoundTripAndErrors) {
  layers::SpectralNormalization sn(layers::Dense(3), {.power_iterations = 2, .name = "sn"});
  sn.build_for({tf::TensorShape({-1, 4})});
  auto copy = layers::deserialize(layers::serialize(sn));
  EXPECT_EQ(copy->class_name(), "SpectralNormalization");
  EXPECT_EQ(keras::to_json(copy->get_config()), keras::to_json(sn.get_config()));
  EXPECT_THROW(layers::SpectralNormalization(layers::Dense(3), {.power_iterations = 0}), tf::InvalidArgumentError);
  layers::SpectralNormalization no_kernel(layers::ReLU(), {.name = "sn_relu"});
  try {
    no_kernel(tf::ones({2, 3}));
    FAIL() << "no error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("has no attribute 'kernel' nor 'embeddings'"), std::string::npos) << e.what();
  }
}

}  // namespace
