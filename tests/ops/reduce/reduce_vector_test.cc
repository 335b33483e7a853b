// The SIMD reduction paths (kernels/cpu/reduce_vector.cc) and their thread splits: every op,
// both float types, every axis pattern of rank-3 shapes with odd sizes, NaN propagation, the
// accuracy of blocked float32 sums, and results that do not depend on the thread count.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include <tfpp/tfpp.h>

#include "kernels/cpu/parallel.h"

namespace {

using Shape3 = std::array<std::int64_t, 3>;
using Mask3 = std::array<bool, 3>;

enum class Op { kSum, kMean, kMax, kMin, kProd };

tf::Tensor run(Op op, const tf::Tensor& x, const std::vector<std::int64_t>& axes) {
  switch (op) {
    case Op::kSum: return tf::reduce_sum(x, axes, {.keepdims = true});
    case Op::kMean: return tf::reduce_mean(x, axes, {.keepdims = true});
    case Op::kMax: return tf::reduce_max(x, axes, {.keepdims = true});
    case Op::kMin: return tf::reduce_min(x, axes, {.keepdims = true});
    case Op::kProd: return tf::reduce_prod(x, axes, {.keepdims = true});
  }
  return {};
}

// The reduction of x (shape d) over the axes in r, in double, with keepdims.
std::vector<double> reference(Op op, const std::vector<double>& x, const Shape3& d, const Mask3& r) {
  Shape3 od;
  for (int i = 0; i < 3; ++i) od[i] = r[i] ? 1 : d[i];
  const double init = op == Op::kMax ? -INFINITY : op == Op::kMin ? INFINITY : op == Op::kProd ? 1.0 : 0.0;
  std::vector<double> out(od[0] * od[1] * od[2], init);
  for (std::int64_t i = 0; i < d[0]; ++i)
    for (std::int64_t j = 0; j < d[1]; ++j)
      for (std::int64_t k = 0; k < d[2]; ++k) {
        double& o = out[((r[0] ? 0 : i) * od[1] + (r[1] ? 0 : j)) * od[2] + (r[2] ? 0 : k)];
        const double v = x[(i * d[1] + j) * d[2] + k];
        if (op == Op::kMax) o = std::max(o, v);
        else if (op == Op::kMin) o = std::min(o, v);
        else if (op == Op::kProd) o *= v;
        else o += v;
      }
  if (op == Op::kMean)
    for (double& o : out) o /= static_cast<double>(d[0] * d[1] * d[2] / (od[0] * od[1] * od[2]));
  return out;
}

template <class T>
void check_all_patterns(const Shape3& d, std::mt19937& rng) {
  // Magnitudes near 1 keep long products finite; every third value is negative.
  std::uniform_real_distribution<double> dist(0.99, 1.01);
  std::vector<double> xd(d[0] * d[1] * d[2]);
  std::vector<T> xt(xd.size());
  for (std::size_t i = 0; i < xd.size(); ++i) {
    xt[i] = static_cast<T>(i % 3 == 0 ? -dist(rng) : dist(rng));
    xd[i] = xt[i];
  }
  const tf::Tensor x = tf::constant(xt, {d[0], d[1], d[2]});
  for (int pattern = 1; pattern < 8; ++pattern) {
    const Mask3 r = {(pattern & 4) != 0, (pattern & 2) != 0, (pattern & 1) != 0};
    std::vector<std::int64_t> axes;
    std::int64_t n = 1;
    for (int i = 0; i < 3; ++i)
      if (r[i]) {
        axes.push_back(i);
        n *= d[i];
      }
    for (Op op : {Op::kSum, Op::kMean, Op::kMax, Op::kMin, Op::kProd}) {
      const std::vector<T> got = run(op, x, axes).template numpy<T>();
      const std::vector<double> want = reference(op, xd, d, r);
      ASSERT_EQ(got.size(), want.size());
      const double eps = std::numeric_limits<T>::epsilon();
      for (std::size_t i = 0; i < want.size(); ++i) {
        const double tol = op == Op::kMax || op == Op::kMin ? 0.0
                           : op == Op::kSum                 ? eps * 8 * (std::sqrt(double(n)) + 8) * n
                                                            : eps * 64 * std::fabs(want[i]) * (std::log2(double(n)) + 8);
        ASSERT_NEAR(got[i], want[i], tol) << "op " << int(op) << " shape " << d[0] << "x" << d[1] << "x" << d[2]
                                          << " axes pattern " << pattern << " at " << i;
      }
    }
  }
}

TEST(ReduceVector, EveryOpAndAxisPatternOnOddShapes) {
  std::mt19937 rng(11);
  // Odd sizes around vector widths (16 floats, 8 doubles), the 2048-element leaf of the pairwise
  // sum, the 256-row block of column sums, and shapes large enough to split across threads.
  const std::vector<Shape3> shapes = {{1, 1, 1},     {3, 5, 7},     {2, 17, 15},    {5, 9, 33},  {1, 65, 63},
                                      {1, 3, 2049},  {2, 4097, 1},  {3, 257, 65},   {7, 300, 17}, {1, 1030, 257},
                                      {2, 520, 300}, {16, 64, 129}, {1, 100003, 1}, {9, 2, 20000}};
  for (const Shape3& d : shapes) {
    check_all_patterns<float>(d, rng);
    check_all_patterns<double>(d, rng);
  }
}

TEST(ReduceVector, MaxAndMinPropagateNaN) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  // A NaN at the first, a middle, the last and a tail position of long rows and columns.
  for (std::int64_t n : {5, 16, 100, 4099}) {
    for (std::int64_t at : {std::int64_t{0}, n / 2, n - 1}) {
      std::vector<float> v(n * 3);
      for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(i % 11) - 5.0f;
      v[at * 3 + 1] = nan;  // column 1 of a [n, 3] matrix, row `at`
      const tf::Tensor cols = tf::constant(v, {n, 3});
      for (const tf::Tensor& r : {tf::reduce_max(cols, 0), tf::reduce_min(cols, 0)}) {
        const auto got = r.numpy<float>();
        EXPECT_FALSE(std::isnan(got[0])) << n << " " << at;
        EXPECT_TRUE(std::isnan(got[1])) << n << " " << at;
        EXPECT_FALSE(std::isnan(got[2])) << n << " " << at;
      }
      const tf::Tensor rows = tf::transpose(cols);  // [3, n]: the NaN is in row 1
      for (const tf::Tensor& r : {tf::reduce_max(rows, 1), tf::reduce_min(rows, 1)}) {
        const auto got = r.numpy<float>();
        EXPECT_FALSE(std::isnan(got[0])) << n << " " << at;
        EXPECT_TRUE(std::isnan(got[1])) << n << " " << at;
        EXPECT_FALSE(std::isnan(got[2])) << n << " " << at;
      }
      EXPECT_TRUE(std::isnan(tf::reduce_max(cols).item<float>()));
      EXPECT_TRUE(std::isnan(tf::reduce_min(cols).item<float>()));
    }
  }
  // Wide columns take the vertical SIMD path, with the NaN in the first and in a later row.
  std::vector<double> w(300 * 40, 1.0);
  w[7] = std::numeric_limits<double>::quiet_NaN();
  w[39 * 300 + 200] = std::numeric_limits<double>::quiet_NaN();
  const auto got = tf::reduce_max(tf::constant(w, {40, 300}), 0).numpy<double>();
  for (int c = 0; c < 300; ++c) EXPECT_EQ(std::isnan(got[c]), c == 7 || c == 200) << c;
}

TEST(ReduceVector, InfinitiesAreOrdinaryValues) {
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> v(1000, 0.5f);
  v[10] = inf;
  v[900] = -inf;
  const tf::Tensor x = tf::constant(v, {1000});
  EXPECT_EQ(tf::reduce_max(x).item<float>(), inf);
  EXPECT_EQ(tf::reduce_min(x).item<float>(), -inf);
  EXPECT_TRUE(std::isnan(tf::reduce_sum(x).item<float>()));  // inf + -inf
  const auto cols = tf::reduce_max(tf::constant(std::vector<float>(64 * 32, -inf), {64, 32}), 0).numpy<float>();
  for (float c : cols) EXPECT_EQ(c, -inf);
}

TEST(ReduceVector, BlockedFloat32SumsStayAccurate) {
  // A sequential float32 sum of 2^20 values of 0.1 is off by about 1e-3 relative; blocked and
  // pairwise sums stay within a few ulps of the float64 sum.
  const std::int64_t n = 1 << 20;
  const tf::Tensor row = tf::fill({n}, 0.1f);
  EXPECT_NEAR(tf::reduce_sum(row).item<float>(), n * double(0.1f), n * 0.1 * 1e-6);
  EXPECT_NEAR(tf::reduce_mean(row).item<float>(), double(0.1f), 0.1 * 1e-6);
  const auto cols = tf::reduce_sum(tf::fill({n / 16, 16}, 0.1f), 0).numpy<float>();
  for (float c : cols) EXPECT_NEAR(c, n / 16 * double(0.1f), n / 16 * 0.1 * 1e-6);
}

TEST(ReduceVector, ResultsDoNotDependOnTheThreadCount) {
  std::mt19937 rng(5);
  std::normal_distribution<float> dist;
  std::vector<float> v(1 << 20);
  for (float& e : v) e = dist(rng);
  const std::vector<std::pair<tf::TensorShape, std::vector<std::int64_t>>> cases = {
      {{1024, 1024}, {1}}, {{1024, 1024}, {0}}, {{1024, 1024}, {0, 1}}, {{4, 262144}, {1}},
      {{262144, 4}, {0}},  {{2, 1024, 512}, {1}}, {{3, 349525}, {0}}};
  for (const auto& [shape, axes] : cases) {
    const tf::Tensor x = tf::constant(std::vector<float>(v.begin(), v.begin() + shape.num_elements()), shape);
    tf::kernels::set_intra_op_threads(1);
    const std::vector<float> one = tf::reduce_sum(x, axes).numpy<float>();
    tf::kernels::set_intra_op_threads(2);
    const std::vector<float> many = tf::reduce_sum(x, axes).numpy<float>();
    tf::kernels::set_intra_op_threads(0);
    EXPECT_EQ(one, many) << shape.debug_string();
  }
}

}  // namespace
