// StackedRNNCells under layers::RNN compared with Keras 3 in the same test run (outputs, gradients,
// weight names, return_state, the cells' config, .keras files both ways), finite-difference
// gradients, round trip and errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/layers/deserialize.h>
#include <tfpp/keras/layers/stacked_rnn_cells.h>

#include "keras/keras_file_exchange.h"
#include "keras/layer_case_reference.h"
#include "keras/layer_gradient_check.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

// cells() prints the class names and names of a StackedRNNCells' cells; states() emits every
// output of a return_state RNN, Keras' nested states flattened.
const char* kCases = R"PY(
def cells(name, rnn):
    c = rnn.get_config()['cell']['config']
    print('cells', name, json.dumps([[s['class_name'], s['config']['name']] for s in c['cells']]))
def states(name, layer, x):
    layer.build(x.shape)
    layer.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(layer.weights)])
    for k, o in enumerate(keras.tree.flatten(layer(tf.constant(x)))):
        emit(name + '_out' + str(k), o)
S = layers.StackedRNNCells
r = layers.RNN(S([layers.LSTMCell(3, name='a'), layers.GRUCell(2, name='b')]), return_sequences=True)
case('lstm_gru', r, pattern((2, 4, 5), 0.1)); cells('lstm_gru', r)
r = layers.RNN(S([layers.SimpleRNNCell(4), layers.LSTMCell(2), layers.SimpleRNNCell(3, activation='relu')]), go_backwards=True)
case('three', r, pattern((2, 3, 4), 0.2))
states('states', layers.RNN(S([layers.LSTMCell(3), layers.GRUCell(2)]), return_state=True), pattern((2, 4, 5), 0.3))
)PY";

class StackedRNNCellsKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { reference_ = new tf::testing::LayerCaseReference(kCases); }
  void SetUp() override { ASSERT_FALSE(reference_->empty()) << "the Keras script printed nothing"; }
  static inline tf::testing::LayerCaseReference* reference_ = nullptr;  // for the whole suite
};

TEST_F(StackedRNNCellsKeras, StacksOfBuiltInCells) {
  layers::RNN lstm_gru(layers::StackedRNNCells({layers::LSTMCell(3, {.name = "a"}), layers::GRUCell(2, {.name = "b"})}),
                       {.return_sequences = true});
  reference_->check("lstm_gru", lstm_gru, pattern_tensor({2, 4, 5}, 0.1));
  const keras::Config config = lstm_gru.get_config();
  keras::ConfigValue::List names;
  const keras::Config& stack = config.at("cell").get<keras::Config>().at("config").get<keras::Config>();
  for (const keras::ConfigValue& cell : stack.at("cells").get<keras::ConfigValue::List>())
    names.push_back(keras::ConfigValue::List{cell.get<keras::Config>().at("class_name"),
                                             cell.get<keras::Config>().at("config").get<keras::Config>().at("name")});
  EXPECT_EQ(keras::to_json(names), reference_->raw_line("cells", "lstm_gru"));
  layers::RNN three(layers::StackedRNNCells({layers::SimpleRNNCell(4), layers::LSTMCell(2),
                                             layers::SimpleRNNCell(3, {.activation = "relu"})}),
                    {.go_backwards = true});
  reference_->check("three", three, pattern_tensor({2, 3, 4}, 0.2));
}

TEST_F(StackedRNNCellsKeras, ReturnStateListsTheCellsStatesFlat) {
  layers::RNN rnn(layers::StackedRNNCells({layers::LSTMCell(3), layers::GRUCell(2)}), {.return_state = true});
  const tf::Tensor x = pattern_tensor({2, 4, 5}, 0.3);
  rnn.build_for({x.shape()});
  std::vector<tf::Tensor> ws;
  double seed = 1.0;
  for (const tf::Variable& w : rnn.weights()) ws.push_back(pattern_tensor(w.shape(), seed++) * 0.5f);
  rnn.set_weights(ws);
  const std::vector<tf::Tensor> outs = rnn.call_all({x});
  ASSERT_EQ(outs.size(), 4u);  // output, LSTM h and c, GRU h
  for (std::size_t k = 0; k < outs.size(); ++k) reference_->expect_values("states_out" + std::to_string(k), outs[k], 2e-5);
}

TEST(StackedRNNCellsFile, KerasFilesBothWays) {
  tf::testing::expect_keras_file_exchange(
      "stacked",
      "keras.Sequential([keras.Input((4, 5)), layers.RNN(layers.StackedRNNCells([layers.LSTMCell(3), "
      "layers.LSTMCell(2), layers.GRUCell(2)]), return_sequences=True), layers.Flatten(), layers.Dense(2)])",
      tf::TensorShape({2, 4, 5}));
}

TEST(StackedRNNCells, FiniteDifferenceGradients) {
  layers::RNN rnn(layers::StackedRNNCells({layers::LSTMCell(2, {.dtype = tf::float64}), layers::GRUCell(2, {.dtype = tf::float64})},
                                          {.dtype = tf::float64}),
                  {.return_sequences = true, .dtype = tf::float64});
  EXPECT_LT(tf::testing::layer_gradient_error(rnn, tf::testing::random_tensor({2, 3, 3}, 1)), 1e-6);
}

TEST(StackedRNNCells, InitialStatesTracedAndRoundTrip) {
  layers::RNN rnn(layers::StackedRNNCells({layers::LSTMCell(3), layers::SimpleRNNCell(2)}));
  const tf::Tensor x = pattern_tensor({2, 4, 5}, 0.4);
  const std::vector<float> eager = rnn(x).numpy<float>();
  EXPECT_EQ(rnn.call_all({x, tf::zeros({2, 3}), tf::zeros({2, 3}), tf::zeros({2, 2})})[0].numpy<float>(), eager);
  EXPECT_THROW(rnn.call_all({x, tf::zeros({2, 3})}), tf::InvalidArgumentError);
  auto traced = tf::function([&](tf::Tensor in) { return rnn(in); });
  const std::vector<float> graph = traced(x).numpy<float>();
  ASSERT_EQ(graph.size(), eager.size());
  for (std::size_t i = 0; i < eager.size(); ++i) EXPECT_NEAR(graph[i], eager[i], 1e-6);
  auto copy = layers::deserialize(layers::serialize(rnn));
  EXPECT_EQ(keras::to_json(copy->get_config()), keras::to_json(rnn.get_config()));
  const std::string& stacked = rnn.cell().name();
  EXPECT_EQ(rnn.weights()[0].name().rfind(rnn.name() + "/" + stacked + "/lstm_cell", 0), 0u) << rnn.weights()[0].name();
  EXPECT_EQ(stacked.rfind("stacked_rnn_cells", 0), 0u) << stacked;
}

TEST(StackedRNNCells, Errors) {
  EXPECT_THROW(layers::StackedRNNCells(std::vector<keras::LayerRef>{}), tf::InvalidArgumentError);
  try {
    layers::StackedRNNCells({layers::LSTMCell(2), layers::Dense(3)}, {.name = "stack"});
    FAIL() << "no error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("[stack] All cells must be recurrent cells"), std::string::npos) << e.what();
  }
}

}  // namespace
