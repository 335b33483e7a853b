// broadcast_to, broadcast_dynamic_shape, meshgrid, roll, reverse_sequence, repeat and
// sequence_mask: values (from TensorFlow 2.21), error paths, and static shapes when traced.
#include <gtest/gtest.h>

#include <tfpp/broadcast_ops.h>
#include <tfpp/sequence_ops.h>
#include <tfpp/tfpp.h>

#include "array_test_util.h"

namespace {

using tf::testing::expect_invalid;
using tf::testing::iota;
using V = std::vector<std::int32_t>;

TEST(BroadcastTo, RepeatsAlongStretchedAndNewDimensions) {
  const tf::Tensor b = tf::broadcast_to(tf::constant({1, 2, 3}), {2, 3});
  EXPECT_EQ(b.shape(), tf::TensorShape({2, 3}));
  EXPECT_EQ(b.numpy<std::int32_t>(), (V{1, 2, 3, 1, 2, 3}));
  EXPECT_EQ(tf::broadcast_to(iota({2, 1}), {2, 2, 3}).numpy<std::int32_t>(), (V{0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(tf::broadcast_to(tf::constant("a"), {2}).numpy<std::string>(), (std::vector<std::string>{"a", "a"}));
  EXPECT_EQ(tf::broadcast_to(iota({0, 1}), {0, 4}).shape(), tf::TensorShape({0, 4}));
}

TEST(BroadcastTo, IncompatibleShapesRaise) {
  expect_invalid([] { tf::broadcast_to(tf::constant({1, 2, 3}), {2, 2}); }, {"[BroadcastTo]", "Incompatible shapes: [3] vs. [2,2]"});
  expect_invalid([] { tf::broadcast_to(iota({2, 1}), {3}); }, {"[BroadcastTo]", "Rank of input (2)"});
  expect_invalid([] { tf::broadcast_to(iota({2}), {-1, 2}); }, {"[BroadcastTo]", "non-negative"});
}

TEST(BroadcastStaticShape, CombinesStaticShapesKeepingUnknownDims) {
  EXPECT_EQ(tf::broadcast_static_shape(tf::TensorShape{tf::None, 1}, tf::TensorShape{3}),
            (tf::TensorShape{tf::None, 3}));
  EXPECT_EQ(tf::broadcast_static_shape(tf::TensorShape{2, 1}, tf::TensorShape{4}), (tf::TensorShape{2, 4}));
  EXPECT_TRUE(tf::broadcast_static_shape(tf::TensorShape::unknown_rank(), tf::TensorShape{3}).has_unknown_rank());
  EXPECT_THROW(tf::broadcast_static_shape(tf::TensorShape{2}, tf::TensorShape{3}), tf::InvalidArgumentError);
}

TEST(BroadcastDynamicShape, CombinesShapeVectors) {
  EXPECT_EQ(tf::broadcast_dynamic_shape(tf::constant({2, 1}), tf::constant({3, 1, 4})).numpy<std::int32_t>(), (V{3, 2, 4}));
  expect_invalid([] { tf::broadcast_dynamic_shape(tf::constant({2}), tf::constant({3})); }, {"[BroadcastArgs]", "Incompatible"});
}

TEST(Meshgrid, XyAndIjIndexing) {
  const auto xy = tf::meshgrid({tf::constant({1, 2, 3}), tf::constant({4, 5})});
  EXPECT_EQ(xy[0].shape(), tf::TensorShape({2, 3}));
  EXPECT_EQ(xy[0].numpy<std::int32_t>(), (V{1, 2, 3, 1, 2, 3}));
  EXPECT_EQ(xy[1].numpy<std::int32_t>(), (V{4, 4, 4, 5, 5, 5}));
  const auto ij = tf::meshgrid({tf::constant({1, 2, 3}), tf::constant({4, 5})}, "ij");
  EXPECT_EQ(ij[0].shape(), tf::TensorShape({3, 2}));
  EXPECT_EQ(ij[1].numpy<std::int32_t>(), (V{4, 5, 4, 5, 4, 5}));
  expect_invalid([] { tf::meshgrid({tf::constant({1})}, "yx"); }, {"[meshgrid]", "'xy' or 'ij'"});
}

TEST(Roll, ShiftsAlongAxesWithWrapAround) {
  EXPECT_EQ(tf::roll(tf::constant({1, 2, 3, 4, 5}), 2, 0).numpy<std::int32_t>(), (V{4, 5, 1, 2, 3}));
  EXPECT_EQ(tf::roll(tf::constant({1, 2, 3, 4, 5}), -7, 0).numpy<std::int32_t>(), (V{3, 4, 5, 1, 2}));
  EXPECT_EQ(tf::roll(iota({2, 3}), {1, 1}, {0, 1}).numpy<std::int32_t>(), (V{5, 3, 4, 2, 0, 1}));
  EXPECT_EQ(tf::roll(iota({2, 3}), {1, 1}, {1, -1}).numpy<std::int32_t>(), (V{1, 2, 0, 4, 5, 3}));  // shifts add
  expect_invalid([] { tf::roll(iota({2, 2}), {1, 1}, {0, 2}); }, {"[Roll]", "axis 2 is out of range"});
  expect_invalid([] { tf::roll(iota({2, 2}), {1, 1}, {0}); }, {"[Roll]", "shift and axis must have the same size"});
  expect_invalid([] { tf::roll(tf::constant(5), 1, 0); }, {"[Roll]", "input must be 1-D or higher"});
}

TEST(ReverseSequence, ReversesThePrefixOfEachRow) {
  const tf::Tensor x = tf::constant({{1, 2, 3}, {4, 5, 6}});
  EXPECT_EQ(tf::reverse_sequence(x, {2, 3}, 1).numpy<std::int32_t>(), (V{2, 1, 3, 6, 5, 4}));
  EXPECT_EQ(tf::reverse_sequence(x, {0, 1, 2}, 0, 1).numpy<std::int32_t>(), (V{1, 2, 6, 4, 5, 3}));
  expect_invalid([&] { tf::reverse_sequence(x, {2, 4}, 1); }, {"[ReverseSequence]", "seq_lens(1) > input.dims(1)"});
  expect_invalid([&] { tf::reverse_sequence(x, {2, -1}, 1); }, {"[ReverseSequence]", "seq_lens(1) < 0"});
  expect_invalid([&] { tf::reverse_sequence(x, {2, 1, 1}, 1); }, {"[ReverseSequence]", "Length of seq_lengths"});
  expect_invalid([&] { tf::reverse_sequence(x, {2, 1}, 1, 1); }, {"[ReverseSequence]", "batch_dim == seq_dim == 1"});
}

TEST(Repeat, ScalarPerElementAndFlattened) {
  const tf::Tensor x = tf::constant({{1, 2}, {3, 4}});
  EXPECT_EQ(tf::repeat(x, {1, 2}, 0).numpy<std::int32_t>(), (V{1, 2, 3, 4, 3, 4}));
  EXPECT_EQ(tf::repeat(x, {1, 2}, 0).shape(), tf::TensorShape({3, 2}));
  EXPECT_EQ(tf::repeat(x, 2).numpy<std::int32_t>(), (V{1, 1, 2, 2, 3, 3, 4, 4}));
  EXPECT_EQ(tf::repeat(x, 2, -1).shape(), tf::TensorShape({2, 4}));
  EXPECT_EQ(tf::repeat(x, {1, 0}, 1).numpy<std::int32_t>(), (V{1, 3}));
  EXPECT_EQ(tf::repeat(tf::constant(3), 2).numpy<std::int32_t>(), (V{3, 3}));
  expect_invalid([&] { tf::repeat(x, {1, 2, 3}, 0); }, {"Incompatible shapes"});
  expect_invalid([&] { tf::repeat(x, 2, 2); }, {"[repeat]", "axis 2 is out of range"});
}

TEST(SequenceMask, MasksPrefixes) {
  const tf::Tensor m = tf::sequence_mask(tf::constant({1, 3, 2}), tf::constant(5));
  EXPECT_EQ(m.shape(), tf::TensorShape({3, 5}));
  EXPECT_EQ(m.dtype(), tf::bool_);
  EXPECT_EQ(tf::cast(m, tf::int32).numpy<std::int32_t>(), (V{1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0}));
  EXPECT_EQ(tf::sequence_mask(tf::constant({{1, 3}, {2, 0}})).shape(), tf::TensorShape({2, 2, 3}));
  EXPECT_EQ(tf::sequence_mask(tf::constant({1, 2}), std::nullopt, tf::float32).numpy<float>(),
            (std::vector<float>{1, 0, 1, 1}));
  expect_invalid([] { tf::sequence_mask(tf::constant({1}), tf::constant({2, 3})); }, {"[sequence_mask]", "scalar"});
}

TEST(BroadcastSequenceTraced, StaticShapesAndValuesMatchEager) {
  std::vector<tf::TensorShape> shapes;
  auto body = [&](tf::Tensor x) {
    std::vector<tf::Tensor> out{tf::broadcast_to(x, {2, 3, 4}), tf::roll(x, 1, 2), tf::reverse_sequence(x, {2, 4, 1}, 2, 1),
                                tf::repeat(x, 2, 1), tf::sequence_mask(tf::constant({1, 2}), tf::constant(3)),
                                tf::meshgrid({tf::constant({1.0f, 2.0f}), tf::constant({3.0f, 4.0f, 5.0f})})[0]};
    shapes.clear();
    for (const tf::Tensor& t : out) shapes.push_back(t.shape());
    return out;
  };
  auto f = tf::function(body, {.input_signature = {tf::TensorSpec({1, 3, 4}, tf::float32)}});
  const tf::Tensor x = tf::cast(iota({1, 3, 4}), tf::float32);
  const std::vector<tf::Tensor> traced = f(x);
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{2, 3, 4}, {1, 3, 4}, {1, 3, 4}, {1, 6, 4}, {2, 3}, {3, 2}}));
  const std::vector<tf::Tensor> eager = body(x);
  for (std::size_t i = 0; i < eager.size(); ++i) {
    EXPECT_EQ(traced[i].shape(), eager[i].shape()) << i;
    EXPECT_EQ(tf::cast(traced[i], tf::float32).numpy<float>(), tf::cast(eager[i], tf::float32).numpy<float>()) << i;
  }
}

}  // namespace
