// Bidirectional, TimeDistributed, MultiHeadAttention, Normalization and layers::deserialize in
// tfpp alone: weight names, output shapes, configs that round-trip, masks, float64 gradients by
// finite differences, and the errors for bad input.
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

TEST(WrappersTest, WeightNamesAsKeras) {
  layers::Bidirectional bi(layers::LSTM(3, {.name = "lstm"}), {.name = "bidirectional"});
  bi(tf::ones({2, 4, 5}));
  EXPECT_EQ(weight_names(bi), (std::vector<std::string>{
                                  "bidirectional/forward_lstm/lstm_cell/kernel:0",
                                  "bidirectional/forward_lstm/lstm_cell/recurrent_kernel:0",
                                  "bidirectional/forward_lstm/lstm_cell/bias:0",
                                  "bidirectional/backward_lstm/lstm_cell/kernel:0",
                                  "bidirectional/backward_lstm/lstm_cell/recurrent_kernel:0",
                                  "bidirectional/backward_lstm/lstm_cell/bias:0"}));
  EXPECT_TRUE(bi.backward_layer().rnn_options().go_backwards);
  layers::TimeDistributed td(layers::Dense(3, {.name = "dense"}), {.name = "time_distributed"});
  td(tf::ones({2, 4, 5}));
  EXPECT_EQ(weight_names(td), (std::vector<std::string>{"time_distributed/dense/kernel:0", "time_distributed/dense/bias:0"}));
  layers::MultiHeadAttention mha(2, 3, {.name = "multi_head_attention"});
  mha({tf::ones({2, 4, 5}), tf::ones({2, 3, 6})});
  EXPECT_EQ(weight_names(mha), (std::vector<std::string>{
                                   "multi_head_attention/query/kernel:0", "multi_head_attention/query/bias:0",
                                   "multi_head_attention/key/kernel:0", "multi_head_attention/key/bias:0",
                                   "multi_head_attention/value/kernel:0", "multi_head_attention/value/bias:0",
                                   "multi_head_attention/attention_output/kernel:0",
                                   "multi_head_attention/attention_output/bias:0"}));
  EXPECT_EQ(mha.weights()[0].shape(), tf::TensorShape({5, 2, 3}));
  EXPECT_EQ(mha.weights()[2].shape(), tf::TensorShape({6, 2, 3}));
  EXPECT_EQ(mha.weights()[6].shape(), tf::TensorShape({2, 3, 5}));
  layers::Normalization norm({.name = "normalization"});
  norm.adapt(tf::ones({4, 3}));
  EXPECT_EQ(weight_names(norm), (std::vector<std::string>{"normalization/mean:0", "normalization/variance:0",
                                                          "normalization/count:0"}));
  EXPECT_TRUE(norm.trainable_weights().empty());
  EXPECT_EQ(norm.weights()[2].dtype(), tf::int64);
}

TEST(WrappersTest, OutputShapesInTheFunctionalAPI) {
  auto x = keras::Input({7, 5});
  EXPECT_EQ(layers::Bidirectional(layers::GRU(4, {.return_sequences = true}))(x).shape(), tf::TensorShape({-1, 7, 8}));
  auto outs = layers::Bidirectional(layers::LSTM(4, {.return_state = true}), {.merge_mode = "sum"}).call_all({x});
  ASSERT_EQ(outs.size(), 5u);
  EXPECT_EQ(outs[0].shape(), tf::TensorShape({-1, 4}));
  EXPECT_EQ(layers::TimeDistributed(layers::Dense(3))(x).shape(), tf::TensorShape({-1, 7, 3}));
  auto v = keras::Input({3, 6});
  EXPECT_EQ(layers::MultiHeadAttention(2, 4)({x, v}).shape(), tf::TensorShape({-1, 7, 5}));
  EXPECT_EQ(layers::MultiHeadAttention(2, 4, {.output_shape = 9})({x, v}).shape(), tf::TensorShape({-1, 7, 9}));
}

TEST(WrappersTest, ConfigsRoundTripThroughDeserialize) {
  auto round_trip = [](const keras::Layer& layer) {
    const keras::Config serialized = layers::serialize(layer);
    std::shared_ptr<keras::Layer> copy = layers::deserialize(serialized);
    EXPECT_EQ(copy->class_name(), layer.class_name());
    EXPECT_EQ(keras::to_json(layers::serialize(*copy)), keras::to_json(serialized));
  };
  round_trip(layers::Bidirectional(layers::LSTM(3, {.return_sequences = true}), {.merge_mode = "ave", .name = "bi_cfg"}));
  round_trip(layers::Bidirectional(layers::GRU(2), {.merge_mode = std::nullopt, .name = "bi_none_cfg"}));
  round_trip(layers::TimeDistributed(layers::Dense(4, {.activation = "relu", .name = "td_inner"}), {.name = "td_cfg"}));
  round_trip(layers::MultiHeadAttention(4, 8, {.value_dim = 5, .dropout = 0.1, .output_shape = 7, .name = "mha_cfg"}));
  round_trip(layers::Normalization({.axis = {1, 2}, .invert = true, .name = "norm_cfg"}));
  round_trip(layers::Normalization({.mean = std::vector<double>{1, 2}, .variance = std::vector<double>{3, 4}, .name = "norm_fixed"}));
  round_trip(layers::LSTM(3, {.name = "lstm_cfg"}));
  round_trip(layers::Embedding(7, 2, {.name = "embedding_cfg"}));
  const keras::Config bi = layers::Bidirectional(layers::LSTM(3), {.name = "bi_names"}).get_config();
  EXPECT_EQ(bi.at("layer").get<keras::Config>().at("config").get<keras::Config>().at("name").get<std::string>().rfind("forward_lstm", 0), 0u);
  EXPECT_NE(error_of([] { layers::deserialize(keras::Config{{"class_name", "NoSuchLayer"}, {"config", keras::Config{}}}); })
                .find("[deserialize] unknown layer class 'NoSuchLayer'"),
            std::string::npos);
}

TEST(WrappersTest, MasksPassThroughWrappers) {
  layers::Embedding embed(10, 4, {.mask_zero = true});
  const tf::Tensor ids = tf::constant({{1, 2, 0}, {3, 0, 0}});
  const tf::Tensor e = embed(ids);
  const tf::Tensor y = layers::Bidirectional(layers::LSTM(2, {.return_sequences = true}))(e);
  ASSERT_TRUE(keras::get_keras_mask(y).defined());
  EXPECT_EQ(tf::cast(keras::get_keras_mask(y), tf::int32).numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 1, 0, 1, 0, 0}));
  EXPECT_TRUE(keras::get_keras_mask(layers::TimeDistributed(layers::Dense(2))(e)).defined());
  // Self-attention over a masked sequence ignores the padded keys: changing them changes nothing.
  layers::MultiHeadAttention mha(2, 3);
  const tf::Tensor a = mha({e, e});
  tf::Tensor e2 = e + tf::cast(tf::expand_dims(tf::equal(ids, tf::constant(0)), -1), tf::float32) * 5.0f;
  keras::set_keras_mask(e2, keras::get_keras_mask(e));
  const tf::Tensor b = mha({e2, e2});
  const std::vector<float> av = a.numpy<float>(), bv = b.numpy<float>();
  // The unpadded queries' rows (a padded query attends to every key uniformly, as in Keras'
  // dot_product_attention, so its row does change).
  for (const std::size_t row : {0, 1, 3})
    for (std::size_t i = row * 4; i < row * 4 + 4; ++i) EXPECT_NEAR(av[i], bv[i], 1e-5) << i;
}

TEST(WrappersTest, GradientsMatchFiniteDifferences) {
  const tf::Tensor x = random_tensor({2, 3, 4}, 5, -1, 1);
  layers::Bidirectional bi(layers::GRU(2, {.return_sequences = true, .dtype = tf::float64}), {.dtype = tf::float64});
  layers::TimeDistributed td(layers::Dense(2, {.activation = "tanh", .dtype = tf::float64}), {.dtype = tf::float64});
  layers::MultiHeadAttention mha(2, 2, {.dtype = tf::float64});
  auto f_bi = [&](const std::vector<tf::Tensor>& v) { return bi(v[0]); };
  auto f_td = [&](const std::vector<tf::Tensor>& v) { return td(v[0]); };
  auto f_mha = [&](const std::vector<tf::Tensor>& v) {
    return mha.attend(v[0], v[0], {.use_causal_mask = true})[0];
  };
  EXPECT_LT(max_gradient_error(f_bi, {x}), 1e-6);
  EXPECT_LT(max_gradient_error(f_td, {x}), 1e-6);
  EXPECT_LT(max_gradient_error(f_mha, {x}), 1e-6);
  layers::Normalization norm({.dtype = tf::float64});
  norm.adapt(random_tensor({5, 4}, 6));
  EXPECT_LT(max_gradient_error([&](const std::vector<tf::Tensor>& v) { return norm(v[0]); }, {x}), 1e-6);
}

TEST(WrappersTest, BadInputIsAClearError) {
  EXPECT_NE(error_of([] { layers::Bidirectional(layers::LSTM(2), {.merge_mode = "max"}); }).find("merge_mode must be one of"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              layers::Bidirectional(layers::LSTM(2, {.return_sequences = true}), layers::LSTM(2, {.go_backwards = true}));
            }).find("must agree on return_sequences and return_state"),
            std::string::npos);
  layers::Bidirectional bi(layers::LSTM(2), {.name = "bi_err"});
  EXPECT_NE(error_of([&] { bi.call_all({tf::ones({2, 3, 4}), tf::zeros({2, 2})}); })
                .find("[bi_err] expects the forward layer's 2 initial state(s) and then the backward layer's, got 1"),
            std::string::npos);
  layers::TimeDistributed td(layers::Dense(2), {.name = "td_err"});
  EXPECT_NE(error_of([&] { td(tf::ones({2, 3})); }).find("[td_err] expects inputs of shape (batch, timesteps, ...)"),
            std::string::npos);
  layers::MultiHeadAttention mha(2, 2, {.name = "mha_err"});
  EXPECT_NE(error_of([&] { mha({tf::ones({2, 3}), tf::ones({2, 3})}); }).find("[mha_err] expects query, value and key"),
            std::string::npos);
  EXPECT_NE(error_of([&] { mha({tf::ones({2, 3, 4})}); }).find("[mha_err] is called on {query, value}"), std::string::npos);
  layers::MultiHeadAttention mha2(2, 2, {.name = "mha_len"});
  EXPECT_NE(error_of([&] { mha2.attend(tf::ones({1, 3, 4}), tf::ones({1, 2, 4}), {.key = tf::ones({1, 5, 4})}); })
                .find("[mha_len] key and value must have the same length"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::Normalization({.mean = std::vector<double>{1}}); }).find("give both mean and variance"),
            std::string::npos);
  layers::Normalization fixed({.mean = std::vector<double>{1, 2}, .variance = std::vector<double>{1, 1}, .name = "norm_err"});
  EXPECT_NE(error_of([&] { fixed(tf::ones({2, 3})); }).find("[norm_err] mean and variance need 1 or 3 values"),
            std::string::npos);
  EXPECT_NE(error_of([&] { fixed.adapt(tf::ones({2, 2})); }).find("adapt() cannot change them"), std::string::npos);
}

}  // namespace
