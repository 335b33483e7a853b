// tf::sparse::cross and cross_hashed (SparseCrossV2, SparseCross), with values as TensorFlow
// 2.21's tf.sparse.cross / cross_hashed compute them (the hashes pin FingerprintCat64).
#include <gtest/gtest.h>

#include <tfpp/sparse_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::SparseTensor;
using tf::Tensor;
using tf::testing::error_of;

const Tensor kLetters = tf::constant(std::vector<std::string>{"x", "y"}, {2, 1});

SparseTensor words() {
  return tf::sparse::from_dense(tf::constant(std::vector<std::string>{"a", "b", "c", ""}, {2, 2}));
}

TEST(SparseCross, JoinsEveryCombinationPerRow) {
  const SparseTensor crossed = tf::sparse::cross({words()}, {kLetters});
  EXPECT_EQ(crossed.indices.numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 0, 0, 1, 1, 0}));
  EXPECT_EQ(crossed.values.numpy<std::string>(), (std::vector<std::string>{"a_X_x", "b_X_x", "c_X_y"}));
  EXPECT_EQ(crossed.dense_shape.numpy<std::int64_t>(), (std::vector<std::int64_t>{2, 2}));
  const SparseTensor numbers = tf::sparse::from_dense(tf::constant({{1, 2}, {3, 0}}));
  EXPECT_EQ(tf::sparse::cross({numbers}, {kLetters}, "-").values.numpy<std::string>(),
            (std::vector<std::string>{"1-x", "2-x", "3-y"}));
  EXPECT_NE(error_of([&] { tf::sparse::cross({words()}, {tf::constant(std::vector<std::string>{"x"}, {1, 1})}); }),
            "no error");
}

TEST(SparseCross, HashesAsTensorFlow) {
  EXPECT_EQ(tf::sparse::cross_hashed({words()}, {kLetters}, 1000).values.numpy<std::int64_t>(),
            (std::vector<std::int64_t>{892, 4, 360}));
  const SparseTensor numbers = tf::sparse::from_dense(tf::constant({{1, 2}, {3, 0}}));
  EXPECT_EQ(tf::sparse::cross_hashed({numbers}, {kLetters}).values.numpy<std::int64_t>(),
            (std::vector<std::int64_t>{854275097015501859, 508490610932277762, 7264420386008829588}));
  const Tensor ab = tf::constant(std::vector<std::string>{"a", "b"}, {1, 2});
  const Tensor xy = tf::constant(std::vector<std::string>{"x", "y"}, {1, 2});
  EXPECT_EQ(tf::sparse::cross_hashed({}, {ab, xy}, 100, 7).values.numpy<std::int64_t>(),
            (std::vector<std::int64_t>{8, 37, 15, 13}));
  EXPECT_EQ(tf::sparse::cross_hashed({}, {tf::constant({{5, 6}}), tf::constant({{7}})}, 50).values.numpy<std::int64_t>(),
            (std::vector<std::int64_t>{29, 7}));
}

}  // namespace
