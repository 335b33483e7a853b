// Dropout's noise_shape, SpatialDropout1D/2D/3D, tf::nn::dropout's noise_shape and activity
// regularizers in tfpp alone: which elements share a keep/drop draw, configs that round-trip,
// activity losses in Functional models and traced functions, and the errors for bad arguments.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "error_of.h"
#include "tfpp/constant.h"
#include "tfpp/function.h"
#include "tfpp/keras/input.h"
#include "tfpp/keras/layers/core.h"
#include "tfpp/keras/layers/deserialize.h"
#include "tfpp/keras/layers/regularization.h"
#include "tfpp/keras/model.h"
#include "tfpp/keras/saving.h"
#include "tfpp/nn_ops.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
namespace regularizers = tf::keras::regularizers;
using tf::testing::error_of;

// Checks every element of a dropout of ones is 0 or `scale`, and that elements whose indices
// agree on every axis not in `shared` agree; returns how many were dropped.
int check_mask(const tf::Tensor& y, const std::vector<int>& shared, float scale) {
  const std::vector<float> v = y.numpy<float>();
  const tf::TensorShape& s = y.shape();
  std::map<std::vector<std::int64_t>, float> first;
  int dropped = 0;
  for (std::size_t flat = 0; flat < v.size(); ++flat) {
    EXPECT_TRUE(v[flat] == 0.0f || std::abs(v[flat] - scale) < 1e-6f) << v[flat];
    dropped += v[flat] == 0.0f;
    std::vector<std::int64_t> key(static_cast<std::size_t>(s.rank()));
    std::size_t rest = flat;
    for (int a = s.rank() - 1; a >= 0; --a) {
      key[static_cast<std::size_t>(a)] = std::count(shared.begin(), shared.end(), a) ? 0 : std::int64_t(rest % std::size_t(s[a]));
      rest /= std::size_t(s[a]);
    }
    auto [it, inserted] = first.emplace(key, v[flat]);
    if (!inserted) EXPECT_EQ(v[flat], it->second) << "element " << flat << " differs from its group";
  }
  return dropped;
}

TEST(DropoutNoiseShape, OneDrawPerNoiseElement) {
  const tf::Tensor x = tf::ones({4, 6, 5});
  layers::Dropout drop(0.5, {.noise_shape = std::vector<std::int64_t>{-1, 1, 5}, .seed = 3});
  EXPECT_EQ(drop(x).numpy<float>(), x.numpy<float>());  // inference: the identity
  const int dropped = check_mask(drop(x, true), {1}, 2.0f);
  EXPECT_GT(dropped, 0);
  EXPECT_LT(dropped, 120);
  check_mask(tf::nn::dropout(x, 0.25, {.seed = 1, .noise_shape = {4, 6, 1}}), {2}, 1.0f / 0.75f);
  check_mask(tf::nn::dropout(x, 0.25, {.seed = 1, .noise_shape = {1, 1, 1}}), {0, 1, 2}, 1.0f / 0.75f);
  EXPECT_EQ(layers::Dropout(1.0, {.noise_shape = std::vector<std::int64_t>{-1, 1, 5}})(x, true).numpy<float>(),
            std::vector<float>(120, 0.0f));
}

TEST(DropoutNoiseShape, SpatialDropoutsShareADrawPerChannel) {
  check_mask(layers::SpatialDropout1D(0.5, {.seed = 2})(tf::ones({4, 7, 6}), true), {1}, 2.0f);
  check_mask(layers::SpatialDropout2D(0.5, {.seed = 2})(tf::ones({3, 4, 4, 5}), true), {1, 2}, 2.0f);
  check_mask(layers::SpatialDropout2D(0.5, {.data_format = "channels_first", .seed = 2})(tf::ones({3, 5, 4, 4}), true),
             {2, 3}, 2.0f);
  check_mask(layers::SpatialDropout3D(0.5, {.seed = 2})(tf::ones({2, 3, 3, 3, 6}), true), {1, 2, 3}, 2.0f);
  check_mask(layers::SpatialDropout3D(0.5, {.data_format = "channels_first", .seed = 2})(tf::ones({2, 6, 3, 3, 3}), true),
             {2, 3, 4}, 2.0f);
  const tf::Tensor x = tf::ones({2, 3, 4});
  EXPECT_EQ(layers::SpatialDropout1D(0.5)(x).numpy<float>(), x.numpy<float>());
}

TEST(DropoutNoiseShape, ConfigsRoundTrip) {
  const auto round_trip = [](const auto& layer) {
    using L = std::remove_cvref_t<decltype(layer)>;
    const keras::Config config = layer.get_config();
    EXPECT_EQ(keras::to_json(L::from_config(config).get_config()), keras::to_json(config));
    return config;
  };
  const keras::Config dropout =
      round_trip(layers::Dropout(0.3, {.noise_shape = std::vector<std::int64_t>{-1, 1, 4}, .seed = 5, .name = "dr"}));
  EXPECT_EQ(keras::to_json(dropout.at("noise_shape")), "[null, 1, 4]");
  EXPECT_TRUE(round_trip(layers::Dropout(0.3)).at("noise_shape").is_null());
  round_trip(layers::SpatialDropout1D(0.2, {.seed = 1}));
  round_trip(layers::SpatialDropout2D(0.2, {.data_format = "channels_first"}));
  round_trip(layers::SpatialDropout3D(0.4));
  // The registry knows the three, as Keras' deserialize does.
  for (const char* cls : {"SpatialDropout1D", "SpatialDropout2D", "SpatialDropout3D"}) {
    const keras::ConfigValue serialized = keras::Config{{"class_name", cls}, {"config", keras::Config{{"rate", 0.5}}}};
    EXPECT_EQ(layers::deserialize(serialized)->class_name(), cls);
  }
}

TEST(DropoutNoiseShape, BadArgumentsAreErrors) {
  EXPECT_NE(error_of([] { layers::Dropout(0.5, {.noise_shape = std::vector<std::int64_t>{-1, 0}, .name = "bad"}); })
                .find("[bad] invalid value received for argument `noise_shape`. Expected all dimensions to be positive "
                      "integers or None. Received negative or zero value at index 1: 0"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::Dropout(1.5, {.name = "bad_rate"}); }).find("[bad_rate] invalid value received for argument `rate`"),
            std::string::npos);
  layers::Dropout wrong_rank(0.5, {.noise_shape = std::vector<std::int64_t>{-1, 1}, .name = "wrong_rank"});
  EXPECT_NE(error_of([&] { wrong_rank(tf::ones({2, 3, 4}), true); })
                .find("[wrong_rank] [Dropout] noise_shape (None, 1) does not broadcast to x's shape (2, 3, 4)"),
            std::string::npos);
  EXPECT_NE(error_of([] { tf::nn::dropout(tf::ones({2, 3}), 0.5, {.noise_shape = {2, 2}}); })
                .find("[Dropout] noise_shape (2, 2) does not broadcast to x's shape (2, 3)"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::SpatialDropout1D(0.5, {.name = "sd"})(tf::ones({2, 3, 4, 5}), true); })
                .find("[sd]"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::SpatialDropout2D(0.5, {.name = "sd2", .activity_regularizer = regularizers::L2()}); })
                .find("[sd2] SpatialDropout2D takes no activity_regularizer"),
            std::string::npos);
}

TEST(ActivityRegularizer, LossesOfFunctionalModelsAndTracedCalls) {
  auto inputs = keras::Input({3});
  layers::Dense hidden(2, {.kernel_initializer = "ones", .activity_regularizer = regularizers::L1(0.5)});
  keras::Model model(inputs, hidden(inputs));
  const tf::Tensor x = tf::constant({{1.0f, 2.0f, 3.0f}, {-1.0f, 0.0f, -2.0f}});
  model(x);
  // Outputs {6, 6} and {-3, -3}: L1 0.5 * 18, divided by the batch of 2.
  ASSERT_EQ(model.losses().size(), 1u);
  EXPECT_FLOAT_EQ(model.losses()[0].item<float>(), 4.5f);
  // Traced with an unknown batch size, the division uses the batch the call gets.
  auto f = tf::function(
      [&](const tf::Tensor& in) {
        model(in);
        return model.losses()[0];
      },
      {.input_signature = {tf::TensorSpec({-1, 3}, tf::float32)}});
  EXPECT_FLOAT_EQ(f(x).item<float>(), 4.5f);
  EXPECT_FLOAT_EQ(f(tf::constant({{1.0f, 1.0f, 1.0f}})).item<float>(), 3.0f);
  // A nested model's layers add theirs too; building the Functional model (which traces the
  // nested model into a scratch graph) leaves no losses behind.
  keras::Sequential inner({layers::Dense(2, {.kernel_initializer = "ones", .input_shape = {3},
                                            .activity_regularizer = regularizers::L1(0.5)})});
  auto in2 = keras::Input({3});
  keras::Model outer(in2, inner(in2));
  EXPECT_TRUE(outer.losses().empty());
  outer(x);
  ASSERT_EQ(outer.losses().size(), 1u);
  EXPECT_FLOAT_EQ(outer.losses()[0].item<float>(), 4.5f);
  // Set after construction, and cleared again.
  layers::Dense plain(1, {.kernel_initializer = "ones"});
  plain.set_activity_regularizer(regularizers::L2(1.0));
  plain(tf::constant({{1.0f, 1.0f}}));
  EXPECT_FLOAT_EQ(plain.losses().at(0).item<float>(), 4.0f);
  EXPECT_EQ(plain.get_config().at("activity_regularizer").get<keras::Config>().at("class_name"), keras::ConfigValue("L2"));
  plain.set_activity_regularizer(std::nullopt);
  plain(tf::constant({{1.0f, 1.0f}}));
  EXPECT_TRUE(plain.losses().empty());
}

}  // namespace
