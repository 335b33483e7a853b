#include <gtest/gtest.h>

#include <functional>
#include <random>

#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using I64 = std::vector<std::int64_t>;
using I32 = std::vector<std::int32_t>;

using tf::testing::error_of;

TEST(ArgMax, AxesTiesAndOutputType) {
  tf::Tensor x = tf::constant({{1.0f, 5.0f, 5.0f}, {7.0f, 2.0f, 7.0f}});
  EXPECT_EQ(tf::argmax(x).numpy<std::int64_t>(), (I64{1, 0, 1}));  // axis 0 by default
  EXPECT_EQ(tf::argmax(x, 1).numpy<std::int64_t>(), (I64{1, 0}));  // ties: lowest index
  EXPECT_EQ(tf::argmax(x, -1, tf::int32).numpy<std::int32_t>(), (I32{1, 0}));
  EXPECT_EQ(tf::argmin(x, 1).numpy<std::int64_t>(), (I64{0, 1}));
  EXPECT_EQ(tf::math::argmin(x, 0).numpy<std::int64_t>(), (I64{0, 1, 0}));
  EXPECT_EQ(tf::argmax(x, 1).shape(), tf::TensorShape({2}));
  EXPECT_EQ(tf::argmax(tf::constant({3, 9, 9, -1})).item<std::int64_t>(), 1);
  EXPECT_EQ(tf::argmax(tf::zeros({0, 3}), 1).shape(), tf::TensorShape({0}));
}

TEST(ArgMax, LargeMatchesScan) {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> dist(-1000, 1000);
  for (auto [rows, cols] : {std::pair<std::int64_t, std::int64_t>{3, 200000}, {200000, 3}, {5000, 300}}) {
    std::vector<std::int32_t> v(rows * cols);
    for (auto& e : v) e = dist(rng);
    tf::Tensor x = tf::constant(v, {rows, cols});
    const auto by_row = tf::argmax(x, 1).numpy<std::int64_t>();
    const auto by_col = tf::argmin(x, 0, tf::int32).numpy<std::int32_t>();
    for (std::int64_t r = 0; r < rows; r += 97)
      ASSERT_EQ(by_row[r], std::max_element(v.begin() + r * cols, v.begin() + (r + 1) * cols) - (v.begin() + r * cols));
    for (std::int64_t c = 0; c < cols; c += 101) {
      std::int32_t best = 0;
      for (std::int64_t r = 1; r < rows; ++r)
        if (v[r * cols + c] < v[best * cols + c]) best = static_cast<std::int32_t>(r);
      ASSERT_EQ(by_col[c], best);
    }
  }
}

TEST(ArgMax, Errors) {
  EXPECT_EQ(error_of([] { tf::argmax(tf::zeros({2, 3}), 2); }), "[ArgMax] axis 2 is out of range for a tensor of rank 2");
  EXPECT_EQ(error_of([] { tf::argmin(tf::zeros({0, 3}), 0); }), "[ArgMin] reduction axis 0 is empty in shape [0,3]");
  EXPECT_EQ(error_of([] { tf::argmax(tf::zeros({2}), 0, tf::float32); }),
            "[ArgMax] output_type must be int32 or int64, got float32");
  EXPECT_EQ(error_of([] { tf::argmax(tf::constant(1.0f)); }), "[ArgMax] axis 0 is out of range for a tensor of rank 0");
  EXPECT_EQ(error_of([] { tf::argmax(tf::constant({std::string("a")})); }), "[ArgMax] no kernel for dtype string");
}

TEST(ArgMax, BoolTakesTheFirstTrueOrFalse) {
  const tf::Tensor b = tf::constant(std::vector<bool>{false, true, true, true, false, true}, {2, 3});
  EXPECT_EQ(tf::argmax(b, 1).numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 0}));
  EXPECT_EQ(tf::argmin(b, 1).numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 1}));
  EXPECT_EQ(tf::argmax(b, 0).numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 0, 0}));
}

TEST(Cumsum, ExclusiveAndReverse) {
  tf::Tensor x = tf::constant({1, 2, 3, 4});
  EXPECT_EQ(tf::cumsum(x).numpy<std::int32_t>(), (I32{1, 3, 6, 10}));
  EXPECT_EQ(tf::cumsum(x, 0, {.exclusive = true}).numpy<std::int32_t>(), (I32{0, 1, 3, 6}));
  EXPECT_EQ(tf::cumsum(x, 0, {.reverse = true}).numpy<std::int32_t>(), (I32{10, 9, 7, 4}));
  EXPECT_EQ(tf::cumsum(x, 0, {.exclusive = true, .reverse = true}).numpy<std::int32_t>(), (I32{9, 7, 4, 0}));
  EXPECT_EQ(tf::math::cumprod(x).numpy<std::int32_t>(), (I32{1, 2, 6, 24}));
  EXPECT_EQ(tf::math::cumprod(x, 0, {.exclusive = true, .reverse = true}).numpy<std::int32_t>(), (I32{24, 12, 4, 1}));
}

TEST(Cumsum, AlongAxesOfAMatrix) {
  tf::Tensor x = tf::constant({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}});
  EXPECT_EQ(tf::cumsum(x).numpy<double>(), (std::vector<double>{1, 2, 3, 5, 7, 9}));
  EXPECT_EQ(tf::cumsum(x, 1).numpy<double>(), (std::vector<double>{1, 3, 6, 4, 9, 15}));
  EXPECT_EQ(tf::cumsum(x, -1, {.reverse = true}).numpy<double>(), (std::vector<double>{6, 5, 3, 15, 11, 6}));
  EXPECT_EQ(tf::cumsum(x, 0, {.exclusive = true}).numpy<double>(), (std::vector<double>{0, 0, 0, 1, 2, 3}));
  EXPECT_EQ(tf::cumsum(tf::zeros({0, 3}), 1).shape(), tf::TensorShape({0, 3}));
  EXPECT_EQ(tf::cumsum(tf::zeros({2, 0}), 1).shape(), tf::TensorShape({2, 0}));
}

TEST(Cumsum, LargeMatchesDoubleReference) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> dist(-1, 1);
  for (auto [rows, cols, axis] : {std::tuple<std::int64_t, std::int64_t, int>{2, 300000, 1}, {300000, 2, 0}, {3, 5000, 0}}) {
    std::vector<float> v(rows * cols);
    for (auto& e : v) e = dist(rng);
    const auto got = tf::cumsum(tf::constant(v, {rows, cols}), axis).numpy<float>();
    const std::int64_t n = axis ? cols : rows, lines = axis ? rows : cols;
    for (std::int64_t l = 0; l < lines; ++l) {
      double acc = 0;
      for (std::int64_t m = 0; m < n; ++m) {
        const std::int64_t idx = axis ? l * cols + m : m * cols + l;
        acc += v[idx];
        ASSERT_NEAR(got[idx], acc, 1e-7 * m + 1e-5) << l << "," << m;  // a sequential float sum drifts
      }
    }
  }
}

TEST(Cumsum, Errors) {
  EXPECT_EQ(error_of([] { tf::cumsum(tf::zeros({2}), 1); }), "[Cumsum] axis 1 is out of range for a tensor of rank 1");
  EXPECT_EQ(error_of([] { tf::cumsum(tf::constant(1.0f)); }), "[Cumsum] axis 0 is out of range for a tensor of rank 0");
  EXPECT_EQ(error_of([] { tf::math::cumprod(tf::constant({true})); }), "[Cumprod] no kernel for dtype bool");
}

}  // namespace
