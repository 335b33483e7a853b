// Note [Random streams]: a seeded stateful random op continues its Philox stream from call to
// call. Eager calls of one op, dtype and seeds share a stream (other shapes too) that set_seed
// restarts; each traced op has its own, kept across the function's calls; traced ops with only
// a global seed get op seeds 0, 1, ... per graph. TensorFlow's own numbers for these calls are
// compared in the program tests/python/programs/random_streams.py.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include <optional>
#include <tuple>

namespace {

std::vector<float> uniform(std::int64_t n, std::optional<std::int64_t> seed, tf::DType dtype = tf::float32) {
  tf::Tensor t = tf::random::uniform({n}, {.dtype = dtype, .seed = seed});
  if (dtype == tf::float32) return t.numpy<float>();
  auto d = t.numpy<double>();
  return std::vector<float>(d.begin(), d.end());
}

TEST(RandomStreams, EagerCallsContinueTheStreamOfTheirOpDtypeAndSeeds) {
  tf::random::set_seed(1);
  const auto first = uniform(2, 5), second = uniform(2, 5), third = uniform(3, 5);
  EXPECT_NE(first, second);
  const auto other_dtype = uniform(2, 5, tf::float64);  // a stream of its own
  const auto other_seed = uniform(2, 6);
  tf::random::set_seed(1);
  EXPECT_EQ(uniform(2, 6), other_seed);
  EXPECT_EQ(uniform(2, 5), first);
  EXPECT_EQ(uniform(2, 5, tf::float64), other_dtype);
  EXPECT_EQ(uniform(2, 5), second);
  EXPECT_EQ(uniform(3, 5), third);  // another shape continues the same stream
  // One call of 4 values reserves 4 * 256 Philox blocks, two calls of 2 the same: their
  // successors agree.
  tf::random::set_seed(1);
  uniform(4, 5);
  const auto after_four = uniform(2, 5);
  tf::random::set_seed(1);
  uniform(2, 5);
  uniform(2, 5);
  EXPECT_EQ(uniform(2, 5), after_four);
}

TEST(RandomStreams, EachTracedOpKeepsItsOwnStreamAcrossCalls) {
  tf::random::set_seed(1234);
  const auto eager1 = uniform(2, 1), eager2 = uniform(2, 1);
  tf::random::set_seed(1234);
  auto two_ops = tf::function([] { return std::tuple{tf::random::uniform({2}, {.seed = 1}), tf::random::uniform({2}, {.seed = 1})}; });
  auto [a1, b1] = two_ops();
  auto [a2, b2] = two_ops();
  EXPECT_EQ(a1.numpy<float>(), eager1);
  EXPECT_EQ(b1.numpy<float>(), eager1);
  EXPECT_EQ(a2.numpy<float>(), eager2);
  EXPECT_EQ(b2.numpy<float>(), eager2);
}

TEST(RandomStreams, ALoopBodyDrawsAnewAtEveryIteration) {
  auto sum = tf::function([](tf::Tensor n) {
    auto [i, total] = tf::while_loop([&](tf::Tensor i, tf::Tensor) { return i < n; },
                                     [](tf::Tensor i, tf::Tensor total) {
                                       return std::tuple{i + 1, total + tf::random::uniform({2}, {.seed = 3})};
                                     },
                                     std::tuple{tf::constant(0), tf::zeros({2})});
    return total;
  });
  const auto three = sum(tf::constant(3)).numpy<float>();
  tf::random::set_seed(std::nullopt);
  const auto u1 = uniform(2, 3), u2 = uniform(2, 3), u3 = uniform(2, 3);
  for (int i = 0; i < 2; ++i) EXPECT_FLOAT_EQ(three[i], u1[i] + u2[i] + u3[i]);
}

TEST(RandomStreams, TracedOpsWithOnlyAGlobalSeedCountTheirOpSeedsPerGraph) {
  tf::random::set_seed(1234);
  const auto op_seed0 = uniform(2, 0), op_seed1 = uniform(2, 1);
  tf::random::set_seed(1234);
  auto unseeded = tf::function([] { return std::tuple{tf::random::uniform({2}), tf::random::uniform({2})}; });
  auto [a, b] = unseeded();
  EXPECT_EQ(a.numpy<float>(), op_seed0);
  EXPECT_EQ(b.numpy<float>(), op_seed1);
}

TEST(RandomStreams, EveryStatefulRandomOpContinues) {
  const tf::Tensor logits = tf::math::log(tf::constant(std::vector<float>{0.2f, 0.3f, 0.5f}, tf::TensorShape({1, 3})));
  EXPECT_NE(tf::random::categorical(logits, 16, {.seed = 4}).numpy<std::int64_t>(),
            tf::random::categorical(logits, 16, {.seed = 4}).numpy<std::int64_t>());
  EXPECT_NE(tf::random::shuffle(tf::range(16), 4).numpy<std::int32_t>(),
            tf::random::shuffle(tf::range(16), 4).numpy<std::int32_t>());
  EXPECT_NE(tf::random::gamma({4}, tf::constant(2.0f), {.seed = 4}).numpy<float>(),
            tf::random::gamma({4}, tf::constant(2.0f), {.seed = 4}).numpy<float>());
  EXPECT_NE(tf::random::poisson({8}, tf::constant(3.0f), {.seed = 4}).numpy<float>(),
            tf::random::poisson({8}, tf::constant(3.0f), {.seed = 4}).numpy<float>());
  EXPECT_NE(tf::random::truncated_normal({4}, {.seed = 4}).numpy<float>(),
            tf::random::truncated_normal({4}, {.seed = 4}).numpy<float>());
}

}  // namespace
