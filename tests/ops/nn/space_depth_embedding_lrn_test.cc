// space_to_depth / depth_to_space, embedding_lookup and local_response_normalization: values,
// errors, static shapes when traced, and gradients (finite differences; LRN's in float32).
#include <gtest/gtest.h>

#include <cmath>

#include "autodiff/grad_cases.h"
#include "ops/nn/nn_test_util.h"
#include "tfpp/embedding_lookup.h"
#include "tfpp/local_response_normalization.h"
#include "tfpp/space_to_depth.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;
using tf::testing::expect_close;
using tf::testing::GradCase;
using tf::testing::to_doubles;
using tf::testing::weighted;
using V = std::vector<Tensor>;

TEST(SpaceToDepth, MovesBlocksIntoChannelsAndBack) {
  const Tensor x = tf::reshape(tf::range(0, 16, 1), {1, 4, 4, 1});
  const Tensor packed = tf::nn::space_to_depth(x, 2);
  EXPECT_EQ(packed.shape(), tf::TensorShape({1, 2, 2, 4}));
  EXPECT_EQ(packed.numpy<std::int32_t>(),
            (std::vector<std::int32_t>{0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 12, 13, 10, 11, 14, 15}));
  EXPECT_EQ(tf::nn::depth_to_space(packed, 2).numpy<std::int32_t>(), x.numpy<std::int32_t>());
  const Tensor s = tf::constant(std::vector<std::string>{"a", "b", "c", "d"}, {1, 1, 1, 4});
  EXPECT_EQ(tf::nn::depth_to_space(s, 2).shape(), tf::TensorShape({1, 2, 2, 1}));
}

TEST(SpaceToDepth, Errors) {
  EXPECT_EQ(error_of([] { tf::nn::space_to_depth(tf::ones({1, 3, 4, 1}), 2); }),
            "[SpaceToDepth] Image width 4 and height 3 should be divisible by block_size: 2");
  EXPECT_EQ(error_of([] { tf::nn::space_to_depth(tf::ones({1, 4, 4, 1}), 1); }),
            "[SpaceToDepth] Value for attr 'block_size' of 1 must be at least minimum 2");
  EXPECT_EQ(error_of([] { tf::nn::depth_to_space(tf::ones({4, 4, 1}), 2); }), "[DepthToSpace] Input rank should be 4 instead of 3");
  EXPECT_EQ(error_of([] { tf::nn::depth_to_space(tf::ones({1, 2, 2, 3}), 2); }),
            "[DepthToSpace] Input depth dimension 3 should be divisible by: 4");
  EXPECT_THROW(tf::nn::space_to_depth(tf::ones({1, 1, 4, 4}), 2, "NCHW"), tf::NotFoundError);
}

TEST(EmbeddingLookup, GathersAndClips) {
  const Tensor table = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}, {0.3f, 0.4f}});
  EXPECT_EQ(tf::nn::embedding_lookup(table, tf::constant({2, 0})).numpy<float>(), (std::vector<float>{0.3f, 0.4f, 1, 2}));
  const Tensor clipped = tf::nn::embedding_lookup(table, tf::constant({{1}, {2}}), {.max_norm = 1.0});
  EXPECT_EQ(clipped.shape(), tf::TensorShape({2, 1, 2}));
  expect_close(to_doubles(clipped), {0.6, 0.8, 0.3, 0.4}, 1e-6);
  // Partitions of 2 and 1 rows: TensorFlow 2's "div" layout of 3 rows.
  const std::vector<Tensor> parts{tf::constant({{1.0f}, {2.0f}}), tf::constant({{3.0f}})};
  EXPECT_EQ(tf::nn::embedding_lookup(parts, tf::constant({2, 1, 0})).numpy<float>(), (std::vector<float>{3, 2, 1}));
  EXPECT_EQ(error_of([&] { tf::nn::embedding_lookup(std::vector<Tensor>{parts[1], parts[0]}, tf::constant({0})); }),
            "[embedding_lookup] partition sizes [1,2] do not follow the \"div\" layout [2,1] of 3 rows in 2 partitions");
  EXPECT_NE(error_of([&] { tf::nn::embedding_lookup(table, tf::constant({3})); }), "no error");
  EXPECT_NE(error_of([&] { tf::nn::embedding_lookup(parts, tf::constant({3})); }), "no error");
}

TEST(LocalResponseNormalization, MatchesTheFormula) {
  const Tensor x = tf::reshape(tf::cast(tf::range(0, 12, 1), tf::float32) * 0.25f - 1.0f, {1, 1, 2, 6});
  const auto v = to_doubles(x);
  const tf::nn::LrnOptions o{.depth_radius = 2, .bias = 2.0, .alpha = 0.5, .beta = 0.75};
  std::vector<double> want(v.size());
  for (int r = 0; r < 2; ++r)
    for (int d = 0; d < 6; ++d) {
      double sum = 0;
      for (int k = std::max(0, d - 2); k < std::min(6, d + 3); ++k) sum += v[r * 6 + k] * v[r * 6 + k];
      want[r * 6 + d] = v[r * 6 + d] / std::pow(2.0 + 0.5 * sum, 0.75);
    }
  expect_close(to_doubles(tf::nn::local_response_normalization(x, o)), want, 1e-6);
  expect_close(to_doubles(tf::nn::lrn(x, o)), want, 1e-6);
  EXPECT_NE(error_of([] { tf::nn::lrn(tf::ones({2, 3, 4})); }), "no error");
  EXPECT_NE(error_of([] { tf::nn::lrn(tf::ones({1, 1, 1, 3}, tf::float64)); }), "no error");
  EXPECT_NE(error_of([] { tf::nn::lrn(tf::ones({1, 1, 1, 3}), {.depth_radius = -1}); }), "no error");
}

// LRN has a float32 kernel only: its gradient is checked through casts, with a coarse step.
TEST(LocalResponseNormalization, GradientMatchesFiniteDifferences) {
  for (const tf::nn::LrnOptions& o : {tf::nn::LrnOptions{}, tf::nn::LrnOptions{.depth_radius = 1, .alpha = 0.5, .beta = 1.0},
                                      tf::nn::LrnOptions{.depth_radius = 2, .bias = 2.0, .alpha = 0.3, .beta = 0.75}}) {
    const tf::testing::TensorFn f = [o](const V& x) {
      return weighted(tf::cast(tf::nn::lrn(tf::cast(x[0], tf::float32), o), tf::float64));
    };
    EXPECT_LT(tf::testing::max_gradient_error(f, {tf::testing::random_tensor({1, 2, 2, 5}, 3)}, 1e-2), 2e-3);
  }
  // As in TensorFlow, LRNGrad has no gradient until a user registers one.
  const Tensor x = tf::ones({1, 1, 1, 3});
  tf::GradientTape outer;
  outer.watch(x);
  tf::GradientTape inner;
  inner.watch(x);
  const Tensor g = inner.gradient(tf::nn::lrn(x), x);
  EXPECT_THROW(outer.gradient(g, x), tf::LookupError);
}

TEST(SpaceDepthEmbeddingLrn, TracedStaticShapes) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor x, Tensor ids) {
    const std::vector<Tensor> out{tf::nn::space_to_depth(x, 2), tf::nn::depth_to_space(x, 2),
                                  tf::nn::embedding_lookup(tf::ones({5, 3}), ids, {.max_norm = 1.0}), tf::nn::lrn(x)};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  });
  f.get_concrete_function(tf::TensorSpec({None, 4, None, 4}), tf::TensorSpec({None, 2}, tf::int32));
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{None, 2, None, 16}, {None, 8, None, 1}, {None, 2, 3}, {None, 4, None, 4}}));
}

std::vector<GradCase> grad_cases() {
  return {
      {"SpaceToDepth", {{{2, 4, 2, 3}}}, [](const V& x) { return weighted(tf::nn::space_to_depth(x[0], 2)); }, true},
      {"DepthToSpace", {{{1, 2, 2, 9}}}, [](const V& x) { return weighted(tf::nn::depth_to_space(x[0], 3)); }, true},
      {"EmbeddingLookup", {{{4, 3}}}, [](const V& x) { return weighted(tf::nn::embedding_lookup(x[0], tf::constant({{3, 0}, {3, 1}}))); }, true},
      {"EmbeddingLookupMaxNorm", {{{4, 3}}},
       [](const V& x) { return weighted(tf::nn::embedding_lookup(x[0], tf::constant({3, 0, 2}), {.max_norm = 1.0})); }, true},
      {"EmbeddingLookupPartitioned", {{{2, 2}}, {{2, 2}}},
       [](const V& x) { return weighted(tf::nn::embedding_lookup(V{x[0], x[1]}, tf::constant({3, 0, 2}))); }, true},
  };
}

class SpaceDepthEmbeddingGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(SpaceDepthEmbeddingGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Ops, SpaceDepthEmbeddingGradient, ::testing::ValuesIn(grad_cases()), tf::testing::case_name);

}  // namespace
