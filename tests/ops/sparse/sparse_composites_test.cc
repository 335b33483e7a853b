// tf::sparse's split (SparseSplit) and composites (transpose, expand_dims, eye, reset_shape,
// to_indicator), with values as TensorFlow 2.21 computes them.
#include <gtest/gtest.h>

#include <tfpp/sparse_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::SparseTensor;
using tf::Tensor;
using tf::testing::error_of;

Tensor int64s(std::vector<std::int64_t> values, const tf::TensorShape& shape) { return tf::constant(values, shape); }

// [[1, 0, -2], [0, 0, 0], [0, 3, 0]]
SparseTensor example() {
  return {int64s({0, 0, 0, 2, 2, 1}, {3, 2}), tf::constant({1.0f, -2.0f, 3.0f}), int64s({3, 3}, {2})};
}

std::vector<std::int64_t> ints(const Tensor& t) { return t.numpy<std::int64_t>(); }

TEST(SparseComposites, SplitGivesTheFirstPiecesOneMore) {
  const std::vector<SparseTensor> pieces = tf::sparse::split(example(), 2, 1);
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(ints(pieces[0].indices), (std::vector<std::int64_t>{0, 0, 2, 1}));
  EXPECT_EQ(pieces[0].values.numpy<float>(), (std::vector<float>{1, 3}));
  EXPECT_EQ(ints(pieces[0].dense_shape), (std::vector<std::int64_t>{3, 2}));
  EXPECT_EQ(ints(pieces[1].indices), (std::vector<std::int64_t>{0, 0}));
  EXPECT_EQ(ints(pieces[1].dense_shape), (std::vector<std::int64_t>{3, 1}));
  EXPECT_EQ(error_of([] { tf::sparse::split(example(), 4, 0); }),
            "[SparseSplit] Split dimension 3 is smaller than the number of splits 4");
}

TEST(SparseComposites, TransposeAndExpandDims) {
  const SparseTensor moved = tf::sparse::transpose(example());
  EXPECT_EQ(ints(moved.indices), (std::vector<std::int64_t>{0, 0, 1, 2, 2, 0}));
  EXPECT_EQ(moved.values.numpy<float>(), (std::vector<float>{1, 3, -2}));
  const SparseTensor last = tf::sparse::expand_dims(example());
  EXPECT_EQ(ints(last.indices), (std::vector<std::int64_t>{0, 0, 0, 0, 2, 0, 2, 1, 0}));
  EXPECT_EQ(ints(last.dense_shape), (std::vector<std::int64_t>{3, 3, 1}));
  const SparseTensor first = tf::sparse::expand_dims(example(), 0);
  EXPECT_EQ(ints(first.indices), (std::vector<std::int64_t>{0, 0, 0, 0, 0, 2, 0, 2, 1}));
  EXPECT_EQ(ints(first.dense_shape), (std::vector<std::int64_t>{1, 3, 3}));
  EXPECT_EQ(error_of([] { tf::sparse::expand_dims(example(), 5); }), "[ExpandDims] axis 5 out of range [-3, 2]");
}

TEST(SparseComposites, EyeResetShapeToIndicator) {
  const SparseTensor eye = tf::sparse::eye(2, 3);
  EXPECT_EQ(ints(eye.indices), (std::vector<std::int64_t>{0, 0, 1, 1}));
  EXPECT_EQ(eye.values.numpy<float>(), (std::vector<float>{1, 1}));
  EXPECT_EQ(ints(eye.dense_shape), (std::vector<std::int64_t>{2, 3}));
  EXPECT_EQ(ints(tf::sparse::reset_shape(example(), int64s({4, 5}, {2})).dense_shape), (std::vector<std::int64_t>{4, 5}));
  EXPECT_NE(error_of([] { tf::sparse::reset_shape(example(), int64s({2, 2}, {2})); }), "no error");
  const SparseTensor words{int64s({0, 0, 0, 1, 1, 0}, {3, 2}), tf::constant({2, 0, 1}), int64s({2, 3}, {2})};
  EXPECT_EQ(tf::sparse::to_indicator(words, 4).numpy<bool>(),
            (std::vector<bool>{true, false, true, false, false, true, false, false}));
}

TEST(SparseComposites, MapValuesKeepsTheIndices) {
  const SparseTensor doubled = tf::sparse::map_values([](const Tensor& v) { return v * 2.0f; }, example());
  EXPECT_EQ(doubled.values.numpy<float>(), (std::vector<float>{2, -4, 6}));
  EXPECT_EQ(ints(doubled.indices), ints(example().indices));
}

TEST(SparseComposites, TracedSplit) {
  auto f = tf::function([](Tensor indices, Tensor values, Tensor shape) {
    std::vector<Tensor> out;
    for (const SparseTensor& piece : tf::sparse::split({indices, values, shape}, 2, 0)) out.push_back(piece.values);
    return out;
  });
  const SparseTensor sp = example();
  const std::vector<Tensor> out = f(sp.indices, sp.values, sp.dense_shape);
  EXPECT_EQ(out[0].numpy<float>(), (std::vector<float>{1, -2}));
  EXPECT_EQ(out[1].numpy<float>(), (std::vector<float>{3}));
}

}  // namespace
