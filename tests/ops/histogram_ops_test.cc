// HistogramFixedWidth and histogram_fixed_width_bins: TensorFlow's documented example, dtypes,
// out-of-range values, errors, and graph mode.
#include <gtest/gtest.h>

#include <tfpp/histogram_ops.h>
#include <tfpp/tfpp.h>

#include "ops/nn/nn_test_util.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;
using Ints = std::vector<std::int32_t>;

TEST(HistogramFixedWidth, CountsAndBins) {
  const Tensor v = tf::constant({-1.0f, 0.0f, 1.5f, 2.0f, 5.0f, 15.0f});
  const Tensor range = tf::constant({0.0f, 5.0f});
  EXPECT_EQ(tf::histogram_fixed_width(v, range, 5).numpy<std::int32_t>(), (Ints{2, 1, 1, 0, 2}));
  EXPECT_EQ(tf::histogram_fixed_width_bins(v, range, 5).numpy<std::int32_t>(), (Ints{0, 0, 1, 2, 4, 4}));
  const Tensor counts = tf::histogram_fixed_width(tf::constant({{1, 7}, {3, 9}}), tf::constant({0, 10}), 4, tf::int64);
  EXPECT_EQ(counts.dtype(), tf::int64);
  EXPECT_EQ(counts.numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 1, 1, 1}));  // 1, 3, 7, 9 over width 2.5
  EXPECT_EQ(tf::histogram_fixed_width_bins(tf::constant({{0.1, 0.9}, {0.5, 0.49}}), tf::constant({0.0, 1.0}), 2).shape(),
            tf::TensorShape({2, 2}));
}

TEST(HistogramFixedWidth, Errors) {
  const Tensor v = tf::constant({1.0f});
  EXPECT_EQ(error_of([&] { tf::histogram_fixed_width(v, tf::constant({0.0f, 5.0f}), 0); }),
            "[HistogramFixedWidth] nbins should be a positive number, but got '0'");
  EXPECT_EQ(error_of([&] { tf::histogram_fixed_width(v, tf::constant({5.0f, 5.0f}), 3); }),
            "[HistogramFixedWidth] value_range should satisfy value_range[0] < value_range[1], but got '[5.000000, "
            "5.000000]'");
  EXPECT_EQ(error_of([&] { tf::histogram_fixed_width(v, tf::constant({0.0, 5.0}), 3); }),
            "[HistogramFixedWidth] value_range must have the values' dtype float32, got float64");
  EXPECT_EQ(error_of([&] { tf::histogram_fixed_width(v, tf::constant({0.0f, 5.0f}), 3, tf::float32); }),
            "[HistogramFixedWidth] dtype must be int32 or int64, got float32");
}

TEST(HistogramFixedWidth, InsideAFunction) {
  auto f = tf::function([](Tensor x) { return tf::histogram_fixed_width(x, tf::constant({0.0f, 1.0f}), 4); },
                        {.input_signature = {tf::TensorSpec({tf::None}, tf::float32)}});
  EXPECT_EQ(f(tf::constant({0.1f, 0.3f, 0.35f, 2.0f})).numpy<std::int32_t>(), (Ints{1, 2, 0, 1}));
}

}  // namespace
