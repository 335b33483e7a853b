#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "array_test_util.h"

namespace {

using tf::testing::expect_invalid;
using tf::testing::iota;
using V = std::vector<std::int32_t>;
using Strings = std::vector<std::string>;

TEST(Gather, AxesAndIndexShapes) {
  tf::Tensor p = tf::constant({{1, 2, 3}, {4, 5, 6}});
  EXPECT_EQ(tf::gather(p, {1, 0, 1}).numpy<std::int32_t>(), (V{4, 5, 6, 1, 2, 3, 4, 5, 6}));
  tf::Tensor cols = tf::gather(p, {2, 0}, {.axis = 1});
  EXPECT_EQ(cols.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(cols.numpy<std::int32_t>(), (V{3, 1, 6, 4}));
  tf::Tensor nested = tf::gather(p, tf::constant({{0, 2}, {1, 1}}), {.axis = -1});
  EXPECT_EQ(nested.shape(), tf::TensorShape({2, 2, 2}));
  EXPECT_EQ(nested.numpy<std::int32_t>(), (V{1, 3, 2, 2, 4, 6, 5, 5}));
  tf::Tensor scalar = tf::gather(p, tf::constant(std::int64_t{1}));
  EXPECT_EQ(scalar.shape(), tf::TensorShape({3}));
  EXPECT_EQ(tf::gather(p, std::vector<std::int64_t>{}).shape(), tf::TensorShape({0, 3}));
  EXPECT_EQ(tf::gather(tf::constant(Strings{"a", "b", "c"}), {2, 2, 0}).numpy<std::string>(), (Strings{"c", "c", "a"}));
}

TEST(Gather, BatchDims) {
  tf::Tensor p = tf::constant({{1, 2, 3}, {4, 5, 6}});
  tf::Tensor g = tf::gather(p, tf::constant({{2, 0}, {1, 1}}), {.axis = 1, .batch_dims = 1});
  EXPECT_EQ(g.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(g.numpy<std::int32_t>(), (V{3, 1, 5, 5}));
  expect_invalid([&] { tf::gather(p, tf::constant({{0}}), {.axis = 0, .batch_dims = 1}); }, {"[GatherV2]", "batch_dims"});
}

TEST(Gather, LargeParallel) {
  tf::Tensor p = iota({1000, 64});
  std::vector<std::int32_t> idx(4000);
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<std::int32_t>((i * 7) % 1000);
  const auto v = tf::gather(p, tf::constant(idx)).numpy<std::int32_t>();
  EXPECT_EQ(v[64 * 3999 + 5], ((3999 * 7) % 1000) * 64 + 5);
}

TEST(Gather, OutOfRangeIndices) {
  tf::Tensor p = iota({3, 2});
  expect_invalid([&] { tf::gather(p, {0, 3}); }, {"[GatherV2]", "indices[1] = 3 is not in [0, 3)"});
  expect_invalid([&] { tf::gather(p, tf::constant({{0, 0}, {-1, 0}})); }, {"[GatherV2]", "indices[1,0] = -1"});
  expect_invalid([&] { tf::gather(p, {0}, {.axis = 2}); }, {"[GatherV2]", "axis 2"});
  expect_invalid([&] { tf::gather(p, tf::constant({0.0f})); }, {"[GatherV2]", "int32 or int64"});
}

TEST(GatherNd, DocumentedExamples) {
  tf::Tensor p = tf::constant(Strings{"a", "b", "c", "d"}, {2, 2});
  EXPECT_EQ(tf::gather_nd(p, tf::constant({{0, 0}, {1, 1}})).numpy<std::string>(), (Strings{"a", "d"}));
  tf::Tensor rows = tf::gather_nd(p, tf::constant({{1}, {0}}));
  EXPECT_EQ(rows.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(rows.numpy<std::string>(), (Strings{"c", "d", "a", "b"}));
  EXPECT_EQ(tf::gather_nd(p, {1, 0}).item<std::string>(), "c");
  tf::Tensor nums = tf::gather_nd(iota({2, 3, 4}), tf::constant({{{1, 2}}, {{0, 1}}}));
  EXPECT_EQ(nums.shape(), tf::TensorShape({2, 1, 4}));
  EXPECT_EQ(nums.numpy<std::int32_t>(), (V{20, 21, 22, 23, 4, 5, 6, 7}));
}

TEST(GatherNd, Errors) {
  tf::Tensor p = iota({3, 3});
  expect_invalid([&] { tf::gather_nd(p, tf::constant({{0, 1}, {2, 3}})); },
                 {"[GatherNd]", "indices[1] = [2, 3] does not index into param shape [3,3]"});
  expect_invalid([&] { tf::gather_nd(p, {0, 0, 0}); }, {"[GatherNd]", "<= params rank"});
  expect_invalid([&] { tf::gather_nd(p, tf::constant(1)); }, {"[GatherNd]", "at least a vector"});
}

TEST(ScatterNd, DocumentedExampleAndDuplicates) {
  tf::Tensor s = tf::scatter_nd(tf::constant({{4}, {3}, {1}, {7}}), tf::constant({9, 10, 11, 12}), {8});
  EXPECT_EQ(s.numpy<std::int32_t>(), (V{0, 11, 0, 10, 9, 0, 0, 12}));
  tf::Tensor d = tf::scatter_nd(tf::constant({{0}, {0}, {2}}), tf::constant({1.5f, 2.0f, 4.0f}), {3});
  EXPECT_EQ(d.numpy<float>(), (std::vector<float>{3.5f, 0, 4}));
  tf::Tensor rows = tf::scatter_nd(tf::constant({{1}, {1}}), tf::constant({{1.0, 2.0}, {10.0, 20.0}}), {2, 2});
  EXPECT_EQ(rows.numpy<double>(), (std::vector<double>{0, 0, 11, 22}));
  tf::Tensor str = tf::scatter_nd(tf::constant({{1}, {1}}), tf::constant(Strings{"a", "b"}), {2});
  EXPECT_EQ(str.numpy<std::string>(), (Strings{"", "ab"}));
  tf::Tensor b = tf::scatter_nd(tf::constant({{0}, {0}}), tf::constant({true, false}), {2});
  EXPECT_EQ(b.numpy<bool>(), (std::vector<bool>{true, false}));
}

TEST(ScatterNd, Errors) {
  expect_invalid([&] { tf::scatter_nd(tf::constant({{4}, {8}}), tf::constant({1, 2}), {8}); },
                 {"[ScatterNd]", "indices[1] = [8] does not index into output shape [8]"});
  expect_invalid([&] { tf::scatter_nd(tf::constant({{-1}}), tf::constant({1}), {8}); }, {"[ScatterNd]", "[-1]"});
  expect_invalid([&] { tf::scatter_nd(tf::constant({{1}, {2}}), tf::constant({1, 2, 3}), {8}); },
                 {"[ScatterNd]", "updates must have shape", "[2]", "[3]"});
  expect_invalid([&] { tf::scatter_nd(tf::constant({{1, 1, 1}}), tf::constant({1}), {8}); }, {"[ScatterNd]"});
}

TEST(OneHot, DocumentedExamples) {
  EXPECT_EQ(tf::one_hot({0, 1, 2}, 3).numpy<float>(), (std::vector<float>{1, 0, 0, 0, 1, 0, 0, 0, 1}));
  tf::Tensor a = tf::one_hot({0, 2, -1, 1}, 3, {.on_value = 5.0, .off_value = 0.0});
  EXPECT_EQ(a.shape(), tf::TensorShape({4, 3}));
  EXPECT_EQ(a.numpy<float>(), (std::vector<float>{5, 0, 0, 0, 0, 5, 0, 0, 0, 0, 5, 0}));
  tf::Tensor b = tf::one_hot({0, 2, -1, 1}, 3, {.on_value = 5.0, .off_value = 0.0, .axis = 0});
  EXPECT_EQ(b.shape(), tf::TensorShape({3, 4}));
  EXPECT_EQ(b.numpy<float>(), (std::vector<float>{5, 0, 0, 0, 0, 0, 0, 5, 0, 5, 0, 0}));
  tf::Tensor c = tf::one_hot(tf::constant({{0, 2}, {1, 7}}), 3, {.dtype = tf::int64});
  EXPECT_EQ(c.shape(), tf::TensorShape({2, 2, 3}));
  EXPECT_EQ(c.numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0}));
  EXPECT_EQ(tf::one_hot(tf::constant(std::int64_t{1}), 2, {.dtype = tf::bool_}).numpy<bool>(), (std::vector<bool>{false, true}));
  EXPECT_EQ(tf::one_hot(std::vector<std::int64_t>{}, 4).shape(), tf::TensorShape({0, 4}));
  expect_invalid([&] { tf::one_hot({0}, -1); }, {"[OneHot]", "depth"});
  expect_invalid([&] { tf::one_hot({0}, 2, {.axis = 3}); }, {"[OneHot]", "axis"});
}

TEST(Where, Coordinates) {
  tf::Tensor w = tf::where(tf::constant({true, false, false, true}));
  EXPECT_EQ(w.shape(), tf::TensorShape({2, 1}));
  EXPECT_EQ(w.numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 3}));
  tf::Tensor m = tf::where(tf::constant({{0.0f, 1.5f}, {-2.0f, 0.0f}}));
  EXPECT_EQ(m.numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 1, 1, 0}));
  EXPECT_EQ(tf::where(tf::zeros({3})).shape(), tf::TensorShape({0, 1}));
}

TEST(BooleanMask, DocumentedExamples) {
  EXPECT_EQ(tf::boolean_mask(tf::constant({0, 1, 2, 3}), tf::constant({true, false, true, false})).numpy<std::int32_t>(),
            (V{0, 2}));
  tf::Tensor rows = tf::boolean_mask(tf::constant({{1, 2}, {3, 4}, {5, 6}}), tf::constant({true, false, true}));
  EXPECT_EQ(rows.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(rows.numpy<std::int32_t>(), (V{1, 2, 5, 6}));
  tf::Tensor cols = tf::boolean_mask(tf::constant({{1, 2, 3}, {4, 5, 6}}), tf::constant({false, true, true}), 1);
  EXPECT_EQ(cols.numpy<std::int32_t>(), (V{2, 3, 5, 6}));
  tf::Tensor m2 = tf::boolean_mask(iota({2, 2, 2}), tf::constant({{true, false}, {false, true}}));
  EXPECT_EQ(m2.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(m2.numpy<std::int32_t>(), (V{0, 1, 6, 7}));
  EXPECT_EQ(tf::boolean_mask(tf::constant({1, 2}), tf::constant({false, false})).shape(), tf::TensorShape({0}));
  expect_invalid([&] { tf::boolean_mask(tf::constant({1, 2}), tf::constant({1, 0})); }, {"[BooleanMask]", "bool"});
  expect_invalid([&] { tf::boolean_mask(tf::constant({1, 2}), tf::constant({true})); }, {"[BooleanMask]", "incompatible"});
}

}  // namespace
