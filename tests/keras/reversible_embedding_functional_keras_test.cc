// ReversibleEmbedding called twice in a Functional model, once on ids and once with
// reverse=True (a tied language-model head), compared with Keras 3 in the same test run: .keras
// files both ways (the node's kwargs {"reverse": true}), the config round trip, training through
// both calls, and the argument errors of a config.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/layers/deserialize.h>
#include <tfpp/keras/layers/reversible_embedding.h>

#include "keras/keras_file_exchange.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

// ids in 0..7 from the pattern (Rescaling, then Keras' cast of float ids), a Dense between the
// lookup and the tied reverse projection.
keras::Model tied_model() {
  const keras::KerasTensor inputs = keras::Input({3});
  layers::ReversibleEmbedding embed(8, 4, {.name = "tied"});
  const keras::KerasTensor ids = layers::Rescaling(4.0, {.offset = 4.0, .name = "ids"})(inputs);
  const keras::KerasTensor hidden = layers::Dense(4, {.activation = "tanh", .name = "hidden"})(embed(ids));
  return keras::Model(inputs, embed.reverse(hidden), {.name = "tied_lm"});
}

TEST(ReversibleEmbeddingFunctional, KerasFilesBothWays) {
  tf::testing::expect_keras_file_exchange(
      "reversible_functional",
      "(lambda e, i: keras.Model(i, e(layers.Dense(4, activation='tanh')(e(layers.Rescaling(4.0, offset=4.0)(i))), "
      "reverse=True)))(layers.ReversibleEmbedding(8, 4), keras.Input((3,)))",
      tf::TensorShape({2, 3}));
}

TEST(ReversibleEmbeddingFunctional, ReverseNodeMatchesTheEagerCall) {
  keras::Model model = tied_model();
  const tf::Tensor x = pattern_tensor({2, 3}, 0.2);
  const tf::Tensor logits = model(x);
  EXPECT_EQ(logits.shape(), tf::TensorShape({2, 3, 8}));
  auto& embed = dynamic_cast<layers::ReversibleEmbedding&>(model.get_layer("tied"));
  const tf::Tensor hidden = model.get_layer("hidden")(embed(model.get_layer("ids")(x)));
  const std::vector<float> want = embed.reverse(hidden).numpy<float>();
  const std::vector<float> got = logits.numpy<float>();
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-6);
  // The node's config holds Keras' kwargs; the model rebuilt from it computes the same.
  const std::string json = keras::to_json(model.get_config());
  EXPECT_NE(json.find("\"reverse\": true"), std::string::npos) << json;
  keras::Model copy = keras::Model::from_config(model.get_config());
  copy.set_weights(model.get_weights());
  const std::vector<float> again = copy(x).numpy<float>();
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(again[i], got[i], 1e-6);
  // One table, used by both calls, trains.
  EXPECT_EQ(embed.weights().size(), 1u);
  const std::vector<float> before = embed.embeddings().numpy<float>();
  model.compile({.optimizer = "sgd", .loss = "mse"});
  model.fit(x, pattern_tensor({2, 3, 8}, 0.7), {.epochs = 1, .verbose = 0});
  EXPECT_NE(embed.embeddings().numpy<float>(), before);
}

TEST(ReversibleEmbeddingFunctional, ConfigArgumentErrors) {
  keras::Config config = tied_model().get_config();
  std::string json = keras::to_json(config);
  const std::size_t at = json.find("\"reverse\": true");
  ASSERT_NE(at, std::string::npos);
  json.replace(at, std::string("\"reverse\": true").size(), "\"reverse\": 3");
  try {
    keras::Model::from_config(keras::from_json(json).get<keras::Config>());
    FAIL() << "no error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("passes reverse=3, not a bool"), std::string::npos) << e.what();
  }
}

}  // namespace
