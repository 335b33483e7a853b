// StridedSliceGrad and MirrorPadGrad, the ops behind the gradients of strided_slice and mirror pad.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "array_test_util.h"
#include "ops/array/array_grad_ops.h"

namespace {

using tf::ops::array::mirror_pad_grad;
using tf::ops::array::strided_slice_grad;
using tf::testing::expect_invalid;
using tf::testing::iota;
using V = std::vector<std::int32_t>;

tf::Tensor ints(std::vector<std::int32_t> v) { return tf::constant(v); }

TEST(StridedSliceGrad, WritesTheSliceBackIntoZeros) {
  // t[1:-1, ::2] of a [4,5] tensor.
  tf::Tensor g = strided_slice_grad(ints({4, 5}), ints({1, 0}), ints({-1, 0}), ints({1, 2}), iota({2, 3}) + 1,
                                    {.begin_mask = 2, .end_mask = 2});
  EXPECT_EQ(g.shape(), tf::TensorShape({4, 5}));
  EXPECT_EQ(g.numpy<std::int32_t>(), (V{0, 0, 0, 0, 0, 1, 0, 2, 0, 3, 4, 0, 5, 0, 6, 0, 0, 0, 0, 0}));
  // v[::-1]
  tf::Tensor r = strided_slice_grad(ints({3}), ints({0}), ints({0}), ints({-1}), tf::constant({1.0f, 2.0f, 3.0f}),
                                    {.begin_mask = 1, .end_mask = 1});
  EXPECT_EQ(r.numpy<float>(), (std::vector<float>{3, 2, 1}));
  // t[-1, 2]: a scalar dy.
  tf::Tensor s = strided_slice_grad(ints({2, 3}), ints({-1, 2}), ints({0, 0}), ints({1, 1}), tf::constant(7.0),
                                    {.shrink_axis_mask = 3});
  EXPECT_EQ(s.numpy<double>(), (std::vector<double>{0, 0, 0, 0, 0, 7}));
  tf::Tensor str = strided_slice_grad(ints({3}), ints({1}), ints({2}), ints({1}), tf::constant(std::vector<std::string>{"x"}), {});
  EXPECT_EQ(str.numpy<std::string>(), (std::vector<std::string>{"", "x", ""}));
}

TEST(StridedSliceGrad, RoundTripOnALargeTensor) {
  tf::Tensor x = iota({300, 200});
  const tf::StridedSliceOptions o{.end_mask = 2};
  tf::Tensor y = tf::strided_slice(x, {5, 3}, {-7, 0}, {3, 4}, o);
  tf::Tensor g = strided_slice_grad(ints({300, 200}), ints({5, 3}), ints({-7, 0}), ints({3, 4}), y, o);
  const auto gv = g.numpy<std::int32_t>();
  for (std::int64_t i = 0; i < 300; ++i)
    for (std::int64_t j = 0; j < 200; ++j) {
      const bool picked = i >= 5 && i < 293 && (i - 5) % 3 == 0 && j >= 3 && (j - 3) % 4 == 0;
      ASSERT_EQ(gv[i * 200 + j], picked ? i * 200 + j : 0) << i << "," << j;
    }
}

TEST(StridedSliceGrad, Errors) {
  expect_invalid([] { strided_slice_grad(ints({4}), ints({0}), ints({2}), ints({1}), tf::zeros({3}), {}); },
                 {"[StridedSliceGrad]", "dy has shape [3]", "[2]"});
  expect_invalid([] { strided_slice_grad(ints({4}), ints({0}), ints({2}), ints({0}), tf::zeros({2}), {}); },
                 {"[StridedSliceGrad]", "non-zero"});
}

TEST(MirrorPadGrad, SumsMirroredElements) {
  tf::Tensor reflect = mirror_pad_grad(tf::constant({1, 2, 3, 4, 5, 6, 7}), tf::constant({{2, 2}}), "REFLECT");
  EXPECT_EQ(reflect.numpy<std::int32_t>(), (V{10, 12, 6}));
  tf::Tensor symmetric = mirror_pad_grad(tf::constant({1.0, 2.0, 3.0, 4.0, 5.0}), tf::constant({{1, 1}}), "SYMMETRIC");
  EXPECT_EQ(symmetric.numpy<double>(), (std::vector<double>{3, 3, 9}));
  tf::Tensor rows = mirror_pad_grad(tf::ones({4, 5}), tf::constant({{1, 1}, {1, 1}}), "REFLECT");
  EXPECT_EQ(rows.shape(), tf::TensorShape({2, 3}));
  EXPECT_EQ(rows.numpy<float>(), (std::vector<float>{2, 6, 2, 2, 6, 2}));
  expect_invalid([] { mirror_pad_grad(tf::zeros({3}), tf::constant({{2, 1}}), "REFLECT"); }, {"[MirrorPadGrad]", "do not fit"});
  expect_invalid([] { mirror_pad_grad(tf::zeros({3}), tf::constant({{0, 0}}), "WRAP"); }, {"[MirrorPadGrad]", "WRAP"});
}

}  // namespace
