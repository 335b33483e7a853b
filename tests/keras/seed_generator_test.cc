// Keras' SeedGenerator and the layers that draw from one: a seeded Dropout gives Keras 3's masks
// (stateless_dropout with seeds [seed, 0], [seed, 1], ...), new ones at every call, eager or
// inside a traced step, and training steps of fit no longer repeat a mask.
#include <gtest/gtest.h>

#include <tfpp/keras/keras.h>
#include <tfpp/tfpp.h>

namespace {

namespace layers = tf::keras::layers;

tf::Tensor seed_pair(std::int64_t seed, std::int64_t counter) {
  return tf::constant(std::vector<std::int32_t>{static_cast<std::int32_t>(seed), static_cast<std::int32_t>(counter)});
}

TEST(SeedGenerator, HandsOutSeedAndCounterAndAdvances) {
  tf::keras::SeedGenerator gen(7);
  EXPECT_EQ(gen.next().numpy<std::int64_t>(), (std::vector<std::int64_t>{7, 0}));
  EXPECT_EQ(gen.next().numpy<std::int64_t>(), (std::vector<std::int64_t>{7, 1}));
  EXPECT_EQ(gen.state().numpy<std::int64_t>(), (std::vector<std::int64_t>{7, 2}));
  EXPECT_FALSE(gen.state().trainable());
  EXPECT_EQ(gen.state().name(), "seed_generator_state:0");
  // Keras folds int64 seeds into int32 for stateless ops: floormod by 2^31 - 2.
  EXPECT_EQ(tf::keras::int32_seed(tf::constant(std::vector<std::int64_t>{(std::int64_t{1} << 31) + 5, -1})).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{7, 2147483645}));
}

TEST(SeedGenerator, UnseededGeneratorsFollowTheGlobalSeed) {
  tf::random::set_seed(3);
  const auto a = tf::keras::SeedGenerator().next().numpy<std::int64_t>();
  tf::random::set_seed(3);
  EXPECT_EQ(tf::keras::SeedGenerator().next().numpy<std::int64_t>(), a);
}

TEST(SeedGenerator, SeededDropoutDrawsKerasMasksAnewAtEveryCall) {
  const tf::Tensor x = tf::ones({4, 8});
  layers::Dropout dropout(0.5, {.seed = 7});
  const auto first = dropout(x, true).numpy<float>(), second = dropout(x, true).numpy<float>();
  EXPECT_EQ(first, tf::nn::stateless_dropout(x, 0.5, seed_pair(7, 0)).numpy<float>());
  EXPECT_EQ(second, tf::nn::stateless_dropout(x, 0.5, seed_pair(7, 1)).numpy<float>());
  EXPECT_EQ(dropout(x, false).numpy<float>(), x.numpy<float>());  // inference draws nothing
  EXPECT_EQ(dropout(x, true).numpy<float>(), tf::nn::stateless_dropout(x, 0.5, seed_pair(7, 2)).numpy<float>());
}

TEST(SeedGenerator, DropoutInsideATracedStepDrawsAnewAtEveryCall) {
  const tf::Tensor x = tf::ones({4, 8});
  layers::Dropout dropout(0.5, {.seed = 7});
  auto step = tf::function([&](tf::Tensor v) { return dropout(v, true); });
  for (std::int64_t k = 0; k < 3; ++k)
    EXPECT_EQ(step(x).numpy<float>(), tf::nn::stateless_dropout(x, 0.5, seed_pair(7, k)).numpy<float>()) << k;
}

TEST(SeedGenerator, NoiseLayersAndRecurrentDropoutDrawFromTheirLayersGenerator) {
  const tf::Tensor zeros = tf::zeros({3, 4});
  layers::GaussianNoise noise(1.0, {.seed = 3});
  EXPECT_EQ(noise(zeros, true).numpy<float>(), tf::random::stateless_normal({3, 4}, seed_pair(3, 0)).numpy<float>());
  EXPECT_EQ(noise(zeros, true).numpy<float>(), tf::random::stateless_normal({3, 4}, seed_pair(3, 1)).numpy<float>());
  layers::SpatialDropout1D spatial(0.5, {.seed = 2});
  const auto a = spatial(tf::ones({2, 3, 4}), true).numpy<float>(), b = spatial(tf::ones({2, 3, 4}), true).numpy<float>();
  EXPECT_EQ(a, tf::nn::stateless_dropout(tf::ones({2, 3, 4}), 0.5, seed_pair(2, 0), {-1, 1, -1}).numpy<float>());
  EXPECT_NE(a, b);
}

TEST(SeedGenerator, StatelessDropoutSelectsSoDroppedInfinitiesBecomeZero) {
  const float inf = std::numeric_limits<float>::infinity();
  const tf::Tensor x = tf::constant(std::vector<float>{1, inf, -inf, 2});
  const tf::Tensor keep = tf::random::stateless_uniform({4}, seed_pair(7, 1)) >= 0.5;
  const auto y = tf::nn::stateless_dropout(x, 0.5, seed_pair(7, 1)).numpy<float>();
  const auto kept = keep.numpy<bool>();
  for (int i = 0; i < 4; ++i) EXPECT_EQ(y[i], kept[i] ? x.numpy<float>()[i] * 2 : 0.0f) << i;
  EXPECT_THROW(tf::nn::stateless_dropout(x, 1.0, seed_pair(7, 1)), tf::InvalidArgumentError);
  EXPECT_THROW(tf::nn::stateless_dropout(tf::ones({2}, tf::int32), 0.5, seed_pair(7, 1)), tf::InvalidArgumentError);
}

}  // namespace
