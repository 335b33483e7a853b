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

// TensorFlow's kernel's texts, eagerly and when k is a constant while tracing.
TEST(TopK, Errors) {
  EXPECT_EQ(error_of([] { tf::math::top_k(tf::zeros({2, 3}), 5); }),
            "[TopKV2] input must have at least k columns. Had 3, needed 5");
  EXPECT_EQ(error_of([] { tf::math::top_k(tf::zeros({3}), -1); }), "[TopKV2] Need k >= 0, got -1");
  EXPECT_EQ(error_of([] { tf::math::top_k(tf::constant(1.0f), 1); }), "[TopKV2] input must be >= 1-D, got shape []");
  EXPECT_EQ(error_of([] { tf::math::top_k(tf::constant({true, false}), 1); }), "[TopKV2] no kernel for dtype bool");
  EXPECT_EQ(error_of([] { tf::math::top_k(tf::zeros({3}), tf::constant({1})); }), "[TopKV2] k must be scalar, got shape [1]");
  EXPECT_EQ(error_of([] { tf::math::top_k(tf::zeros({3}), tf::constant(1.0f)); }),
            "[TopKV2] k must be int32 or int64, got dtype float32");
  auto traced = tf::function([](const tf::Tensor& x) { return tf::math::top_k(x, 5).values; });
  EXPECT_EQ(error_of([&] { traced(tf::zeros({2, 3})); }), "[TopKV2] input must have at least k columns. Had 3, needed 5");
}

TEST(TopK, KAsATensor) {
  const tf::Tensor x = tf::constant({{1.0f, 3.0f, 2.0f}, {4.0f, 0.0f, 5.0f}});
  auto [values, indices] = tf::math::top_k(x, tf::constant(2));
  EXPECT_EQ(values.numpy<float>(), (Floats{3, 2, 5, 4}));
  EXPECT_EQ(indices.numpy<std::int32_t>(), (I32{1, 2, 2, 0}));
  EXPECT_EQ(tf::math::top_k(x, tf::constant(std::int64_t{1})).indices.numpy<std::int32_t>(), (I32{1, 2}));
  EXPECT_EQ(tf::math::top_k(x, tf::constant(0)).values.shape(), tf::TensorShape({2, 0}));
}

// A symbolic k leaves the last dimension unknown until the graph runs, which checks k then.
TEST(TopK, SymbolicKWhileTracing) {
  auto f = tf::function(
      [](const tf::Tensor& x, const tf::Tensor& k) {
        auto [values, indices] = tf::math::top_k(x, k);
        EXPECT_EQ(values.shape(), tf::TensorShape({tf::None, tf::None}));
        EXPECT_EQ(indices.shape(), tf::TensorShape({tf::None, tf::None}));
        return std::vector<tf::Tensor>{values, indices};
      },
      {.input_signature = {tf::TensorSpec({tf::None, 3}, tf::float32), tf::TensorSpec({}, tf::int32)}});
  const tf::Tensor x = tf::constant({{1.0f, 3.0f, 2.0f}, {4.0f, 0.0f, 5.0f}});
  const std::vector<tf::Tensor> out = f(x, tf::constant(2));
  EXPECT_EQ(out[0].shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(out[0].numpy<float>(), (Floats{3, 2, 5, 4}));
  EXPECT_EQ(out[1].numpy<std::int32_t>(), (I32{1, 2, 2, 0}));
  EXPECT_EQ(f(x, tf::constant(0))[0].shape(), tf::TensorShape({2, 0}));
  EXPECT_EQ(error_of([&] { f(x, tf::constant(-1)); }), "[TopKV2] Need k >= 0, got -1\n\t [[{{node TopKV2}}]]");
  EXPECT_EQ(error_of([&] { f(x, tf::constant(4)); }),
            "[TopKV2] input must have at least k columns. Had 3, needed 4\n\t [[{{node TopKV2}}]]");
  // A constant k keeps the last dimension known.
  auto g = tf::function([](const tf::Tensor& x) {
    const tf::Tensor values = tf::math::top_k(x, 2).values;
    EXPECT_EQ(values.shape(), tf::TensorShape({tf::None, 2}));
    return values;
  }, {.input_signature = {tf::TensorSpec({tf::None, 3}, tf::float32)}});
  EXPECT_EQ(g(x).numpy<float>(), (Floats{3, 2, 5, 4}));
}

// The values' gradient goes back to where they came from, eagerly and traced.
TEST(TopK, GradientWithATensorK) {
  const tf::Tensor x = tf::constant({{1.0, 3.0, 2.0}, {4.0, 0.0, 5.0}});
  auto grad_of = [](const tf::Tensor& x, const tf::Tensor& k) {
    tf::GradientTape tape;
    tape.watch(x);
    const tf::Tensor y = tf::reduce_sum(tf::math::top_k(x, k).values * tf::constant(std::vector<double>{10.0, 1.0}));
    return tape.gradient(y, x);
  };
  const std::vector<double> want{0, 10, 1, 1, 0, 10};
  EXPECT_EQ(grad_of(x, tf::constant(2)).numpy<double>(), want);
  auto traced = tf::function([&](const tf::Tensor& x, const tf::Tensor& k) { return grad_of(x, k); },
                             {.input_signature = {tf::TensorSpec({tf::None, 3}, tf::float64), tf::TensorSpec({}, tf::int32)}});
  EXPECT_EQ(traced(x, tf::constant(2)).numpy<double>(), want);
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

// Over an axis whose size is unknown while tracing, sort and argsort take it when the graph runs.
TEST(Sort, AxisOfUnknownSizeWhileTracing) {
  auto f = tf::function(
      [](const tf::Tensor& x) {
        const tf::Tensor sorted = tf::sort(x, 0);
        EXPECT_EQ(sorted.shape(), tf::TensorShape({tf::None, 2}));
        return std::vector<tf::Tensor>{sorted, tf::argsort(x, 0, "DESCENDING"), tf::sort(x, -1, "DESCENDING"),
                                       tf::argsort(x)};
      },
      {.input_signature = {tf::TensorSpec({tf::None, 2}, tf::int32)}});
  const std::vector<tf::Tensor> out = f(tf::constant({{3, 1}, {1, 1}, {2, 5}}));
  EXPECT_EQ(out[0].numpy<std::int32_t>(), (I32{1, 1, 2, 1, 3, 5}));
  EXPECT_EQ(out[1].numpy<std::int32_t>(), (I32{0, 2, 2, 0, 1, 1}));
  EXPECT_EQ(out[2].numpy<std::int32_t>(), (I32{3, 1, 1, 1, 5, 2}));
  EXPECT_EQ(out[3].numpy<std::int32_t>(), (I32{1, 0, 0, 1, 0, 1}));
  auto vector = tf::function([](const tf::Tensor& x) { return tf::argsort(x); },
                             {.input_signature = {tf::TensorSpec({tf::None}, tf::float32)}});
  EXPECT_EQ(vector(tf::constant({2.0f, -1.0f, 2.0f, 0.0f})).numpy<std::int32_t>(), (I32{1, 3, 0, 2}));
  EXPECT_EQ(vector(tf::zeros({0})).shape(), tf::TensorShape({0}));
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
