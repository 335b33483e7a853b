#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <random>

#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using I32 = std::vector<std::int32_t>;
using Floats = std::vector<float>;

using tf::testing::error_of;

TEST(TopK, ValuesIndicesAndTies) {
  tf::Tensor x = tf::constant({{1.0f, 3.0f, 2.0f, 3.0f}, {4.0f, 4.0f, 4.0f, 0.0f}});
  auto [values, indices] = tf::math::top_k(x, 2);
  EXPECT_EQ(values.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(values.numpy<float>(), (Floats{3, 3, 4, 4}));
  EXPECT_EQ(indices.dtype(), tf::int32);
  EXPECT_EQ(indices.numpy<std::int32_t>(), (I32{1, 3, 0, 1}));  // lower index first among ties
  EXPECT_EQ(tf::math::top_k(x).indices.numpy<std::int32_t>(), (I32{1, 0}));
  EXPECT_EQ(tf::math::top_k(x, 4).indices.numpy<std::int32_t>(), (I32{1, 3, 2, 0, 0, 1, 2, 3}));
  EXPECT_EQ(tf::math::top_k(x, 0).values.shape(), tf::TensorShape({2, 0}));
  EXPECT_EQ(tf::math::top_k(tf::zeros({0, 5}), 3).values.shape(), tf::TensorShape({0, 3}));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  auto with_nan = tf::math::top_k(tf::constant({1.0f, nan, 5.0f}), 2);  // NaN ranks above numbers
  EXPECT_EQ(with_nan.indices.numpy<std::int32_t>(), (I32{1, 2}));
}

TEST(TopK, LargeRowsMatchStableSort) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<std::int64_t> dist(0, 50);  // many ties
  const std::int64_t rows = 300, n = 1000, k = 17;
  std::vector<std::int64_t> v(rows * n);
  for (auto& e : v) e = dist(rng);
  auto [values, indices] = tf::math::top_k(tf::constant(v, {rows, n}), k);
  const auto gv = values.numpy<std::int64_t>();
  const auto gi = indices.numpy<std::int32_t>();
  for (std::int64_t r = 0; r < rows; ++r) {
    std::vector<std::int32_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int i, int j) { return v[r * n + i] > v[r * n + j]; });
    for (std::int64_t j = 0; j < k; ++j) {
      ASSERT_EQ(gi[r * k + j], order[j]);
      ASSERT_EQ(gv[r * k + j], v[r * n + order[j]]);
    }
  }
}

TEST(TopK, Errors) {
  EXPECT_EQ(error_of([] { tf::math::top_k(tf::zeros({2, 3}), 5); }),
            "[TopKV2] input must have at least k columns: had 3, needed 5 (shape [2,3])");
  EXPECT_EQ(error_of([] { tf::math::top_k(tf::zeros({3}), -1); }), "[TopKV2] need k >= 0, got -1");
  EXPECT_EQ(error_of([] { tf::math::top_k(tf::constant(1.0f), 1); }), "[TopKV2] input must have rank >= 1, got shape []");
  EXPECT_EQ(error_of([] { tf::math::top_k(tf::constant({true, false}), 1); }), "[TopKV2] no kernel for dtype bool");
}

TEST(Sort, AscendingDescendingAndAxes) {
  tf::Tensor x = tf::constant({{3, 1, 2, 1}, {0, 5, 5, -7}});
  EXPECT_EQ(tf::sort(x).numpy<std::int32_t>(), (I32{1, 1, 2, 3, -7, 0, 5, 5}));
  EXPECT_EQ(tf::sort(x, -1, "DESCENDING").numpy<std::int32_t>(), (I32{3, 2, 1, 1, 5, 5, 0, -7}));
  EXPECT_EQ(tf::argsort(x).numpy<std::int32_t>(), (I32{1, 3, 2, 0, 3, 0, 1, 2}));  // stable: 1 before 3
  EXPECT_EQ(tf::argsort(x, 1, "DESCENDING").numpy<std::int32_t>(), (I32{0, 2, 1, 3, 1, 2, 0, 3}));
  EXPECT_EQ(tf::sort(x, 0).numpy<std::int32_t>(), (I32{0, 1, 2, -7, 3, 5, 5, 1}));
  EXPECT_EQ(tf::argsort(x, 0, "DESCENDING").numpy<std::int32_t>(), (I32{0, 1, 1, 0, 1, 0, 0, 1}));
  // The lowest integer sorts without overflow.
  const std::int32_t lo = std::numeric_limits<std::int32_t>::lowest();
  EXPECT_EQ(tf::sort(tf::constant({0, lo, 1})).numpy<std::int32_t>(), (I32{lo, 0, 1}));
  EXPECT_EQ(tf::sort(tf::constant({2.5f, -1.0f, 0.0f})).numpy<float>(), (Floats{-1, 0, 2.5}));
  EXPECT_EQ(tf::sort(tf::zeros({2, 0})).shape(), tf::TensorShape({2, 0}));
}

TEST(Sort, LargeMatchesStdStableSort) {
  std::mt19937 rng(13);
  std::uniform_int_distribution<int> dist(0, 100);
  const std::int64_t rows = 64, n = 2000;
  std::vector<double> v(rows * n);
  for (auto& e : v) e = dist(rng) / 4.0;
  const auto got = tf::argsort(tf::constant(v, {rows, n})).numpy<std::int32_t>();
  for (std::int64_t r = 0; r < rows; ++r) {
    std::vector<std::int32_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int i, int j) { return v[r * n + i] < v[r * n + j]; });
    ASSERT_TRUE(std::equal(order.begin(), order.end(), got.begin() + r * n)) << "row " << r;
  }
}

TEST(Sort, Errors) {
  EXPECT_EQ(error_of([] { tf::sort(tf::zeros({2}), -1, "UP"); }),
            "[Sort] direction must be \"ASCENDING\" or \"DESCENDING\", got \"UP\"");
  EXPECT_EQ(error_of([] { tf::argsort(tf::zeros({2}), 1); }), "[Argsort] axis 1 is out of range for a tensor of shape [2]");
  EXPECT_EQ(error_of([] { tf::sort(tf::constant(1.0f)); }), "[Sort] values must have rank >= 1, got shape []");
}

}  // namespace
