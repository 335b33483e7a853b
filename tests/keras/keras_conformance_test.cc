// Layer outputs and model summaries compared with Keras 3 on TensorFlow 2.21, computed in the
// same test run by the reference environment (same weights via set_weights, same inputs).
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "keras/keras_reference.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

// The Keras side: every case prints "name values...".
const char* kLayersScript = R"PY(
import keras
from keras import layers
x2 = pattern((4, 5), 0.5)
x3 = pattern((2, 3, 5), 1.5)
def dense(units, act, x, name):
    d = layers.Dense(units, activation=act)
    d.build(x.shape)
    d.set_weights([pattern((x.shape[-1], units), 1.0), pattern((units,), 2.0)])
    emit(name, d(x))
dense(3, 'relu', x2, 'dense_relu')
dense(4, None, x3, 'dense_rank3')
dense(3, 'gelu', x2, 'dense_gelu')
for act in ['sigmoid', 'tanh', 'softmax', 'elu', 'selu', 'softplus', 'softsign', 'silu', 'hard_sigmoid', 'relu6', 'exponential', 'log_softmax']:
    emit('act_' + act, layers.Activation(act)(x2 * 3))
emit('relu_plain', layers.ReLU()(x2))
emit('relu_opts', layers.ReLU(max_value=0.6, negative_slope=0.1, threshold=0.2)(x2))
emit('relu_six', layers.ReLU(max_value=6.0)(x2 * 10))
emit('leaky', layers.LeakyReLU()(x2))
emit('softmax_axis0', layers.Softmax(axis=0)(x2))
emit('rescaling', layers.Rescaling(1.0 / 255, offset=-0.5)(x2 * 255))
emit('permute', layers.Permute((2, 1))(x3))
emit('repeat', layers.RepeatVector(3)(x2))
emit('flatten', layers.Flatten()(x3))
emit('flatten_channels_first', layers.Flatten(data_format='channels_first')(x3))
emit('flatten_channels_first_4d', layers.Flatten(data_format='channels_first')(pattern((2, 3, 4, 5), 15.0)))
emit('reshape', layers.Reshape((5, -1))(x3))
a, b, c = pattern((4, 5), 3.0), pattern((4, 5), 4.0), pattern((4, 5), 5.0)
emit('add', layers.Add()([a, b, c]))
emit('subtract', layers.Subtract()([a, b]))
emit('multiply', layers.Multiply()([a, b, c]))
emit('average', layers.Average()([a, b, c]))
emit('maximum', layers.Maximum()([a, b, c]))
emit('minimum', layers.Minimum()([a, b, c]))
emit('concat', layers.Concatenate(axis=1)([a, b]))
emit('dot', layers.Dot(axes=1)([a, b]))
emit('dot_norm', layers.Dot(axes=1, normalize=True)([a, b]))
p, q = pattern((2, 3, 4), 6.0), pattern((2, 4, 5), 7.0)
emit('dot3', layers.Dot(axes=(2, 1))([p, q]))
r = pattern((2, 3, 5), 8.0)
emit('dot3_first', layers.Dot(axes=1)([p, r]))
g, s = pattern((2, 4, 4, 3), 9.0), pattern((2, 1, 1, 3), 10.0)
emit('multiply_broadcast', layers.Multiply()([g, s]))
emit('add_lower_rank', layers.Add()([pattern((2, 3, 5), 11.0), pattern((2, 5), 12.0)]))
emit('maximum_broadcast', layers.Maximum()([pattern((2, 1, 5), 13.0), pattern((2, 3, 1), 14.0)]))
)PY";

class KerasConformance : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    values_ = tf::testing::parse_values(tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kLayersScript));
  }
  void SetUp() override {
    ASSERT_FALSE(values_.empty()) << "the Keras script printed nothing";
  }
  static void expect_close(const std::string& name, const tf::Tensor& got, double tol = 1e-5) {
    ASSERT_TRUE(values_.count(name)) << name << " missing from Keras' output";
    const std::vector<double>& want = values_.at(name);
    std::vector<float> g = tf::cast(got, tf::float32).numpy<float>();
    ASSERT_EQ(g.size(), want.size()) << name;
    for (std::size_t i = 0; i < g.size(); ++i)
      ASSERT_NEAR(g[i], want[i], tol * (1 + std::abs(want[i]))) << name << " at " << i;
  }
  static std::map<std::string, std::vector<double>> values_;
};

std::map<std::string, std::vector<double>> KerasConformance::values_;

TEST_F(KerasConformance, Dense) {
  auto check = [](std::int64_t units, const char* act, const tf::Tensor& x, const std::string& name) {
    layers::Dense d(units, {.activation = act});
    d.build_for({x.shape()});
    d.set_weights({pattern_tensor({x.shape()[-1], units}, 1.0), pattern_tensor({units}, 2.0)});
    expect_close(name, d(x));
  };
  check(3, "relu", pattern_tensor({4, 5}, 0.5), "dense_relu");
  check(4, "linear", pattern_tensor({2, 3, 5}, 1.5), "dense_rank3");
  check(3, "gelu", pattern_tensor({4, 5}, 0.5), "dense_gelu");
}

TEST_F(KerasConformance, Activations) {
  const tf::Tensor x = pattern_tensor({4, 5}, 0.5) * 3.0f;
  for (const char* act : {"sigmoid", "tanh", "softmax", "elu", "selu", "softplus", "softsign", "silu", "hard_sigmoid",
                          "relu6", "exponential", "log_softmax"})
    expect_close(std::string("act_") + act, layers::Activation(act)(x));
  const tf::Tensor x2 = pattern_tensor({4, 5}, 0.5);
  expect_close("relu_plain", layers::ReLU()(x2));
  expect_close("relu_opts", layers::ReLU({.max_value = 0.6, .negative_slope = 0.1, .threshold = 0.2})(x2));
  expect_close("relu_six", layers::ReLU({.max_value = 6.0})(x2 * 10.0f));
  expect_close("leaky", layers::LeakyReLU()(x2));
  expect_close("softmax_axis0", layers::Softmax({.axis = 0})(x2));
  expect_close("rescaling", layers::Rescaling(1.0 / 255, {.offset = -0.5})(x2 * 255.0f));
}

TEST_F(KerasConformance, ReshapingLayers) {
  const tf::Tensor x3 = pattern_tensor({2, 3, 5}, 1.5);
  expect_close("permute", layers::Permute({2, 1})(x3));
  expect_close("repeat", layers::RepeatVector(3)(pattern_tensor({4, 5}, 0.5)));
  expect_close("flatten", layers::Flatten()(x3));
  expect_close("flatten_channels_first", layers::Flatten({.data_format = "channels_first"})(x3));
  expect_close("flatten_channels_first_4d", layers::Flatten({.data_format = "channels_first"})(pattern_tensor({2, 3, 4, 5}, 15.0)));
  EXPECT_EQ(layers::Flatten({.data_format = "channels_first"}).get_config().at("data_format").get<std::string>(), "channels_first");
  EXPECT_THROW(layers::Flatten({.data_format = "channels_middle"}), tf::InvalidArgumentError);
  expect_close("reshape", layers::Reshape({5, -1})(x3));
}

TEST_F(KerasConformance, MergeLayers) {
  const tf::Tensor a = pattern_tensor({4, 5}, 3.0), b = pattern_tensor({4, 5}, 4.0), c = pattern_tensor({4, 5}, 5.0);
  expect_close("add", layers::Add()({a, b, c}));
  expect_close("subtract", layers::Subtract()({a, b}));
  expect_close("multiply", layers::Multiply()({a, b, c}));
  expect_close("average", layers::Average()({a, b, c}));
  expect_close("maximum", layers::Maximum()({a, b, c}));
  expect_close("minimum", layers::Minimum()({a, b, c}));
  expect_close("concat", layers::Concatenate({.axis = 1})({a, b}));
  expect_close("dot", layers::Dot({1})({a, b}));
  expect_close("dot_norm", layers::Dot({1}, {.normalize = true})({a, b}));
  expect_close("dot3", layers::Dot({2, 1})({pattern_tensor({2, 3, 4}, 6.0), pattern_tensor({2, 4, 5}, 7.0)}));
  expect_close("dot3_first", layers::Dot({1})({pattern_tensor({2, 3, 4}, 6.0), pattern_tensor({2, 3, 5}, 8.0)}));
  expect_close("multiply_broadcast",
               layers::Multiply()({pattern_tensor({2, 4, 4, 3}, 9.0), pattern_tensor({2, 1, 1, 3}, 10.0)}));
  expect_close("add_lower_rank", layers::Add()({pattern_tensor({2, 3, 5}, 11.0), pattern_tensor({2, 5}, 12.0)}));
  expect_close("maximum_broadcast",
               layers::Maximum()({pattern_tensor({2, 1, 5}, 13.0), pattern_tensor({2, 3, 1}, 14.0)}));
}

// ---- summary() -----------------------------------------------------------------------------

const char* kSummaryScript = R"PY(
import numpy as np
import keras
from keras import layers
m = keras.Sequential([keras.Input((28, 28)), layers.Reshape((784,), name='reshape_s'),
                      layers.Dense(100, activation='relu', name='hidden_a'),
                      layers.Dense(100, activation='relu', name='hidden_b'), layers.Dense(10, name='logits')],
                     name='mlp')
m.summary()
print('=====')
image = keras.Input((784,), name='img')
meta = keras.Input((3,), name='meta_input_with_a_long_name')
h = layers.Dense(64, activation='relu', name='h')(image)
j = layers.Concatenate(name='concatenate_features')([h, meta])
o1 = layers.Dense(10, name='out1')(j)
o2 = layers.Dense(1, name='out2')(j)
keras.Model([image, meta], [o1, o2], name='two_heads').summary()
print('=====')
u = keras.Sequential([layers.Dense(3, name='later')], name='unbuilt')
u.summary()
print('=====')
inp = keras.Input((5,), name='chain_in')
f = keras.Model(inp, layers.Dense(2, name='chain_out')(layers.Dense(4, name='chain_mid')(inp)), name='chain')
f.summary()
print('=====')
fr = keras.Sequential([keras.Input((4,)), layers.Dense(3, name='frozen_dense'), layers.Dense(2, name='free_dense')], name='partly_frozen')
fr.layers[0].trainable = False
fr.summary()
print('=====')
t = keras.Sequential([keras.Input((3,)), layers.Dense(2, name='trained_dense')], name='trained')
t.compile(optimizer='adam', loss='mse')
t.fit(np.ones((4, 3), np.float32), np.ones((4, 2), np.float32), verbose=0)
t.summary()
)PY";

TEST(KerasSummary, MatchesKerasText) {
  const std::string keras_text = tf::testing::run_reference(kSummaryScript);
  std::vector<std::string> expected;
  std::size_t start = 0;
  while (true) {
    const std::size_t sep = keras_text.find("=====\n", start);
    expected.push_back(keras_text.substr(start, sep == std::string::npos ? std::string::npos : sep - start));
    if (sep == std::string::npos) break;
    start = sep + 6;
  }
  ASSERT_EQ(expected.size(), 6u) << keras_text;

  keras::Sequential mlp({layers::Reshape({784}, {.input_shape = {28, 28}, .name = "reshape_s"}),
                         layers::Dense(100, {.activation = "relu", .name = "hidden_a"}),
                         layers::Dense(100, {.activation = "relu", .name = "hidden_b"}),
                         layers::Dense(10, {.name = "logits"})},
                        {.name = "mlp"});
  EXPECT_EQ(mlp.summary_string(), expected[0]);

  auto image = keras::Input({784}, {.name = "img"});
  auto meta = keras::Input({3}, {.name = "meta_input_with_a_long_name"});
  auto h = layers::Dense(64, {.activation = "relu", .name = "h"})(image);
  auto j = layers::Concatenate({.name = "concatenate_features"})({h, meta});
  auto o1 = layers::Dense(10, {.name = "out1"})(j);
  auto o2 = layers::Dense(1, {.name = "out2"})(j);
  EXPECT_EQ(keras::Model({image, meta}, {o1, o2}, {.name = "two_heads"}).summary_string(), expected[1]);

  keras::Sequential unbuilt({layers::Dense(3, {.name = "later"})}, {.name = "unbuilt"});
  EXPECT_EQ(unbuilt.summary_string(), expected[2]);

  auto in = keras::Input({5}, {.name = "chain_in"});
  keras::Model chain(in, layers::Dense(2, {.name = "chain_out"})(layers::Dense(4, {.name = "chain_mid"})(in)), {.name = "chain"});
  EXPECT_EQ(chain.summary_string(), expected[3]);

  keras::Sequential frozen({layers::Dense(3, {.input_shape = {4}, .name = "frozen_dense"}), layers::Dense(2, {.name = "free_dense"})},
                           {.name = "partly_frozen"});
  frozen.get_layer(0).set_trainable(false);
  EXPECT_EQ(frozen.summary_string(), expected[4]);

  keras::Sequential trained({layers::Dense(2, {.input_shape = {3}, .name = "trained_dense"})}, {.name = "trained"});
  trained.compile({.optimizer = "adam", .loss = "mse"});
  trained.fit(tf::ones({4, 3}), tf::ones({4, 2}), {.verbose = 0});
  EXPECT_EQ(trained.summary_string(), expected[5]);
}

}  // namespace
