#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "array_test_util.h"

namespace {

using tf::testing::expect_invalid;
using tf::testing::iota;
using V = std::vector<std::int32_t>;

TEST(Slice, BlocksAndMinusOne) {
  tf::Tensor t = iota({3, 4});
  tf::Tensor s = tf::slice(t, {1, 1}, {2, 2});
  EXPECT_EQ(s.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(s.numpy<std::int32_t>(), (V{5, 6, 9, 10}));
  EXPECT_EQ(tf::slice(t, {1, 2}, {-1, -1}).numpy<std::int32_t>(), (V{6, 7, 10, 11}));
  EXPECT_EQ(tf::slice(t, {3, 0}, {0, 4}).shape(), tf::TensorShape({0, 4}));
  EXPECT_EQ(tf::slice(tf::constant(7.0f), {}, {}).item<float>(), 7.0f);
  tf::Tensor str = tf::slice(tf::constant(std::vector<std::string>{"a", "b", "c"}), {1}, {2});
  EXPECT_EQ(str.numpy<std::string>(), (std::vector<std::string>{"b", "c"}));
}

TEST(Slice, Errors) {
  tf::Tensor t = iota({3, 4});
  expect_invalid([&] { tf::slice(t, {0}, {1, 1}); }, {"[Slice]", "one entry per dimension", "int32 [3,4]"});
  expect_invalid([&] { tf::slice(t, {-1, 0}, {1, 1}); }, {"[Slice]", "begin[0]", "-1"});
  expect_invalid([&] { tf::slice(t, {2, 0}, {2, 1}); }, {"[Slice]", "size[0] in [0, 1]", "got 2"});
  expect_invalid([&] { tf::slice(t, {0, 0}, {-2, 1}); }, {"[Slice]", "size[0]"});
}

TEST(Reverse, Axes) {
  tf::Tensor t = iota({2, 3});
  EXPECT_EQ(tf::reverse(t, {1}).numpy<std::int32_t>(), (V{2, 1, 0, 5, 4, 3}));
  EXPECT_EQ(tf::reverse(t, {0}).numpy<std::int32_t>(), (V{3, 4, 5, 0, 1, 2}));
  EXPECT_EQ(tf::reverse(t, {-1, 0}).numpy<std::int32_t>(), (V{5, 4, 3, 2, 1, 0}));
  EXPECT_EQ(tf::reverse(t, {}).numpy<std::int32_t>(), (V{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(tf::reverse(tf::zeros({0, 2}), {0}).shape(), tf::TensorShape({0, 2}));
  tf::Tensor big = tf::reverse(iota({100000}), {0});
  EXPECT_EQ(big.numpy<std::int32_t>()[0], 99999);
  EXPECT_EQ(big.numpy<std::int32_t>()[99999], 0);
  expect_invalid([&] { tf::reverse(t, {0, 0}); }, {"[ReverseV2]", "more than once"});
  expect_invalid([&] { tf::reverse(t, {2}); }, {"[ReverseV2]", "axis 2"});
}

// TensorFlow's documented examples of tf.strided_slice.
TEST(StridedSlice, DocumentedExamples) {
  tf::Tensor t = tf::constant({{{1, 1, 1}, {2, 2, 2}}, {{3, 3, 3}, {4, 4, 4}}, {{5, 5, 5}, {6, 6, 6}}});
  tf::Tensor a = tf::strided_slice(t, {1, 0, 0}, {2, 1, 3}, {1, 1, 1});
  EXPECT_EQ(a.shape(), tf::TensorShape({1, 1, 3}));
  EXPECT_EQ(a.numpy<std::int32_t>(), (V{3, 3, 3}));
  tf::Tensor b = tf::strided_slice(t, {1, 0, 0}, {2, 2, 3}, {1, 1, 1});
  EXPECT_EQ(b.shape(), tf::TensorShape({1, 2, 3}));
  EXPECT_EQ(b.numpy<std::int32_t>(), (V{3, 3, 3, 4, 4, 4}));
  tf::Tensor c = tf::strided_slice(t, {1, -1, 0}, {2, -3, 3}, {1, -1, 1});
  EXPECT_EQ(c.shape(), tf::TensorShape({1, 2, 3}));
  EXPECT_EQ(c.numpy<std::int32_t>(), (V{4, 4, 4, 3, 3, 3}));
}

TEST(StridedSlice, PythonIndexingEquivalents) {
  tf::Tensor t = iota({4, 5});
  // t[1:-1, ::2]
  tf::Tensor a = tf::strided_slice(t, {1, 0}, {-1, 0}, {1, 2}, {.begin_mask = 2, .end_mask = 2});
  EXPECT_EQ(a.shape(), tf::TensorShape({2, 3}));
  EXPECT_EQ(a.numpy<std::int32_t>(), (V{5, 7, 9, 10, 12, 14}));
  // t[..., 0]
  tf::Tensor b = tf::strided_slice(t, {0, 0}, {0, 1}, {1, 1}, {.ellipsis_mask = 1, .shrink_axis_mask = 2});
  EXPECT_EQ(b.shape(), tf::TensorShape({4}));
  EXPECT_EQ(b.numpy<std::int32_t>(), (V{0, 5, 10, 15}));
  // t[:, tf.newaxis, 1]
  tf::Tensor c = tf::strided_slice(t, {0, 0, 1}, {0, 0, 2}, {1, 1, 1},
                                   {.begin_mask = 1, .end_mask = 1, .new_axis_mask = 2, .shrink_axis_mask = 4});
  EXPECT_EQ(c.shape(), tf::TensorShape({4, 1}));
  EXPECT_EQ(c.numpy<std::int32_t>(), (V{1, 6, 11, 16}));
  // t[tf.newaxis, ...]
  EXPECT_EQ(tf::strided_slice(t, {0, 0}, {0, 0}, {1, 1}, {.ellipsis_mask = 2, .new_axis_mask = 1}).shape(),
            tf::TensorShape({1, 4, 5}));
  // t[::-1, ::-2]
  tf::Tensor d = tf::strided_slice(t, {0, 0}, {0, 0}, {-1, -2}, {.begin_mask = 3, .end_mask = 3});
  EXPECT_EQ(d.shape(), tf::TensorShape({4, 3}));
  EXPECT_EQ(d.numpy<std::int32_t>(), (V{19, 17, 15, 14, 12, 10, 9, 7, 5, 4, 2, 0}));
  // t[-1] and t[-1, -2]
  EXPECT_EQ(tf::strided_slice(t, {-1}, {0}, {1}, {.shrink_axis_mask = 1}).numpy<std::int32_t>(), (V{15, 16, 17, 18, 19}));
  tf::Tensor e = tf::strided_slice(t, {-1, -2}, {0, 0}, {1, 1}, {.shrink_axis_mask = 3});
  EXPECT_EQ(e.shape(), tf::TensorShape({}));
  EXPECT_EQ(e.item<std::int32_t>(), 18);
  // t[1] with default strides keeps the remaining dims (implicit ellipsis).
  EXPECT_EQ(tf::strided_slice(t, {1}, {2}).shape(), tf::TensorShape({1, 5}));
}

TEST(StridedSlice, ClampingEmptyAndNegativeStrides) {
  tf::Tensor v = iota({10});
  EXPECT_EQ(tf::strided_slice(v, {5}, {1}, {-2}).numpy<std::int32_t>(), (V{5, 3}));
  EXPECT_EQ(tf::strided_slice(v, {-100}, {100}, {3}).numpy<std::int32_t>(), (V{0, 3, 6, 9}));
  EXPECT_EQ(tf::strided_slice(v, {100}, {-100}, {-4}).numpy<std::int32_t>(), (V{9, 5, 1}));
  EXPECT_EQ(tf::strided_slice(v, {3}, {1}, {1}).shape(), tf::TensorShape({0}));
  EXPECT_EQ(tf::strided_slice(v, {1}, {3}, {-1}).shape(), tf::TensorShape({0}));
  EXPECT_EQ(tf::strided_slice(v, {8}, {0}, {1}, {.end_mask = 1}).numpy<std::int32_t>(), (V{8, 9}));
  EXPECT_EQ(tf::strided_slice(v, {0}, {2}, {-1}, {.begin_mask = 1}).numpy<std::int32_t>(), (V{9, 8, 7, 6, 5, 4, 3}));
  EXPECT_EQ(tf::strided_slice(tf::zeros({0, 3}), {0, 1}, {0, 2}, {1, 1}, {.begin_mask = 1, .end_mask = 1}).shape(),
            tf::TensorShape({0, 1}));
  tf::Tensor s = tf::strided_slice(tf::constant(std::vector<std::string>{"a", "b", "c"}), {0}, {0}, {-1},
                                   {.begin_mask = 1, .end_mask = 1});
  EXPECT_EQ(s.numpy<std::string>(), (std::vector<std::string>{"c", "b", "a"}));
}

TEST(StridedSlice, LargeParallel) {
  tf::Tensor t = iota({512, 512});
  tf::Tensor s = tf::strided_slice(t, {1, 0}, {0, 0}, {2, 3}, {.end_mask = 3});
  EXPECT_EQ(s.shape(), tf::TensorShape({256, 171}));
  const auto v = s.numpy<std::int32_t>();
  EXPECT_EQ(v[171 * 100 + 50], (1 + 2 * 100) * 512 + 150);
}

TEST(StridedSlice, Errors) {
  tf::Tensor t = iota({4, 5});
  expect_invalid([&] { tf::strided_slice(t, {0}, {1}, {0}); }, {"[StridedSlice]", "strides[0] must be non-zero"});
  expect_invalid([&] { tf::strided_slice(t, {4}, {5}, {1}, {.shrink_axis_mask = 1}); },
                 {"[StridedSlice]", "slice index 4 of dimension 0 out of bounds"});
  expect_invalid([&] { tf::strided_slice(t, {-5}, {0}, {1}, {.shrink_axis_mask = 1}); }, {"[StridedSlice]", "-5"});
  expect_invalid([&] { tf::strided_slice(t, {0, 0, 0}, {1, 1, 1}, {1, 1, 1}); }, {"[StridedSlice]", "index out of range"});
  expect_invalid([&] { tf::strided_slice(t, {0, 0}, {1, 1}, {1, 1}, {.ellipsis_mask = 3}); },
                 {"[StridedSlice]", "multiple ellipses"});
  expect_invalid([&] { tf::strided_slice(t, {0, 0}, {1}, {1, 1}); }, {"[StridedSlice]", "same length"});
}

}  // namespace
