#include <gtest/gtest.h>

#include <cmath>

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

// Expected texts are TensorFlow 2.21's str() and repr() of the same tensors.
TEST(TensorPrint, FloatLayoutsMatchNumPy) {
  EXPECT_EQ(tf::constant({0.9025f, 10.5625f, 0.0025f}).to_string(),
            "tf.Tensor([9.02500e-01 1.05625e+01 2.50000e-03], shape=(3,), dtype=float32)");
  EXPECT_EQ(tf::constant({INFINITY, -INFINITY, NAN}).to_string(), "tf.Tensor([ inf -inf  nan], shape=(3,), dtype=float32)");
  EXPECT_EQ(tf::constant({1.0f, NAN, 1e-5f}).values_string(), "[1.e+00    nan 1.e-05]");
  EXPECT_EQ(tf::constant({1e-300, 1.0}).values_string(), "[1.e-300 1.e+000]");
  // Padded mantissas take all their digits from the exact value, the leading one too.
  EXPECT_EQ(tf::constant({0.69999998807907104f, -1.16216592e-08f, 0.0999999866f}).values_string(),
            "[ 6.9999999e-01 -1.1621659e-08  9.9999987e-02]");
  EXPECT_EQ(tf::range(30.0f).to_string(),
            "tf.Tensor(\n[ 0.  1.  2.  3.  4.  5.  6.  7.  8.  9. 10. 11. 12. 13. 14. 15. 16. 17.\n"
            " 18. 19. 20. 21. 22. 23. 24. 25. 26. 27. 28. 29.], shape=(30,), dtype=float32)");
  EXPECT_EQ(tf::constant(1e-5f).to_string(), "tf.Tensor(1e-05, shape=(), dtype=float32)");
  EXPECT_EQ(tf::constant(1234567.0f).to_string(), "tf.Tensor(1.234567e+06, shape=(), dtype=float32)");
  EXPECT_EQ(tf::zeros({0, 3}).to_string(), "tf.Tensor([], shape=(0, 3), dtype=float32)");
  // The largest-to-smallest ratio is 1000 in float32 (NumPy divides in the array's type).
  EXPECT_EQ(tf::constant({3.75f, -0.00375f}).values_string(), "[ 3.75    -0.00375]");
}

TEST(TensorPrint, TrueIsAlwaysPaddedInArrays) {  // NumPy's BoolFormat
  EXPECT_EQ(tf::constant({true}).to_string(), "tf.Tensor([ True], shape=(1,), dtype=bool)");
  EXPECT_EQ(tf::constant({true}).repr(), "<tf.Tensor: shape=(1,), dtype=bool, numpy=array([ True])>");
  EXPECT_EQ(tf::constant(true).to_string(), "tf.Tensor(True, shape=(), dtype=bool)");
}

TEST(TensorPrint, BytesAreNotPadded) {  // NumPy pads numbers and bools, not object (bytes) arrays
  EXPECT_EQ(tf::constant(std::vector<std::string>{"a", "bb", ""}).to_string(),
            "tf.Tensor([b'a' b'bb' b''], shape=(3,), dtype=string)");
  EXPECT_EQ(tf::constant(std::vector<std::string>{"a", "bb"}).repr(),
            "<tf.Tensor: shape=(2,), dtype=string, numpy=array([b'a', b'bb'], dtype=object)>");
}

TEST(TensorPrint, ReprMatchesTensorFlow) {
  EXPECT_EQ(tf::constant({INFINITY, -INFINITY, NAN}).repr(),
            "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([ inf, -inf,  nan], dtype=float32)>");
  EXPECT_EQ(tf::range(30.0f).repr(),
            "<tf.Tensor: shape=(30,), dtype=float32, numpy=\narray([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12.,\n"
            "       13., 14., 15., 16., 17., 18., 19., 20., 21., 22., 23., 24., 25.,\n"
            "       26., 27., 28., 29.], dtype=float32)>");
  EXPECT_EQ(tf::constant({1e-300, 1.0}).repr(), "<tf.Tensor: shape=(2,), dtype=float64, numpy=array([1.e-300, 1.e+000])>");
  EXPECT_EQ(tf::constant(1e-5f).repr(), "<tf.Tensor: shape=(), dtype=float32, numpy=9.999999747378752e-06>");
  EXPECT_EQ(tf::constant({{1, 2}, {3, 4}}).repr(),
            "<tf.Tensor: shape=(2, 2), dtype=int32, numpy=\narray([[1, 2],\n       [3, 4]], dtype=int32)>");
  EXPECT_EQ(tf::zeros({0, 3}).repr(), "<tf.Tensor: shape=(0, 3), dtype=float32, numpy=array([], shape=(0, 3), dtype=float32)>");
  EXPECT_EQ(tf::range(2000).repr(),
            "<tf.Tensor: shape=(2000,), dtype=int32, numpy=\narray([   0,    1,    2, ..., 1997, 1998, 1999],\n"
            "      shape=(2000,), dtype=int32)>");
}

TEST(TensorPrint, LongTensorsAreSummarized) {
  tf::Tensor t = tf::zeros({2000}, tf::int32);
  EXPECT_EQ(t.values_string(), "[0 0 0 ... 0 0 0]");
}

}  // namespace
