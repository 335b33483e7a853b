// SpaceToBatchND and BatchToSpaceND: values (TensorFlow's documented examples), padding and
// cropping, shapes, errors, graph mode, and gradients against central finite differences.
#include <gtest/gtest.h>

#include <tfpp/space_batch_ops.h>
#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"
#include "ops/nn/nn_test_util.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;
using tf::testing::inferred_shape;
using tf::testing::symbolic;
using Ints = std::vector<std::int32_t>;

Tensor iota(tf::TensorShape shape) {
  return tf::reshape(tf::range(1, static_cast<int>(shape.num_elements()) + 1), tf::IntArray(std::vector<std::int64_t>(shape.dims().begin(), shape.dims().end())));
}

Tensor no_padding() { return tf::constant({{0, 0}, {0, 0}}); }

TEST(SpaceToBatchND, MovesBlocksIntoTheBatch) {
  // TensorFlow's example: [1, 4, 4, 1] with 2x2 blocks.
  const Tensor out = tf::space_to_batch_nd(iota({1, 4, 4, 1}), {2, 2}, no_padding());
  EXPECT_EQ(out.shape(), tf::TensorShape({4, 2, 2, 1}));
  EXPECT_EQ(out.numpy<std::int32_t>(), (Ints{1, 3, 9, 11, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16}));
  // Padding, a batch of two and channels.
  const Tensor padded = tf::space_to_batch_nd(iota({2, 2, 3, 2}), {2, 2}, tf::constant({{0, 0}, {0, 1}}));
  EXPECT_EQ(padded.shape(), tf::TensorShape({8, 1, 2, 2}));
  EXPECT_EQ(tf::slice(padded, {0, 0, 0, 0}, {2, 1, 2, 2}).numpy<std::int32_t>(), (Ints{1, 2, 5, 6, 13, 14, 17, 18}));
  EXPECT_EQ(tf::slice(padded, {2, 0, 0, 0}, {2, 1, 2, 2}).numpy<std::int32_t>(), (Ints{3, 4, 0, 0, 15, 16, 0, 0}));
  // One spatial dimension with padding on both sides.
  const Tensor line = tf::space_to_batch_nd(iota({1, 4, 1}), {2}, tf::constant({{1, 1}}));
  EXPECT_EQ(line.numpy<std::int32_t>(), (Ints{0, 2, 4, 1, 3, 0}));
}

TEST(BatchToSpaceND, InvertsAndCrops) {
  const Tensor image = iota({2, 3, 4, 2});
  for (const Tensor& pads : {tf::constant({{1, 0}, {0, 0}}), tf::constant({{1, 0}, {0, 2}})}) {
    const Tensor there = tf::space_to_batch_nd(image, {2, 2}, pads);
    EXPECT_EQ(tf::batch_to_space_nd(there, {2, 2}, pads).numpy<std::int32_t>(), image.numpy<std::int32_t>());
  }
  const Tensor words = tf::constant(std::vector<std::string>{"a", "b", "c", "d"}, {4, 1, 1, 1});
  EXPECT_EQ(tf::batch_to_space_nd(words, {2, 2}, no_padding()).numpy<std::string>(),
            (std::vector<std::string>{"a", "b", "c", "d"}));
}

TEST(SpaceBatch, ShapesAndErrors) {
  EXPECT_EQ(inferred_shape("SpaceToBatchND", {symbolic(tf::float32, {tf::None, 4, tf::None, 3}),
                                              tf::constant(Ints{2, 2}), tf::constant({{0, 0}, {1, 1}})}, {}),
            tf::TensorShape({tf::None, 2, tf::None, 3}));
  EXPECT_EQ(inferred_shape("BatchToSpaceND", {symbolic(tf::float32, {8, 2, 2, 1}), tf::constant(Ints{2, 2}),
                                              tf::constant({{0, 1}, {1, 0}})}, {}),
            tf::TensorShape({2, 3, 3, 1}));
  EXPECT_EQ(error_of([] { tf::space_to_batch_nd(tf::ones({1, 3, 3, 1}), {2, 2}, no_padding()); }),
            "[SpaceToBatchND] padded_shape[0]=3 is not divisible by block_shape[0]=2");
  EXPECT_EQ(error_of([] { tf::batch_to_space_nd(tf::ones({3, 1, 1, 1}), {2, 2}, no_padding()); }),
            "[BatchToSpaceND] Input batch dimension (3) is not divisible by product of block sizes (4)");
  EXPECT_EQ(error_of([] { tf::space_to_batch_nd(tf::ones({1, 2, 2, 1}), {2, 0}, no_padding()); }),
            "[SpaceToBatchND] block_shape must be positive, got {2,0}");
  EXPECT_EQ(error_of([] { tf::space_to_batch_nd(tf::ones({1, 2, 2, 1}), {2, 2}, tf::constant({{0, 0}})); }),
            "[SpaceToBatchND] paddings must have shape [2, 2], got 2 values");
  EXPECT_EQ(error_of([] { tf::batch_to_space_nd(tf::ones({4, 1, 1, 1}), {2, 2}, tf::constant({{0, 3}, {0, 0}})); }),
            "[BatchToSpaceND] Negative output dimension size caused by overly large crop values: crops {0,3,0,0} of "
            "dimension 1 of size 2");
}

TEST(SpaceBatch, InsideAFunctionWithAnUnknownBatch) {
  auto f = tf::function([](Tensor x) { return tf::batch_to_space_nd(tf::space_to_batch_nd(x, {2}, tf::constant({{1, 0}})) * 2, {2}, tf::constant({{1, 0}})); },
                        {.input_signature = {tf::TensorSpec({tf::None, 3, 2}, tf::int32)}});
  const Tensor x = iota({3, 3, 2});
  EXPECT_EQ(f(x).numpy<std::int32_t>(), (x * 2).numpy<std::int32_t>());
}

TEST(SpaceBatch, GradientsMatchFiniteDifferences) {
  const Tensor weights = tf::testing::random_tensor({8, 2, 2, 1}, 7);
  const tf::testing::TensorFn to_batch = [weights](const std::vector<Tensor>& x) {
    return tf::space_to_batch_nd(x[0] * x[0], {2, 2}, tf::constant({{1, 0}, {0, 1}})) * weights;
  };
  EXPECT_LT(tf::testing::max_gradient_error(to_batch, {tf::testing::random_tensor({2, 3, 3, 1}, 1)}), 1e-6);
  const tf::testing::TensorFn to_space = [](const std::vector<Tensor>& x) {
    return tf::sin(tf::batch_to_space_nd(x[0], {2, 2}, tf::constant({{1, 0}, {0, 1}})));
  };
  EXPECT_LT(tf::testing::max_gradient_error(to_space, {tf::testing::random_tensor({8, 2, 2, 1}, 2)}), 1e-6);
}

}  // namespace
