#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "array_test_util.h"

namespace {

using tf::testing::expect_invalid;
using tf::testing::iota;
using V = std::vector<std::int32_t>;

TEST(Concat, AlongEachAxis) {
  tf::Tensor a = tf::constant({{1, 2, 3}, {4, 5, 6}});
  tf::Tensor b = tf::constant({{7, 8, 9}, {10, 11, 12}});
  tf::Tensor c0 = tf::concat({a, b}, 0);
  EXPECT_EQ(c0.shape(), tf::TensorShape({4, 3}));
  EXPECT_EQ(c0.numpy<std::int32_t>(), (V{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}));
  tf::Tensor c1 = tf::concat({a, b}, -1);
  EXPECT_EQ(c1.shape(), tf::TensorShape({2, 6}));
  EXPECT_EQ(c1.numpy<std::int32_t>(), (V{1, 2, 3, 7, 8, 9, 4, 5, 6, 10, 11, 12}));
  EXPECT_EQ(tf::concat({a, tf::zeros({2, 0}, tf::int32), b}, 1).numpy<std::int32_t>(), c1.numpy<std::int32_t>());
  EXPECT_EQ(tf::concat({a}, 0).numpy<std::int32_t>(), a.numpy<std::int32_t>());
  tf::Tensor s = tf::concat({tf::constant(std::vector<std::string>{"x"}), tf::constant(std::vector<std::string>{"y", "z"})}, 0);
  EXPECT_EQ(s.numpy<std::string>(), (std::vector<std::string>{"x", "y", "z"}));
}

TEST(Concat, LargeParallel) {
  tf::Tensor a = iota({1000, 64}), b = iota({1000, 32});
  tf::Tensor c = tf::concat({a, b}, 1);
  const auto v = c.numpy<std::int32_t>();
  EXPECT_EQ(v[96 * 500 + 3], 500 * 64 + 3);
  EXPECT_EQ(v[96 * 999 + 64 + 31], 999 * 32 + 31);
}

TEST(Concat, Errors) {
  tf::Tensor a = iota({2, 3});
  expect_invalid([&] { tf::concat({a, iota({3})}, 0); }, {"[ConcatV2]", "ranks", "[2,3]", "[3]"});
  expect_invalid([&] { tf::concat({a, iota({2, 4})}, 0); }, {"[ConcatV2]", "dimension 1", "[2,4]"});
  expect_invalid([&] { tf::concat({a, tf::zeros({2, 3})}, 0); }, {"[ConcatV2]", "same dtype", "int32 [2,3]", "float32 [2,3]"});
  expect_invalid([&] { tf::concat({a, a}, 2); }, {"[ConcatV2]", "axis 2"});
  expect_invalid([&] { tf::concat({tf::constant(1), tf::constant(2)}, 0); }, {"[ConcatV2]", "scalars"});
}

TEST(Stack, NewAxis) {
  tf::Tensor a = tf::constant({1, 2}), b = tf::constant({3, 4}), c = tf::constant({5, 6});
  tf::Tensor s0 = tf::stack({a, b, c});
  EXPECT_EQ(s0.shape(), tf::TensorShape({3, 2}));
  EXPECT_EQ(s0.numpy<std::int32_t>(), (V{1, 2, 3, 4, 5, 6}));
  tf::Tensor s1 = tf::stack({a, b, c}, 1);
  EXPECT_EQ(s1.shape(), tf::TensorShape({2, 3}));
  EXPECT_EQ(s1.numpy<std::int32_t>(), (V{1, 3, 5, 2, 4, 6}));
  EXPECT_EQ(tf::stack({a, b}, -1).numpy<std::int32_t>(), (V{1, 3, 2, 4}));
  EXPECT_EQ(tf::stack({tf::constant(1.0f), tf::constant(2.0f)}).numpy<float>(), (std::vector<float>{1, 2}));
  expect_invalid([&] { tf::stack({a, tf::constant({1, 2, 3})}); }, {"[Pack]", "[2]", "[3]"});
  expect_invalid([&] { tf::stack({a, b}, 2); }, {"[Pack]", "axis 2"});
}

TEST(Unstack, Slices) {
  tf::Tensor t = tf::constant({{1, 2, 3}, {4, 5, 6}});
  auto rows = tf::unstack(t);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1].numpy<std::int32_t>(), (V{4, 5, 6}));
  auto cols = tf::unstack(t, 1);
  ASSERT_EQ(cols.size(), 3u);
  EXPECT_EQ(cols[2].shape(), tf::TensorShape({2}));
  EXPECT_EQ(cols[2].numpy<std::int32_t>(), (V{3, 6}));
  EXPECT_TRUE(tf::unstack(tf::zeros({0, 2})).empty());
  expect_invalid([&] { tf::unstack(tf::constant(1)); }, {"[Unpack]"});
}

TEST(Split, EvenAndSized) {
  tf::Tensor t = iota({2, 6});
  auto parts = tf::split(t, 3, 1);
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[1].shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(parts[1].numpy<std::int32_t>(), (V{2, 3, 8, 9}));
  auto sized = tf::split(t, {1, -1, 2}, 1);
  ASSERT_EQ(sized.size(), 3u);
  EXPECT_EQ(sized[0].numpy<std::int32_t>(), (V{0, 6}));
  EXPECT_EQ(sized[1].numpy<std::int32_t>(), (V{1, 2, 3, 7, 8, 9}));
  EXPECT_EQ(sized[2].numpy<std::int32_t>(), (V{4, 5, 10, 11}));
  auto one = tf::split(t, {2});
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].shape(), tf::TensorShape({2, 6}));
  auto strings = tf::split(tf::constant(std::vector<std::string>{"a", "b", "c", "d"}), 2);
  EXPECT_EQ(strings[1].numpy<std::string>(), (std::vector<std::string>{"c", "d"}));
}

TEST(Split, Errors) {
  tf::Tensor t = iota({2, 5});
  expect_invalid([&] { tf::split(t, 2, 1); }, {"[Split]", "evenly divide", "size 5"});
  expect_invalid([&] { tf::split(t, 0, 1); }, {"[Split]", "num_split"});
  expect_invalid([&] { tf::split(t, {1, 2}, 1); }, {"[SplitV]", "add up to"});
  expect_invalid([&] { tf::split(t, {-1, -1}, 1); }, {"[SplitV]", "one -1"});
  expect_invalid([&] { tf::split(t, {3, 3, -1}, 1); }, {"[SplitV]"});
  expect_invalid([&] { tf::split(t, 2, 2); }, {"[Split]", "axis 2"});
}

}  // namespace
