// tf::random::stateless_shuffle: TensorFlow 2.21's permutations for fixed seeds, the key and
// counter StatelessRandomGetKeyCounter makes (the V2 ops draw from them what the V1 ops draw
// from the seed), traced use with a symbolic seed, and errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "ops/elementwise_test_util.h"
#include "ops/random/key_counter_ops.h"
#include "tfpp/random_stateless_shuffle.h"

namespace {

using tf::Tensor;

TEST(StatelessShuffle, MatchesTensorFlow) {
  EXPECT_EQ(tf::random::stateless_shuffle(tf::range(0, 10), tf::constant({1, 2})).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{0, 3, 8, 1, 5, 4, 9, 7, 6, 2}));
  EXPECT_EQ(tf::random::stateless_shuffle(tf::range(0, 10), tf::constant({7, 11})).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{5, 0, 4, 7, 3, 8, 9, 1, 6, 2}));
  const Tensor rows = tf::random::stateless_shuffle(tf::reshape(tf::range(0.0f, 12.0f), {6, 2}), tf::constant({3, 4}));
  EXPECT_EQ(rows.numpy<float>(), (std::vector<float>{2, 3, 6, 7, 8, 9, 0, 1, 10, 11, 4, 5}));
  const Tensor words = tf::constant({std::string("a"), std::string("b"), std::string("c"), std::string("d"), std::string("e")});
  EXPECT_EQ(tf::random::stateless_shuffle(words, tf::constant({std::int64_t{9}, std::int64_t{9}})).numpy<std::string>(),
            (std::vector<std::string>{"d", "e", "c", "b", "a"}));
  EXPECT_EQ(tf::random::stateless_shuffle(tf::range(0, 8), tf::constant({4, 2}), tf::random::Algorithm::kPhilox)
                .numpy<std::int32_t>(),
            (std::vector<std::int32_t>{4, 5, 3, 0, 2, 6, 7, 1}));
  EXPECT_EQ(tf::random::stateless_shuffle(tf::constant(5), tf::constant({1, 2})).numpy<std::int32_t>(),
            std::vector<std::int32_t>{5});
  EXPECT_EQ(tf::random::stateless_shuffle(tf::zeros({0, 3}), tf::constant({1, 2})).shape(), tf::TensorShape({0, 3}));
}

TEST(StatelessShuffle, KeyAndCounterDrawWhatTheSeedDraws) {
  const Tensor seed = tf::constant({7, 8});
  const auto [key, counter] = tf::ops::stateless_key_counter(seed);
  EXPECT_EQ(key.shape(), tf::TensorShape({1}));
  EXPECT_EQ(counter.shape(), tf::TensorShape({2}));
  EXPECT_EQ(counter.numpy<std::int64_t>()[0], 0);
  EXPECT_EQ(tf::ops::key_counter_full_int({5}, tf::int32, key, counter, tf::constant(1)).numpy<std::int32_t>(),
            tf::random::stateless_uniform_full_int({5}, {7, 8}, tf::int32).numpy<std::int32_t>());
}

TEST(StatelessShuffle, TracedWithASymbolicSeed) {
  auto f = tf::function(
      [](Tensor x, Tensor seed) {
        Tensor shuffled = tf::random::stateless_shuffle(x, seed);
        EXPECT_EQ(shuffled.shape(), tf::TensorShape({tf::None, 2}));
        return shuffled;
      },
      {.input_signature = {tf::TensorSpec({tf::None, 2}, tf::float32), tf::TensorSpec({2}, tf::int32)}});
  const Tensor x = tf::reshape(tf::range(0.0f, 12.0f), {6, 2});
  for (const Tensor& seed : {tf::constant({3, 4}), tf::constant({1, 2})})
    EXPECT_EQ(f(x, seed).numpy<float>(), tf::random::stateless_shuffle(x, seed).numpy<float>());
}

TEST(StatelessShuffle, BadArgumentsThrow) {
  tfpp_test::expect_invalid([] { tf::random::stateless_shuffle(tf::range(0, 3), tf::constant({1, 2, 3})); },
                            "[StatelessRandomGetKeyCounter] seed must be an int32 or int64 tensor of shape [2]");
  tfpp_test::expect_invalid([] { tf::random::stateless_shuffle(tf::range(0, 3), tf::constant({1.0f, 2.0f})); },
                            "[StatelessRandomGetKeyCounter] seed must be an int32 or int64 tensor of shape [2]");
  tfpp_test::expect_invalid(
      [] { tf::random::stateless_shuffle(tf::range(0, 3), tf::constant({1, 2}), tf::random::Algorithm::kThreefry); },
      "[StatelessShuffle] Unsupported algorithm id: 2");
}

}  // namespace
