// tf::sets: the set operations of dense and sparse inputs and SetSize, with values as TensorFlow
// 2.21's tf.sets computes them, and TensorFlow's checks.
#include <gtest/gtest.h>

#include <tfpp/set_ops.h>
#include <tfpp/sparse_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::SparseTensor;
using tf::Tensor;
using tf::testing::error_of;

const Tensor kA = tf::constant({{1, 2, 2, 3}, {4, 5, 0, 0}});
const Tensor kB = tf::constant({{2, 3, 9, 9}, {5, 6, 7, 0}});

void expect_sparse(const SparseTensor& sp, const std::vector<std::int64_t>& indices, const std::vector<std::int32_t>& values,
                   const std::vector<std::int64_t>& shape) {
  EXPECT_EQ(sp.indices.numpy<std::int64_t>(), indices);
  EXPECT_EQ(sp.values.numpy<std::int32_t>(), values);
  EXPECT_EQ(sp.dense_shape.numpy<std::int64_t>(), shape);
}

TEST(SetOps, DenseSets) {
  expect_sparse(tf::sets::intersection(kA, kB), {0, 0, 0, 1, 1, 0, 1, 1}, {2, 3, 0, 5}, {2, 2});
  expect_sparse(tf::sets::set_union(kA, kB), {0, 0, 0, 1, 0, 2, 0, 3, 1, 0, 1, 1, 1, 2, 1, 3, 1, 4},
                {1, 2, 3, 9, 0, 4, 5, 6, 7}, {2, 5});
  expect_sparse(tf::sets::difference(kA, kB), {0, 0, 1, 0}, {1, 4}, {2, 1});
  expect_sparse(tf::sets::difference(kA, kB, false), {0, 0, 1, 0, 1, 1}, {9, 6, 7}, {2, 2});
}

TEST(SetOps, SparseSetsCountOnlyTheirValues) {
  const SparseTensor b = tf::sparse::from_dense(kB);
  expect_sparse(tf::sets::intersection(kA, b), {0, 0, 0, 1, 1, 0}, {2, 3, 5}, {2, 2});
  expect_sparse(tf::sets::difference(b, tf::sparse::from_dense(kA)), {0, 0, 1, 0, 1, 1}, {9, 6, 7}, {2, 2});
  EXPECT_EQ(tf::sets::size(b).numpy<std::int32_t>(), (std::vector<std::int32_t>{3, 3}));
  const SparseTensor words = tf::sparse::from_dense(tf::constant(std::vector<std::string>{"a", "b", "c", ""}, {2, 2}));
  EXPECT_EQ(tf::sets::size(words).numpy<std::int32_t>(), (std::vector<std::int32_t>{2, 1}));
}

TEST(SetOps, ChecksAsTensorFlow) {
  EXPECT_EQ(error_of([] { tf::sets::set_union(tf::constant({1, 2}), tf::constant({1, 2})); }),
            "[DenseToDenseSetOperation] Shape [2] has rank 1 < 2");
  EXPECT_EQ(error_of([] { tf::sets::set_union(kA, tf::constant({{1, 2}})); }),
            "[DenseToDenseSetOperation] Mismatched shapes [2] vs [1]");
  EXPECT_NE(error_of([] { tf::sets::set_union(tf::constant({{1.0f}}), tf::constant({{1.0f}})); }), "no error");
  const SparseTensor unordered{tf::constant(std::vector<std::int64_t>{0, 1, 0, 0}, {2, 2}), tf::constant({1, 2}),
                               tf::constant(std::vector<std::int64_t>{2, 2}, {2})};
  EXPECT_EQ(error_of([&] { tf::sets::size(unordered); }),
            "[SetSize] indices[1] = [0,0] is out of order. Many sparse ops require sorted indices.\n"
            "    Use `tf.sparse.reorder` to create a correctly ordered copy.\n\n");
  EXPECT_EQ(tf::sets::size(unordered, {.validate_indices = false}).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{2, 0}));
}

TEST(SetOps, Traced) {
  auto f = tf::function([](Tensor a, Tensor b) {
    const SparseTensor u = tf::sets::set_union(a, b);
    return std::vector<Tensor>{u.values, tf::sets::size(u)};
  });
  const std::vector<Tensor> out = f(kA, kB);
  EXPECT_EQ(out[0].numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 2, 3, 9, 0, 4, 5, 6, 7}));
  EXPECT_EQ(out[1].numpy<std::int32_t>(), (std::vector<std::int32_t>{4, 5}));
}

}  // namespace
