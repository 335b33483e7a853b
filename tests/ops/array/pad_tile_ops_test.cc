#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "array_test_util.h"

namespace {

using tf::testing::expect_invalid;
using tf::testing::iota;
using V = std::vector<std::int32_t>;

// TensorFlow's documented tf.pad examples.
TEST(Pad, DocumentedModes) {
  tf::Tensor t = tf::constant({{1, 2, 3}, {4, 5, 6}});
  tf::Tensor c = tf::pad(t, {{1, 1}, {2, 2}});
  EXPECT_EQ(c.shape(), tf::TensorShape({4, 7}));
  EXPECT_EQ(c.numpy<std::int32_t>(), (V{0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 0, 0, 0, 0, 4, 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  tf::Tensor r = tf::pad(t, {{1, 1}, {2, 2}}, {.mode = "REFLECT"});
  EXPECT_EQ(r.numpy<std::int32_t>(), (V{6, 5, 4, 5, 6, 5, 4, 3, 2, 1, 2, 3, 2, 1, 6, 5, 4, 5, 6, 5, 4, 3, 2, 1, 2, 3, 2, 1}));
  tf::Tensor s = tf::pad(t, {{1, 1}, {2, 2}}, {.mode = "symmetric"});
  EXPECT_EQ(s.numpy<std::int32_t>(), (V{2, 1, 1, 2, 3, 3, 2, 2, 1, 1, 2, 3, 3, 2, 5, 4, 4, 5, 6, 6, 5, 5, 4, 4, 5, 6, 6, 5}));
}

TEST(Pad, ConstantValuesDtypesAndEdgeCases) {
  tf::Tensor f = tf::pad(tf::constant({1.5f}), {{1, 2}}, {.constant_values = -1});
  EXPECT_EQ(f.numpy<float>(), (std::vector<float>{-1, 1.5f, -1, -1}));
  tf::Tensor s = tf::pad(tf::constant(std::vector<std::string>{"a"}), {{1, 0}});
  EXPECT_EQ(s.numpy<std::string>(), (std::vector<std::string>{"", "a"}));
  EXPECT_EQ(tf::pad(tf::zeros({0, 2}), {{1, 0}, {0, 1}}).numpy<float>(), (std::vector<float>{0, 0, 0}));
  EXPECT_EQ(tf::pad(tf::constant(3.0), std::vector<std::array<std::int64_t, 2>>{}).item<double>(), 3.0);
  tf::Tensor paddings = tf::constant({{0, 0}, {1, 0}});
  EXPECT_EQ(tf::pad(tf::constant({{1, 2}}), paddings).numpy<std::int32_t>(), (V{0, 1, 2}));
  tf::Tensor big = tf::pad(iota({300, 300}), {{2, 2}, {3, 3}}, {.mode = "REFLECT"});
  EXPECT_EQ(big.shape(), tf::TensorShape({304, 306}));
  EXPECT_EQ(big.numpy<std::int32_t>()[0], 2 * 300 + 3);
  EXPECT_EQ(big.numpy<std::int32_t>()[303 * 306 + 305], 297 * 300 + 296);
}

TEST(Pad, Errors) {
  tf::Tensor t = iota({2, 3});
  expect_invalid([&] { tf::pad(t, {{1, 1}}); }, {"[Pad]", "[rank, 2]", "[1,2]"});
  expect_invalid([&] { tf::pad(t, {{-1, 0}, {0, 0}}); }, {"[Pad]", "non-negative"});
  expect_invalid([&] { tf::pad(t, {{2, 0}, {0, 0}}, {.mode = "REFLECT"}); }, {"[MirrorPad]", "REFLECT", "size 2"});
  expect_invalid([&] { tf::pad(t, {{0, 0}, {0, 4}}, {.mode = "SYMMETRIC"}); }, {"[MirrorPad]", "SYMMETRIC"});
  expect_invalid([&] { tf::pad(t, {{0, 0}, {0, 0}}, {.mode = "WRAP"}); }, {"[Pad]", "WRAP"});
}

TEST(Tile, Multiples) {
  tf::Tensor a = tf::constant({{1, 2, 3}, {4, 5, 6}});
  EXPECT_EQ(tf::tile(a, {1, 2}).numpy<std::int32_t>(), (V{1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6}));
  EXPECT_EQ(tf::tile(a, {2, 1}).numpy<std::int32_t>(), (V{1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6}));
  tf::Tensor b = tf::tile(a, {2, 2});
  EXPECT_EQ(b.shape(), tf::TensorShape({4, 6}));
  EXPECT_EQ(b.numpy<std::int32_t>()[6 * 3 + 4], 5);
  EXPECT_EQ(tf::tile(a, {0, 2}).shape(), tf::TensorShape({0, 6}));
  EXPECT_EQ(tf::tile(tf::constant(std::vector<std::string>{"x", "y"}), {2}).numpy<std::string>(),
            (std::vector<std::string>{"x", "y", "x", "y"}));
  EXPECT_EQ(tf::tile(tf::constant(5), {}).item<std::int32_t>(), 5);
  tf::Tensor big = tf::tile(iota({1, 1000}), {200, 1});
  EXPECT_EQ(big.numpy<std::int32_t>()[199 * 1000 + 999], 999);
  expect_invalid([&] { tf::tile(a, {2}); }, {"[Tile]", "one entry per dimension"});
  expect_invalid([&] { tf::tile(a, {-1, 1}); }, {"[Tile]", "multiples[0] >= 0"});
}

}  // namespace
