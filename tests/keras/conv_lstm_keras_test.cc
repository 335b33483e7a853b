// ConvLSTM1D / 2D / 3D compared with Keras 3 on TensorFlow 2.21 in the same test run (outputs,
// gradients, weight names, configs, return_state, .keras files both ways), their finite-difference
// gradients, the forget-gate bias, initial states, round trips and errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/layers/conv_lstm.h>
#include <tfpp/keras/layers/deserialize.h>

#include "keras/keras_file_exchange.h"
#include "keras/layer_case_reference.h"
#include "keras/layer_gradient_check.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

// both() adds the recurrent config entries case() leaves out; states() runs a return_state layer.
const char* kCases = R"PY(
RNN_KEYS = ['return_sequences', 'return_state', 'go_backwards', 'stateful', 'unroll', 'zero_output_for_mask',
            'recurrent_activation', 'unit_forget_bias', 'dropout', 'recurrent_dropout', 'seed']
def both(name, layer, x):
    case(name, layer, x)
    c = layer.get_config()
    print('rnnconfig', name, json.dumps({k: c[k] for k in RNN_KEYS}, sort_keys=True))
def states(name, layer, x):
    layer.build(x.shape)
    layer.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(layer.weights)])
    for k, o in enumerate(layer(tf.constant(x))):
        emit(name + '_out' + str(k), o)
both('c2', layers.ConvLSTM2D(3, 2), pattern((2, 4, 5, 5, 2), 0.1))
both('c2_same_back', layers.ConvLSTM2D(2, 3, padding='same', return_sequences=True, go_backwards=True),
     pattern((2, 3, 4, 4, 2), 0.2))
both('c2_strides', layers.ConvLSTM2D(2, 2, strides=2, activation='relu', use_bias=False), pattern((1, 3, 5, 5, 1), 0.3))
both('c2_first', layers.ConvLSTM2D(2, 2, data_format='channels_first', dilation_rate=2, return_sequences=True),
     pattern((1, 3, 2, 5, 5), 0.4))
both('c1', layers.ConvLSTM1D(3, 2, padding='same', return_sequences=True, recurrent_activation='hard_sigmoid'),
     pattern((2, 4, 5, 2), 0.5))
both('c3', layers.ConvLSTM3D(2, 2), pattern((1, 3, 3, 4, 4, 1), 0.6))
states('c1_state', layers.ConvLSTM1D(2, 3, return_state=True), pattern((2, 3, 6, 2), 0.7))
)PY";

class ConvLSTMKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { reference_ = new tf::testing::LayerCaseReference(kCases); }
  void SetUp() override { ASSERT_FALSE(reference_->empty()) << "the Keras script printed nothing"; }
  static void check(const std::string& name, layers::ConvLSTM& layer, const tf::TensorShape& shape, double seed) {
    reference_->check(name, layer, pattern_tensor(shape, seed), false, 2e-5);
    const keras::Config c = layer.get_config();
    keras::Config picked;
    for (const char* k : {"return_sequences", "return_state", "go_backwards", "stateful", "unroll", "zero_output_for_mask",
                          "recurrent_activation", "unit_forget_bias", "dropout", "recurrent_dropout", "seed"})
      picked[k] = c.at(k);
    EXPECT_EQ(keras::to_json(picked), reference_->raw_line("rnnconfig", name));
  }
  static inline tf::testing::LayerCaseReference* reference_ = nullptr;  // for the whole suite
};

TEST_F(ConvLSTMKeras, TwoD) {
  layers::ConvLSTM2D plain(3, {2});
  check("c2", plain, {2, 4, 5, 5, 2}, 0.1);
  layers::ConvLSTM2D same_back(2, {3}, {.padding = "same", .return_sequences = true, .go_backwards = true});
  check("c2_same_back", same_back, {2, 3, 4, 4, 2}, 0.2);
  layers::ConvLSTM2D strided(2, {2}, {.strides = {2}, .activation = "relu", .use_bias = false});
  check("c2_strides", strided, {1, 3, 5, 5, 1}, 0.3);
  layers::ConvLSTM2D first(2, {2}, {.data_format = "channels_first", .dilation_rate = {2}, .return_sequences = true});
  check("c2_first", first, {1, 3, 2, 5, 5}, 0.4);
}

TEST_F(ConvLSTMKeras, OneDAndThreeD) {
  layers::ConvLSTM1D one(3, {2}, {.padding = "same", .recurrent_activation = "hard_sigmoid", .return_sequences = true});
  check("c1", one, {2, 4, 5, 2}, 0.5);
  layers::ConvLSTM3D three(2, {2});
  check("c3", three, {1, 3, 3, 4, 4, 1}, 0.6);
}

TEST_F(ConvLSTMKeras, ReturnState) {
  layers::ConvLSTM1D layer(2, {3}, {.return_state = true});
  const tf::Tensor x = pattern_tensor({2, 3, 6, 2}, 0.7);
  layer.build_for({x.shape()});
  std::vector<tf::Tensor> ws;
  double seed = 1.0;
  for (const tf::Variable& w : layer.weights()) ws.push_back(pattern_tensor(w.shape(), seed++) * 0.5f);
  layer.set_weights(ws);
  const std::vector<tf::Tensor> outs = layer.call_all({x});
  ASSERT_EQ(outs.size(), 3u);
  tf::testing::LayerCaseReference& ref = *reference_;
  for (std::size_t k = 0; k < outs.size(); ++k) {
    SCOPED_TRACE(k);
    EXPECT_EQ(outs[k].shape(), tf::TensorShape({2, 4, 2}));
    ref.expect_values("c1_state_out" + std::to_string(k), outs[k], 2e-5);
  }
}

TEST(ConvLSTMFile, KerasFilesBothWays) {
  tf::testing::expect_keras_file_exchange(
      "conv_lstm",
      "keras.Sequential([keras.Input((3, 5, 5, 2)), layers.ConvLSTM2D(3, 2, padding='same', return_sequences=True), "
      "layers.ConvLSTM2D(2, 3, go_backwards=True), layers.Flatten(), layers.Dense(2)])",
      tf::TensorShape({2, 3, 5, 5, 2}));
}

TEST(ConvLSTM, FiniteDifferenceGradients) {
  layers::ConvLSTM2D two(2, {2}, {.padding = "same", .return_sequences = true, .dtype = tf::float64});
  EXPECT_LT(tf::testing::layer_gradient_error(two, tf::testing::random_tensor({1, 3, 3, 3, 2}, 1)), 1e-6);
  layers::ConvLSTM1D first(2, {2}, {.data_format = "channels_first", .go_backwards = true, .dtype = tf::float64});
  EXPECT_LT(tf::testing::layer_gradient_error(first, tf::testing::random_tensor({2, 3, 2, 4}, 2)), 1e-6);
}

TEST(ConvLSTM, WeightsForgetBiasAndInitialStates) {
  layers::ConvLSTM2D layer(4, {3, 2});
  const tf::Tensor x = tf::ones({2, 3, 6, 5, 2});
  const tf::Tensor y = layer(x);
  EXPECT_EQ(y.shape(), tf::TensorShape({2, 4, 4, 4}));
  EXPECT_EQ(layer.weights()[0].name(), layer.name() + "/conv_lstm_cell/kernel:0");
  EXPECT_EQ(layer.weights()[0].shape(), tf::TensorShape({3, 2, 2, 16}));
  EXPECT_EQ(layer.weights()[1].shape(), tf::TensorShape({3, 2, 4, 16}));
  // unit_forget_bias: zeros for i, ones for f, zeros for c and o.
  std::vector<float> bias(16, 0.0f);
  std::fill(bias.begin() + 4, bias.begin() + 8, 1.0f);
  EXPECT_EQ(layer.weights()[2].numpy<float>(), bias);
  // Zero initial states given explicitly give the same output as none.
  const tf::Tensor zero = tf::zeros({2, 4, 4, 4});
  const std::vector<float> with_states = layer.call_all({x, zero, zero})[0].numpy<float>();
  EXPECT_EQ(with_states, y.numpy<float>());
  EXPECT_THROW(layer.call_all({x, zero}), tf::InvalidArgumentError);
  EXPECT_THROW(layer.call_all({x, tf::zeros({2, 5, 4, 4}), zero}), tf::InvalidArgumentError);
}

TEST(ConvLSTM, TracedMatchesEager) {
  layers::ConvLSTM1D layer(2, {2}, {.return_sequences = true});
  const tf::Tensor x = pattern_tensor({2, 4, 5, 3}, 0.9);
  const std::vector<float> eager = layer(x).numpy<float>();
  auto traced = tf::function([&](tf::Tensor in) { return layer(in); });
  EXPECT_EQ(traced(x).numpy<float>(), eager);
}

TEST(ConvLSTM, ConfigRoundTrip) {
  layers::ConvLSTM3D layer(2, {2, 1, 2}, {.strides = {1, 2, 1}, .data_format = "channels_first", .return_state = true,
                                          .name = "cl3"});
  const keras::Config c = layer.get_config();
  EXPECT_EQ(keras::to_json(c.at("kernel_size")), "[2, 1, 2]");
  EXPECT_EQ(keras::to_json(c.at("dilation_rate")), "[1, 1, 1]");
  EXPECT_EQ(c.at("name").get<std::string>(), "cl3");
  auto copy = layers::deserialize(layers::serialize(layer));
  EXPECT_EQ(copy->class_name(), "ConvLSTM3D");
  EXPECT_EQ(keras::to_json(copy->get_config()), keras::to_json(c));
  keras::Config unrolled = c;
  unrolled["unroll"] = true;
  EXPECT_THROW(layers::ConvLSTM3D::from_config(unrolled), tf::UnimplementedError);
  keras::Config stateful = c;
  stateful["stateful"] = true;
  EXPECT_TRUE(layers::ConvLSTM3D::from_config(stateful).get_config().at("stateful").get<bool>());
}

std::string error_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const tf::InvalidArgumentError& e) {
    return e.what();
  }
  return "<no InvalidArgumentError>";
}

TEST(ConvLSTM, Errors) {
  std::string e = error_of([] { layers::ConvLSTM2D(2, {2}, {.strides = {2}, .dilation_rate = {2}, .name = "cl"}); });
  EXPECT_EQ(e.rfind("[cl] ", 0), 0u) << e;
  EXPECT_NE(e.find("dilation_rate"), std::string::npos) << e;
  e = error_of([] { layers::ConvLSTM2D(2, {2}, {.padding = "causal", .name = "cl"}); });
  EXPECT_NE(e.find("causal"), std::string::npos) << e;
  e = error_of([] { layers::ConvLSTM2D(2, {2, 2, 2}, {.name = "cl"}); });
  EXPECT_NE(e.find("kernel_size"), std::string::npos) << e;
  e = error_of([] { layers::ConvLSTM2D(2, {2}, {.name = "cl"})(tf::ones({2, 3, 4, 4})); });
  EXPECT_NE(e.find("cl"), std::string::npos) << e;
  e = error_of([] { layers::ConvLSTM1D(2, {2}, {.name = "cl"})(keras::Input({3, -1, 2})); });
  EXPECT_EQ(e.rfind("[cl] ", 0), 0u) << e;
  EXPECT_NE(e.find("only support static input shapes for the spatial dimension"), std::string::npos) << e;
}

}  // namespace
