#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

namespace {

TEST(Tensor, ConstantScalarsHaveTensorFlowDtypes) {
  EXPECT_EQ(tf::constant(5.0f).dtype(), tf::float32);
  EXPECT_EQ(tf::constant(5.0).dtype(), tf::float64);
  EXPECT_EQ(tf::constant(5).dtype(), tf::int32);
  EXPECT_EQ(tf::constant(std::int64_t{5}).dtype(), tf::int64);
  EXPECT_EQ(tf::constant(true).dtype(), tf::bool_);
  EXPECT_EQ(tf::constant("aa").dtype(), tf::string);
  EXPECT_EQ(tf::constant("aa").item<std::string>(), "aa");
  EXPECT_EQ(tf::constant(5.0f).shape(), tf::TensorShape{});
}

TEST(Tensor, NestedListsGiveShapes) {
  tf::Tensor m = tf::constant({{1, 2}, {3, 4}});
  EXPECT_EQ(m.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(m.numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 2, 3, 4}));
  tf::Tensor d = tf::constant(std::vector<double>(6, 1.0), {2, 3});
  EXPECT_EQ(d.shape(), tf::TensorShape({2, 3}));
  EXPECT_THROW(tf::constant({{1, 2}, {3}}), tf::InvalidArgumentError);
  EXPECT_THROW(tf::constant(std::vector<float>(5), {2, 3}), tf::InvalidArgumentError);
}

TEST(Tensor, WrongDtypeAccessThrows) {
  EXPECT_THROW(tf::constant(1.0f).item<double>(), tf::InvalidArgumentError);
  EXPECT_THROW(tf::constant({1.0f, 2.0f}).item<float>(), tf::InvalidArgumentError);
  EXPECT_THROW(tf::Tensor().dtype(), tf::InvalidArgumentError);
}

TEST(Tensor, BoolConversionReadsEagerValue) {
  EXPECT_TRUE(static_cast<bool>(tf::constant(2)));
  EXPECT_FALSE(static_cast<bool>(tf::constant(0.0f)));
  EXPECT_THROW(static_cast<bool>(tf::constant({1, 2})), tf::InvalidArgumentError);
}

TEST(TensorPrint, MatchesTensorFlow) {
  EXPECT_EQ(tf::constant({1.0f, 2.0f}).to_string(), "tf.Tensor([1. 2.], shape=(2,), dtype=float32)");
  EXPECT_EQ(tf::constant(5.0f).to_string(), "tf.Tensor(5.0, shape=(), dtype=float32)");
  EXPECT_EQ(tf::constant(2).to_string(), "tf.Tensor(2, shape=(), dtype=int32)");
  EXPECT_EQ(tf::constant("aa").to_string(), "tf.Tensor(b'aa', shape=(), dtype=string)");
  EXPECT_EQ(tf::constant({{1, 2}, {3, 4}}).to_string(), "tf.Tensor(\n[[1 2]\n [3 4]], shape=(2, 2), dtype=int32)");
  EXPECT_EQ(tf::constant({1.5f, 2.25f}).values_string(), "[1.5  2.25]");
  EXPECT_EQ(tf::constant({true, false}).values_string(), "[ True False]");
  EXPECT_EQ(tf::constant({1e-5, 1.0}).values_string(), "[1.e-05 1.e+00]");
  EXPECT_EQ(tf::constant(2.2f).to_string(), "tf.Tensor(2.2, shape=(), dtype=float32)");
}

TEST(TensorPrint, LongTensorsAreSummarized) {
  tf::Tensor t = tf::zeros({2000}, tf::int32);
  EXPECT_EQ(t.values_string(), "[0 0 0 ... 0 0 0]");
}

}  // namespace
