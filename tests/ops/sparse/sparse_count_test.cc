// tf::sparse::bincount (DenseCountSparseOutput / SparseCountSparseOutput), with values as
// TensorFlow 2.21's tf.sparse.bincount computes them.
#include <gtest/gtest.h>

#include <tfpp/sparse_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::SparseTensor;
using tf::Tensor;
using tf::testing::error_of;

std::vector<std::int64_t> ints(const Tensor& t) { return t.numpy<std::int64_t>(); }

TEST(SparseBincount, CountsPerRowWithWeightsAndLimits) {
  const SparseTensor counts = tf::sparse::bincount(tf::constant({1, 1, 3, 0, 5}));
  EXPECT_EQ(ints(counts.indices), (std::vector<std::int64_t>{0, 1, 3, 5}));
  EXPECT_EQ(counts.values.numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 2, 1, 1}));
  EXPECT_EQ(ints(counts.dense_shape), (std::vector<std::int64_t>{6}));
  const Tensor rows = tf::constant({{1, 1, 3}, {0, 5, 5}});
  const SparseTensor weighted = tf::sparse::bincount(
      rows, {.weights = tf::constant({{0.5f, 1.0f, 2.0f}, {1.0f, 1.0f, 1.0f}}), .minlength = 8});
  EXPECT_EQ(ints(weighted.indices), (std::vector<std::int64_t>{0, 1, 0, 3, 1, 0, 1, 5}));
  EXPECT_EQ(weighted.values.numpy<float>(), (std::vector<float>{1.5f, 2, 1, 2}));
  EXPECT_EQ(ints(weighted.dense_shape), (std::vector<std::int64_t>{2, 8}));
  const SparseTensor binary = tf::sparse::bincount(tf::constant({1, 1, 3}), {.maxlength = 2, .binary_output = true});
  EXPECT_EQ(ints(binary.indices), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(ints(binary.dense_shape), (std::vector<std::int64_t>{2}));
  const SparseTensor sparse_rows = tf::sparse::bincount(tf::sparse::from_dense(rows * tf::constant({{1, 0, 1}, {1, 1, 1}})));
  EXPECT_EQ(ints(sparse_rows.indices), (std::vector<std::int64_t>{0, 1, 0, 3, 1, 5}));
  EXPECT_EQ(sparse_rows.values.numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 1, 2}));
  EXPECT_EQ(error_of([] { tf::sparse::bincount(tf::constant({1, -1})); }),
            "[DenseCountSparseOutput] Input values must all be non-negative");
}

}  // namespace
