// Recurrent layers and Embedding/Masking in tfpp alone: weight names and shapes, configs that
// round-trip, the traced While loop, dropout, float64 gradients by finite differences, masks
// through models, and the errors for bad input.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "autodiff/gradient_checker.h"
#include "error_of.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::error_of;
using tf::testing::max_gradient_error;
using tf::testing::random_tensor;

std::vector<std::string> weight_names(const keras::Layer& layer) {
  std::vector<std::string> names;
  for (const tf::Variable& w : layer.weights()) names.push_back(w.name());
  return names;
}

TEST(RecurrentTest, WeightNamesAndShapesAsKeras) {
  layers::LSTM lstm(3, {.name = "lstm"});
  lstm(tf::ones({2, 4, 5}));
  EXPECT_EQ(weight_names(lstm),
            (std::vector<std::string>{"lstm/lstm_cell/kernel:0", "lstm/lstm_cell/recurrent_kernel:0", "lstm/lstm_cell/bias:0"}));
  EXPECT_EQ(lstm.weights()[0].shape(), tf::TensorShape({5, 12}));
  EXPECT_EQ(lstm.weights()[1].shape(), tf::TensorShape({3, 12}));
  // unit_forget_bias: zeros, ones for the forget gate, zeros.
  const std::vector<float> bias = lstm.weights()[2].numpy<float>();
  for (int i = 0; i < 12; ++i) EXPECT_EQ(bias[i], i >= 3 && i < 6 ? 1.0f : 0.0f) << i;

  layers::GRU gru(3, {.name = "gru"});
  gru(tf::ones({2, 4, 5}));
  EXPECT_EQ(weight_names(gru), (std::vector<std::string>{"gru/gru_cell/kernel:0", "gru/gru_cell/recurrent_kernel:0",
                                                         "gru/gru_cell/bias:0"}));
  EXPECT_EQ(gru.weights()[2].shape(), tf::TensorShape({2, 9}));  // reset_after: input and recurrent biases
  layers::GRU v1(3, {.reset_after = false});
  v1(tf::ones({2, 4, 5}));
  EXPECT_EQ(v1.weights()[2].shape(), tf::TensorShape({9}));

  layers::SimpleRNN simple(3, {.name = "simple_rnn"});
  simple(tf::ones({2, 4, 5}));
  EXPECT_EQ(weight_names(simple)[0], "simple_rnn/simple_rnn_cell/kernel:0");
  EXPECT_EQ(simple.count_params(), 5 * 3 + 3 * 3 + 3);

  layers::Embedding embed(10, 4, {.name = "embedding"});
  embed(tf::constant({1, 2}));
  EXPECT_EQ(weight_names(embed), std::vector<std::string>{"embedding/embeddings:0"});
}

TEST(RecurrentTest, OutputShapesInTheFunctionalAPI) {
  auto inputs = keras::Input({7, 5});
  auto outs = layers::LSTM(4, {.return_sequences = true, .return_state = true}).call_all({inputs});
  ASSERT_EQ(outs.size(), 3u);
  EXPECT_EQ(outs[0].shape(), tf::TensorShape({-1, 7, 4}));
  EXPECT_EQ(outs[1].shape(), tf::TensorShape({-1, 4}));
  EXPECT_EQ(outs[2].shape(), tf::TensorShape({-1, 4}));
  EXPECT_EQ(layers::GRU(6)(inputs).shape(), tf::TensorShape({-1, 6}));
  auto ids = keras::Input({9}, {.dtype = tf::int32});
  EXPECT_EQ(layers::Embedding(100, 8)(ids).shape(), tf::TensorShape({-1, 9, 8}));
}

TEST(RecurrentTest, ConfigsRoundTrip) {
  layers::LSTM lstm(5, {.recurrent_activation = "hard_sigmoid", .unit_forget_bias = false, .dropout = 0.25,
                        .return_sequences = true, .go_backwards = true, .name = "my_lstm"});
  keras::Config c = lstm.get_config();
  EXPECT_EQ(c.at("units").get<std::int64_t>(), 5);
  EXPECT_EQ(c.at("recurrent_activation").get<std::string>(), "hard_sigmoid");
  EXPECT_FALSE(c.at("unit_forget_bias").get<bool>());
  EXPECT_FALSE(c.at("stateful").get<bool>());
  EXPECT_EQ(c.at("recurrent_initializer").get<keras::Config>().at("class_name").get<std::string>(), "Orthogonal");
  EXPECT_EQ(keras::to_json(layers::LSTM::from_config(c).get_config()), keras::to_json(c));

  layers::GRU gru(3, {.reset_after = false, .return_state = true, .name = "my_gru"});
  EXPECT_EQ(keras::to_json(layers::GRU::from_config(gru.get_config()).get_config()), keras::to_json(gru.get_config()));
  EXPECT_FALSE(gru.get_config().at("reset_after").get<bool>());
  layers::SimpleRNN simple(2, {.activation = "relu", .zero_output_for_mask = true, .name = "my_simple"});
  EXPECT_EQ(keras::to_json(layers::SimpleRNN::from_config(simple.get_config()).get_config()),
            keras::to_json(simple.get_config()));
  layers::RNN rnn(layers::GRUCell(4, {.name = "cell"}), {.return_sequences = true, .name = "my_rnn"});
  const keras::Config rc = rnn.get_config();
  EXPECT_EQ(rc.at("cell").get<keras::Config>().at("class_name").get<std::string>(), "GRUCell");
  EXPECT_EQ(keras::to_json(layers::RNN::from_config(rc).get_config()), keras::to_json(rc));
  layers::Embedding embed(10, 3, {.mask_zero = true, .name = "my_embedding"});
  EXPECT_EQ(keras::to_json(layers::Embedding::from_config(embed.get_config()).get_config()),
            keras::to_json(embed.get_config()));
  layers::Masking masking({.mask_value = -1.0, .name = "my_masking"});
  EXPECT_EQ(layers::Masking::from_config(masking.get_config()).get_config().at("mask_value").as_double(), -1.0);

  keras::Config stateful = c;
  stateful["stateful"] = true;
  EXPECT_TRUE(layers::LSTM::from_config(stateful).get_config().at("stateful").get<bool>());
}

TEST(RecurrentTest, TracedLoopIsOneWhileNode) {
  layers::LSTM lstm(3, {.return_sequences = true});
  auto f = tf::function([&](tf::Tensor x) { return lstm(x); });
  const tf::Tensor x = random_tensor({2, 30, 4}, 1);
  const std::string graph = f.get_concrete_function(tf::cast(x, tf::float32)).graph().to_string();
  EXPECT_NE(graph.find("While"), std::string::npos);
  // The graph does not grow with the length: one MatMul pair in the body, not 30.
  std::size_t matmuls = 0;
  for (std::size_t p = graph.find("MatMul"); p != std::string::npos; p = graph.find("MatMul", p + 1)) ++matmuls;
  EXPECT_LT(matmuls, 10u);
  // Unrolled, it is a plain graph without a loop.
  layers::LSTM unrolled(3, {.return_sequences = true, .unroll = true});
  auto g = tf::function([&](tf::Tensor x) { return unrolled(x); });
  EXPECT_EQ(g.get_concrete_function(tf::cast(x, tf::float32)).graph().to_string().find("While"), std::string::npos);
}

TEST(RecurrentTest, UnknownBatchAndLengthWhileTracing) {
  layers::GRU gru(3, {.return_sequences = true, .return_state = true});
  auto f = tf::function([&](tf::Tensor x) { return gru.call_all({x}); },
                        {.input_signature = {tf::TensorSpec({-1, -1, 4}, tf::float32)}});
  const tf::Tensor x = tf::cast(random_tensor({3, 5, 4}, 2), tf::float32);
  std::vector<tf::Tensor> traced = f(x);
  std::vector<tf::Tensor> eager = gru.call_all({x});
  ASSERT_EQ(traced.size(), 2u);
  EXPECT_EQ(traced[0].shape(), tf::TensorShape({3, 5, 3}));
  const std::vector<float> a = traced[0].numpy<float>(), b = eager[0].numpy<float>();
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-6);
  const std::vector<float> c = traced[1].numpy<float>(), d = eager[1].numpy<float>();
  for (std::size_t i = 0; i < c.size(); ++i) EXPECT_NEAR(c[i], d[i], 1e-6);
}

TEST(RecurrentTest, GradientsMatchFiniteDifferences) {
  const tf::Tensor x = random_tensor({2, 3, 4}, 3, -1, 1);
  const tf::Tensor mask = tf::constant({{true, false, true}, {true, true, false}});
  layers::LSTM lstm(3, {.return_sequences = true, .dtype = tf::float64});
  layers::GRU gru(2, {.go_backwards = true, .dtype = tf::float64});
  layers::SimpleRNN simple(2, {.return_sequences = true, .dtype = tf::float64});
  for (keras::Layer* layer : std::vector<keras::Layer*>{&lstm, &gru, &simple}) {
    SCOPED_TRACE(layer->name());
    auto eager = [&](const std::vector<tf::Tensor>& v) { return (*layer)(keras::with_keras_mask(v[0], mask)); };
    auto traced = tf::function([&](tf::Tensor v) { return (*layer)(keras::with_keras_mask(v, mask)); });
    EXPECT_LT(max_gradient_error(eager, {x}), 1e-6);
    EXPECT_LT(max_gradient_error([&](const std::vector<tf::Tensor>& v) { return traced(v[0]); }, {x}), 1e-6);
  }
}

TEST(RecurrentTest, DropoutOnlyWhileTraining) {
  layers::LSTM lstm(4, {.dropout = 0.5, .recurrent_dropout = 0.5, .seed = 7});
  const tf::Tensor x = tf::ones({3, 5, 6});
  const std::vector<float> a = lstm(x).numpy<float>();
  const std::vector<float> b = lstm(x, false).numpy<float>();
  EXPECT_EQ(a, b);
  const std::vector<float> trained = lstm(x, true).numpy<float>();
  EXPECT_NE(trained, a);
  // Traced with training, the masks are drawn outside the loop and the result differs too.
  auto f = tf::function([&](tf::Tensor v) { return lstm(v, true); });
  EXPECT_NE(f(x).numpy<float>(), a);
}

TEST(RecurrentTest, MasksFlowThroughModels) {
  keras::Sequential model({keras::InputLayer({4}, {.dtype = tf::int32}), layers::Embedding(10, 3, {.mask_zero = true}),
                           layers::LSTM(2, {.return_sequences = true})});
  const tf::Tensor ids = tf::constant({{1, 2, 0, 0}});
  const tf::Tensor y = model(ids);
  // Masked timesteps repeat the last unmasked output.
  const std::vector<float> v = y.numpy<float>();
  EXPECT_EQ(v[2], v[4]);
  EXPECT_EQ(v[3], v[7]);
  const tf::Tensor m = keras::get_keras_mask(y);
  ASSERT_TRUE(m.defined());
  EXPECT_EQ(tf::cast(m, tf::int32).numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 1, 0, 0}));
  // An RNN that returns the last output drops the mask.
  layers::Embedding embed(10, 3, {.mask_zero = true});
  EXPECT_FALSE(keras::get_keras_mask(layers::GRU(2)(embed(ids))).defined());
  // Functional models pass masks on too, and their result matches the Sequential one.
  auto in = keras::Input({4}, {.dtype = tf::int32});
  keras::Model functional(in, (*model.layers()[1])((*model.layers()[0])(in)));
  EXPECT_EQ(functional(ids).numpy<float>(), v);
}

TEST(RecurrentTest, BadInputIsAClearError) {
  layers::LSTM lstm(3, {.name = "lstm_err"});
  EXPECT_NE(error_of([&] { lstm(tf::ones({2, 5})); }).find("[lstm_err] expects inputs of shape (batch, timesteps, features), got (2, 5)"),
            std::string::npos);
  lstm(tf::ones({2, 4, 5}));
  EXPECT_NE(error_of([&] { lstm(tf::ones({2, 4, 6})); }).find("[lstm_err] input 0 is incompatible"), std::string::npos);
  EXPECT_NE(error_of([&] { lstm.call_all({tf::ones({2, 4, 5}), tf::zeros({2, 3})}); })
                .find("[lstm_err] the cell has 2 state(s), but 1 initial state(s) were given"),
            std::string::npos);
  EXPECT_NE(error_of([&] { lstm.call_all({tf::ones({2, 4, 5}), tf::zeros({2, 4}), tf::zeros({2, 3})}); })
                .find("initial state 0 must have shape (2, 3), got (2, 4)"),
            std::string::npos);
  EXPECT_NE(error_of([&] { lstm(keras::with_keras_mask(tf::ones({2, 4, 5}), tf::ones({2, 3}, tf::bool_))); })
                .find("the mask must have shape (batch, timesteps) = (2, 4), got (2, 3)"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::GRU(0); }).find("units must be positive"), std::string::npos);
  EXPECT_NE(error_of([] { layers::SimpleRNN(2, {.dropout = 1.5}); }).find("dropout rates must be in [0, 1)"),
            std::string::npos);
  layers::Embedding embed(5, 2, {.name = "embed_err"});
  EXPECT_NE(error_of([&] { embed(tf::constant({"a"})); }).find("[embed_err] expects integer ids, got dtype string"),
            std::string::npos);
  EXPECT_THROW(embed(tf::constant({1, 7})), tf::Error);
}

}  // namespace
