// tf::random::categorical, stateless_categorical, shuffle, stateless_uniform_full_int, split
// and fold_in: TensorFlow 2.21's values for fixed seeds, argument errors, traced use.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include <algorithm>
#include <cmath>

#include "ops/elementwise_test_util.h"
#include "tfpp/random_sampling.h"

namespace {

using tf::Tensor;
using tfpp_test::expect_invalid;

template <class T>
std::vector<T> flat(std::initializer_list<std::initializer_list<T>> rows) {
  std::vector<T> out;
  for (const auto& r : rows) out.insert(out.end(), r.begin(), r.end());
  return out;
}

TEST(RandomSampling, CategoricalMatchesTensorFlow) {
  tf::random::set_seed(1);
  Tensor a = tf::random::categorical(tf::constant({{0.0f, 1.0f, 2.0f}, {1.0f, 1.0f, 1.0f}}), 5, {.seed = 3});
  EXPECT_EQ(a.dtype(), tf::int64);
  EXPECT_EQ(a.shape(), tf::TensorShape({2, 5}));
  EXPECT_EQ(a.numpy<std::int64_t>(), flat<std::int64_t>({{1, 2, 2, 0, 2}, {2, 0, 0, 0, 2}}));
  // float64 logits with an -inf class, int32 output.
  Tensor b = tf::random::categorical(
      tf::constant({{0.0, 1.0, 2.0, -1.0}, {1.0, -HUGE_VAL, 1.0, 3.0}, {0.5, 0.5, 0.0, 0.0}}), 7,
      {.dtype = tf::int32, .seed = 5});
  EXPECT_EQ(b.numpy<std::int32_t>(),
            flat<std::int32_t>({{2, 2, 1, 2, 2, 2, 2}, {3, 0, 3, 3, 3, 3, 3}, {1, 0, 0, 1, 0, 2, 2}}));
  tf::random::set_seed(std::nullopt);
}

TEST(RandomSampling, StatelessCategoricalMatchesTensorFlow) {
  EXPECT_EQ(tf::random::stateless_categorical(tf::constant({{0.0f, 1.0f, 2.0f}, {1.0f, 1.0f, 1.0f}}), 5, {3, 4})
                .numpy<std::int64_t>(),
            flat<std::int64_t>({{2, 2, 1, 2, 2}, {1, 0, 0, 1, 0}}));
  const Tensor logits = tf::math::log(tf::constant({{0.2f, 0.3f, 0.5f}, {0.2f, 0.3f, 0.5f}}));
  EXPECT_EQ(tf::random::stateless_categorical(logits, 9, tf::IntArray(tf::constant({std::int64_t{-3}, std::int64_t{1} << 40})))
                .numpy<std::int64_t>(),
            flat<std::int64_t>({{2, 2, 1, 2, 1, 1, 0, 2, 2}, {2, 2, 0, 2, 2, 1, 2, 1, 2}}));
}

TEST(RandomSampling, ShuffleMatchesTensorFlow) {
  tf::random::set_seed(2);
  EXPECT_EQ(tf::random::shuffle(tf::range(0, 10), 3).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{0, 9, 6, 2, 3, 8, 1, 5, 7, 4}));
  Tensor rows = tf::random::shuffle(tf::reshape(tf::range(0.0f, 12.0f), {6, 2}), 4);
  EXPECT_EQ(rows.numpy<float>(), flat<float>({{2, 3}, {6, 7}, {10, 11}, {8, 9}, {0, 1}, {4, 5}}));
  tf::random::set_seed(std::nullopt);
  EXPECT_EQ(tf::random::shuffle(tf::constant(5)).numpy<std::int32_t>(), std::vector<std::int32_t>{5});
  const auto words = tf::random::shuffle(tf::constant({std::string("a"), std::string("b"), std::string("c")}), 1)
                         .numpy<std::string>();
  EXPECT_TRUE(std::is_permutation(words.begin(), words.end(), std::vector<std::string>{"a", "b", "c"}.begin()));
}

TEST(RandomSampling, FullIntSplitAndFoldInMatchTensorFlow) {
  EXPECT_EQ(tf::random::stateless_uniform_full_int({5}, {7, 8}, tf::int32).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{-276475747, 1478766658, -1774886787, -291032361, 184517209}));
  EXPECT_EQ(tf::random::stateless_uniform_full_int({5}, {7, 8}, tf::int64).numpy<std::int64_t>(),
            (std::vector<std::int64_t>{6351254438543708317, -1249974470052585347, 4715617131889132121,
                                       -5190886880587815127, -2014060615237854527}));
  Tensor s = tf::random::split(tf::constant({1, 2}));
  EXPECT_EQ(s.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(s.numpy<std::int32_t>(), (std::vector<std::int32_t>{1105988140, 1738052849, -335576002, 370444179}));
  Tensor s64 = tf::random::split(tf::constant({std::int64_t{1}, std::int64_t{2}}), 3);
  EXPECT_EQ(s64.numpy<std::int64_t>()[5], -2336856294065325742);
  EXPECT_EQ(tf::random::fold_in(tf::constant({1, 2}), tf::constant(7)).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{1105988140, 7}));
  EXPECT_EQ(tf::random::fold_in(tf::constant({1, 2}), tf::constant(std::int64_t{7})).numpy<std::int64_t>(),
            (std::vector<std::int64_t>{7464880146280614444, 7}));
}

TEST(RandomSampling, BadArgumentsThrow) {
  expect_invalid([] { tf::random::categorical(tf::constant({1.0f, 2.0f}), 3); },
                 "[Multinomial] logits should be a matrix, got shape [2]");
  expect_invalid([] { tf::random::categorical(tf::constant({{1.0f, 2.0f}}), -1); },
                 "[Multinomial] num_samples should be non-negative, got -1");
  expect_invalid([] { tf::random::categorical(tf::zeros({2, 0}), 3); }, "[Multinomial] num_classes should be positive");
  expect_invalid([] { tf::random::categorical(tf::constant({{1, 2}}), 3); }, "[Multinomial] logits must be float32 or float64");
  expect_invalid([] { tf::random::stateless_categorical(tf::constant({{1.0f}}), 2, {1, 2, 3}); },
                 "[StatelessMultinomial] seed must be an int32 or int64 tensor of shape [2]");
  expect_invalid([] { tf::random::stateless_uniform_full_int({2}, {1, 2}, tf::float32); },
                 "[StatelessRandomUniformFullInt] unsupported dtype float32");
  expect_invalid([] { tf::random::fold_in(tf::constant({1, 2}), tf::constant({3, 4})); }, "[Pack]");
}

TEST(RandomSampling, TracedShapesAndValues) {
  auto f = tf::function(
      [](Tensor logits, Tensor seed) {
        Tensor c = tf::random::stateless_categorical(logits, 4, tf::IntArray(seed));
        EXPECT_EQ(c.shape(), tf::TensorShape({tf::None, 4}));
        Tensor sh = tf::random::shuffle(logits, 1);
        EXPECT_EQ(sh.shape(), tf::TensorShape({tf::None, 3}));
        Tensor sp = tf::random::split(seed, 3);
        EXPECT_EQ(sp.shape(), tf::TensorShape({3, 2}));
        return std::vector<Tensor>{c, sp, tf::random::fold_in(seed, tf::constant(7))};
      },
      {.input_signature = {tf::TensorSpec({tf::None, 3}, tf::float32), tf::TensorSpec({2}, tf::int32)}});
  const Tensor logits = tf::constant({{0.0f, 1.0f, 2.0f}, {1.0f, 1.0f, 1.0f}});
  const std::vector<Tensor> out = f(logits, tf::constant({3, 4}));
  EXPECT_EQ(out[0].numpy<std::int64_t>(), tf::random::stateless_categorical(logits, 4, {3, 4}).numpy<std::int64_t>());
  EXPECT_EQ(out[1].numpy<std::int32_t>(), tf::random::split(tf::constant({3, 4}), 3).numpy<std::int32_t>());
  EXPECT_EQ(out[2].numpy<std::int32_t>()[1], 7);
}

}  // namespace
