// float16 and bfloat16 in tfpp alone (tests/conformance/cases_half.py compares them with
// TensorFlow 2.21): constants, printing, casts, math through float32, TensorFlow's accumulation
// in reductions and scans, gradients, random numbers, files, graphs and errors.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <cmath>

#include <tfpp/tfpp.h>

#include "io/npy.h"
#include "ops/elementwise_test_util.h"
#include "tfpp/io/serialize_tensor.h"

namespace {

using tfpp_test::expect_invalid;

tf::Tensor halves(const std::vector<float>& values, tf::DType dtype) {
  return tf::cast(tf::constant(values, {static_cast<std::int64_t>(values.size())}), dtype);
}

std::vector<float> floats(const tf::Tensor& t) { return tf::cast(t, tf::float32).numpy<float>(); }

TEST(HalfFloat, ConstantsFillsAndElements) {
  for (tf::DType d : {tf::float16, tf::bfloat16}) {
    EXPECT_EQ(tf::zeros({2, 3}, d).dtype(), d);
    EXPECT_EQ(floats(tf::ones({3}, d)), (std::vector<float>{1, 1, 1}));
    EXPECT_EQ(floats(tf::fill({2}, tf::constant(1.5, d))), (std::vector<float>{1.5f, 1.5f}));
    EXPECT_EQ(floats(tf::eye(2, 2, d)), (std::vector<float>{1, 0, 0, 1}));
    EXPECT_TRUE(static_cast<bool>(tf::constant(2.0, d)));
  }
  const tf::Tensor h = tf::constant(std::vector<Eigen::half>{Eigen::half(0.5f), Eigen::half(2.0f)}, {2});
  EXPECT_EQ(h.dtype(), tf::float16);
  EXPECT_EQ(h.numpy<Eigen::half>()[1], Eigen::half(2.0f));
  EXPECT_EQ(tf::constant(0.1, tf::bfloat16).item<Eigen::bfloat16>(), Eigen::bfloat16(0.1f));
}

// TensorFlow 2.21's printed text of the same tensors.
TEST(HalfFloat, PrintsAsTensorFlow) {
  const std::vector<float> v = {0.1f, 1.5f, 65504.f, 1e-3f, -2.f};
  EXPECT_EQ(halves(v, tf::float16).to_string(),
            "tf.Tensor([ 1.00e-01  1.50e+00  6.55e+04  1.00e-03 -2.00e+00], shape=(5,), dtype=float16)");
  EXPECT_EQ(halves(v, tf::bfloat16).to_string(),
            "tf.Tensor([0.100098 1.5 65536 0.000999451 -2], shape=(5,), dtype=bfloat16)");
  EXPECT_EQ(halves(v, tf::bfloat16).repr(),
            "<tf.Tensor: shape=(5,), dtype=bfloat16, numpy=array([0.100098, 1.5, 65536, 0.000999451, -2], dtype=bfloat16)>");
  EXPECT_EQ(tf::constant(0.1, tf::float16).to_string(), "tf.Tensor(0.1, shape=(), dtype=float16)");
  EXPECT_EQ(tf::constant(0.1, tf::float16).repr(), "<tf.Tensor: shape=(), dtype=float16, numpy=0.0999755859375>");
  EXPECT_EQ(tf::constant(1234.5, tf::float16).to_string(), "tf.Tensor(1.234e+03, shape=(), dtype=float16)");
  EXPECT_EQ(tf::constant(3.0, tf::bfloat16).to_string(), "tf.Tensor(3, shape=(), dtype=bfloat16)");
  EXPECT_EQ(tf::constant(3.0, tf::bfloat16).repr(), "<tf.Tensor: shape=(), dtype=bfloat16, numpy=3.0>");
  EXPECT_EQ(halves({70000.f, 1e-8f, 3.14159f}, tf::float16).repr(),
            "<tf.Tensor: shape=(3,), dtype=float16, numpy=array([ inf, 0.  , 3.14], dtype=float16)>");
  EXPECT_EQ(tf::cast(tf::constant({{1.f, 2.f}, {3.f, 4.f}}), tf::bfloat16).repr(),
            "<tf.Tensor: shape=(2, 2), dtype=bfloat16, numpy=\narray([[1, 2],\n       [3, 4]], dtype=bfloat16)>");
}

TEST(HalfFloat, CastsRoundToNearestEvenAndOverflowToInf) {
  EXPECT_EQ(floats(halves({2049.f, 2051.f, 70000.f, -70000.f}, tf::float16)),
            (std::vector<float>{2048.f, 2052.f, INFINITY, -INFINITY}));
  EXPECT_EQ(floats(halves({2049.f, 1e6f}, tf::bfloat16)), (std::vector<float>{2048.f, 999424.f}));
  // float64 narrows through float32, as TensorFlow's (Eigen's) cast: 1 + 2^-11 + 2^-40 is a tie there.
  EXPECT_EQ(floats(tf::cast(tf::constant(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)), tf::float16))[0], 1.0f);
  const tf::Tensor h = halves({1.5f, -2.5f, NAN, 300.f}, tf::float16);
  EXPECT_EQ(tf::cast(h, tf::int32).numpy<std::int32_t>(), (std::vector<std::int32_t>{1, -2, INT32_MIN, 300}));
  EXPECT_EQ(tf::cast(h, tf::uint8).numpy<std::uint8_t>(), (std::vector<std::uint8_t>{1, 254, 0, 44}));
  EXPECT_EQ(tf::cast(h, tf::bool_).numpy<bool>(), (std::vector<bool>{true, true, true, true}));
  EXPECT_EQ(floats(tf::cast(tf::constant(std::int64_t{1} << 40), tf::float16))[0], INFINITY);
  EXPECT_EQ(floats(tf::cast(halves({0.1f}, tf::float16), tf::bfloat16))[0], static_cast<float>(Eigen::bfloat16(0.0999755859375f)));
}

TEST(HalfFloat, MathRoundsTheFloat32Result) {
  for (tf::DType d : {tf::float16, tf::bfloat16}) {
    const tf::Tensor a = halves({1.f, 2.f, 3.f}, d), b = halves({3.f, 3.f, 7.f}, d);
    const tf::Tensor q = a / b;
    EXPECT_EQ(q.dtype(), d);
    const std::vector<float> exact = {1.f / 3, 2.f / 3, 3.f / 7};
    EXPECT_EQ(floats(q), floats(halves(exact, d)));
    EXPECT_EQ(floats(tf::math::exp(a)), floats(halves({std::exp(1.f), std::exp(2.f), std::exp(3.f)}, d)));
    EXPECT_EQ((a < b).numpy<bool>(), (std::vector<bool>{true, true, true}));
    EXPECT_EQ(floats(tf::where(tf::constant({true, false, true}), a, b)), (std::vector<float>{1, 3, 3}));
    EXPECT_EQ(floats(tf::nn::relu(halves({-1.f, 2.f}, d))), (std::vector<float>{0, 2}));
    EXPECT_EQ(floats(tf::matmul(tf::reshape(a, {1, 3}), tf::reshape(b, {3, 1}))), (std::vector<float>{30}));
  }
}

TEST(HalfFloat, ReductionsAccumulateAsTensorFlow) {
  // TensorFlow 2.21: float16 sums round in float16 in Eigen's tree order, bfloat16 sums in float32.
  const tf::Tensor h = tf::fill({10000}, tf::constant(0.1, tf::float16));
  EXPECT_EQ(floats(tf::reduce_sum(h))[0], 997.0f);
  EXPECT_EQ(floats(tf::reduce_mean(h))[0], static_cast<float>(Eigen::half(997.0f / 10000.0f)));
  EXPECT_EQ(floats(tf::math::cumsum(h))[9999], 256.0f);
  const tf::Tensor b = tf::fill({10000}, tf::constant(0.1, tf::bfloat16));
  EXPECT_EQ(floats(tf::reduce_sum(b))[0], 1000.0f);
  EXPECT_EQ(floats(tf::math::cumsum(b))[9999], 32.0f);
  EXPECT_EQ(floats(tf::reduce_sum(tf::fill({100}, tf::constant(1000.0, tf::bfloat16))))[0], 99840.0f);
  EXPECT_EQ(floats(tf::reduce_prod(tf::fill({30}, tf::constant(1.5, tf::bfloat16))))[0], 192512.0f);
  // Column sums accumulate row after row in float16.
  const tf::Tensor columns = tf::fill({4000, 3}, tf::constant(0.1, tf::float16));
  EXPECT_EQ(floats(tf::reduce_sum(columns, tf::Axes{0})), (std::vector<float>{256, 256, 256}));
  EXPECT_EQ(floats(tf::reduce_max(halves({1.f, 7.f, -2.f}, tf::float16)))[0], 7.0f);
  EXPECT_EQ(tf::math::argmax(halves({1.f, 7.f, -2.f}, tf::bfloat16)).item<std::int64_t>(), 1);
}

TEST(HalfFloat, GradientsMatchFloat32WithinHalfPrecision) {
  for (tf::DType d : {tf::float16, tf::bfloat16}) {
    const std::vector<float> v = {0.25f, -0.5f, 1.5f, 2.0f};
    const tf::Tensor x16 = halves(v, d), x32 = tf::constant(v, {4});
    const auto grad = [](const tf::Tensor& x) {
      tf::GradientTape tape;
      tape.watch(x);
      const tf::Tensor y = tf::reduce_sum(tf::nn::softmax(tf::math::tanh(x) * x) * x);
      return tape.gradient(y, x);
    };
    const tf::Tensor g16 = grad(x16);
    EXPECT_EQ(g16.dtype(), d);
    const std::vector<float> want = grad(x32).numpy<float>(), got = floats(g16);
    const double eps = d == tf::float16 ? 1.0 / 256 : 1.0 / 16;
    for (std::size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], eps * std::max(1.0f, std::abs(want[i]))) << i;
  }
}

TEST(HalfFloat, Conv3DAndItsGradientsRunThroughFloat32) {
  const tf::Tensor x = tf::random::normal({1, 3, 4, 3, 2}, {.seed = 3}), f = tf::random::normal({2, 2, 2, 2, 3}, {.seed = 4});
  for (tf::DType d : {tf::float16, tf::bfloat16}) {
    const tf::Tensor x16 = tf::cast(x, d), f16 = tf::cast(f, d);
    const auto conv = [](const tf::Tensor& a, const tf::Tensor& b) { return tf::nn::conv3d(a, b, 1, "SAME"); };
    tf::GradientTape tape;
    tape.watch(std::vector<tf::Tensor>{x16, f16});
    const tf::Tensor y = conv(x16, f16);
    ASSERT_EQ(y.dtype(), d);
    // One rounding of the float32 result (TensorFlow's bfloat16 kernel's values; its float16 one sums in float16).
    EXPECT_EQ(floats(y), floats(tf::cast(conv(tf::cast(x16, tf::float32), tf::cast(f16, tf::float32)), d)));
    const std::vector<tf::Tensor> grads = tape.gradient(tf::reduce_sum(y), std::vector<tf::Tensor>{x16, f16});
    EXPECT_EQ(grads[0].dtype(), d);
    EXPECT_EQ(grads[1].dtype(), d);
  }
}

TEST(HalfFloat, GradientsThroughCastReachFloat32Variables) {
  tf::Variable w(tf::constant({1.5f, -2.0f}));
  tf::GradientTape tape;
  const tf::Tensor y = tf::reduce_sum(tf::math::square(tf::cast(w, tf::float16)));
  const tf::Tensor g = tape.gradient(y, w);
  EXPECT_EQ(g.dtype(), tf::float32);
  EXPECT_EQ(g.numpy<float>(), (std::vector<float>{3.0f, -4.0f}));
}

TEST(HalfFloat, RandomNumbersFromTheFloat32Samples) {
  const tf::Tensor n32 = tf::random::stateless_normal({5}, tf::constant({1, 2}));
  const tf::Tensor n16 = tf::random::stateless_normal({5}, tf::constant({1, 2}), {.dtype = tf::float16});
  EXPECT_EQ(n16.dtype(), tf::float16);
  EXPECT_EQ(floats(n16), floats(tf::cast(n32, tf::float16)));
  const tf::Tensor u = tf::random::stateless_uniform({1000}, tf::constant({3, 4}), {.dtype = tf::bfloat16});
  for (float x : floats(u)) {
    ASSERT_GE(x, 0.0f);
    ASSERT_LT(x, 1.0f);
  }
  EXPECT_EQ(tf::random::uniform({3}, {.dtype = tf::float16, .seed = 1}).dtype(), tf::float16);
}

TEST(HalfFloat, ArrayOpsMoveTheBits) {
  const tf::Tensor a = tf::cast(tf::constant({{1.f, 2.f, 3.f}, {4.f, 5.f, 6.f}}), tf::bfloat16);
  EXPECT_EQ(floats(tf::transpose(a)), (std::vector<float>{1, 4, 2, 5, 3, 6}));
  EXPECT_EQ(floats(tf::concat({a, a}, 0)).size(), 12u);
  EXPECT_EQ(floats(tf::gather(a, tf::constant({1}))), (std::vector<float>{4, 5, 6}));
  EXPECT_EQ(floats(tf::reverse(a, {1})), (std::vector<float>{3, 2, 1, 6, 5, 4}));
  const std::vector<tf::Tensor> parts = tf::split(a, 3, 1);
  EXPECT_EQ(floats(parts[2]), (std::vector<float>{3, 6}));
}

TEST(HalfFloat, GraphsRunTheSameKernels) {
  auto f = tf::function([](tf::Tensor x) { return tf::reduce_sum(x * x + 1.0f); });
  const tf::Tensor x = halves({1.f, 2.f, 3.f}, tf::float16);
  EXPECT_EQ(f(x).dtype(), tf::float16);
  EXPECT_EQ(floats(f(x))[0], 17.0f);
}

TEST(HalfFloat, FilesKeepTheBits) {
  const tf::Tensor h = halves({0.1f, -65504.f, INFINITY}, tf::float16);
  const tf::Tensor back = tf::io::parse_npy(tf::io::serialize_npy(h), "memory");
  EXPECT_EQ(back.dtype(), tf::float16);
  EXPECT_EQ(floats(back), floats(h));
  EXPECT_EQ(tf::io::serialize_npy(h).substr(10, 57), "{'descr': '<f2', 'fortran_order': False, 'shape': (3,), }");
  for (tf::DType d : {tf::float16, tf::bfloat16}) {
    const tf::Tensor t = halves({1.5f, -0.1f}, d);
    EXPECT_EQ(floats(tf::io::parse_tensor(tf::io::serialize_tensor(t), d)), floats(t));
  }
}

TEST(HalfFloat, OpsWithoutATensorFlowKernelRaise) {
  // TensorFlow's ops accept these dtypes but have no CPU kernel for them: NotFoundError there too.
  EXPECT_THROW(tf::math::erfinv(tf::constant(0.5, tf::float16)), tf::NotFoundError);
  EXPECT_THROW(tf::math::lgamma(tf::constant(0.5, tf::bfloat16)), tf::NotFoundError);
  EXPECT_THROW(tf::math::rint(tf::constant(0.5, tf::bfloat16)), tf::NotFoundError);
  expect_invalid([] { tf::math::add(tf::constant(0.5, tf::float16), tf::constant(0.5f)); }, "[AddV2] ");
}

}  // namespace
