#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "array_test_util.h"

namespace {

using tf::testing::expect_invalid;
using tf::testing::iota;
using V = std::vector<std::int32_t>;

TEST(Reshape, InfersOneDimAndSharesTheBuffer) {
  tf::Tensor t = iota({2, 3});
  tf::Tensor r = tf::reshape(t, {3, -1});
  EXPECT_EQ(r.shape(), tf::TensorShape({3, 2}));
  EXPECT_EQ(r.numpy<std::int32_t>(), (V{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(r.raw_data(), t.raw_data());
  EXPECT_EQ(tf::reshape(tf::constant(5.0f), {1, 1}).shape(), tf::TensorShape({1, 1}));
  EXPECT_EQ(tf::reshape(tf::constant({7}), {}).shape(), tf::TensorShape({}));
  EXPECT_EQ(tf::reshape(tf::zeros({0, 4}), {-1, 2}).shape(), tf::TensorShape({0, 2}));
  EXPECT_EQ(tf::reshape(t, tf::constant(std::vector<std::int64_t>{6})).shape(), tf::TensorShape({6}));
  EXPECT_EQ(tf::reshape(t, tf::shape(tf::zeros({1, 6}))).shape(), tf::TensorShape({1, 6}));
  tf::Tensor s = tf::reshape(tf::constant(std::vector<std::string>{"a", "b"}), {2, 1});
  EXPECT_EQ(s.numpy<std::string>(), (std::vector<std::string>{"a", "b"}));
}

TEST(Reshape, Errors) {
  tf::Tensor t = iota({2, 3});
  expect_invalid([&] { tf::reshape(t, {4}); }, {"[Reshape]", "6 values", "[2,3]", "{4}"});
  expect_invalid([&] { tf::reshape(t, {-1, -1}); }, {"[Reshape]", "only one input size may be -1"});
  expect_invalid([&] { tf::reshape(t, {4, -1}); }, {"[Reshape]", "multiple of 4"});
  expect_invalid([&] { tf::reshape(t, {-2, 3}); }, {"[Reshape]", "non-negative"});
  expect_invalid([&] { tf::reshape(tf::zeros({0}), {0, -1}); }, {"[Reshape]", "empty tensor"});
  expect_invalid([&] { tf::reshape(t, tf::constant({2.0f, 3.0f})); }, {"[Reshape]", "int32 or int64", "float32"});
  expect_invalid([&] { tf::reshape(t, tf::constant({{2, 3}})); }, {"[Reshape]", "rank 1"});
}

TEST(Squeeze, AllOrListedDims) {
  tf::Tensor t = iota({1, 2, 1, 3});
  EXPECT_EQ(tf::squeeze(t).shape(), tf::TensorShape({2, 3}));
  EXPECT_EQ(tf::squeeze(t, {2}).shape(), tf::TensorShape({1, 2, 3}));
  EXPECT_EQ(tf::squeeze(t, {-4}).shape(), tf::TensorShape({2, 1, 3}));
  EXPECT_EQ(tf::squeeze(t).raw_data(), t.raw_data());
  expect_invalid([&] { tf::squeeze(t, {1}); }, {"[Squeeze]", "dim[1]", "got 2"});
  expect_invalid([&] { tf::squeeze(t, {4}); }, {"[Squeeze]", "axis 4"});
}

TEST(ExpandDims, InsertsAOne) {
  tf::Tensor t = iota({2, 3});
  EXPECT_EQ(tf::expand_dims(t, 0).shape(), tf::TensorShape({1, 2, 3}));
  EXPECT_EQ(tf::expand_dims(t, -1).shape(), tf::TensorShape({2, 3, 1}));
  EXPECT_EQ(tf::expand_dims(t, 1).shape(), tf::TensorShape({2, 1, 3}));
  EXPECT_EQ(tf::expand_dims(tf::constant(1.0f), 0).shape(), tf::TensorShape({1}));
  expect_invalid([&] { tf::expand_dims(t, 3); }, {"[ExpandDims]", "3", "[2,3]"});
  expect_invalid([&] { tf::expand_dims(t, -4); }, {"[ExpandDims]"});
}

TEST(ShapeSizeRank, Values) {
  tf::Tensor t = tf::zeros({2, 0, 5});
  tf::Tensor s = tf::shape(t);
  EXPECT_EQ(s.dtype(), tf::int32);
  EXPECT_EQ(s.numpy<std::int32_t>(), (V{2, 0, 5}));
  EXPECT_EQ(tf::shape(t, tf::int64).numpy<std::int64_t>(), (std::vector<std::int64_t>{2, 0, 5}));
  EXPECT_EQ(tf::size(t).item<std::int32_t>(), 0);
  EXPECT_EQ(tf::size(iota({3, 4}), tf::int64).item<std::int64_t>(), 12);
  EXPECT_EQ(tf::rank(t).item<std::int32_t>(), 3);
  EXPECT_EQ(tf::shape(tf::constant(1.0)).shape(), tf::TensorShape({0}));
  EXPECT_EQ(tf::rank(tf::constant("s")).item<std::int32_t>(), 0);
  expect_invalid([&] { tf::shape(t, tf::float32); }, {"[Shape]", "out_type"});
}

TEST(Identity, SharesTheValue) {
  tf::Tensor t = tf::constant({true, false});
  tf::Tensor i = tf::identity(t);
  EXPECT_EQ(i.raw_data(), t.raw_data());
  EXPECT_EQ(i.shape(), t.shape());
  EXPECT_EQ(i.dtype(), tf::bool_);
}

}  // namespace
