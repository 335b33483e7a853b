// PReLU, ELU, Identity, ActivityRegularization, GaussianNoise, GaussianDropout and AlphaDropout
// against Keras 3 in the same run: outputs and the gradients of PReLU's input and slopes, the
// losses ActivityRegularization adds, Keras' configs read and written back, finite-difference
// gradients, the noise layers' training statistics and their errors naming the layer.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "autodiff/gradient_checker.h"
#include "error_of.h"
#include "keras/keras_reference.h"
#include "tfpp/gradient_tape.h"
#include "tfpp/keras/layers/activation_layers.h"
#include "tfpp/keras/layers/noise.h"
#include "tfpp/keras/layers/pass_through.h"
#include "tfpp/keras/saving.h"
#include "tfpp/random_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

const char* kScript = R"PY(
import json
import tensorflow as tf
import keras
from keras import layers
def cfg(name, layer):
    c = layer.get_config()
    c.pop('dtype', None)
    print('cfg.' + name, json.dumps(c, sort_keys=True))

x = tf.constant(pattern((2, 3, 4), 0.5) * 2.0)
w = tf.constant(pattern((2, 3, 4), 7.0))
for name, layer in (('prelu', layers.PReLU()), ('prelu_shared', layers.PReLU(shared_axes=[1]))):
    layer.build((None, 3, 4))
    layer.set_weights([pattern(tuple(layer.weights[0].shape), 3.0) * 0.5])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = layer(x)
        loss = tf.reduce_sum(y * w)
    emit(name + '.y', y)
    emit(name + '.dx', tape.gradient(loss, x))
    emit(name + '.dalpha', tape.gradient(loss, layer.weights[0]))
emit('elu.y', layers.ELU(0.4)(x))
emit('identity.y', layers.Identity()(x))
reg = layers.ActivityRegularization(0.1, 0.05)
emit('reg.y', reg(x))
emit('reg.losses', [float(l) for l in reg.losses])
for name, make in (('gaussian_noise', lambda: layers.GaussianNoise(0.3)), ('gaussian_dropout', lambda: layers.GaussianDropout(0.25)),
                   ('alpha_dropout', lambda: layers.AlphaDropout(0.2))):
    emit(name + '.y', make()(x))
cfg('prelu', layers.PReLU(alpha_initializer='ones', shared_axes=[1, 2], name='p'))
cfg('elu', layers.ELU(0.7, name='e'))
cfg('identity', layers.Identity(name='i'))
cfg('reg', layers.ActivityRegularization(0.1, 0.2, name='r'))
cfg('gaussian_noise', layers.GaussianNoise(0.3, seed=4, name='gn'))
cfg('gaussian_dropout', layers.GaussianDropout(0.25, name='gd'))
cfg('alpha_dropout', layers.AlphaDropout(0.2, seed=3, name='ad'))
)PY";

class ActivationNoiseLayersKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::string out = tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript);
    values_ = new std::map<std::string, std::vector<double>>(tf::testing::parse_values(out));
    configs_ = new std::map<std::string, std::string>();
    std::istringstream lines(out);
    std::string line;
    while (std::getline(lines, line))
      if (line.rfind("cfg.", 0) == 0) {
        const std::size_t space = line.find(' ');
        (*configs_)[line.substr(4, space - 4)] = line.substr(space + 1);
      }
  }
  static void TearDownTestSuite() {
    delete values_;
    delete configs_;
  }
  static void expect_values(const std::string& name, const tf::Tensor& got) {
    ASSERT_TRUE(values_->count(name)) << name << " missing from Keras' output";
    const std::vector<double>& want = values_->at(name);
    const std::vector<float> have = got.numpy<float>();
    ASSERT_EQ(have.size(), want.size()) << name;
    for (std::size_t i = 0; i < have.size(); ++i) EXPECT_NEAR(have[i], want[i], 1e-5 * (1 + std::abs(want[i]))) << name << i;
  }
  static keras::Config keras_config(const std::string& name) {
    EXPECT_TRUE(configs_->count(name)) << "cfg." << name << " missing from Keras' output";
    return configs_->count(name) ? keras::from_json(configs_->at(name)).get<keras::Config>() : keras::Config{};
  }
  static std::map<std::string, std::vector<double>>* values_;
  static std::map<std::string, std::string>* configs_;
};
std::map<std::string, std::vector<double>>* ActivationNoiseLayersKeras::values_ = nullptr;
std::map<std::string, std::string>* ActivationNoiseLayersKeras::configs_ = nullptr;

tf::Tensor input() { return pattern_tensor({2, 3, 4}, 0.5) * 2.0; }

TEST_F(ActivationNoiseLayersKeras, PReLUValuesAndGradientsAsKeras) {
  const tf::Tensor x = input(), w = pattern_tensor({2, 3, 4}, 7.0);
  for (const auto& [name, shared] : {std::pair<std::string, std::vector<std::int64_t>>{"prelu", {}}, {"prelu_shared", {1}}}) {
    SCOPED_TRACE(name);
    layers::PReLU layer({.shared_axes = shared});
    layer.build(tf::TensorShape({-1, 3, 4}));
    tf::Variable alpha = layer.weights()[0];
    alpha.assign(pattern_tensor(alpha.shape(), 3.0) * 0.5);
    tf::GradientTape tape({.persistent = true});
    tape.watch(x);
    const tf::Tensor y = layer(x);
    const tf::Tensor loss = tf::reduce_sum(y * w);
    expect_values(name + ".y", y);
    expect_values(name + ".dx", tape.gradient(loss, x));
    expect_values(name + ".dalpha", tape.gradient(loss, alpha));
    EXPECT_EQ(alpha.name(), layer.name() + "/alpha:0");
  }
}

TEST_F(ActivationNoiseLayersKeras, OtherLayersAsKeras) {
  const tf::Tensor x = input();
  expect_values("elu.y", layers::ELU(0.4)(x));
  expect_values("identity.y", layers::Identity()(x));
  layers::ActivityRegularization reg(0.1, 0.05);
  expect_values("reg.y", reg(x));
  const std::vector<tf::Tensor> losses = reg.losses();
  ASSERT_EQ(losses.size(), 1u);
  expect_values("reg.losses", tf::reshape(losses[0], {1}));
  // In inference the noise layers are the identity, as in Keras.
  expect_values("gaussian_noise.y", layers::GaussianNoise(0.3)(x));
  expect_values("gaussian_dropout.y", layers::GaussianDropout(0.25)(x));
  expect_values("alpha_dropout.y", layers::AlphaDropout(0.2)(x));
}

TEST_F(ActivationNoiseLayersKeras, ConfigsReadAndWrittenAsKeras) {
  // Each Keras config loads; what tfpp writes back has Keras' keys and values (objects compared
  // by class name: tfpp leaves out their module and registered_name).
  const auto check = [&](const std::string& name, const keras::Config& written) {
    SCOPED_TRACE(name);
    const keras::Config want = keras_config(name);
    for (const auto& [key, value] : want) {
      ASSERT_TRUE(written.count(key)) << key;
      if (value.holds<keras::Config>())
        EXPECT_EQ(written.at(key).get<keras::Config>().at("class_name"), value.get<keras::Config>().at("class_name")) << key;
      else
        EXPECT_EQ(keras::to_json(written.at(key)), keras::to_json(value)) << key;
    }
    for (const auto& [key, value] : written) EXPECT_TRUE(key == "dtype" || want.count(key)) << key;
  };
  check("prelu", layers::PReLU::from_config(keras_config("prelu")).get_config());
  check("elu", layers::ELU::from_config(keras_config("elu")).get_config());
  check("identity", layers::Identity::from_config(keras_config("identity")).get_config());
  check("reg", layers::ActivityRegularization::from_config(keras_config("reg")).get_config());
  check("gaussian_noise", layers::GaussianNoise::from_config(keras_config("gaussian_noise")).get_config());
  check("gaussian_dropout", layers::GaussianDropout::from_config(keras_config("gaussian_dropout")).get_config());
  // Keras 3 writes AlphaDropout's noise_shape (None); tf.keras' legacy class, as tfpp, only rate and seed.
  keras::Config alpha = layers::AlphaDropout::from_config(keras_config("alpha_dropout")).get_config();
  alpha["noise_shape"] = nullptr;
  check("alpha_dropout", alpha);
  const layers::ActivityRegularization reg = layers::ActivityRegularization::from_config(keras_config("reg"));
  EXPECT_NEAR(reg.activity_regularizer()->config().at("l2"), 0.2, 1e-12);
  const layers::PReLU shared = layers::PReLU::from_config(keras_config("prelu"));
  EXPECT_EQ(shared.get_config().at("alpha_initializer").get<keras::Config>().at("class_name").get<std::string>(), "Ones");
}

TEST(ActivationNoiseLayers, PReLUGradientsMatchFiniteDifferences) {
  const tf::Tensor x = tf::cast(input(), tf::float64);
  layers::PReLU layer({.alpha_initializer = keras::initializers::Constant(0.3), .shared_axes = {2}, .dtype = tf::float64});
  layer.build(tf::TensorShape({-1, 3, 4}));
  // (The slopes' gradient is checked against Keras' above.)
  EXPECT_LT(tf::testing::max_gradient_error([&](const std::vector<tf::Tensor>& v) { return layer(v[0]); }, {x}), 1e-6);
}

TEST(ActivationNoiseLayers, NoiseWhileTraining) {
  const tf::Tensor ones = tf::ones({200, 100});
  const auto mean_std = [](const tf::Tensor& t) {
    const std::vector<float> v = t.numpy<float>();
    double sum = 0, squares = 0;
    for (float f : v) sum += f, squares += double(f) * f;
    const double mean = sum / double(v.size());
    return std::pair<double, double>{mean, std::sqrt(squares / double(v.size()) - mean * mean)};
  };
  const auto [noise_mean, noise_std] = mean_std(layers::GaussianNoise(0.5, {.seed = 1})(ones, true));
  EXPECT_NEAR(noise_mean, 1.0, 0.02);
  EXPECT_NEAR(noise_std, 0.5, 0.02);
  const auto [drop_mean, drop_std] = mean_std(layers::GaussianDropout(0.5, {.seed = 2})(ones, true));
  EXPECT_NEAR(drop_mean, 1.0, 0.03);
  EXPECT_NEAR(drop_std, 1.0, 0.03);
  // AlphaDropout keeps a unit input's mean and variance of SELU's fixed point (0, 1).
  const tf::Tensor normal = tf::random::normal({200, 100}, {.seed = 3});
  const auto [alpha_mean, alpha_std] = mean_std(layers::AlphaDropout(0.2, {.seed = 4})(normal, true));
  EXPECT_NEAR(alpha_mean, 0.0, 0.05);
  EXPECT_NEAR(alpha_std, 1.0, 0.05);
  const tf::Tensor shared = layers::AlphaDropout(0.5, {.noise_shape = std::vector<std::int64_t>{-1, 1}, .seed = 5})(ones, true);
  const std::vector<float> values = shared.numpy<float>();
  for (std::size_t row = 0; row < 200; ++row)
    for (std::size_t col = 1; col < 100; ++col) ASSERT_EQ(values[row * 100 + col], values[row * 100]);
}

TEST(ActivationNoiseLayers, ErrorsNameTheLayer) {
  using tf::testing::error_of;
  const auto has = [](const std::string& error, const std::string& part) {
    EXPECT_NE(error.find(part), std::string::npos) << error;
  };
  has(error_of([] { layers::GaussianDropout(1.5, {.name = "gd"}); }), "[gd] Invalid value received for argument `rate`");
  has(error_of([] { layers::AlphaDropout(-0.5, {.name = "ad"}); }), "[ad] Invalid value received for argument `rate`");
  has(error_of([] { layers::GaussianNoise(-1.0, {.name = "gn"}); }), "[gn] Invalid value received for argument `stddev`");
  has(error_of([] { layers::ActivityRegularization(-0.1, 0.0, {.name = "ar"}); }), "[ar] l1 and l2 must be >= 0");
  has(error_of([] { layers::PReLU({.shared_axes = {3}, .name = "pr"})(tf::ones({2, 3, 4})); }),
      "[pr] shared_axes entry 3 is not an input axis after the batch of an input of shape (2, 3, 4)");
  has(error_of([] { layers::PReLU()(tf::ones({4})); }), "needs inputs of rank >= 2");
  has(error_of([] { layers::AlphaDropout(0.5, {.noise_shape = std::vector<std::int64_t>{2, 1}, .name = "ad2"})(tf::ones({2, 3, 4}), true); }),
      "[ad2] noise_shape has 2 entries for an input of shape (2, 3, 4)");
}

}  // namespace
