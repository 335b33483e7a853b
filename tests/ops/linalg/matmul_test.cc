#include <gtest/gtest.h>

#include <functional>
#include <random>

#include <tfpp/tfpp.h>

#include "error_of.h"

#include "core/tensor_impl.h"
#include "ops/execute.h"

namespace {

using tf::testing::error_of;

// A tensor whose shape function sees `shape` (possibly with unknown dims), as while tracing.
tf::Tensor with_static_shape(tf::DType dtype, const tf::TensorShape& shape) {
  auto impl = std::make_shared<tf::detail::TensorImpl>(*tf::zeros({1}, dtype).impl());
  impl->shape = shape;
  return tf::Tensor(impl);
}

// Naive double-precision reference for out[b] = op(a[b]) @ op(b[b]) with full batch dims.
template <class T>
std::vector<double> reference(const std::vector<T>& a, const std::vector<T>& b, std::int64_t batch, std::int64_t m,
                              std::int64_t k, std::int64_t n, bool ta, bool tb, bool broadcast_b) {
  std::vector<double> out(batch * m * n, 0.0);
  for (std::int64_t s = 0; s < batch; ++s)
    for (std::int64_t i = 0; i < m; ++i)
      for (std::int64_t j = 0; j < n; ++j) {
        double acc = 0;
        for (std::int64_t p = 0; p < k; ++p) {
          const double x = a[s * m * k + (ta ? p * m + i : i * k + p)];
          const std::int64_t bs = broadcast_b ? 0 : s;
          const double y = b[bs * k * n + (tb ? j * k + p : p * n + j)];
          acc += x * y;
        }
        out[s * m * n + i * n + j] = acc;
      }
  return out;
}

TEST(MatMul, HandComputed) {
  tf::Tensor a = tf::constant({{1.0f, 2.0f, 3.0f}, {4.0f, 5.0f, 6.0f}});
  tf::Tensor b = tf::constant({{7.0f, 8.0f}, {9.0f, 10.0f}, {11.0f, 12.0f}});
  tf::Tensor c = tf::matmul(a, b);
  EXPECT_EQ(c.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(c.numpy<float>(), (std::vector<float>{58, 64, 139, 154}));
  // a^T @ a^T... shapes [3,2] @ [2,3] -> [3,3]; a @ a^T -> [2,2]
  EXPECT_EQ(tf::matmul(a, a, {.transpose_b = true}).numpy<float>(), (std::vector<float>{14, 32, 32, 77}));
  EXPECT_EQ(tf::matmul(a, a, {.transpose_a = true}).numpy<float>(),
            (std::vector<float>{17, 22, 27, 22, 29, 36, 27, 36, 45}));
  EXPECT_EQ(tf::matmul(b, a, {.transpose_a = true, .transpose_b = true}).numpy<float>(),
            (std::vector<float>{58, 139, 64, 154}));
  tf::Tensor ai = tf::constant({{1, 2}, {3, 4}});
  EXPECT_EQ(tf::matmul(ai, ai).numpy<std::int32_t>(), (std::vector<std::int32_t>{7, 10, 15, 22}));
  EXPECT_EQ(tf::linalg::matmul(ai, ai, {.transpose_a = true}).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{10, 14, 14, 20}));
}

TEST(MatMul, BatchedWithBroadcastBatchDims) {
  // a: [2,1,2,2], b: [3,2,1] -> out [2,3,2,1]
  std::vector<double> av = {1, 2, 3, 4, 5, 6, 7, 8}, bv = {1, 1, 0, 1, 2, 0};
  tf::Tensor a = tf::constant(av, {2, 1, 2, 2}), b = tf::constant(bv, {3, 2, 1});
  tf::Tensor c = tf::matmul(a, b);
  EXPECT_EQ(c.shape(), tf::TensorShape({2, 3, 2, 1}));
  EXPECT_EQ(c.numpy<double>(), (std::vector<double>{3, 7, 2, 4, 2, 6, 11, 15, 6, 8, 10, 14}));
  // The float path (oneDNN) agrees on the same problem.
  std::vector<float> af(av.begin(), av.end()), bf(bv.begin(), bv.end());
  EXPECT_EQ(tf::matmul(tf::constant(af, {2, 1, 2, 2}), tf::constant(bf, {3, 2, 1})).numpy<float>(),
            (std::vector<float>{3, 7, 2, 4, 2, 6, 11, 15, 6, 8, 10, 14}));
  // A matrix times a batch: [2,2] @ [2,2,1]
  EXPECT_EQ(tf::matmul(tf::constant(af, {2, 2, 2}), tf::constant({{1.0f}, {1.0f}})).numpy<float>(),
            (std::vector<float>{3, 7, 11, 15}));
}

TEST(MatMul, EmptyDimensions) {
  tf::Tensor c = tf::matmul(tf::zeros({2, 0}), tf::zeros({0, 3}));
  EXPECT_EQ(c.shape(), tf::TensorShape({2, 3}));
  EXPECT_EQ(c.numpy<float>(), std::vector<float>(6, 0.0f));
  EXPECT_EQ(tf::matmul(tf::zeros({0, 4}, tf::float64), tf::zeros({4, 3}, tf::float64)).shape(), tf::TensorShape({0, 3}));
  EXPECT_EQ(tf::matmul(tf::zeros({0, 2, 4}), tf::zeros({4, 3})).shape(), tf::TensorShape({0, 2, 3}));
  EXPECT_EQ(tf::matmul(tf::ones({2, 0}, tf::int64), tf::ones({0, 2}, tf::int64)).numpy<std::int64_t>(),
            (std::vector<std::int64_t>{0, 0, 0, 0}));
}

template <class T>
void check_against_reference(std::int64_t batch, std::int64_t m, std::int64_t k, std::int64_t n, bool ta, bool tb,
                             bool broadcast_b, double tol) {
  std::mt19937 rng(static_cast<unsigned>(m * 131 + k * 7 + n + ta * 2 + tb));
  std::uniform_int_distribution<int> dist(-4, 4);
  const std::int64_t b_batch = broadcast_b ? 1 : batch;
  std::vector<T> av(batch * m * k), bv(b_batch * k * n);
  for (T& x : av) x = static_cast<T>(dist(rng)) / (std::is_integral_v<T> ? 1 : 4);
  for (T& x : bv) x = static_cast<T>(dist(rng)) / (std::is_integral_v<T> ? 1 : 4);
  tf::Tensor a = tf::constant(av, ta ? tf::TensorShape{batch, k, m} : tf::TensorShape{batch, m, k});
  tf::Tensor b = broadcast_b ? tf::constant(bv, tb ? tf::TensorShape{n, k} : tf::TensorShape{k, n})
                             : tf::constant(bv, tb ? tf::TensorShape{batch, n, k} : tf::TensorShape{batch, k, n});
  const std::vector<T> got = tf::matmul(a, b, {.transpose_a = ta, .transpose_b = tb}).numpy<T>();
  const std::vector<double> want = reference(av, bv, batch, m, k, n, ta, tb, broadcast_b);
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) ASSERT_NEAR(static_cast<double>(got[i]), want[i], tol) << i;
}

TEST(MatMul, LargeProductsMatchDoubleReference) {
  for (bool ta : {false, true})
    for (bool tb : {false, true}) {
      check_against_reference<float>(1, 129, 300, 77, ta, tb, false, 1e-3);
      check_against_reference<double>(1, 129, 300, 77, ta, tb, false, 1e-9);
      check_against_reference<std::int32_t>(3, 40, 150, 33, ta, tb, true, 0);
      check_against_reference<std::int64_t>(2, 70, 260, 300, ta, tb, false, 0);
      check_against_reference<float>(3, 20, 64, 48, ta, tb, true, 1e-3);
    }
  // Repeated calls reuse a cached primitive and still give the same answer.
  check_against_reference<float>(1, 129, 300, 77, false, false, false, 1e-3);
}

TEST(MatMul, LargeSingleProductsTakeTheSgemmPathWithEveryTranspose) {
  // m * n * k >= 2^31 runs on dnnl_sgemm (Note [Large sgemm]); sampled entries against float64.
  const std::int64_t m = 2050, k = 1024, n = 1100;
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> av(m * k), bv(k * n);
  for (float& v : av) v = dist(rng);
  for (float& v : bv) v = dist(rng);
  for (bool ta : {false, true})
    for (bool tb : {false, true}) {
      const tf::Tensor a = tf::constant(av, ta ? tf::TensorShape{k, m} : tf::TensorShape{m, k});
      const tf::Tensor b = tf::constant(bv, tb ? tf::TensorShape{n, k} : tf::TensorShape{k, n});
      const tf::Tensor c = tf::matmul(a, b, {.transpose_a = ta, .transpose_b = tb});
      ASSERT_EQ(c.shape(), tf::TensorShape({m, n}));
      const std::vector<float> got = c.numpy<float>();
      for (std::int64_t s = 0; s < 300; ++s) {
        const std::int64_t i = s * 7919 % m, j = s * 104729 % n;
        double want = 0;
        for (std::int64_t p = 0; p < k; ++p)
          want += double(av[ta ? p * m + i : i * k + p]) * bv[tb ? j * k + p : p * n + j];
        ASSERT_NEAR(got[i * n + j], want, 2e-3) << i << "," << j << " ta=" << ta << " tb=" << tb;
      }
    }
}

TEST(MatMul, Errors) {
  EXPECT_EQ(error_of([] { tf::matmul(tf::zeros({2, 3}), tf::zeros({4, 5})); }),
            "[MatMul] inner dimensions differ: a is [2,3], b is [4,5]");
  EXPECT_EQ(error_of([] { tf::matmul(tf::zeros({2, 3}), tf::zeros({2, 3}), {.transpose_b = false}); }),
            "[MatMul] inner dimensions differ: a is [2,3], b is [2,3]");
  EXPECT_EQ(error_of([] { tf::matmul(tf::zeros({2, 3}), tf::zeros({4, 3}), {.transpose_a = true, .transpose_b = true}); }),
            "[MatMul] inner dimensions differ: a is [2,3], b is [4,3] (transpose_a=true, transpose_b=true)");
  EXPECT_EQ(error_of([] { tf::matmul(tf::zeros({3}), tf::zeros({3, 4})); }),
            "[BatchMatMulV2] a must have rank >= 2, got shape [3]");
  EXPECT_EQ(error_of([] { tf::matmul(tf::zeros({3, 4}), tf::constant(1.0f)); }),
            "[BatchMatMulV2] b must have rank >= 2, got shape []");
  EXPECT_EQ(error_of([] { tf::matmul(tf::zeros({2, 2, 3}), tf::zeros({2, 4, 5})); }),
            "[BatchMatMulV2] inner dimensions differ: a is [2,2,3], b is [2,4,5]");
  EXPECT_EQ(error_of([] { tf::matmul(tf::zeros({2, 2, 3}), tf::zeros({3, 3, 5})); }),
            "[BatchMatMulV2] batch dimensions of a [2,2,3] and b [3,3,5] cannot be broadcast together");
  EXPECT_EQ(error_of([] { tf::matmul(tf::zeros({2, 2}), tf::zeros({2, 2}, tf::int32)); }),
            "[MatMul] inputs must have the same dtype, got float32 [2,2] and int32 [2,2]");
  EXPECT_EQ(error_of([] { tf::matmul(tf::zeros({2, 2}, tf::bool_), tf::zeros({2, 2}, tf::bool_)); }),
            "[MatMul] no kernel for dtype bool");
}

TEST(MatMul, ShapeFunctionsWithUnknownDims) {
  const tf::ops::AttrValue attrs[] = {false, false};
  tf::Tensor in[] = {with_static_shape(tf::float32, {tf::None, 3}), with_static_shape(tf::float32, {3, tf::None})};
  EXPECT_EQ(tf::ops::infer_outputs(*tf::ops::find_op("MatMul"), in, attrs)[0].shape, tf::TensorShape({tf::None, tf::None}));
  in[0] = with_static_shape(tf::float32, {tf::None, 4, tf::None});
  in[1] = with_static_shape(tf::float32, {7, tf::None, 5});
  EXPECT_EQ(tf::ops::infer_outputs(*tf::ops::find_op("BatchMatMulV2"), in, attrs)[0].shape,
            tf::TensorShape({7, 4, 5}));
  in[0] = with_static_shape(tf::float32, tf::TensorShape::unknown_rank());
  EXPECT_TRUE(tf::ops::infer_outputs(*tf::ops::find_op("BatchMatMulV2"), in, attrs)[0].shape.has_unknown_rank());
  in[1] = with_static_shape(tf::float32, {3, 6});
  EXPECT_EQ(tf::ops::infer_outputs(*tf::ops::find_op("MatMul"), in, attrs)[0].shape, tf::TensorShape({tf::None, 6}));
}

}  // namespace
