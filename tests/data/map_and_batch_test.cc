// A parallel map followed by batch runs fused (the workers stack the batches): the elements,
// their order and the errors must be those of the unfused pipeline.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::data::Dataset;
using tf::data::Element;
using tf::testing::error_of;

// Each batch's first component, flattened.
std::vector<std::vector<std::int64_t>> batches(const Dataset& ds) {
  std::vector<std::vector<std::int64_t>> v;
  for (const Element& e : ds) v.push_back(e.at(0).numpy<std::int64_t>());
  return v;
}

auto twice = [](const tf::Tensor& x) { return std::pair{x * std::int64_t{2}, tf::fill({2}, x)}; };

TEST(MapAndBatch, MatchesTheUnfusedPipeline) {
  for (std::int64_t n : {0, 1, 7, 10, 1001}) {
    for (bool drop : {false, true}) {
      Dataset inline_map = Dataset::range(n).map(twice).batch(5, drop);
      for (std::int64_t calls : {std::int64_t{2}, std::int64_t{3}, tf::data::AUTOTUNE}) {
        Dataset fused = Dataset::range(n).map(twice, {.num_parallel_calls = calls}).batch(5, drop);
        EXPECT_EQ(batches(fused), batches(inline_map)) << n << " " << drop << " " << calls;
        EXPECT_EQ(fused.cardinality(), inline_map.cardinality());
      }
    }
  }
  // The second component is stacked too: rows of [x, x].
  Element first = *Dataset::range(3).map(twice, {.num_parallel_calls = 2}).batch(3).begin();
  EXPECT_EQ(first[1].shape(), tf::TensorShape({3, 2}));
  EXPECT_EQ(first[1].numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 0, 1, 1, 2, 2}));
  // Without a fixed order every element still arrives once, in batches of 5 and one of 2.
  std::vector<std::int64_t> all;
  std::vector<std::size_t> sizes;
  for (const auto& b : batches(Dataset::range(32).map(twice, {.num_parallel_calls = 3, .deterministic = false}).batch(5))) {
    all.insert(all.end(), b.begin(), b.end());
    sizes.push_back(b.size());
  }
  std::sort(all.begin(), all.end());
  std::sort(sizes.begin(), sizes.end());
  std::vector<std::int64_t> want;
  for (std::int64_t i = 0; i < 32; ++i) want.push_back(2 * i);
  EXPECT_EQ(all, want);
  EXPECT_EQ(sizes, (std::vector<std::size_t>{2, 5, 5, 5, 5, 5, 5}));
}

TEST(MapAndBatch, AFailedElementEndsThePassAfterTheBatchesBeforeIt) {
  Dataset ds = Dataset::range(50)
                   .map(
                       [](const tf::Tensor& x) {
                         if (x.item<std::int64_t>() == 17) throw std::runtime_error("bad record");
                         return x;
                       },
                       {.num_parallel_calls = 2})
                   .batch(5);
  std::vector<std::vector<std::int64_t>> seen;
  EXPECT_EQ(error_of([&] {
              for (const Element& e : ds) seen.push_back(e[0].numpy<std::int64_t>());
            }),
            "[Dataset.map] the function failed on element 17: bad record");
  ASSERT_EQ(seen.size(), 3u);  // elements 0-14; the batch of 15-19 fails
  EXPECT_EQ(seen[2], (std::vector<std::int64_t>{10, 11, 12, 13, 14}));
}

TEST(MapAndBatch, APrefetchAfterItKeepsBatchesAheadAndPassesTheError) {
  Dataset ds = Dataset::range(23)
                   .map(
                       [](const tf::Tensor& x) {
                         if (x.item<std::int64_t>() == 17) throw tf::OutOfRangeError("seventeen");
                         return x;
                       },
                       {.num_parallel_calls = tf::data::AUTOTUNE})
                   .batch(5)
                   .prefetch(3);
  tf::data::Iterator it = ds.make_iterator();
  for (std::int64_t b = 0; b < 3; ++b) EXPECT_EQ(it.get_next()->at(0).numpy<std::int64_t>()[0], 5 * b);
  EXPECT_THROW(it.get_next(), tf::OutOfRangeError);
  EXPECT_FALSE(it.get_next().has_value());
  EXPECT_EQ(batches(Dataset::range(23).map(twice, {.num_parallel_calls = 2}).batch(5).prefetch(1)),
            batches(Dataset::range(23).map(twice).batch(5)));
}

TEST(MapAndBatch, ElementsOfDifferingShapesNamePaddedBatch) {
  Dataset ragged = Dataset::range(1, 4).map([](const tf::Tensor& x) { return tf::fill({x.item<std::int64_t>()}, 1.0f); },
                                            {.num_parallel_calls = 2});
  const std::string error = error_of([&] {
    for (const Element& e : ragged.batch(3)) (void)e;
  });
  EXPECT_NE(error.find("[Dataset.batch] component 0: cannot stack float32 [2] with float32 [1]"), std::string::npos)
      << error;
  // padded_batch is not fused and pads as usual.
  Element padded = *ragged.padded_batch(3).begin();
  EXPECT_EQ(padded[0].shape(), tf::TensorShape({3, 3}));
}

TEST(MapAndBatch, LeavingAnEndlessPassEarlyJoinsTheWorkers) {
  Dataset ds = Dataset::range(10).repeat().map(twice, {.num_parallel_calls = 2}).batch(4).prefetch(tf::data::AUTOTUNE);
  for (int pass = 0; pass < 10; ++pass) {
    int n = 0;
    for (const Element& e : ds) {
      EXPECT_EQ(e[0].numpy<std::int64_t>()[0], 2 * ((4 * n) % 10));
      if (++n == 3) break;
    }
    EXPECT_EQ(n, 3);
  }
}

}  // namespace
