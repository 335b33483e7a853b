// DeserializeRagged: one serialized RaggedTensor (or dense tensor) back, stacks of them joined under
// new ragged dimensions (int32 and int64 splits, inner dims, strings), inside tf::function, and bad
// input.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "error_of.h"
#include "ops/execute.h"

namespace {

using tf::testing::error_of;

// A RaggedTensor serialized as tf.data carries it: [flat_values, row_splits...] as TensorProtos.
tf::Tensor serialized(const std::vector<tf::Tensor>& components) {
  std::vector<tf::Tensor> parts;
  for (const tf::Tensor& c : components) parts.push_back(tf::io::serialize_tensor(c));
  return tf::stack(parts);
}

tf::ops::Outputs deserialize(const tf::Tensor& input, tf::DType dtype, tf::DType splits_dtype,
                             std::int64_t batch_levels, std::int64_t ragged_rank) {
  const std::array<tf::ops::AttrValue, 4> attrs{dtype, splits_dtype, batch_levels, ragged_rank};
  return tf::ops::execute(*tf::ops::find_op("DeserializeRagged"), {input}, attrs);
}

std::vector<std::int64_t> i64(std::vector<std::int64_t> v) { return v; }

TEST(DeserializeRagged, GivesBackOneRaggedTensorOrTensor) {
  tf::Tensor one = serialized({tf::constant({1.0f, 2.0f, 3.0f}), tf::constant(i64({0, 2, 2, 3}))});
  tf::ops::Outputs out = deserialize(one, tf::float32, tf::int64, 0, 1);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].numpy<std::int64_t>(), i64({0, 2, 2, 3}));
  EXPECT_EQ(out[1].numpy<float>(), (std::vector<float>{1.0f, 2.0f, 3.0f}));
  tf::Tensor row = serialized({tf::constant(std::vector<std::int32_t>{4, 5}, {1, 2})});
  tf::ops::Outputs dense = deserialize(row, tf::int32, tf::int64, 0, 0);
  ASSERT_EQ(dense.size(), 1u);
  EXPECT_EQ(dense[0].shape(), tf::TensorShape({1, 2}));
}

TEST(DeserializeRagged, JoinsAStackUnderNewRaggedDimensions) {
  // Two elements of ragged_rank 1 with int32 splits: [[a, b], []] and [[c]].
  tf::Tensor a = serialized({tf::constant(std::vector<std::string>{"a", "b"}), tf::constant({0, 2, 2})});
  tf::Tensor b = serialized({tf::constant(std::vector<std::string>{"c"}), tf::constant({0, 1})});
  tf::ops::Outputs out = deserialize(tf::stack({a, b}), tf::string, tf::int32, 1, 1);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 2, 3}));
  EXPECT_EQ(out[1].numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 2, 2, 3}));
  EXPECT_EQ(out[2].numpy<std::string>(), (std::vector<std::string>{"a", "b", "c"}));
  // A [2, 2] stack of dense rows with an inner dim: the batch dims become uniform ragged ones.
  tf::Tensor row = serialized({tf::constant(std::vector<std::int32_t>{1, 2, 3, 4}, {2, 2})});
  tf::Tensor short_row = serialized({tf::constant(std::vector<std::int32_t>{5, 6}, {1, 2})});
  tf::ops::Outputs joined = deserialize(tf::reshape(tf::stack({row, short_row, short_row, row}), {2, 2, 1}),
                                        tf::int32, tf::int64, 2, 0);
  ASSERT_EQ(joined.size(), 3u);
  EXPECT_EQ(joined[0].numpy<std::int64_t>(), i64({0, 2, 4}));
  EXPECT_EQ(joined[1].numpy<std::int64_t>(), i64({0, 2, 3, 4, 6}));
  EXPECT_EQ(joined[2].shape(), tf::TensorShape({6, 2}));
}

TEST(DeserializeRagged, RunsInsideAFunctionWithShapesKnownAtRunTime) {
  auto f = tf::function([](tf::Tensor s) {
    tf::ops::Outputs out = deserialize(s, tf::int64, tf::int64, 1, 0);
    EXPECT_TRUE(out[1].shape().has_unknown_rank());
    return out[0];
  });
  tf::Tensor one = serialized({tf::constant(i64({7, 8, 9}))});
  EXPECT_EQ(f(tf::stack({one, one})).numpy<std::int64_t>(), i64({0, 3, 6}));
}

TEST(DeserializeRagged, RejectsBadInput) {
  tf::Tensor one = serialized({tf::constant({1.0f}), tf::constant(i64({0, 1}))});
  EXPECT_NE(error_of([&] { deserialize(one, tf::float32, tf::int64, 1, 1); }).find("[DeserializeRagged] expected "
                                                                                   "serialized components of shape"),
            std::string::npos);
  EXPECT_NE(error_of([&] { deserialize(one, tf::int32, tf::int64, 0, 1); }).find("Expected a int32 component"),
            std::string::npos);
  EXPECT_NE(error_of([&] { deserialize(one, tf::float32, tf::float32, 0, 1); }).find("splits_dtype must be int32"),
            std::string::npos);
  const tf::Tensor garbage = tf::constant(std::vector<std::string>{"x", "y"});
  EXPECT_NE(error_of([&] { deserialize(garbage, tf::float32, tf::int64, 0, 1); })
                .find("Could not parse the serialized component of RaggedTensor 0"),
            std::string::npos);
  tf::Tensor wide = serialized({tf::constant(std::vector<float>{1.0f, 2.0f}, {1, 2}), tf::constant(i64({0, 1}))});
  EXPECT_NE(error_of([&] { deserialize(tf::stack({one, wide}), tf::float32, tf::int64, 1, 1); })
                .find("different inner shapes"),
            std::string::npos);
  EXPECT_NE(error_of([&] { deserialize(tf::constant(1.0f), tf::float32, tf::int64, 0, 0); }).find("expected string"),
            std::string::npos);
  // Inside a function the input's rank is known only when it runs.
  auto f = tf::function([](tf::Tensor s) { return deserialize(s, tf::float32, tf::int64, 1, 1)[0]; });
  EXPECT_NE(error_of([&] { f(tf::reshape(one, tf::Tensor(tf::constant(std::vector<std::int64_t>{1, 1, 2})))); })
                .find("expected serialized components of shape"),
            std::string::npos);
}

}  // namespace
