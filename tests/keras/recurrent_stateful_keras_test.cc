// SimpleRNN, LSTM, GRU and RNN(cell) with stateful=True compared with Keras 3 in the same test run:
// the final states kept across calls (also of a call given initial states, masked or backwards),
// reset_states(), the "rnn_state" variables outside the weights, fit carrying the states from
// batch to batch in the traced train step, the config and .keras files; and the errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "keras/keras_file_exchange.h"
#include "keras/keras_reference.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

const char* kScript = R"PY(
import json
import keras
from keras import layers
def prep(layer, shape):
    layer.build(shape)
    layer.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(layer.weights)])
    return layer
x = pattern((2, 4, 3), 0.3)
lstm = prep(layers.LSTM(3, stateful=True, return_sequences=True), x.shape)
emit('lstm_1', lstm(x))
emit('lstm_2', lstm(x))
for i, v in enumerate(lstm.states):
    emit('lstm_state%d' % i, v)
lstm.reset_states()
emit('lstm_reset', lstm(x))
m = np.array([[1, 1, 0, 1], [0, 1, 1, 1]], bool)
gru = prep(layers.GRU(3, stateful=True, go_backwards=True), x.shape)
emit('gru_1', gru(x, mask=m))
emit('gru_2', gru(x, mask=m))
emit('gru_state', gru.states[0])
rnn = prep(layers.SimpleRNN(2, stateful=True), x.shape)
emit('simple_given', rnn(x, initial_state=[pattern((2, 2), 4.0)]))
emit('simple_kept', rnn(x))
cell = prep(layers.RNN(layers.LSTMCell(2), stateful=True), x.shape)
emit('cell_1', cell(x))
emit('cell_2', cell(x))
print('config', json.dumps(lstm.get_config()['stateful']), ' '.join(w.path.split('/')[-1] for w in lstm.weights))
model = keras.Sequential([keras.Input((4, 3), batch_size=2), layers.LSTM(3, stateful=True), layers.Dense(1)])
model.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(model.weights)])
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss='mse')
xs = pattern((6, 4, 3), 0.7)
h = model.fit(xs, pattern((6, 1), 1.9), batch_size=2, epochs=2, shuffle=False, verbose=0)
emit('fit_loss', h.history['loss'])
emit('fit_state', model.layers[0].states[0])
emit('fit_predict', model.predict(xs, batch_size=2, verbose=0))
)PY";

class RecurrentStatefulKeras : public ::testing::Test {
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
  static void set_pattern_weights(keras::Layer& layer) {
    std::vector<tf::Tensor> ws;
    const std::vector<tf::Variable> weights = layer.weights();
    for (std::size_t i = 0; i < weights.size(); ++i) ws.push_back(pattern_tensor(weights[i].shape(), 1.0 + double(i)) * 0.5f);
    layer.set_weights(ws);
  }
  template <class L>
  static L prep(L layer) {
    layer.build_for({x().shape()});
    set_pattern_weights(layer);
    return layer;
  }
  static tf::Tensor x() { return pattern_tensor({2, 4, 3}, 0.3); }
  static inline std::string* output_ = nullptr;
  static inline std::map<std::string, std::vector<double>>* values_ = nullptr;
};

TEST_F(RecurrentStatefulKeras, KeepsTheFinalStatesUntilReset) {
  auto lstm = prep(layers::LSTM(3, {.return_sequences = true, .stateful = true}));
  EXPECT_TRUE(lstm.states().empty());
  expect_close("lstm_1", lstm(x()));
  expect_close("lstm_2", lstm(x()));
  ASSERT_EQ(lstm.states().size(), 2u);
  expect_close("lstm_state0", lstm.states()[0].read_value());
  expect_close("lstm_state1", lstm.states()[1].read_value());
  EXPECT_EQ(lstm.states()[0].name(), lstm.name() + "/rnn_state:0");
  EXPECT_FALSE(lstm.states()[0].trainable());
  lstm.reset_states();
  expect_close("lstm_reset", lstm(x()));

  std::string names;
  for (const tf::Variable& w : lstm.weights()) {
    const std::string n = w.name().substr(0, w.name().rfind(':'));
    names += (names.empty() ? "" : " ") + n.substr(n.rfind('/') + 1);
  }
  const std::size_t at = output_->find("\nconfig ");
  ASSERT_NE(at, std::string::npos);
  const std::size_t start = at + std::string("\nconfig ").size();
  EXPECT_EQ("true " + names, output_->substr(start, output_->find('\n', start) - start));
  EXPECT_TRUE(layers::LSTM::from_config(lstm.get_config()).rnn_options().stateful);
}

TEST_F(RecurrentStatefulKeras, MaskedBackwardsGivenStatesAndCells) {
  auto gru = prep(layers::GRU(3, {.go_backwards = true, .stateful = true}));
  const tf::Tensor masked = keras::with_keras_mask(x(), tf::constant({{true, true, false, true}, {false, true, true, true}}));
  expect_close("gru_1", gru(masked));
  expect_close("gru_2", gru(masked));
  expect_close("gru_state", gru.states()[0].read_value());

  // A call given initial states starts from them and still keeps its final states.
  auto simple = prep(layers::SimpleRNN(2, {.stateful = true}));
  expect_close("simple_given", simple.call_all({x(), pattern_tensor({2, 2}, 4.0)})[0]);
  expect_close("simple_kept", simple(x()));

  auto rnn = prep(layers::RNN(layers::LSTMCell(2), {.stateful = true}));
  expect_close("cell_1", rnn(x()));
  expect_close("cell_2", rnn(x()));
}

TEST_F(RecurrentStatefulKeras, FitCarriesTheStatesFromBatchToBatch) {
  for (bool eager : {false, true}) {
    SCOPED_TRACE(eager ? "run_eagerly" : "traced train step");
    keras::Sequential model({keras::InputLayer({4, 3}, {.batch_size = 2}), layers::LSTM(3, {.stateful = true}), layers::Dense(1)});
    set_pattern_weights(model);
    model.compile({.optimizer = keras::optimizers::SGD({.learning_rate = 0.1}), .loss = "mse", .run_eagerly = eager});
    const tf::Tensor xs = pattern_tensor({6, 4, 3}, 0.7);
    const keras::History h = model.fit(xs, pattern_tensor({6, 1}, 1.9), {.batch_size = 2, .epochs = 2, .verbose = 0, .shuffle = false});
    const std::vector<double>& losses = h.history().at("loss");
    expect_close("fit_loss", tf::constant(losses));
    const auto& lstm = dynamic_cast<const layers::LSTM&>(*model.layers()[0]);
    expect_close("fit_state", lstm.states()[0].read_value());
    expect_close("fit_predict", model.predict(xs, {.batch_size = 2, .verbose = 0}));
  }
}

TEST(RecurrentStateful, TracedCallsCarryTheStates) {
  layers::GRU eager(3, {.stateful = true, .name = "eager"});
  layers::GRU traced(3, {.stateful = true, .name = "traced"});
  const tf::Tensor x = pattern_tensor({2, 5, 4}, 0.4);
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
  EXPECT_EQ(traced.states().size(), 1u);
}

TEST(RecurrentStateful, KerasFilesBothWays) {
  tf::testing::expect_keras_file_exchange(
      "lstm_stateful",
      "keras.Sequential([keras.Input((3, 2), batch_size=2), layers.LSTM(4, stateful=True, return_sequences=True), "
      "layers.GRU(2, stateful=True), layers.Dense(2)])",
      tf::TensorShape({2, 3, 2}));
}

TEST(RecurrentStateful, Errors) {
  layers::LSTM dynamic(2, {.stateful = true, .name = "dynamic"});
  try {
    dynamic(keras::Input({3, 4}));
    FAIL() << "no error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("When using `stateful=True` in a RNN, the batch size must be static"), std::string::npos)
        << e.what();
  }
  layers::SimpleRNN fixed(2, {.stateful = true, .name = "fixed"});
  fixed(tf::ones({2, 3, 4}));
  try {
    fixed(tf::ones({3, 3, 4}));
    FAIL() << "no error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("the batch size of the input sequences must be the same as the batch size of the "
                                         "initial state.\n- Expected batch size: 2\n- Received batch size: 3"),
              std::string::npos)
        << e.what();
  }
  // reset_states before the first call has nothing to reset.
  layers::GRU unused(2, {.stateful = true});
  EXPECT_NO_THROW(unused.reset_states());
  EXPECT_TRUE(unused.states().empty());
}

}  // namespace
