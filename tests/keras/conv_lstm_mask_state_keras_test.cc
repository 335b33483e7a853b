// ConvLSTM masks and stateful layers compared with Keras 3 in the same test run: mask= on the
// call (whole steps, also backwards), Masking's per-position masks through a model, the mask
// passed on with return_sequences; stateful=True keeping the final states across calls,
// reset_states(), its config and .keras files; finite-difference gradients through a mask; errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>
#include <tfpp/keras/layers/conv_lstm.h>
#include <tfpp/keras/layers/embedding.h>
#include <tfpp/keras/mask.h>

#include "autodiff/gradient_checker.h"
#include "keras/keras_file_exchange.h"
#include "keras/keras_reference.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

const char* kScript = R"PY(
import json
import numpy as np
import tensorflow as tf
import keras
from keras import layers
def prep(layer, shape):
    layer.build(shape)
    layer.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(layer.weights)])
    return layer
x = pattern((2, 4, 5, 3), 0.3)
m = np.array([[1, 1, 0, 1], [0, 1, 1, 1]], bool)
emit('mask_seq', prep(layers.ConvLSTM1D(2, 3, padding='same', return_sequences=True), x.shape)(x, mask=m))
emit('mask_last', prep(layers.ConvLSTM1D(2, 3, padding='same'), x.shape)(x, mask=m))
emit('mask_back', prep(layers.ConvLSTM1D(2, 3, padding='same', return_sequences=True, go_backwards=True), x.shape)(x, mask=m))
x2 = pattern((2, 3, 4, 4, 2), 0.6)
emit('mask_2d', prep(layers.ConvLSTM2D(2, 2, return_sequences=True), x2.shape)(x2, mask=np.array([[1, 0, 1], [1, 1, 0]], bool)))
xm = x.copy()
xm[0, 2:] = 0
xm[1, 0] = 0
xm[1, 1, 2] = 0
model = keras.Sequential([keras.Input((4, 5, 3)), layers.Masking(), layers.ConvLSTM1D(2, 3, padding='same', return_sequences=True),
                          layers.ConvLSTM1D(2, 3, padding='same')])
model.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(model.weights)])
emit('masking', model(xm))
s = prep(layers.ConvLSTM1D(2, 3, padding='same', stateful=True), x.shape)
emit('stateful_1', s(x))
emit('stateful_2', s(x))
for i, v in enumerate(s.states):
    emit('stateful_state%d' % i, v)
s.reset_states()
emit('stateful_reset', s(x))
print('stateful config', json.dumps(s.get_config()['stateful']), ' '.join(w.path.split('/')[-1] for w in s.weights))
)PY";

class ConvLSTMMaskStateKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    output_ = new std::string(tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript));
    values_ = new std::map<std::string, std::vector<double>>(tf::testing::parse_values(*output_));
  }
  void SetUp() override { ASSERT_FALSE(values_->empty()) << "the Keras script printed nothing:\n" << *output_; }
  static void expect_close(const std::string& name, const tf::Tensor& got) {
    ASSERT_TRUE(values_->count(name)) << name << " missing from Keras' output:\n" << *output_;
    const std::vector<double>& want = values_->at(name);
    const std::vector<double> g = tf::cast(got, tf::float64).numpy<double>();
    ASSERT_EQ(g.size(), want.size()) << name;
    for (std::size_t i = 0; i < g.size(); ++i) ASSERT_NEAR(g[i], want[i], 2e-5 * (1 + std::abs(want[i]))) << name << " at " << i;
  }
  template <class L>
  static L prep(L layer, const tf::TensorShape& shape) {
    layer.build_for({shape});
    std::vector<tf::Tensor> ws;
    const std::vector<tf::Variable> weights = layer.weights();
    for (std::size_t i = 0; i < weights.size(); ++i) ws.push_back(pattern_tensor(weights[i].shape(), 1.0 + double(i)) * 0.5f);
    layer.set_weights(ws);
    return layer;
  }
  static tf::Tensor x() { return pattern_tensor({2, 4, 5, 3}, 0.3); }
  static tf::Tensor step_mask() { return tf::constant({{true, true, false, true}, {false, true, true, true}}); }
  static inline std::string* output_ = nullptr;
  static inline std::map<std::string, std::vector<double>>* values_ = nullptr;
};

TEST_F(ConvLSTMMaskStateKeras, MaskArgumentKeepsThePreviousStep) {
  const tf::Tensor masked = keras::with_keras_mask(x(), step_mask());
  auto seq = prep(layers::ConvLSTM1D(2, {3}, {.padding = "same", .return_sequences = true}), x().shape());
  const tf::Tensor y = seq(masked);
  expect_close("mask_seq", y);
  // return_sequences passes the mask on; the last output alone carries none.
  EXPECT_EQ(keras::get_keras_mask(y).numpy<bool>(), step_mask().numpy<bool>());
  auto last = prep(layers::ConvLSTM1D(2, {3}, {.padding = "same"}), x().shape());
  const tf::Tensor y_last = last(masked);
  expect_close("mask_last", y_last);
  EXPECT_FALSE(keras::get_keras_mask(y_last).defined());
  auto back = prep(layers::ConvLSTM1D(2, {3}, {.padding = "same", .return_sequences = true, .go_backwards = true}), x().shape());
  expect_close("mask_back", back(masked));
  const tf::Tensor x2 = pattern_tensor({2, 3, 4, 4, 2}, 0.6);
  auto two = prep(layers::ConvLSTM2D(2, {2}, {.return_sequences = true}), x2.shape());
  expect_close("mask_2d", two(keras::with_keras_mask(x2, tf::constant({{true, false, true}, {true, true, false}}))));
}

TEST_F(ConvLSTMMaskStateKeras, MaskingLayerMasksPositions) {
  std::vector<float> data = x().numpy<float>();
  const auto zero = [&](int b, int t, int w) {
    for (int c = 0; c < 3; ++c) data[static_cast<std::size_t>(((b * 4 + t) * 5 + w) * 3 + c)] = 0.0f;
  };
  for (int t = 2; t < 4; ++t)
    for (int w = 0; w < 5; ++w) zero(0, t, w);
  for (int w = 0; w < 5; ++w) zero(1, 0, w);
  zero(1, 1, 2);
  keras::Sequential model({layers::Masking({.input_shape = {4, 5, 3}}),
                           layers::ConvLSTM1D(2, {3}, {.padding = "same", .return_sequences = true}),
                           layers::ConvLSTM1D(2, {3}, {.padding = "same"})});
  const tf::Tensor xm = tf::constant(data, {2, 4, 5, 3});
  model(xm);
  std::vector<tf::Tensor> ws;
  const std::vector<tf::Variable> weights = model.weights();
  for (std::size_t i = 0; i < weights.size(); ++i) ws.push_back(pattern_tensor(weights[i].shape(), 1.0 + double(i)) * 0.5f);
  model.set_weights(ws);
  expect_close("masking", model(xm));
}

TEST_F(ConvLSTMMaskStateKeras, StatefulKeepsTheStatesUntilReset) {
  auto layer = prep(layers::ConvLSTM1D(2, {3}, {.padding = "same", .stateful = true}), x().shape());
  EXPECT_TRUE(layer.states().empty());
  expect_close("stateful_1", layer(x()));
  expect_close("stateful_2", layer(x()));
  ASSERT_EQ(layer.states().size(), 2u);
  expect_close("stateful_state0", layer.states()[0].read_value());
  expect_close("stateful_state1", layer.states()[1].read_value());
  EXPECT_EQ(layer.states()[0].name(), layer.name() + "/rnn_state:0");
  layer.reset_states();
  expect_close("stateful_reset", layer(x()));
  std::string names;
  for (const tf::Variable& w : layer.weights()) {
    const std::string n = w.name().substr(0, w.name().rfind(':'));
    names += (names.empty() ? "" : " ") + n.substr(n.rfind('/') + 1);
  }
  const std::size_t at = output_->find("\nstateful config ");
  ASSERT_NE(at, std::string::npos);
  const std::size_t start = at + std::string("\nstateful config ").size();
  EXPECT_EQ("true " + names, output_->substr(start, output_->find('\n', start) - start));
}

TEST(ConvLSTMStateful, TracedCallsCarryTheStates) {
  layers::ConvLSTM1D eager(2, {2}, {.stateful = true, .name = "eager"});
  layers::ConvLSTM1D traced(2, {2}, {.stateful = true, .name = "traced"});
  const tf::Tensor x = pattern_tensor({2, 3, 4, 2}, 0.4);
  eager.build_for({x.shape()});
  traced.build_for({x.shape()});
  traced.set_weights(eager.get_weights());
  auto fn = tf::function([&](const tf::Tensor& in) { return traced(in); });
  for (int call = 0; call < 3; ++call) {
    const std::vector<float> want = eager(x).numpy<float>();
    const std::vector<float> got = fn(x).numpy<float>();
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-6) << "call " << call;
  }
}

TEST(ConvLSTMStateful, KerasFilesBothWays) {
  tf::testing::expect_keras_file_exchange(
      "conv_lstm_stateful",
      "keras.Sequential([keras.Input((3, 5, 2), batch_size=2), layers.ConvLSTM1D(2, 3, padding='same', stateful=True), "
      "layers.Flatten(), layers.Dense(2)])",
      tf::TensorShape({2, 3, 5, 2}));
}

TEST(ConvLSTMMask, FiniteDifferenceGradients) {
  layers::ConvLSTM1D layer(2, {2}, {.padding = "same", .return_sequences = true, .dtype = tf::float64});
  const tf::Tensor x = tf::testing::random_tensor({2, 3, 4, 2}, 5);
  const tf::Tensor mask = tf::constant({{true, false, true}, {false, true, true}});
  layer.build_for({x.shape()});
  const tf::Tensor mix = tf::testing::random_tensor({2, 3, 4, 2}, 6);
  const auto f = [&](const std::vector<tf::Tensor>& v) {
    return tf::reduce_sum(layer(keras::with_keras_mask(v[0], mask)) * mix);
  };
  EXPECT_LT(tf::testing::max_gradient_error(f, {x}), 1e-6);
}

TEST(ConvLSTMMask, Errors) {
  layers::ConvLSTM1D dynamic(2, {2}, {.stateful = true, .name = "dynamic"});
  try {
    dynamic(keras::Input({3, 4, 2}));
    FAIL() << "no error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("When using `stateful=True` in a RNN, the batch size must be static"), std::string::npos)
        << e.what();
  }
  layers::ConvLSTM1D fixed(2, {2}, {.stateful = true, .name = "fixed"});
  fixed(tf::ones({2, 3, 4, 2}));
  EXPECT_THROW(fixed(tf::ones({3, 3, 4, 2})), tf::InvalidArgumentError);  // the kept states are for batches of 2
  layers::ConvLSTM1D layer(2, {2}, {.name = "bad_mask"});
  EXPECT_THROW(layer(keras::with_keras_mask(tf::ones({2, 3, 4, 2}), tf::ones({2, 5}, tf::bool_))), tf::InvalidArgumentError);
}

}  // namespace
