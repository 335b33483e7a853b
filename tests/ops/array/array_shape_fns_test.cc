// Shape functions of the array ops on traced-style inputs: partly unknown shapes and symbolic
// index tensors, written in TensorFlow's compact style ("[?,3]").
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "core/tensor_impl.h"
#include "symbolic_tensor.h"
#include "ops/execute.h"

namespace {

using tf::None;
using tf::ops::AttrValue;

using tf::testing::symbolic;

// The inferred output shapes of op `name`, joined by ";".
std::string infer(const char* name, std::vector<tf::Tensor> inputs, std::vector<AttrValue> attrs = {}) {
  const tf::ops::OpDef* op = tf::ops::find_op(name);
  EXPECT_NE(op, nullptr) << name;
  const auto outputs = tf::ops::infer_outputs(*op, inputs, attrs);
  std::string s;
  for (std::size_t i = 0; i < outputs.size(); ++i) s += (i ? ";" : "") + outputs[i].shape.debug_string();
  return s;
}

tf::Tensor ints(std::vector<std::int32_t> v) { return tf::constant(v); }
tf::Tensor f32(const tf::TensorShape& s) { return symbolic(tf::float32, s); }
tf::Tensor i32(const tf::TensorShape& s) { return symbolic(tf::int32, s); }

TEST(ArrayShapeFns, ReshapeSqueezeExpandDims) {
  EXPECT_EQ(infer("Reshape", {f32({None, 3}), ints({-1, 3})}), "[?,3]");
  EXPECT_EQ(infer("Reshape", {f32({None, 3}), ints({2, 3})}), "[2,3]");
  EXPECT_EQ(infer("Reshape", {f32({2, 3}), ints({-1})}), "[6]");
  EXPECT_EQ(infer("Reshape", {f32({2, 3}), i32({3})}), "[?,?,?]");
  EXPECT_EQ(infer("Reshape", {f32(tf::TensorShape::unknown_rank()), ints({2, -1})}), "[2,?]");
  EXPECT_EQ(infer("Squeeze", {f32({1, None, 3})}, {std::vector<std::int64_t>{}}), "<unknown>");
  EXPECT_EQ(infer("Squeeze", {f32({1, None, 3})}, {std::vector<std::int64_t>{0}}), "[?,3]");
  EXPECT_EQ(infer("ExpandDims", {f32({None, 3}), tf::constant(-1)}), "[?,3,1]");
  EXPECT_EQ(infer("ExpandDims", {f32({None, 3}), i32({})}), "[?,?,?]");
  EXPECT_EQ(infer("Shape", {f32({None, 3})}, {tf::int32}), "[2]");
  EXPECT_EQ(infer("Shape", {f32(tf::TensorShape::unknown_rank())}, {tf::int32}), "[?]");
}

TEST(ArrayShapeFns, TransposeConcatPackSplit) {
  EXPECT_EQ(infer("Transpose", {f32({None, 3, 5}), ints({2, 0, 1})}), "[5,?,3]");
  EXPECT_EQ(infer("Transpose", {f32({None, 3, 5}), i32({3})}), "[?,?,?]");
  EXPECT_EQ(infer("ConcatV2", {f32({None, 3}), f32({2, 3}), tf::constant(0)}), "[?,3]");
  EXPECT_EQ(infer("ConcatV2", {f32({2, None}), f32({2, 4}), tf::constant(1)}), "[2,?]");
  EXPECT_EQ(infer("ConcatV2", {f32({2, None}), f32({None, 4}), tf::constant(0)}), "[?,4]");
  EXPECT_EQ(infer("ConcatV2", {f32({2, 3}), f32({4, 3}), i32({})}), "[?,?]");
  EXPECT_EQ(infer("Pack", {f32({None, 3}), f32({2, None})}, {std::int64_t{1}}), "[2,2,3]");
  EXPECT_EQ(infer("Unpack", {f32({2, None})}, {std::int64_t{2}, std::int64_t{0}}), "[?];[?]");
  EXPECT_EQ(infer("Split", {tf::constant(1), f32({None, 6})}, {std::int64_t{3}}), "[?,2];[?,2];[?,2]");
  EXPECT_EQ(infer("SplitV", {f32({None, 6}), ints({1, -1}), tf::constant(1)}, {std::int64_t{2}}), "[?,1];[?,5]");
  EXPECT_EQ(infer("SplitV", {f32({None, 6}), i32({2}), tf::constant(1)}, {std::int64_t{2}}), "[?,?];[?,?]");
}

TEST(ArrayShapeFns, Slicing) {
  EXPECT_EQ(infer("Slice", {f32({None, 5}), ints({0, 1}), ints({-1, 2})}), "[?,2]");
  EXPECT_EQ(infer("Slice", {f32({None, 5}), i32({2}), ints({3, -1})}), "[3,?]");
  const std::vector<AttrValue> masks_t1 = {std::int64_t{2}, std::int64_t{2}, std::int64_t{0}, std::int64_t{0}, std::int64_t{0}};
  EXPECT_EQ(infer("StridedSlice", {f32({None, 5}), ints({1, 0}), ints({-1, 0}), ints({1, 2})}, masks_t1), "[?,3]");
  const std::vector<AttrValue> ellipsis_0 = {std::int64_t{0}, std::int64_t{0}, std::int64_t{1}, std::int64_t{0}, std::int64_t{2}};
  EXPECT_EQ(infer("StridedSlice", {f32({None, 5}), ints({0, 0}), ints({0, 1}), ints({1, 1})}, ellipsis_0), "[?]");
  EXPECT_EQ(infer("StridedSlice", {f32({None, 5}), i32({2}), ints({0, 1}), ints({1, 1})}, ellipsis_0), "<unknown>");
  EXPECT_EQ(infer("ReverseV2", {f32({None, 5}), ints({0})}), "[?,5]");
  EXPECT_EQ(infer("Tile", {f32({None, 3}), ints({2, 2})}), "[?,6]");
  EXPECT_EQ(infer("Pad", {f32({None, 3}), tf::constant({{1, 1}, {0, 2}})}), "[?,5]");
  EXPECT_EQ(infer("MirrorPad", {f32({None, 3}), tf::constant({{1, 1}, {0, 2}})}, {std::string("REFLECT")}), "[?,5]");
}

TEST(ArrayShapeFns, IndexingAndSequences) {
  EXPECT_EQ(infer("GatherV2", {f32({None, 4}), i32({2, 3}), tf::constant(1)}, {std::int64_t{0}}), "[?,2,3]");
  EXPECT_EQ(infer("GatherV2", {f32({None, 4}), i32({None}), tf::constant(0)}, {std::int64_t{0}}), "[?,4]");
  EXPECT_EQ(infer("GatherNd", {f32({None, 4, 5}), i32({7, 2})}), "[7,5]");
  EXPECT_EQ(infer("ScatterNd", {i32({None, 1}), f32({None, 3}), ints({8, 3})}), "[8,3]");
  EXPECT_EQ(infer("ScatterNd", {i32({None, 1}), f32({None, 3}), i32({2})}), "[?,?]");
  EXPECT_EQ(infer("OneHot", {i32({None}), tf::constant(4), tf::constant(1.0f), tf::constant(0.0f)}, {std::int64_t{-1}}),
            "[?,4]");
  EXPECT_EQ(infer("Where", {symbolic(tf::bool_, {None, None})}), "[?,2]");
  EXPECT_EQ(infer("Range", {i32({}), tf::constant(5), tf::constant(1)}), "[?]");
  EXPECT_EQ(infer("LinSpace", {f32({}), f32({}), tf::constant(4)}), "[4]");
}

TEST(ArrayShapeFns, ErrorsStillFireOnPartlyKnownShapes) {
  EXPECT_THROW(infer("ConcatV2", {f32({None, 3}), f32({2, 4}), tf::constant(0)}), tf::InvalidArgumentError);
  EXPECT_THROW(infer("Transpose", {f32({None, 3}), ints({0, 0})}), tf::InvalidArgumentError);
  EXPECT_THROW(infer("Reshape", {f32({None, 3}), ints({-1, -1})}), tf::InvalidArgumentError);
  EXPECT_THROW(infer("GatherV2", {f32({None, 4}), i32({2}), tf::constant(2)}, {std::int64_t{0}}), tf::InvalidArgumentError);
}

}  // namespace
