// unique / unique_with_counts, searchsorted and the monotonic checks, the tensor_scatter_nd_*
// family, invert_permutation and unravel_index: values (from TensorFlow 2.21) and error paths.
#include <gtest/gtest.h>

#include <cmath>
#include <tfpp/index_ops.h>
#include <tfpp/scatter_ops.h>
#include <tfpp/search_ops.h>
#include <tfpp/tfpp.h>
#include <tfpp/unique_ops.h>

#include "array_test_util.h"

namespace {

using tf::testing::expect_invalid;
using V = std::vector<std::int32_t>;
using V64 = std::vector<std::int64_t>;

TEST(Unique, FirstSeenOrderAndIndices) {
  const auto [y, idx] = tf::unique(tf::constant({1, 1, 2, 4, 4, 4, 7, 8, 8}));
  EXPECT_EQ(y.numpy<std::int32_t>(), (V{1, 2, 4, 7, 8}));
  EXPECT_EQ(idx.numpy<std::int32_t>(), (V{0, 0, 1, 2, 2, 2, 3, 4, 4}));
  const auto r = tf::unique_with_counts(tf::constant({4.0f, 1.0f, 4.0f, 2.0f}), tf::int64);
  EXPECT_EQ(r.y.numpy<float>(), (std::vector<float>{4, 1, 2}));
  EXPECT_EQ(r.idx.numpy<std::int64_t>(), (V64{0, 1, 0, 2}));
  EXPECT_EQ(r.count.numpy<std::int64_t>(), (V64{2, 1, 1}));
  EXPECT_EQ(tf::unique(tf::constant(std::vector<std::string>{"b", "a", "b"})).y.numpy<std::string>(),
            (std::vector<std::string>{"b", "a"}));
  const auto nan = tf::unique(tf::constant({NAN, NAN, 1.0f}));  // NaN never equals itself
  EXPECT_EQ(nan.y.shape(), tf::TensorShape({3}));
  EXPECT_EQ(tf::unique(tf::zeros({0}, tf::int32)).y.shape(), tf::TensorShape({0}));
  expect_invalid([] { tf::unique(tf::constant({{1, 2}})); }, {"[Unique]", "1D vector"});
  expect_invalid([] { tf::unique(tf::constant({1}), tf::float32); }, {"[Unique]", "out_idx"});
}

TEST(SearchSorted, LeftRightAndBatched) {
  EXPECT_EQ(tf::searchsorted(tf::constant({1.0f, 2.0f, 3.0f}), tf::constant({2.5f, 3.0f}), "right").numpy<std::int32_t>(),
            (V{2, 3}));
  EXPECT_EQ(tf::searchsorted(tf::constant({1, 2, 3}), tf::constant({2, 3}), "left", tf::int64).numpy<std::int64_t>(),
            (V64{1, 2}));
  const tf::Tensor batched = tf::searchsorted(tf::constant({{1, 2, 3}, {1, 5, 6}}), tf::constant({{2, 3}, {4, 5}}), "right");
  EXPECT_EQ(batched.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(batched.numpy<std::int32_t>(), (V{2, 3, 1, 2}));
  expect_invalid([] { tf::searchsorted(tf::constant({{1.0f, 2.0f}}), tf::constant({{1.0f}, {2.0f}})); },
                 {"[LowerBound]", "Leading dim_size"});
  expect_invalid([] { tf::searchsorted(tf::constant({1, 2}), tf::constant({1.0f})); }, {"[LowerBound]", "one dtype"});
  expect_invalid([] { tf::searchsorted(tf::constant({1}), tf::constant({1}), "middle"); }, {"[searchsorted]", "side"});
}

TEST(Monotonic, NonDecreasingAndStrictlyIncreasing) {
  EXPECT_TRUE(tf::math::is_non_decreasing(tf::constant({1, 2, 2})).numpy<bool>()[0]);
  EXPECT_FALSE(tf::math::is_strictly_increasing(tf::constant({1, 2, 2})).numpy<bool>()[0]);
  EXPECT_TRUE(tf::math::is_strictly_increasing(tf::constant({{1.0, 2.0}, {3.0, 4.0}})).numpy<bool>()[0]);
  EXPECT_TRUE(tf::math::is_strictly_increasing(tf::zeros({0})).numpy<bool>()[0]);
  EXPECT_FALSE(tf::math::is_non_decreasing(tf::cast(tf::constant({3, 1}), tf::uint8)).numpy<bool>()[0]);
  expect_invalid([] { tf::math::is_non_decreasing(tf::constant("a")); }, {"[is_non_decreasing]", "numeric"});
}

TEST(TensorScatter, UpdateAddSubMaxMin) {
  const tf::Tensor t = tf::constant({1, 2, 3, 4});
  const tf::Tensor idx = tf::constant({{1}, {3}, {1}});
  const tf::Tensor u = tf::constant({9, 10, 11});
  EXPECT_EQ(tf::tensor_scatter_nd_update(t, idx, u).numpy<std::int32_t>(), (V{1, 11, 3, 10}));  // the last update wins
  EXPECT_EQ(tf::tensor_scatter_nd_add(t, idx, u).numpy<std::int32_t>(), (V{1, 22, 3, 14}));
  EXPECT_EQ(tf::tensor_scatter_nd_sub(t, idx, u).numpy<std::int32_t>(), (V{1, -18, 3, -6}));
  EXPECT_EQ(tf::tensor_scatter_nd_max(t, idx, tf::constant({0, 10, 1})).numpy<std::int32_t>(), (V{1, 2, 3, 10}));
  EXPECT_EQ(tf::tensor_scatter_nd_min(t, idx, tf::constant({0, 10, 1})).numpy<std::int32_t>(), (V{1, 0, 3, 4}));
  // Slices: rows of a matrix.
  const tf::Tensor m = tf::tensor_scatter_nd_update(tf::zeros({3, 2}, tf::int32), tf::constant({{2}}), tf::constant({{5, 6}}));
  EXPECT_EQ(m.numpy<std::int32_t>(), (V{0, 0, 0, 0, 5, 6}));
  EXPECT_EQ(tf::tensor_scatter_nd_update(tf::constant({true, false}), tf::constant({{1}}), tf::constant({true}))
                .numpy<bool>(), (std::vector<bool>{true, true}));
}

TEST(TensorScatter, BadIndicesAndShapesRaise) {
  const tf::Tensor t = tf::constant({1, 2, 3, 4});
  expect_invalid([&] { tf::tensor_scatter_nd_update(t, tf::constant({{1}, {5}}), tf::constant({9, 10})); },
                 {"[TensorScatterUpdate]", "indices[1] = [5] does not index into", "shape [4]"});
  expect_invalid([&] { tf::tensor_scatter_nd_add(t, tf::constant({{1}, {3}}), tf::constant({9, 10, 11})); },
                 {"[TensorScatterAdd]", "Outer dimensions of indices and update must match"});
  expect_invalid([&] { tf::tensor_scatter_nd_max(t, tf::constant({{1}}), tf::constant({1.0f})); },
                 {"[TensorScatterMax]", "one dtype"});
  expect_invalid([&] { tf::tensor_scatter_nd_min(t, tf::constant({{-1}}), tf::constant({1})); },
                 {"[TensorScatterMin]", "indices[0] = [-1]"});
}

TEST(InvertPermutation, InvertsAndChecks) {
  EXPECT_EQ(tf::math::invert_permutation(tf::constant({3, 4, 0, 2, 1})).numpy<std::int32_t>(), (V{2, 4, 3, 0, 1}));
  expect_invalid([] { tf::math::invert_permutation(tf::constant({3, 4, 0, 2, 2})); }, {"[InvertPermutation]", "2 is duplicated"});
  expect_invalid([] { tf::math::invert_permutation(tf::constant({3, 4, 0, 2, 7})); },
                 {"[InvertPermutation]", "7 is not between 0 and 5"});
  expect_invalid([] { tf::math::invert_permutation(tf::constant({{0}})); }, {"[InvertPermutation]", "1D vector"});
}

TEST(UnravelIndex, CoordinatesOfFlatIndices) {
  const tf::Tensor c = tf::unravel_index(tf::constant({22, 41, 37}), {7, 6});
  EXPECT_EQ(c.shape(), tf::TensorShape({2, 3}));
  EXPECT_EQ(c.numpy<std::int32_t>(), (V{3, 6, 6, 4, 5, 1}));
  EXPECT_EQ(tf::unravel_index(tf::constant(5), {7, 6}).numpy<std::int32_t>(), (V{0, 5}));
  expect_invalid([] { tf::unravel_index(tf::constant({42}), {7, 6}); }, {"[UnravelIndex]", "index is out of bound"});
  expect_invalid([] { tf::unravel_index(tf::constant({1}), {7, 0}); }, {"[UnravelIndex]", "dim of zero"});
  expect_invalid([] { tf::unravel_index(tf::constant({{1}}), {7, 6}); }, {"[UnravelIndex]", "scalar or vector"});
}

}  // namespace

namespace {

TEST(UniqueSearchScatterTraced, StaticShapesAndValuesMatchEager) {
  std::vector<tf::TensorShape> shapes;
  auto body = [&](tf::Tensor x) {
    const tf::Tensor sorted = tf::sort(x, -1);
    std::vector<tf::Tensor> out{tf::unique(tf::reshape(x, {-1})).y, tf::unique_with_counts(tf::reshape(x, {-1})).count,
                                tf::searchsorted(sorted, x, "right"),
                                tf::tensor_scatter_nd_add(x, tf::constant({{1, 0}}), tf::constant({5})),
                                tf::math::invert_permutation(tf::constant({2, 0, 1})),
                                tf::unravel_index(tf::reshape(x, {-1}), {4, 10}),
                                tf::cast(tf::math::is_non_decreasing(sorted), tf::int32)};
    shapes.clear();
    for (const tf::Tensor& t : out) shapes.push_back(t.shape());
    return out;
  };
  auto f = tf::function(body, {.input_signature = {tf::TensorSpec({tf::None, 3}, tf::int32)}});
  const tf::Tensor x = tf::constant({{3, 1, 3}, {7, 1, 0}});
  const std::vector<tf::Tensor> traced = f(x);
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{tf::None}, {tf::None}, {tf::None, 3}, {tf::None, 3}, {3}, {2, tf::None}, {}}));
  const std::vector<tf::Tensor> eager = body(x);
  for (std::size_t i = 0; i < eager.size(); ++i) {
    EXPECT_EQ(traced[i].shape(), eager[i].shape()) << i;
    EXPECT_EQ(traced[i].numpy<std::int32_t>(), eager[i].numpy<std::int32_t>()) << i;
  }
}

}  // namespace
