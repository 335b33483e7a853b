// Segment reductions: values (empty segments, dropped negative ids, ids of rank 2, every dtype),
// TensorFlow's checks of the ids and shapes, and static shapes while tracing.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include <tfpp/segment_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;

const Tensor kData = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}, {5.0f, 6.0f}});

TEST(SegmentOps, SortedCombineEachSegmentAndFillEmptyOnes) {
  EXPECT_EQ(tf::math::segment_sum(kData, {0, 0, 2}).numpy<float>(), (std::vector<float>{4, 6, 0, 0, 5, 6}));
  EXPECT_EQ(tf::math::segment_mean(kData, {0, 0, 2}).numpy<float>(), (std::vector<float>{2, 3, 0, 0, 5, 6}));
  EXPECT_EQ(tf::math::segment_max(kData, {0, 0, 2}).numpy<float>(), (std::vector<float>{3, 4, 0, 0, 5, 6}));
  EXPECT_EQ(tf::math::segment_min(kData, {0, 0, 2}).numpy<float>(), (std::vector<float>{1, 2, 0, 0, 5, 6}));
  EXPECT_EQ(tf::math::segment_prod(kData, {0, 0, 2}).numpy<float>(), (std::vector<float>{3, 8, 1, 1, 5, 6}));
  EXPECT_EQ(tf::math::segment_sum(kData, {0, 0, 2}).shape(), tf::TensorShape({3, 2}));
}

TEST(SegmentOps, SortedIntegersAndInt64Ids) {
  const Tensor x = tf::constant({1, 2, 4});
  EXPECT_EQ(tf::math::segment_mean(x, tf::constant(std::vector<std::int64_t>{0, 0, 1})).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{1, 4}));  // integer means truncate
  EXPECT_EQ(tf::math::segment_sum(tf::zeros({0, 2}), tf::constant(std::vector<std::int32_t>{}, {0})).shape(),
            tf::TensorShape({0, 2}));
}

TEST(SegmentOps, SortedIdsAreCheckedAsTensorFlowChecksThem) {
  EXPECT_EQ(error_of([] { tf::math::segment_sum(kData, {0, 1, 0}); }), "[SegmentSum] segment ids are not increasing");
  EXPECT_EQ(error_of([] { tf::math::segment_max(kData, {-1, 0, 0}); }),
            "[SegmentMax] Segment id -1 out of range [0, 1), possibly because 'segment_ids' input is not sorted.");
  EXPECT_EQ(error_of([] { tf::math::segment_sum(kData, {0, 0}); }),
            "[SegmentSum] segment_ids should be the same size as dimension 0 of input: segment_ids [2], data [3,2]");
  EXPECT_EQ(error_of([] { tf::math::segment_sum(kData, tf::constant({{0, 0, 1}})); }),
            "[SegmentSum] segment_ids should be a vector, got int32 [1,3]");
  EXPECT_EQ(error_of([] { tf::math::segment_sum(tf::constant(1.0f), {0}); }),
            "[SegmentSum] input must be at least rank 1, got float32 []");
  EXPECT_EQ(error_of([] { tf::math::segment_sum(kData, tf::constant({0.0f, 0.0f, 1.0f})); }),
            "[SegmentSum] segment_ids must be int32 or int64, got float32 [3]");
  EXPECT_NE(error_of([] { tf::math::segment_sum(tf::constant({true}), {0}); }), "no error");
}

TEST(SegmentOps, UnsortedDropNegativeIdsAndFillEmptySegmentsWithTheIdentity) {
  const float lowest = std::numeric_limits<float>::lowest(), highest = std::numeric_limits<float>::max();
  EXPECT_EQ(tf::math::unsorted_segment_sum(kData, {2, -1, 0}, 3).numpy<float>(), (std::vector<float>{5, 6, 0, 0, 1, 2}));
  EXPECT_EQ(tf::math::unsorted_segment_max(kData, {0, -1, 2}, 4).numpy<float>(),
            (std::vector<float>{1, 2, lowest, lowest, 5, 6, lowest, lowest}));
  EXPECT_EQ(tf::math::unsorted_segment_min(kData, {0, 0, 2}, 3).numpy<float>(),
            (std::vector<float>{1, 2, highest, highest, 5, 6}));
  EXPECT_EQ(tf::math::unsorted_segment_prod(kData, {1, 1, 1}, 2).numpy<float>(), (std::vector<float>{1, 1, 15, 48}));
  EXPECT_EQ(tf::math::unsorted_segment_max(tf::constant({1, 2, 3}), {0, 0, 2}, 3).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{2, std::numeric_limits<std::int32_t>::lowest(), 3}));
}

TEST(SegmentOps, UnsortedMeanAndSqrtNAreComposites) {
  EXPECT_EQ(tf::math::unsorted_segment_mean(kData, {0, -1, 0}, 2).numpy<float>(), (std::vector<float>{3, 4, 0, 0}));
  const std::vector<float> sqrt_n = tf::math::unsorted_segment_sqrt_n(kData, {0, -1, 0}, 2).numpy<float>();
  EXPECT_FLOAT_EQ(sqrt_n[0], 6.0f / std::sqrt(2.0f));
  EXPECT_EQ(sqrt_n[3], 0.0f);
  // Integer data: the mean is a true division, float64, as in TensorFlow.
  const Tensor mean = tf::math::unsorted_segment_mean(tf::constant({1, 2, 4}), {0, 0, 1}, 2);
  EXPECT_EQ(mean.dtype(), tf::float64);
  EXPECT_EQ(mean.numpy<double>(), (std::vector<double>{1.5, 4.0}));
}

TEST(SegmentOps, UnsortedIdsOfRankTwo) {
  const Tensor x = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}});
  const Tensor y = tf::math::unsorted_segment_sum(x, tf::constant({{0, 1}, {1, 0}}), 2);
  EXPECT_EQ(y.shape(), tf::TensorShape({2}));
  EXPECT_EQ(y.numpy<float>(), (std::vector<float>{5, 5}));
}

TEST(SegmentOps, UnsortedErrorsNameTheOp) {
  EXPECT_EQ(error_of([] { tf::math::unsorted_segment_sum(kData, {0, 5, 2}, 3); }),
            "[UnsortedSegmentSum] segment_ids[1] = 5 is out of range [0, 3)");
  EXPECT_EQ(error_of([] { tf::math::unsorted_segment_max(kData, {0, 1}, 3); }),
            "[UnsortedSegmentMax] data.shape = [3,2] does not start with segment_ids.shape = [2]");
  EXPECT_EQ(error_of([] { tf::math::unsorted_segment_sum(kData, {0, 1, 1}, tf::constant({3})); }),
            "[UnsortedSegmentSum] num_segments should be a scalar, not shape [1]");
  EXPECT_EQ(error_of([] { tf::math::unsorted_segment_prod(kData, {0, 1, 1}, -1); }),
            "[UnsortedSegmentProd] Input num_segments == -1 must not be negative.");
}

TEST(SegmentOps, TracedShapes) {
  tf::TensorShape sorted, unsorted, counted;
  auto f = tf::function([&](Tensor x, Tensor ids) {
    const Tensor s = tf::math::segment_sum(x, ids);
    const Tensor u = tf::math::unsorted_segment_max(x, ids, 4);
    const Tensor m = tf::math::unsorted_segment_mean(x, ids, 4);
    sorted = s.shape();
    unsorted = u.shape();
    counted = m.shape();
    return std::vector<Tensor>{s, u, m};
  }, {.input_signature = {tf::TensorSpec({tf::None, 2}, tf::float32), tf::TensorSpec({tf::None}, tf::int32)}});
  const std::vector<Tensor> out = f(kData, tf::constant({0, 0, 3}));
  EXPECT_EQ(sorted, tf::TensorShape({tf::None, 2}));  // the number of segments is known at run time only
  EXPECT_EQ(unsorted, tf::TensorShape({4, 2}));
  EXPECT_EQ(counted, tf::TensorShape({4, 2}));
  EXPECT_EQ(out[0].numpy<float>(), tf::math::segment_sum(kData, {0, 0, 3}).numpy<float>());
  EXPECT_EQ(out[1].numpy<float>(), tf::math::unsorted_segment_max(kData, {0, 0, 3}, 4).numpy<float>());
  EXPECT_EQ(out[2].numpy<float>(), tf::math::unsorted_segment_mean(kData, {0, 0, 3}, 4).numpy<float>());
}

TEST(SegmentOps, TracedInputsAreCheckedWhenTheyRun) {
  auto f = tf::function([](Tensor x, Tensor ids, Tensor num) {
    return std::vector<Tensor>{tf::math::segment_sum(x, ids), tf::math::unsorted_segment_sum(x, ids, num)};
  }, {.input_signature = {tf::TensorSpec({tf::None, 2}, tf::float32), tf::TensorSpec({tf::None}, tf::int32),
                          tf::TensorSpec({}, tf::int32)}});
  EXPECT_NE(error_of([&] { f(kData, tf::constant({0, 0}), tf::constant(2)); })
                .find("segment_ids should be the same size as dimension 0 of input"),
            std::string::npos);
  EXPECT_NE(error_of([&] { f(kData, tf::constant({0, 0, 1}), tf::constant(-1)); }).find("must not be negative"),
            std::string::npos);
}

}  // namespace
