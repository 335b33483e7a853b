// DynamicPartition and DynamicStitch: values, shapes, errors, graph mode, and their gradients
// against central finite differences (float64).
#include <gtest/gtest.h>

#include <tfpp/partition_ops.h>
#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"
#include "ops/nn/nn_test_util.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;
using tf::testing::inferred_shape;
using tf::testing::symbolic;
using Floats = std::vector<float>;
using Ints = std::vector<std::int32_t>;

Tensor ints(Ints values, tf::TensorShape shape) { return tf::constant(values, shape); }

TEST(DynamicPartition, SplitsRowsInOrder) {
  const Tensor data = tf::constant(Floats{1, 2, 3, 4, 5, 6, 7, 8}, {4, 2});
  const std::vector<Tensor> parts = tf::dynamic_partition(data, tf::constant(Ints{1, 0, 1, 2}), 3);
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[0].shape(), tf::TensorShape({1, 2}));
  EXPECT_EQ(parts[0].numpy<float>(), (Floats{3, 4}));
  EXPECT_EQ(parts[1].numpy<float>(), (Floats{1, 2, 5, 6}));
  EXPECT_EQ(parts[2].numpy<float>(), (Floats{7, 8}));
  // Partitions covering two dimensions: the rows are single elements.
  const auto elements = tf::dynamic_partition(ints({1, 2, 3, 4}, {2, 2}), ints({0, 1, 1, 0}, {2, 2}), 2);
  EXPECT_EQ(elements[0].numpy<std::int32_t>(), (Ints{1, 4}));
  EXPECT_EQ(elements[1].numpy<std::int32_t>(), (Ints{2, 3}));
  // Strings, a scalar partition, and an empty partition.
  const auto words = tf::dynamic_partition(tf::constant({"a", "b", "c"}), tf::constant(Ints{1, 0, 1}), 2);
  EXPECT_EQ(words[1].numpy<std::string>(), (std::vector<std::string>{"a", "c"}));
  const auto scalar = tf::dynamic_partition(tf::constant(5.0f), tf::constant(1), 2);
  EXPECT_EQ(scalar[0].shape(), tf::TensorShape({0}));
  EXPECT_EQ(scalar[1].numpy<float>(), (Floats{5}));
}

TEST(DynamicPartition, Errors) {
  EXPECT_EQ(error_of([] { tf::dynamic_partition(tf::ones({2, 2}), ints({0, 1, 3, 0}, {2, 2}), 2); }),
            "[DynamicPartition] partitions[1,0] = 3 is not in [0, 2)");
  EXPECT_EQ(error_of([] { tf::dynamic_partition(tf::ones({2}), tf::constant(Ints{0, 1, 1}), 2); }),
            "[DynamicPartition] data.shape must start with partitions.shape, got data.shape = [2], partitions.shape = [3]");
  EXPECT_EQ(error_of([] { tf::dynamic_partition(tf::ones({2}), tf::constant(Ints{0, 0}), 0); }),
            "[DynamicPartition] Value for attr 'num_partitions' of 0 must be at least minimum 1");
  EXPECT_EQ(error_of([] { tf::dynamic_partition(tf::ones({2}), tf::constant(std::vector<std::int64_t>{0, 0}), 1); }),
            "[DynamicPartition] partitions must be int32, got int64");
}

TEST(DynamicStitch, InterleavesRowsLaterWinning) {
  const Tensor merged = tf::dynamic_stitch({tf::constant(Ints{0, 3}), tf::constant(Ints{1, 3})},
                                           {tf::constant(Floats{1, 2}), tf::constant(Floats{3, 4})});
  EXPECT_EQ(merged.numpy<float>(), (Floats{1, 3, 0, 4}));  // row 2 is named by no index: zeros
  const Tensor rows = tf::dynamic_stitch({tf::constant(Ints{2, 0}), ints({1}, {1, 1})},
                                         {ints({1, 1, 2, 2}, {2, 2}), ints({3, 3}, {1, 1, 2})});
  EXPECT_EQ(rows.shape(), tf::TensorShape({3, 2}));
  EXPECT_EQ(rows.numpy<std::int32_t>(), (Ints{2, 2, 3, 3, 1, 1}));
  EXPECT_EQ(tf::dynamic_stitch({tf::constant(Ints{2})}, {tf::constant({"a"})}).numpy<std::string>(),
            (std::vector<std::string>{"", "", "a"}));
}

TEST(DynamicStitch, Errors) {
  EXPECT_EQ(error_of([] { tf::dynamic_stitch({tf::constant(Ints{0, -1})}, {tf::constant(Floats{1, 2})}); }),
            "[DynamicStitch] indices[1] is out of range");
  EXPECT_EQ(error_of([] { tf::dynamic_stitch({tf::constant(Ints{0, 1})}, {tf::constant(Floats{1, 2, 3})}); }),
            "[DynamicStitch] data[0].shape = [3] does not start with indices[0].shape = [2]");
  EXPECT_EQ(error_of([] {
              tf::dynamic_stitch({tf::constant(Ints{0}), tf::constant(Ints{1})}, {tf::constant(Floats{1}), tf::constant(Ints{2})});
            }),
            "[DynamicStitch] data[1] has dtype int32, data[0] float32");
  EXPECT_EQ(error_of([] { tf::dynamic_stitch({}, {}); }),
            "[DynamicStitch] needs as many indices as data tensors, at least one; got 0 and 0");
}

TEST(PartitionStitch, Shapes) {
  EXPECT_EQ(inferred_shape("DynamicPartition", {symbolic(tf::float32, {tf::None, 3, 2}), symbolic(tf::int32, {tf::None, 3})},
                           {std::int64_t{2}}),
            tf::TensorShape({tf::None, 2}));
  EXPECT_EQ(inferred_shape("DynamicStitch", {symbolic(tf::int32, {tf::None}), symbolic(tf::float32, {tf::None, 4})}, {}),
            tf::TensorShape({tf::None, 4}));
}

TEST(PartitionStitch, RoundTripInsideAFunction) {
  auto round_trip = tf::function([](Tensor x, Tensor which) {
    const auto parts = tf::dynamic_partition(x, which, 2);
    const auto positions = tf::dynamic_partition(tf::range(0, 5), which, 2);
    return tf::dynamic_stitch(positions, {parts[0] * 2.0f, parts[1] + 1.0f});
  });
  EXPECT_EQ(round_trip(tf::constant(Floats{1, 2, 3, 4, 5}), tf::constant(Ints{0, 1, 0, 1, 1})).numpy<float>(),
            (Floats{2, 3, 6, 5, 6}));
}

TEST(PartitionStitch, GradientsMatchFiniteDifferences) {
  const Tensor which = tf::constant(Ints{1, 0, 2, 1});
  const tf::testing::TensorFn partition = [which](const std::vector<Tensor>& x) {
    const auto parts = tf::dynamic_partition(x[0], which, 3);
    return tf::concat({parts[0] * parts[0], parts[1] * 3.0, tf::sin(parts[2])}, 0);
  };
  EXPECT_LT(tf::testing::max_gradient_error(partition, {tf::testing::random_tensor({4, 2}, 1)}), 1e-6);
  const tf::testing::TensorFn stitch = [](const std::vector<Tensor>& x) {
    const Tensor merged = tf::dynamic_stitch({tf::constant(Ints{0, 3}), tf::constant(Ints{2, 1})}, {x[0], x[1] * x[1]});
    return merged * tf::constant(std::vector<double>{1, 2, 3, 4}, {4, 1});
  };
  EXPECT_LT(tf::testing::max_gradient_error(stitch, {tf::testing::random_tensor({2, 2}, 2),
                                                     tf::testing::random_tensor({2, 2}, 3)}), 1e-6);
}

TEST(PartitionStitch, OverwrittenRowsStillGetGradients) {
  // As TensorFlow's gradient (a gather of the merged gradient), not the true derivative zero.
  const Tensor a = tf::constant(std::vector<double>{1, 2}), b = tf::constant(std::vector<double>{3});
  tf::GradientTape tape({.persistent = true});
  tape.watch(a);
  tape.watch(b);
  const Tensor y = tf::dynamic_stitch({tf::constant(Ints{0, 1}), tf::constant(Ints{1})}, {a, b}) *
                   tf::constant(std::vector<double>{10, 20});
  EXPECT_EQ(tape.gradient(y, a).numpy<double>(), (std::vector<double>{10, 20}));
  EXPECT_EQ(tape.gradient(y, b).numpy<double>(), (std::vector<double>{20}));
}

}  // namespace
