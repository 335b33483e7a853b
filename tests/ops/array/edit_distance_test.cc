// EditDistance: Levenshtein distances of sparse sequences (strings and ints), normalized or not,
// empty sequences, output shapes, errors and graph mode (values from TensorFlow 2.21).
#include <gtest/gtest.h>

#include <tfpp/edit_distance.h>
#include <tfpp/tfpp.h>

#include <limits>

#include "ops/nn/nn_test_util.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;
using Longs = std::vector<std::int64_t>;

Tensor indices(Longs flat, std::int64_t rank) {
  return tf::constant(flat, {static_cast<std::int64_t>(flat.size()) / rank, rank});
}

TEST(EditDistance, StringsNormalizedAndNot) {
  const tf::SparseSequences hyp{indices({0, 0, 0, 1, 0, 0}, 3), tf::constant({"a", "b"}), tf::constant(Longs{2, 1, 1})};
  const tf::SparseSequences truth{indices({0, 1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 0}, 3), tf::constant({"a", "b", "c", "a"}),
                                  tf::constant(Longs{2, 2, 2})};
  const Tensor normalized = tf::edit_distance(hyp, truth);
  EXPECT_EQ(normalized.shape(), tf::TensorShape({2, 2}));
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(normalized.numpy<float>(), (std::vector<float>{inf, 1.0f, 0.5f, 1.0f}));
  EXPECT_EQ(tf::edit_distance(hyp, truth, {.normalize = false}).numpy<float>(), (std::vector<float>{1, 1, 1, 1}));
}

TEST(EditDistance, IntsAndEmptySequences) {
  const tf::SparseSequences h{indices({0, 0, 0, 1, 0, 2}, 2), tf::constant(std::vector<int>{1, 2, 3}), tf::constant(Longs{1, 3})};
  const tf::SparseSequences t{indices({0, 0, 0, 1}, 2), tf::constant(std::vector<int>{1, 3}), tf::constant(Longs{1, 2})};
  EXPECT_FLOAT_EQ(tf::edit_distance(h, t).item<float>(), 0.5f);
  EXPECT_FLOAT_EQ(tf::edit_distance(t, h).item<float>(), 1.0f / 3);
  const tf::SparseSequences empty{tf::zeros({0, 2}, tf::int64), tf::constant(std::vector<int>{}, {0}), tf::constant(Longs{1, 0})};
  EXPECT_EQ(tf::edit_distance(empty, empty).item<float>(), 0.0f);
  EXPECT_TRUE(std::isinf(tf::edit_distance(h, empty).item<float>()));
}

TEST(EditDistance, ErrorsAndFunctions) {
  const tf::SparseSequences h{indices({0, 0}, 2), tf::constant(std::vector<int>{1}), tf::constant(Longs{1, 1})};
  const tf::SparseSequences rank3{indices({0, 0, 0}, 3), tf::constant(std::vector<int>{1}), tf::constant(Longs{1, 1, 1})};
  EXPECT_EQ(error_of([&] { tf::edit_distance(h, rank3); }),
            "[EditDistance] Expected truth and hypothesis to have matching ranks, but their shapes are: [3] and [2]");
  const tf::SparseSequences floats{indices({0, 0}, 2), tf::constant(std::vector<float>{1}), tf::constant(Longs{1, 1})};
  EXPECT_EQ(error_of([&] { tf::edit_distance(h, floats); }),
            "[EditDistance] hypothesis and truth values must have one dtype, got int32 and float32");
  auto f = tf::function([](Tensor values) {
    return tf::edit_distance({indices({0, 0, 0, 1}, 2), values, tf::constant(Longs{1, 2})},
                             {indices({0, 0}, 2), tf::constant({"x"}), tf::constant(Longs{1, 1})}, {.normalize = false});
  });
  EXPECT_EQ(f(tf::constant({"x", "y"})).numpy<float>(), (std::vector<float>{1.0f}));
}

}  // namespace
