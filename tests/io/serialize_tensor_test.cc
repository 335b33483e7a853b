// SerializeTensor and ParseTensor: round trips of every dtype, TensorFlow's bytes, and errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "ops/nn/nn_test_util.h"

namespace {

using tf::testing::error_of;

TEST(SerializeTensor, WritesTensorFlowsBytes) {
  // The bytes TensorFlow 2.21's tf.io.serialize_tensor gives for these tensors.
  EXPECT_EQ(tf::io::serialize_tensor(tf::constant({1.5f, 2.0f})).item<std::string>(),
            std::string("\x08\x01\x12\x04\x12\x02\x08\x02\"\x08\x00\x00\xc0?\x00\x00\x00@", 18));
  EXPECT_EQ(tf::io::serialize_tensor(tf::constant(3)).item<std::string>(), std::string("\x08\x03\x12\x00\"\x04\x03\x00\x00\x00", 10));
  EXPECT_EQ(tf::io::serialize_tensor(tf::constant(std::vector<std::string>{"a", "bc"}, {1, 2})).item<std::string>(),
            std::string("\x08\x07\x12\x08\x12\x02\x08\x01\x12\x02\x08\x02" "B\x01" "aB\x02" "bc", 19));
}

TEST(ParseTensor, RoundTripsEveryDtype) {
  const std::vector<tf::Tensor> tensors = {
      tf::constant(std::vector<float>{1.5f, -0.0f}, {2, 1}), tf::constant(2.5), tf::constant({1, -2}), tf::constant(std::int64_t{1} << 40),
      tf::constant(std::vector<std::uint8_t>{0, 255}), tf::constant({true, false}), tf::constant(std::vector<std::string>{"a", std::string("b\0c", 3)}),
      tf::zeros({0, 3})};
  for (const tf::Tensor& t : tensors) {
    tf::Tensor back = tf::io::parse_tensor(tf::io::serialize_tensor(t), t.dtype());
    EXPECT_EQ(back.dtype(), t.dtype());
    EXPECT_EQ(back.shape(), t.shape());
    EXPECT_EQ(back.to_string(), t.to_string());
  }
}

TEST(ParseTensor, InsideAFunctionTheShapeIsKnownOnlyAtRunTime) {
  auto f = tf::function([](tf::Tensor x) {
    tf::Tensor back = tf::io::parse_tensor(tf::io::serialize_tensor(x), tf::float32);
    EXPECT_TRUE(back.shape().has_unknown_rank());
    return back * 2.0f;
  });
  EXPECT_EQ(f(tf::constant({1.0f, 3.0f})).numpy<float>(), (std::vector<float>{2.0f, 6.0f}));
}

TEST(ParseTensor, Errors) {
  tf::Tensor bytes = tf::io::serialize_tensor(tf::constant({1.5f}));
  EXPECT_EQ(error_of([&] { tf::io::parse_tensor(bytes, tf::int32); }),
            "[ParseTensor] Type mismatch between parsed tensor (float32) and dtype (int32)");
  EXPECT_EQ(error_of([] { tf::io::parse_tensor(tf::constant("garbage\xff"), tf::int32); }),
            "[ParseTensor] Could not parse `serialized` (8 bytes) as TensorProto");
  EXPECT_EQ(error_of([] { tf::io::parse_tensor(tf::constant({""}), tf::int32); }),
            "[ParseTensor] Expected `serialized` to be a scalar, got shape: [1]");
  EXPECT_THROW(tf::io::parse_tensor(tf::constant(1), tf::int32), tf::InvalidArgumentError);
}

}  // namespace
