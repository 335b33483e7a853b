// DeserializeSparse: one serialized SparseTensor back, a stack of them batched (largest dense
// shape, indices prefixed with the batch position), inside tf::function, and bad input.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "error_of.h"
#include "ops/execute.h"

namespace {

using tf::testing::error_of;

// A SparseTensor serialized as tf.data carries it: [indices, values, dense_shape] as TensorProtos.
tf::Tensor serialized(const tf::Tensor& indices, const tf::Tensor& values, const tf::Tensor& dense_shape) {
  return tf::stack({tf::io::serialize_tensor(indices), tf::io::serialize_tensor(values),
                    tf::io::serialize_tensor(dense_shape)});
}

tf::ops::Outputs deserialize(const tf::Tensor& input, tf::DType dtype) {
  const std::array<tf::ops::AttrValue, 1> attrs{dtype};
  return tf::ops::execute(*tf::ops::find_op("DeserializeSparse"), {input}, attrs);
}

TEST(DeserializeSparse, GivesBackOneSparseTensor) {
  tf::Tensor one = serialized(tf::constant(std::vector<std::int64_t>{0, 1, 2, 0}, {2, 2}), tf::constant({5.0f, 6.0f}),
                              tf::constant(std::vector<std::int64_t>{3, 2}));
  tf::ops::Outputs out = deserialize(one, tf::float32);
  EXPECT_EQ(out[0].numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 1, 2, 0}));
  EXPECT_EQ(out[0].shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(out[1].numpy<float>(), (std::vector<float>{5.0f, 6.0f}));
  EXPECT_EQ(out[2].numpy<std::int64_t>(), (std::vector<std::int64_t>{3, 2}));
}

TEST(DeserializeSparse, BatchesAStackUnderTheLargestDenseShape) {
  tf::Tensor a = serialized(tf::constant(std::vector<std::int64_t>{1}, {1, 1}), tf::constant(std::vector<std::string>{"x"}),
                            tf::constant(std::vector<std::int64_t>{2}));
  tf::Tensor b = serialized(tf::constant(std::vector<std::int64_t>{0, 3}, {2, 1}),
                            tf::constant(std::vector<std::string>{"y", "z"}), tf::constant(std::vector<std::int64_t>{4}));
  tf::Tensor empty = serialized(tf::zeros({0, 1}, tf::int64), tf::constant(std::vector<std::string>{}),
                                tf::constant(std::vector<std::int64_t>{0}));
  tf::ops::Outputs out = deserialize(tf::reshape(tf::stack({a, empty, b, a}), {2, 2, 3}), tf::string);
  EXPECT_EQ(out[0].shape(), tf::TensorShape({4, 3}));
  EXPECT_EQ(out[0].numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 0, 1, 1, 0, 0, 1, 0, 3, 1, 1, 1}));
  EXPECT_EQ(out[1].numpy<std::string>(), (std::vector<std::string>{"x", "y", "z", "x"}));
  EXPECT_EQ(out[2].numpy<std::int64_t>(), (std::vector<std::int64_t>{2, 2, 4}));
}

TEST(DeserializeSparse, RunsInsideAFunctionWithShapesKnownAtRunTime) {
  auto f = tf::function([](tf::Tensor s) {
    tf::ops::Outputs out = deserialize(s, tf::int32);
    EXPECT_EQ(out[0].shape(), tf::TensorShape({tf::None, tf::None}));
    return out[2];
  });
  tf::Tensor one = serialized(tf::zeros({0, 2}, tf::int64), tf::constant(std::vector<std::int32_t>{}),
                              tf::constant(std::vector<std::int64_t>{2, 5}));
  EXPECT_EQ(f(tf::stack({one, one})).numpy<std::int64_t>(), (std::vector<std::int64_t>{2, 2, 5}));
}

TEST(DeserializeSparse, RejectsBadInput) {
  tf::Tensor one = serialized(tf::constant(std::vector<std::int64_t>{0}, {1, 1}), tf::constant({1.0f}),
                              tf::constant(std::vector<std::int64_t>{1}));
  EXPECT_NE(error_of([&] { deserialize(tf::constant(std::vector<std::string>{"a", "b"}), tf::float32); })
                .find("[DeserializeSparse] Serialized sparse should have 3 as the last dimension"),
            std::string::npos);
  EXPECT_NE(error_of([&] { deserialize(one, tf::int64); }).find("Requested SparseTensor of type int64 but values has "
                                                                 "type float32"),
            std::string::npos);
  EXPECT_NE(error_of([&] { deserialize(tf::constant(std::vector<std::string>{"x", "y", "z"}), tf::float32); })
                .find("Could not parse the serialized indices"),
            std::string::npos);
  tf::Tensor rank2 = serialized(tf::constant(std::vector<std::int64_t>{0, 0}, {1, 2}), tf::constant({1.0f}),
                                tf::constant(std::vector<std::int64_t>{1, 1}));
  EXPECT_NE(error_of([&] { deserialize(tf::stack({one, rank2}), tf::float32); }).find("Inconsistent rank"),
            std::string::npos);
  tf::Tensor mismatched = serialized(tf::constant(std::vector<std::int64_t>{0, 1}, {2, 1}), tf::constant({1.0f}),
                                     tf::constant(std::vector<std::int64_t>{2}));
  EXPECT_NE(error_of([&] { deserialize(mismatched, tf::float32); }).find("Expected indices [n, rank], values [n]"),
            std::string::npos);
  EXPECT_NE(error_of([&] { deserialize(tf::reshape(tf::constant(std::vector<std::string>{}), {0, 3}), tf::float32); })
                .find("Serialized sparse should have at least 1 serialized tensor, but has a zero dimension [0,3]"),
            std::string::npos);
  EXPECT_NE(error_of([&] { deserialize(tf::constant(1.0f), tf::float32); }).find("expected string"),
            std::string::npos);
}

}  // namespace
