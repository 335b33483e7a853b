// Attention and AdditiveAttention in tfpp alone: weight names as Keras', output shapes in the
// Functional API, configs through deserialize, masks, dropout, float64 gradients by finite
// differences for inputs and weights, and the errors for bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <tfpp/gradient_tape.h>
#include <tfpp/keras/input.h>
#include <tfpp/keras/layers/deserialize.h>
#include <tfpp/keras/layers/embedding.h>
#include <tfpp/keras/layers/score_attention.h>
#include <tfpp/keras/mask.h>
#include <tfpp/keras/model.h>

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

std::vector<std::int64_t> ints(const tf::Tensor& t) {
  return tf::cast(t, tf::int64).numpy<std::int64_t>();
}

TEST(ScoreAttentionTest, WeightNamesAndShapesAsKeras) {
  const tf::Tensor q = tf::ones({2, 4, 5}), v = tf::ones({2, 3, 5});
  layers::Attention plain({.name = "attention"});
  plain({q, v});
  EXPECT_TRUE(plain.weights().empty());
  layers::Attention concat({.use_scale = true, .score_mode = "concat", .name = "attention_concat"});
  concat({q, v});
  EXPECT_EQ(weight_names(concat),
            (std::vector<std::string>{"attention_concat/scale:0", "attention_concat/concat_score_weight:0"}));
  EXPECT_EQ(concat.weights()[0].shape(), tf::TensorShape({}));
  EXPECT_EQ(concat.weights()[0].numpy<float>(), std::vector<float>{1.0f});
  layers::AdditiveAttention additive({.name = "additive_attention"});
  additive({q, v});
  EXPECT_EQ(weight_names(additive), std::vector<std::string>{"additive_attention/scale:0"});
  EXPECT_EQ(additive.weights()[0].shape(), tf::TensorShape({5}));
  EXPECT_TRUE(layers::AdditiveAttention({.use_scale = false}).class_name() == "AdditiveAttention");
  EXPECT_EQ(layers::Attention().name().rfind("attention", 0), 0u);
  EXPECT_EQ(layers::AdditiveAttention().name().rfind("additive_attention", 0), 0u);
}

TEST(ScoreAttentionTest, FunctionalModels) {
  auto query = keras::Input({4, 6});
  auto value = keras::Input({3, 6});
  auto values = keras::Input({3, 2});
  auto out = layers::Attention()({query, value, value});
  EXPECT_EQ(out.shape(), tf::TensorShape({-1, 4, 6}));
  auto additive = layers::AdditiveAttention()({query, values, value});
  EXPECT_EQ(additive.shape(), tf::TensorShape({-1, 4, 2}));
  keras::Model model({query, value, values}, {additive});
  const tf::Tensor y = model({tf::ones({2, 4, 6}), tf::ones({2, 3, 6}), tf::ones({2, 3, 2})});
  EXPECT_EQ(y.shape(), tf::TensorShape({2, 4, 2}));
}

TEST(ScoreAttentionTest, ConfigsRoundTripThroughDeserialize) {
  auto round_trip = [](const keras::Layer& layer) {
    const keras::Config serialized = layers::serialize(layer);
    std::shared_ptr<keras::Layer> copy = layers::deserialize(serialized);
    EXPECT_EQ(copy->class_name(), layer.class_name());
    EXPECT_EQ(keras::to_json(layers::serialize(*copy)), keras::to_json(serialized));
  };
  round_trip(layers::Attention({.use_scale = true, .score_mode = "concat", .dropout = 0.2, .seed = 7, .name = "attn_cfg"}));
  round_trip(layers::AdditiveAttention({.use_scale = false, .name = "additive_cfg"}));
  EXPECT_EQ(layers::AdditiveAttention({.name = "additive_keys"}).get_config().count("score_mode"), 0u);
}

TEST(ScoreAttentionTest, MasksSilencePaddingAndPassTheQueryMaskOn) {
  layers::Embedding embed(10, 4, {.mask_zero = true});
  const tf::Tensor ids = tf::constant({{1, 2, 0}, {3, 0, 0}});
  const tf::Tensor e = embed(ids);
  for (bool additive : {false, true}) {
    SCOPED_TRACE(additive ? "AdditiveAttention" : "Attention");
    std::shared_ptr<keras::Layer> layer = additive ? std::shared_ptr<keras::Layer>(new layers::AdditiveAttention())
                                                   : std::shared_ptr<keras::Layer>(new layers::Attention());
    const tf::Tensor a = (*layer)({e, e});
    ASSERT_TRUE(keras::get_keras_mask(a).defined());
    EXPECT_EQ(ints(keras::get_keras_mask(a)), (std::vector<std::int64_t>{1, 1, 0, 1, 0, 0}));
    // Padded keys get no attention: changing them changes nothing; padded queries output zeros.
    tf::Tensor e2 = e + tf::cast(tf::expand_dims(tf::equal(ids, tf::constant(0)), -1), tf::float32) * 5.0f;
    keras::set_keras_mask(e2, keras::get_keras_mask(e));
    const tf::Tensor b = (*layer)({e2, e2});
    const std::vector<float> av = a.numpy<float>(), bv = b.numpy<float>();
    for (std::size_t i = 0; i < av.size(); ++i) EXPECT_NEAR(av[i], bv[i], 1e-6) << i;
    for (std::size_t i : {8u, 9u, 10u, 11u, 16u, 23u}) EXPECT_EQ(av[i], 0.0f) << i;
  }
}

TEST(ScoreAttentionTest, CausalMaskAndScores) {
  layers::Attention attention({.dtype = tf::float64});
  const tf::Tensor x = random_tensor({2, 4, 3}, 3);
  const std::vector<tf::Tensor> out = attention.attend(x, x, {.use_causal_mask = true, .return_attention_scores = true});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1].shape(), tf::TensorShape({2, 4, 4}));
  const std::vector<double> s = out[1].numpy<double>();
  for (int b = 0; b < 2; ++b)
    for (int i = 0; i < 4; ++i) {
      double row = 0;
      for (int j = 0; j < 4; ++j) {
        row += s[(b * 4 + i) * 4 + j];
        if (j > i) EXPECT_EQ(s[(b * 4 + i) * 4 + j], 0.0) << b << i << j;
      }
      EXPECT_NEAR(row, 1.0, 1e-12);
    }
  // The first query attends to the first value only.
  EXPECT_EQ(tf::reduce_max(tf::abs(tf::slice(out[0], {0, 0, 0}, {-1, 1, -1}) - tf::slice(x, {0, 0, 0}, {-1, 1, -1})))
                .numpy<double>()[0],
            0.0);
}

TEST(ScoreAttentionTest, DropoutOnlyWhileTraining) {
  layers::Attention attention({.dropout = 0.5, .seed = 3, .dtype = tf::float64});
  const tf::Tensor q = tf::ones({2, 6, 3}, tf::float64), v = random_tensor({2, 8, 3}, 4);
  const std::vector<tf::Tensor> inference = attention.attend(q, v, {.return_attention_scores = true});
  const std::vector<tf::Tensor> again = attention.attend(q, v, {.return_attention_scores = true, .training = false});
  EXPECT_EQ(inference[0].numpy<double>(), again[0].numpy<double>());
  const std::vector<tf::Tensor> trained = attention.attend(q, v, {.return_attention_scores = true, .training = true});
  // Each weight is dropped to 0 or kept and scaled by 1 / (1 - rate); the output uses the dropped weights.
  const std::vector<double> kept = inference[1].numpy<double>(), dropped = trained[1].numpy<double>();
  std::size_t zeros = 0;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (dropped[i] == 0) ++zeros;
    else EXPECT_NEAR(dropped[i], 2 * kept[i], 1e-12) << i;
  }
  EXPECT_GT(zeros, 0u);
  EXPECT_LT(zeros, kept.size());
  const std::vector<double> out = trained[0].numpy<double>();
  const std::vector<double> want = tf::matmul(trained[1], v).numpy<double>();
  for (std::size_t i = 0; i < out.size(); ++i) EXPECT_NEAR(out[i], want[i], 1e-12) << i;
}

// The largest error of the tape's gradient of sum(f() * w) with respect to each float64 weight
// of `layer` against central differences taken by assigning the weight.
double max_weight_gradient_error(keras::Layer& layer, const std::function<tf::Tensor()>& f) {
  const tf::Tensor w = random_tensor(f().shape(), 11);
  auto loss = [&] { return tf::reduce_sum(f() * w).numpy<double>()[0]; };
  double worst = 0;
  for (tf::Variable& var : layer.trainable_weights()) {
    tf::GradientTape tape;
    const tf::Tensor y = tf::reduce_sum(f() * w);
    const std::vector<double> analytic = tape.gradient(y, var).numpy<double>();
    std::vector<double> x = var.numpy<double>();
    for (std::size_t j = 0; j < x.size(); ++j) {
      const double orig = x[j], h = 1e-6;
      x[j] = orig + h;
      var.assign(tf::constant(x, var.shape()));
      const double plus = loss();
      x[j] = orig - h;
      var.assign(tf::constant(x, var.shape()));
      const double minus = loss();
      x[j] = orig;
      var.assign(tf::constant(x, var.shape()));
      const double numeric = (plus - minus) / (2 * h);
      worst = std::max(worst, std::abs(analytic[j] - numeric) / std::max(1.0, std::abs(numeric)));
    }
  }
  return worst;
}

TEST(ScoreAttentionTest, GradientsMatchFiniteDifferences) {
  const tf::Tensor q = random_tensor({2, 3, 4}, 5, -1, 1), v = random_tensor({2, 4, 2}, 6, -1, 1),
                   k = random_tensor({2, 4, 4}, 7, -1, 1);
  const tf::Tensor query_mask = tf::constant({{true, false, true}, {true, true, true}});
  const tf::Tensor value_mask = tf::constant({{true, true, false, true}, {false, true, true, true}});
  struct Case {
    std::string name;
    std::shared_ptr<layers::Attention> layer;
    layers::ScoreAttentionCall call;
  };
  const std::vector<Case> cases{
      {"dot", std::make_shared<layers::Attention>(layers::AttentionOptions{.use_scale = true, .dtype = tf::float64}),
       {.value_mask = value_mask}},
      {"concat",
       std::make_shared<layers::Attention>(
           layers::AttentionOptions{.use_scale = true, .score_mode = "concat", .dtype = tf::float64}),
       {.query_mask = query_mask, .use_causal_mask = true}},
      {"additive", std::make_shared<layers::AdditiveAttention>(layers::AdditiveAttentionOptions{.dtype = tf::float64}),
       {.query_mask = query_mask, .value_mask = value_mask}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    layers::Attention& layer = *c.layer;
    auto f = [&](const std::vector<tf::Tensor>& in) {
      layers::ScoreAttentionCall call = c.call;
      call.key = in[2];
      call.return_attention_scores = true;
      const std::vector<tf::Tensor> outs = layer.attend(in[0], in[1], call);
      return tf::concat({tf::reshape(outs[0], {-1}), tf::reshape(outs[1], {-1})}, 0);
    };
    EXPECT_LT(max_gradient_error(f, {q, v, k}), 1e-6);
    // Weights away from their initial ones, so each one matters.
    for (tf::Variable& var : layer.trainable_weights()) var.assign(random_tensor(var.shape(), 9, 0.5, 1.5));
    EXPECT_LT(max_weight_gradient_error(layer, [&] { return f({q, v, k}); }), 1e-6);
  }
}

TEST(ScoreAttentionTest, BadInputIsAClearError) {
  EXPECT_NE(error_of([] { layers::Attention({.score_mode = "add"}); })
                .find("score_mode must be one of {'dot', 'concat'}, got 'add'"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::AdditiveAttention({.dropout = 1.5, .name = "additive_drop"}); })
                .find("[additive_drop] dropout must be in [0, 1), got 1.5"),
            std::string::npos);
  layers::Attention attention({.name = "attention_err"});
  EXPECT_NE(error_of([&] { attention.call_all({tf::ones({2, 3, 4})}); })
                .find("[attention_err] is called on {query, value} or {query, value, key}, got 1 input(s)"),
            std::string::npos);
  EXPECT_NE(error_of([&] { attention({tf::ones({2, 3}), tf::ones({2, 3})}); })
                .find("[attention_err] expects query, value and key of shape (batch, time, features), got query (2, 3), "
                      "value (2, 3)"),
            std::string::npos);
  layers::Attention dims({.name = "attention_dims"});
  EXPECT_NE(error_of([&] { dims({tf::ones({2, 3, 4}), tf::ones({2, 5, 3})}); })
                .find("[attention_dims] query and key must have the same number of features, got query (2, 3, 4), "
                      "value (2, 5, 3)"),
            std::string::npos);
  layers::AdditiveAttention lengths({.name = "additive_len"});
  EXPECT_NE(error_of([&] { lengths({tf::ones({2, 3, 4}), tf::ones({2, 5, 4}), tf::ones({2, 6, 4})}); })
                .find("[additive_len] key and value must have the same length, got query (2, 3, 4), value (2, 5, 4), "
                      "key (2, 6, 4)"),
            std::string::npos);
  layers::Attention batch({.name = "attention_batch"});
  EXPECT_NE(error_of([&] { batch({tf::ones({2, 3, 4}), tf::ones({3, 5, 4})}); })
                .find("[attention_batch] query, value and key must have the same batch size"),
            std::string::npos);
  layers::Attention masked({.name = "attention_mask"});
  EXPECT_NE(error_of([&] {
              masked.attend(tf::ones({2, 3, 4}), tf::ones({2, 5, 4}), {.value_mask = tf::constant({{true, false}})});
            }).find("[attention_mask] the value mask must have shape (batch, time) of the value (2, 5, 4), got (1, 2)"),
            std::string::npos);
  // A bad call changes nothing: the layer still works.
  EXPECT_EQ(masked({tf::ones({2, 3, 4}), tf::ones({2, 5, 4})}).shape(), tf::TensorShape({2, 3, 4}));
}

}  // namespace
