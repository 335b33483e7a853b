// The public tf::data::Dataset methods for transformations that were graph ops only (take_while,
// unique, scan, group_by_window, choose_from_datasets, get_single_element) and the newer ones
// (random, sample_from_datasets, ignore_errors, rebatch).
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <tfpp/tfpp.h>

#include "data/dataset_test_util.h"

namespace {

using tf::data::Dataset;
using tf::data::Element;
using tf::testing::ints;
using tf::testing::expect_error;

TEST(DatasetMethods, TakeWhileStopsAtTheFirstFalse) {
  const Dataset ds = Dataset::from_tensor_slices(tf::constant(std::vector<std::int64_t>{1, 2, 5, 1, 2}));
  EXPECT_EQ(ints(ds.take_while([](const tf::Tensor& x) { return x < std::int64_t{3}; })),
            (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(ints(ds.take_while([](const tf::Tensor&) { return true; })), (std::vector<std::int64_t>{1, 2, 5, 1, 2}));
  expect_error<tf::InvalidArgumentError>(
      [&] { ints(ds.take_while([](const tf::Tensor& x) { return x; })); }, "bool scalar");
}

TEST(DatasetMethods, UniqueKeepsFirstSeenOrder) {
  const Dataset ds = Dataset::from_tensor_slices(tf::constant(std::vector<std::int64_t>{3, 1, 3, 2, 1, 4}));
  EXPECT_EQ(ints(ds.unique()), (std::vector<std::int64_t>{3, 1, 2, 4}));
  std::vector<std::string> words;
  for (const Element& e : Dataset::from_tensor_slices(tf::constant(std::vector<std::string>{"b", "a", "b"})).unique())
    words.push_back(e[0].item<std::string>());
  EXPECT_EQ(words, (std::vector<std::string>{"b", "a"}));
  expect_error<tf::InvalidArgumentError>([] { ints(Dataset::from_tensor_slices(tf::constant({1.0f})).unique()); },
                                         "int32, int64 and string");
}

TEST(DatasetMethods, ScanThreadsAStateThroughTheElements) {
  // Running sums, and the state's count as a second state tensor.
  const Dataset sums = Dataset::range(1, 6).scan(
      {tf::constant(std::int64_t{0}), tf::constant(std::int64_t{0})}, [](const Element& state, const Element& e) {
        const tf::Tensor total = state[0] + e[0];
        return std::pair{Element{total, state[1] + std::int64_t{1}}, Element{total, state[1]}};
      });
  std::vector<std::int64_t> totals, counts;
  for (const Element& e : sums) {
    totals.push_back(e[0].item<std::int64_t>());
    counts.push_back(e[1].item<std::int64_t>());
  }
  EXPECT_EQ(totals, (std::vector<std::int64_t>{1, 3, 6, 10, 15}));
  EXPECT_EQ(counts, (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(sums.cardinality(), 5);
  // A Tensor state and output.
  const Dataset doubled =
      Dataset::range(3).scan({tf::constant(std::int64_t{1})}, [](const Element& s, const Element& e) {
        return std::pair{s[0] * std::int64_t{2}, s[0] + e[0]};
      });
  EXPECT_EQ(ints(doubled), (std::vector<std::int64_t>{1, 3, 6}));
  // A new state of another size is an error.
  const Dataset bad = Dataset::range(3).scan({tf::constant(std::int64_t{0})}, [](const Element& s, const Element& e) {
    return std::pair{Element{s[0], s[0]}, e[0]};
  });
  expect_error<tf::InvalidArgumentError>([&] { ints(bad); }, "a state of 2 tensors for an initial state of 1");
}

TEST(DatasetMethods, GroupByWindowBatchesEachKey) {
  // Even and odd numbers in windows of 2; the unfinished windows come last by ascending key.
  const Dataset grouped = Dataset::range(7).group_by_window(
      [](const tf::Tensor& x) { return x % std::int64_t{2}; },
      [](std::int64_t, const Dataset& window) { return window.batch(2); }, 2);
  std::vector<std::vector<std::int64_t>> batches;
  for (const Element& e : grouped) batches.push_back(e[0].numpy<std::int64_t>());
  EXPECT_EQ(batches, (std::vector<std::vector<std::int64_t>>{{0, 2}, {1, 3}, {4, 6}, {5}}));
  // A window size per key, and a key given as a C++ integer.
  const Dataset sized = Dataset::range(6).group_by_window(
      [](const tf::Tensor& x) { return x.item<std::int64_t>() < 2 ? std::int64_t{0} : std::int64_t{1}; },
      [](std::int64_t key, const Dataset& window) { return window.batch(key == 0 ? 2 : 4); },
      [](std::int64_t key) { return key == 0 ? std::int64_t{2} : std::int64_t{4}; });
  batches.clear();
  for (const Element& e : sized) batches.push_back(e[0].numpy<std::int64_t>());
  EXPECT_EQ(batches, (std::vector<std::vector<std::int64_t>>{{0, 1}, {2, 3, 4, 5}}));
  expect_error<tf::InvalidArgumentError>(
      [] {
        ints(Dataset::range(3).group_by_window([](const tf::Tensor&) { return std::int64_t{0}; },
                                               [](std::int64_t, const Dataset& w) { return w; }, 0));
      },
      "Window size must be greater than zero");
}

TEST(DatasetMethods, ChooseFromDatasetsFollowsTheChoices) {
  const std::vector<Dataset> inputs{Dataset::range(0, 3), Dataset::range(100, 103)};
  const Dataset choices = Dataset::from_tensor_slices(tf::constant(std::vector<std::int64_t>{1, 0, 0, 1, 0, 1, 1}));
  // Without stop_on_empty_dataset an exhausted dataset is skipped.
  EXPECT_EQ(ints(Dataset::choose_from_datasets(inputs, choices, false)),
            (std::vector<std::int64_t>{100, 0, 1, 101, 2, 102}));
  // With it the first exhausted choice ends the pass.
  EXPECT_EQ(ints(Dataset::choose_from_datasets(inputs, Dataset::from_tensor_slices(tf::constant(
                                                           std::vector<std::int64_t>{0, 0, 0, 0, 1})))),
            (std::vector<std::int64_t>{0, 1, 2}));
  expect_error<tf::InvalidArgumentError>(
      [&] { ints(Dataset::choose_from_datasets(inputs, Dataset::from_tensors(tf::constant(std::int64_t{2})))); },
      "Selector index out of range");
  expect_error<tf::InvalidArgumentError>([&] { Dataset::choose_from_datasets({}, choices); }, "should not be empty");
}

TEST(DatasetMethods, GetSingleElement) {
  const Element e = Dataset::from_tensors({tf::constant(1.5f), tf::constant("x")}).get_single_element();
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].item<float>(), 1.5f);
  EXPECT_EQ(e[1].item<std::string>(), "x");
  expect_error<tf::InvalidArgumentError>([] { Dataset::range(0).get_single_element(); }, "Dataset was empty.");
  expect_error<tf::InvalidArgumentError>([] { Dataset::range(2).get_single_element(); },
                                         "Dataset had more than one element.");
}

TEST(DatasetMethods, RandomIsReproducibleForASeed) {
  const std::vector<std::int64_t> a = ints(Dataset::random(4).take(9)), b = ints(Dataset::random(4).take(9));
  EXPECT_EQ(a, b);
  EXPECT_NE(a, ints(Dataset::random(5).take(9)));
  for (std::int64_t v : a) {
    EXPECT_GE(v, 0);
    EXPECT_LT(v, std::int64_t{1} << 32);
  }
  EXPECT_EQ(Dataset::random(4).cardinality(), tf::data::INFINITE_CARDINALITY);
  // Each pass repeats the numbers, unless told to rerandomize.
  const Dataset twice = Dataset::random(4).take(3).repeat(2);
  const std::vector<std::int64_t> t = ints(twice);
  EXPECT_EQ(std::vector<std::int64_t>(t.begin(), t.begin() + 3), std::vector<std::int64_t>(t.begin() + 3, t.end()));
  const Dataset fresh = Dataset::random(4, true).take(3);
  EXPECT_NE(ints(fresh), ints(fresh));
}

TEST(DatasetMethods, SampleFromDatasetsWithOneWeightReadsOnlyThatDataset) {
  const std::vector<Dataset> inputs{Dataset::range(0, 5), Dataset::range(100, 105)};
  EXPECT_EQ(ints(Dataset::sample_from_datasets(inputs, {.weights = {1.0, 0.0}})),
            (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(ints(Dataset::sample_from_datasets(inputs, {.weights = {0.0, 1.0}})),
            (std::vector<std::int64_t>{100, 101, 102, 103, 104}));
  expect_error<tf::InvalidArgumentError>([&] { Dataset::sample_from_datasets(inputs, {.weights = {1.0}}); },
                                         "`len(weights)=1` vs. `len(datasets)=2`");
}

TEST(DatasetMethods, SampleFromDatasetsDrawsByTheWeights) {
  const std::vector<Dataset> inputs{Dataset::from_tensors(tf::constant(std::int64_t{0})).repeat(),
                                    Dataset::from_tensors(tf::constant(std::int64_t{1})).repeat(),
                                    Dataset::from_tensors(tf::constant(std::int64_t{2})).repeat()};
  const std::vector<std::int64_t> draws =
      ints(Dataset::sample_from_datasets(inputs, {.weights = {0.2, 0.3, 0.5}, .seed = 11}).take(4000));
  std::map<std::int64_t, int> counts;
  for (std::int64_t d : draws) ++counts[d];
  // Binomial standard deviations are 25-32 draws; 5 of them is a generous bound.
  EXPECT_NEAR(counts[0], 800, 160);
  EXPECT_NEAR(counts[1], 1200, 160);
  EXPECT_NEAR(counts[2], 2000, 160);
  EXPECT_EQ(draws, ints(Dataset::sample_from_datasets(inputs, {.weights = {0.2, 0.3, 0.5}, .seed = 11}).take(4000)));
}

TEST(DatasetMethods, SampleFromDatasetsStopsOrSkipsAtAnEmptyDataset) {
  const std::vector<Dataset> inputs{Dataset::range(0, 2), Dataset::range(100, 150)};
  const std::vector<std::int64_t> skipping = ints(Dataset::sample_from_datasets(inputs, {.seed = 3}));
  EXPECT_EQ(skipping.size(), 52u);  // every element of both
  const std::vector<std::int64_t> stopping =
      ints(Dataset::sample_from_datasets(inputs, {.seed = 3, .stop_on_empty_dataset = true}));
  EXPECT_LT(stopping.size(), 52u);
  EXPECT_EQ(stopping, std::vector<std::int64_t>(skipping.begin(), skipping.begin() + stopping.size()));
}

TEST(DatasetMethods, IgnoreErrorsDropsFailedElements) {
  // check_numerics fails on the element 1/0 = inf, which is dropped; the pass goes on.
  const Dataset ds = Dataset::from_tensor_slices(tf::constant({1.0f, 2.0f, 0.0f, 4.0f})).map([](const tf::Tensor& x) {
    return tf::debugging::check_numerics(1.0f / x, "error");
  });
  expect_error<tf::InvalidArgumentError>([&] { for (const Element& e : ds) (void)e; }, "error");
  std::vector<float> kept;
  for (const Element& e : ds.ignore_errors()) kept.push_back(e[0].item<float>());
  EXPECT_EQ(kept, (std::vector<float>{1.0f, 0.5f, 0.25f}));
  // A parallel map goes on after a failed element too.
  const Dataset parallel = Dataset::range(600).map(
      [](const tf::Tensor& x) {
        if (x.item<std::int64_t>() % 7 == 3) throw tf::InvalidArgumentError("bad element");
        return x;
      },
      {.num_parallel_calls = 2});
  const std::vector<std::int64_t> survivors = ints(parallel.ignore_errors(true));
  std::vector<std::int64_t> expected;
  for (std::int64_t i = 0; i < 600; ++i)
    if (i % 7 != 3) expected.push_back(i);
  EXPECT_EQ(survivors, expected);
}

TEST(DatasetMethods, RebatchRestacksTheRows) {
  const Dataset ds = Dataset::range(10).batch(4).rebatch(3);
  std::vector<std::vector<std::int64_t>> batches;
  for (const Element& e : ds) batches.push_back(e[0].numpy<std::int64_t>());
  EXPECT_EQ(batches, (std::vector<std::vector<std::int64_t>>{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {9}}));
  batches.clear();
  for (const Element& e : Dataset::range(10).batch(4).rebatch(3, true)) batches.push_back(e[0].numpy<std::int64_t>());
  EXPECT_EQ(batches.size(), 3u);
  expect_error<tf::InvalidArgumentError>([] { Dataset::range(4).batch(2).rebatch(0); }, "batch_size must be >= 1");
}

}  // namespace
