// Fill, SumToShape and EnsureShape, the ops gradients use when shapes are known only at run time: values
// (scalars, empty tensors, every broadcast pattern, a large parallel reduction), static shapes
// on symbolic inputs, and every error.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "error_of.h"
#include "ops/array/gradient_shape_ops.h"
#include "ops/execute.h"
#include "symbolic_tensor.h"

namespace {

using tf::None;
using tf::Tensor;
namespace array_ops = tf::ops::array;
using tf::ops::array::fill;
using tf::ops::array::sum_to_shape;
using tf::testing::error_of;
using tf::testing::symbolic;

Tensor dims(std::vector<std::int32_t> v) { return tf::constant(v); }

std::string inferred(const char* name, std::vector<Tensor> inputs) {
  const auto outputs = tf::ops::infer_outputs(*tf::ops::find_op(name), inputs, {});
  return outputs[0].shape.debug_string();
}

TEST(FillOp, FillsTheRunTimeShape) {
  const Tensor t = fill(dims({2, 3}), tf::constant(1.5));
  EXPECT_EQ(t.dtype(), tf::float64);
  EXPECT_EQ(t.shape(), (tf::TensorShape{2, 3}));
  EXPECT_EQ(t.numpy<double>(), std::vector<double>(6, 1.5));
  EXPECT_EQ(fill(dims({}), tf::constant(7)).numpy<std::int32_t>(), (std::vector<std::int32_t>{7}));
  EXPECT_EQ(fill(dims({}), tf::constant(7)).shape(), tf::TensorShape{});
  EXPECT_EQ(fill(dims({4, 0}), tf::constant(1.0f)).shape(), (tf::TensorShape{4, 0}));
  EXPECT_EQ(fill(tf::constant(std::vector<std::int64_t>{3}), tf::constant(true)).numpy<bool>(),
            (std::vector<bool>{true, true, true}));
}

TEST(FillOp, StaticShapes) {
  EXPECT_EQ(inferred("Fill", {dims({2, 3}), tf::constant(1.0f)}), "[2,3]");
  EXPECT_EQ(inferred("Fill", {symbolic(tf::int32, {3}), tf::constant(1.0f)}), "[?,?,?]");
  EXPECT_EQ(inferred("Fill", {symbolic(tf::int32, {None}), tf::constant(1.0f)}), "<unknown>");
}

TEST(FillOp, Errors) {
  EXPECT_EQ(error_of([] { fill(dims({2}), tf::constant({1.0f, 2.0f})); }), "[Fill] value must be a scalar, got shape [2]");
  EXPECT_EQ(error_of([] { fill(dims({2, -1}), tf::constant(1.0f)); }), "[Fill] dims {2,-1} must be non-negative");
  EXPECT_EQ(error_of([] { fill(tf::constant({2.0f}), tf::constant(1.0f)); }),
            "[Fill] dims must be int32 or int64, got float32 [1]");
  EXPECT_EQ(error_of([] { fill(tf::constant({{2}}), tf::constant(1.0f)); }), "[Fill] dims must have rank 1, got shape [1,1]");
  EXPECT_EQ(error_of([] { fill(dims({1, 1, 1, 1, 1, 1, 1, 1, 1}), tf::constant(1.0f)); }),
            "[Fill] dims {1,1,1,1,1,1,1,1,1} exceeds the maximum rank 8");
}

TEST(SumToShapeOp, SumsTheBroadcastDimensions) {
  const Tensor g = tf::constant({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}});
  EXPECT_EQ(sum_to_shape(g, dims({2, 3})).numpy<double>(), g.numpy<double>());
  EXPECT_EQ(sum_to_shape(g, dims({3})).numpy<double>(), (std::vector<double>{5, 7, 9}));
  EXPECT_EQ(sum_to_shape(g, dims({1, 3})).shape(), (tf::TensorShape{1, 3}));
  EXPECT_EQ(sum_to_shape(g, dims({2, 1})).numpy<double>(), (std::vector<double>{6, 15}));
  EXPECT_EQ(sum_to_shape(g, dims({1})).numpy<double>(), (std::vector<double>{21}));
  EXPECT_EQ(sum_to_shape(g, dims({})).numpy<double>(), (std::vector<double>{21}));
  EXPECT_EQ(sum_to_shape(g, dims({})).shape(), tf::TensorShape{});
  EXPECT_EQ(sum_to_shape(tf::constant({{1, 2}, {3, 4}}), dims({2})).numpy<std::int32_t>(), (std::vector<std::int32_t>{4, 6}));
}

TEST(SumToShapeOp, EmptyAndLarge) {
  EXPECT_EQ(sum_to_shape(tf::zeros({0, 3}), dims({3})).numpy<float>(), (std::vector<float>{0, 0, 0}));
  EXPECT_EQ(sum_to_shape(tf::zeros({4, 0}), dims({1, 0})).shape(), (tf::TensorShape{1, 0}));
  const Tensor big = tf::ones({1000, 300}, tf::float64);  // takes the parallel reduction
  EXPECT_EQ(sum_to_shape(big, dims({300})).numpy<double>(), std::vector<double>(300, 1000.0));
  EXPECT_EQ(sum_to_shape(big, dims({1000, 1})).numpy<double>(), std::vector<double>(1000, 300.0));
}

TEST(SumToShapeOp, StaticShapes) {
  EXPECT_EQ(inferred("SumToShape", {symbolic(tf::float32, {None, 3}), dims({3})}), "[3]");
  EXPECT_EQ(inferred("SumToShape", {symbolic(tf::float32, {None, 3}), symbolic(tf::int32, {2})}), "[?,?]");
}

TEST(SumToShapeOp, Errors) {
  const Tensor g = tf::ones({2, 3});
  EXPECT_EQ(error_of([&] { sum_to_shape(g, dims({2})); }),
            "[SumToShape] shape [2] does not broadcast to the gradient's shape [2,3]");
  EXPECT_EQ(error_of([&] { sum_to_shape(g, dims({1, 2, 3})); }),
            "[SumToShape] cannot sum shape [2,3] to the larger rank of [1,2,3]");
  EXPECT_EQ(error_of([&] { sum_to_shape(g, dims({-1, 3})); }), "[SumToShape] shape {-1,3} must be non-negative");
  EXPECT_EQ(error_of([&] { sum_to_shape(tf::ones({2}, tf::bool_), dims({1})); }),
            "[SumToShape] no kernel for dtype bool");
}

TEST(EnsureShapeOp, SharesTheBufferAndMergesStaticShapes) {
  const Tensor t = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}});
  const Tensor e = array_ops::ensure_shape(t, {None, 2});
  EXPECT_EQ(e.shape(), (tf::TensorShape{2, 2}));
  EXPECT_EQ(e.raw_data(), t.raw_data());
  EXPECT_EQ(array_ops::ensure_shape(tf::constant(1.0f), tf::TensorShape::unknown_rank()).shape(), tf::TensorShape{});
  EXPECT_EQ(tf::ops::infer_outputs(*tf::ops::find_op("EnsureShape"), std::vector<Tensor>{symbolic(tf::float32, {None, None})},
                                   std::vector<tf::ops::AttrValue>{tf::TensorShape{None, 4}})[0].shape.debug_string(),
            "[?,4]");
  EXPECT_EQ(tf::ops::infer_outputs(*tf::ops::find_op("EnsureShape"), std::vector<Tensor>{symbolic(tf::float32, {3, None})},
                                   std::vector<tf::ops::AttrValue>{tf::TensorShape{None, 4}})[0].shape.debug_string(),
            "[3,4]");
}

TEST(EnsureShapeOp, Errors) {
  EXPECT_EQ(error_of([] { array_ops::ensure_shape(tf::ones({3, 5}), {None, 4}); }),
            "[EnsureShape] shape of tensor [3,5] is not compatible with expected shape [?,4]");
  EXPECT_EQ(error_of([] { array_ops::ensure_shape(tf::ones({3}), {3, 1}); }),
            "[EnsureShape] shape of tensor [3] is not compatible with expected shape [3,1]");
  // Checked when the graph runs, too, naming the node as TensorFlow does.
  auto f = tf::function([](Tensor x) { return array_ops::ensure_shape(x, {None, 4}); },
                        {.input_signature = {tf::TensorSpec({None, None}, tf::float32)}});
  EXPECT_EQ(f(tf::ones({2, 4})).shape(), (tf::TensorShape{2, 4}));
  EXPECT_EQ(error_of([&] { f(tf::ones({2, 3})); }),
            "[EnsureShape] shape of tensor [2,3] is not compatible with expected shape [?,4]\n\t [[{{node EnsureShape}}]]");
}

}  // namespace

// zeros_like / ones_like of a tensor whose static shape is partial while tracing: a Fill over its
// run-time shape that keeps the static shape known so far.
TEST(FilledLike, FollowsARunTimeShapeWhileTracing) {
  auto f = tf::function(
      [](Tensor x) {
        const Tensor zeros = tf::zeros_like(x), ones = tf::ones_like(tf::cast(x, tf::int64));
        EXPECT_EQ(zeros.shape(), (tf::TensorShape{None, 3}));
        EXPECT_EQ(ones.dtype(), tf::int64);
        return std::vector<Tensor>{zeros, ones};
      },
      {.input_signature = {tf::TensorSpec({None, 3}, tf::float32)}});
  const std::vector<Tensor> out = f(tf::constant({{1.0f, 2.0f, 3.0f}, {4.0f, 5.0f, 6.0f}}));
  EXPECT_EQ(out[0].shape(), (tf::TensorShape{2, 3}));
  EXPECT_EQ(out[0].numpy<float>(), std::vector<float>(6, 0.0f));
  EXPECT_EQ(out[1].numpy<std::int64_t>(), std::vector<std::int64_t>(6, 1));
  EXPECT_EQ(tf::zeros_like(tf::constant({"a", "b"})).numpy<std::string>(), (std::vector<std::string>{"", ""}));
  EXPECT_EQ(tf::ones_like(tf::constant({true, false})).numpy<bool>(), (std::vector<bool>{true, true}));
}
