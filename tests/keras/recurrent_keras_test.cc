// Recurrent layers against Keras 3 on TensorFlow 2.21 in the same run: outputs, final states and
// the gradients of a weighted sum with respect to the inputs and every weight, eagerly and inside
// tf::function (where the time loop is a While node), with masks, initial states, go_backwards.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "keras/keras_reference.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern;
using tf::testing::pattern_tensor;

// Keras' side: each case prints its outputs (out0, out1, ...), the input gradient (gx) and the
// weight gradients (gw0, gw1, ...) of sum_k sum(out_k * pattern(out_k.shape, 9 + k)).
const char* kScript = R"PY(
import tensorflow as tf
import keras
from keras import layers
def set_pattern_weights(layer):
    layer.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(layer.weights)])
def case(name, layer, x, build_shape=None, mask=None, initial_state=None):
    if not layer.built: layer.build(build_shape or x.shape)
    set_pattern_weights(layer)
    x = tf.constant(x)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        kwargs = {}
        if mask is not None: kwargs['mask'] = tf.constant(mask)
        if initial_state is not None: kwargs['initial_state'] = [tf.constant(s) for s in initial_state]
        outs = layer(x, **kwargs)
        outs = list(outs) if isinstance(outs, (list, tuple)) else [outs]
        loss = sum(tf.reduce_sum(o * pattern(tuple(o.shape), 9.0 + k)) for k, o in enumerate(outs))
    for k, o in enumerate(outs): emit(name + '.out' + str(k), o)
    if x.dtype.is_floating: emit(name + '.gx', tape.gradient(loss, x))
    for i, g in enumerate(tape.gradient(loss, layer.weights)): emit(name + '.gw' + str(i), tf.convert_to_tensor(g))
x = pattern((2, 4, 5), 0.5)
mask = [[True, True, True, False], [True, False, True, True]]
case('simple_last', layers.SimpleRNN(3), x)
case('simple_seq_back', layers.SimpleRNN(3, return_sequences=True, go_backwards=True), x)
case('lstm_seq_state', layers.LSTM(3, return_sequences=True, return_state=True), x)
case('gru_state', layers.GRU(4, return_state=True), x)
case('gru_v1_seq', layers.GRU(3, reset_after=False, return_sequences=True), x)
case('lstm_init', layers.LSTM(3, return_state=True), x, initial_state=[pattern((2, 3), 3.0), pattern((2, 3), 4.0)])
case('lstm_masked', layers.LSTM(3, return_sequences=True, return_state=True), x, mask=mask)
case('simple_masked_zero', layers.SimpleRNN(3, return_sequences=True, zero_output_for_mask=True), x, mask=mask)
case('gru_masked_back', layers.GRU(3, return_sequences=True, go_backwards=True), x, mask=mask)
case('rnn_lstm_cell', layers.RNN(layers.LSTMCell(3), return_sequences=True), x)
ids = np.array([[1, 2, 0, 0], [3, 4, 5, 0]], dtype=np.int32)
model = keras.Sequential([layers.Input((4,), dtype='int32'), layers.Embedding(10, 5, mask_zero=True), layers.LSTM(3, return_sequences=True)])
case('embed_lstm', model, ids)
xm = x.copy(); xm[0, 2, :] = 0; xm[1, 0, :] = 0
masking = layers.Masking()
emit('masking.out', masking(xm))
emit('masking.mask', tf.cast(masking.compute_mask(xm), tf.float32))
case('masking_gru', keras.Sequential([layers.Input((4, 5)), layers.Masking(), layers.GRU(3, return_sequences=True)]), xm)
)PY";

class RecurrentKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    values_ = tf::testing::parse_values(tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript));
  }
  void SetUp() override { ASSERT_FALSE(values_.empty()) << "the Keras script printed nothing"; }

  static void expect_close(const std::string& name, const tf::Tensor& got, double tol = 2e-5) {
    ASSERT_TRUE(values_.count(name)) << name << " missing from Keras' output";
    ASSERT_TRUE(got.defined()) << name << " is undefined";
    const std::vector<double>& want = values_.at(name);
    std::vector<float> g = tf::cast(got, tf::float32).numpy<float>();
    ASSERT_EQ(g.size(), want.size()) << name;
    for (std::size_t i = 0; i < g.size(); ++i)
      ASSERT_NEAR(g[i], want[i], tol * (1 + std::abs(want[i]))) << name << " at " << i;
  }

  static void set_pattern_weights(keras::Layer& layer) {
    std::vector<tf::Tensor> values;
    double seed = 1.0;
    for (const tf::Variable& w : layer.weights()) values.push_back(pattern_tensor(w.shape(), seed++) * 0.5f);
    layer.set_weights(values);
  }

  // Outputs, then the input gradient (for float inputs), then the weight gradients.
  static std::vector<tf::Tensor> forward_and_gradients(keras::Layer& layer, const tf::Tensor& x,
                                                       const std::vector<tf::Tensor>& states, const tf::Tensor& mask) {
    tf::GradientTape tape({.persistent = true});
    if (x.dtype() == tf::float32) tape.watch(x);
    std::vector<tf::Tensor> inputs{mask.defined() ? keras::with_keras_mask(x, mask) : x};
    inputs.insert(inputs.end(), states.begin(), states.end());
    std::vector<tf::Tensor> outs = layer.call_all(inputs);
    tf::Tensor loss = tf::zeros({});
    for (std::size_t k = 0; k < outs.size(); ++k) loss = loss + tf::reduce_sum(outs[k] * pattern_tensor(outs[k].shape(), 9.0 + k));
    std::vector<tf::Tensor> result = outs;
    if (x.dtype() == tf::float32) result.push_back(tape.gradient(loss, x));
    for (const tf::Tensor& g : tape.gradient(loss, layer.trainable_weights())) result.push_back(g);
    return result;
  }

  // Checks a case eagerly and traced (one tf::function around forward and gradients).
  static void check(const std::string& name, keras::Layer& layer, const tf::Tensor& x,
                    const std::vector<tf::Tensor>& states = {}, const tf::Tensor& mask = {}) {
    layer.build_for({x.shape()});
    set_pattern_weights(layer);
    std::vector<tf::Tensor> inputs{x};
    inputs.insert(inputs.end(), states.begin(), states.end());
    const std::size_t outputs = layer.call_all(inputs).size();
    auto traced = tf::function([&](tf::Tensor input) { return forward_and_gradients(layer, input, states, mask); });
    for (bool use_function : {false, true}) {
      SCOPED_TRACE(use_function ? "traced" : "eager");
      std::vector<tf::Tensor> got = use_function ? traced(x) : forward_and_gradients(layer, x, states, mask);
      std::size_t i = 0;
      for (; i < outputs; ++i) expect_close(name + ".out" + std::to_string(i), got[i]);
      if (x.dtype() == tf::float32) expect_close(name + ".gx", got[i++]);
      for (std::size_t w = 0; i < got.size(); ++i, ++w) expect_close(name + ".gw" + std::to_string(w), got[i]);
    }
  }

  static std::map<std::string, std::vector<double>> values_;
};

std::map<std::string, std::vector<double>> RecurrentKeras::values_;

const tf::Tensor& input() {
  static const tf::Tensor x = pattern_tensor({2, 4, 5}, 0.5);
  return x;
}
tf::Tensor step_mask() { return tf::constant({{true, true, true, false}, {true, false, true, true}}); }

TEST_F(RecurrentKeras, SimpleRNN) {
  layers::SimpleRNN last(3);
  check("simple_last", last, input());
  layers::SimpleRNN back(3, {.return_sequences = true, .go_backwards = true});
  check("simple_seq_back", back, input());
}

TEST_F(RecurrentKeras, LSTMWithSequencesAndStates) {
  layers::LSTM lstm(3, {.return_sequences = true, .return_state = true});
  check("lstm_seq_state", lstm, input());
  layers::LSTM init(3, {.return_state = true});
  check("lstm_init", init, input(), {pattern_tensor({2, 3}, 3.0), pattern_tensor({2, 3}, 4.0)});
}

TEST_F(RecurrentKeras, GRUResetAfterAndBefore) {
  layers::GRU gru(4, {.return_state = true});
  check("gru_state", gru, input());
  layers::GRU v1(3, {.reset_after = false, .return_sequences = true});
  check("gru_v1_seq", v1, input());
}

TEST_F(RecurrentKeras, MasksSkipTimesteps) {
  layers::LSTM lstm(3, {.return_sequences = true, .return_state = true});
  check("lstm_masked", lstm, input(), {}, step_mask());
  layers::SimpleRNN zero(3, {.return_sequences = true, .zero_output_for_mask = true});
  check("simple_masked_zero", zero, input(), {}, step_mask());
  layers::GRU back(3, {.return_sequences = true, .go_backwards = true});
  check("gru_masked_back", back, input(), {}, step_mask());
}

TEST_F(RecurrentKeras, GenericRNNOverACell) {
  layers::RNN rnn(layers::LSTMCell(3), {.return_sequences = true});
  check("rnn_lstm_cell", rnn, input());
}

TEST_F(RecurrentKeras, EmbeddingMaskReachesTheLSTM) {
  keras::Sequential model({keras::InputLayer({4}, {.dtype = tf::int32}), layers::Embedding(10, 5, {.mask_zero = true}),
                           layers::LSTM(3, {.return_sequences = true})});
  check("embed_lstm", model, tf::constant({{1, 2, 0, 0}, {3, 4, 5, 0}}));
}

TEST_F(RecurrentKeras, MaskingLayer) {
  std::vector<float> v = pattern(40, 0.5);
  for (int f = 0; f < 5; ++f) v[(0 * 4 + 2) * 5 + f] = v[(1 * 4 + 0) * 5 + f] = 0;
  const tf::Tensor xm = tf::constant(v, {2, 4, 5});
  layers::Masking masking;
  tf::Tensor y = masking(xm);
  expect_close("masking.out", y);
  expect_close("masking.mask", tf::cast(keras::get_keras_mask(y), tf::float32));
  keras::Sequential model({keras::InputLayer({4, 5}), layers::Masking(), layers::GRU(3, {.return_sequences = true})});
  check("masking_gru", model, xm);
}

}  // namespace
