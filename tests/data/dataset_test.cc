#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <numeric>
#include <set>
#include <thread>

#include <tfpp/tfpp.h>

#include "data/dataset_test_util.h"

namespace {

using tf::data::Dataset;
using tf::data::Element;
using tf::testing::ints;

// The int64 scalar values of a dataset of single int64 scalars.
std::vector<Element> collect(const Dataset& ds) {
  std::vector<Element> v;
  for (const Element& e : ds) v.push_back(e);
  return v;
}

std::int64_t count(const Dataset& ds) {
  std::int64_t n = 0;
  for (const Element& e : ds) (void)e, ++n;
  return n;
}

std::vector<std::int64_t> iota(std::int64_t a, std::int64_t b) {
  std::vector<std::int64_t> v(b - a);
  std::iota(v.begin(), v.end(), a);
  return v;
}

TEST(DatasetSources, FromTensorSlicesSlicesAlongFirstDim) {
  tf::Tensor x = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}, {5.0f, 6.0f}});
  tf::Tensor y = tf::constant({7, 8, 9});
  Dataset ds = Dataset::from_tensor_slices({x, y});
  EXPECT_EQ(ds.cardinality(), 3);
  std::vector<Element> got = collect(ds);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[1][0].shape(), tf::TensorShape({2}));
  EXPECT_EQ(got[1][0].numpy<float>(), (std::vector<float>{3, 4}));
  EXPECT_EQ(got[2][1].item<std::int32_t>(), 9);
  EXPECT_EQ(got[0][1].shape(), tf::TensorShape{});
}

TEST(DatasetSources, FromTensorSlicesOfStringsAndMaps) {
  Dataset s = Dataset::from_tensor_slices(tf::constant(std::vector<std::string>{"a", "bb"}));
  std::vector<std::string> v;
  for (const Element& e : s) v.push_back(e[0].item<std::string>());
  EXPECT_EQ(v, (std::vector<std::string>{"a", "bb"}));

  Dataset m = Dataset::from_tensor_slices(std::map<std::string, tf::Tensor>{{"b", tf::constant({1, 2})},
                                                                            {"a", tf::constant({3.0f, 4.0f})}});
  EXPECT_EQ(m.element_names(), (std::vector<std::string>{"a", "b"}));
  Element first = *m.begin();
  auto named = m.as_map(first);
  EXPECT_EQ(named.at("a").item<float>(), 3.0f);
  EXPECT_EQ(named.at("b").item<std::int32_t>(), 1);
  // Names survive transformations that keep the structure.
  EXPECT_EQ(m.batch(2).shuffle(2, {.seed = 1}).element_names(), m.element_names());
  EXPECT_THROW(Dataset::range(2).as_map(first), tf::InvalidArgumentError);
}

TEST(DatasetSources, FromTensorSlicesRejectsBadInput) {
  EXPECT_THROW(Dataset::from_tensor_slices(tf::constant(1.0f)), tf::InvalidArgumentError);
  EXPECT_THROW(Dataset::from_tensor_slices({tf::constant({1, 2}), tf::constant({1, 2, 3})}), tf::InvalidArgumentError);
  EXPECT_THROW(Dataset::from_tensor_slices(std::vector<tf::Tensor>{}), tf::InvalidArgumentError);
  EXPECT_THROW(Dataset::from_tensor_slices({tf::Tensor()}), tf::InvalidArgumentError);
}

TEST(DatasetSources, EmptyTensorGivesEmptyDataset) {
  Dataset ds = Dataset::from_tensor_slices(tf::zeros({0, 3}));
  EXPECT_EQ(ds.cardinality(), 0);
  EXPECT_TRUE(ds.begin() == ds.end());
  EXPECT_TRUE(Dataset().begin() == Dataset().end());
}

TEST(DatasetSources, FromTensorsIsOneElement) {
  Dataset ds = Dataset::from_tensors({tf::constant({1, 2}), tf::constant("x")});
  std::vector<Element> got = collect(ds);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0][0].numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 2}));
  EXPECT_EQ(got[0][1].item<std::string>(), "x");
}

TEST(DatasetSources, Range) {
  EXPECT_EQ(ints(Dataset::range(5)), iota(0, 5));
  EXPECT_EQ(ints(Dataset::range(2, 9, 3)), (std::vector<std::int64_t>{2, 5, 8}));
  EXPECT_EQ(ints(Dataset::range(5, 0, -2)), (std::vector<std::int64_t>{5, 3, 1}));
  EXPECT_EQ(Dataset::range(2, 9, 3).cardinality(), 3);
  EXPECT_EQ(Dataset::range(5, 0, -2).cardinality(), 3);
  EXPECT_EQ(Dataset::range(3, 3).cardinality(), 0);
  EXPECT_EQ((*Dataset::range(1).begin())[0].dtype(), tf::int64);
  EXPECT_THROW(Dataset::range(0, 5, 0), tf::InvalidArgumentError);
}

TEST(DatasetSources, FromGeneratorRerunsAndChecksSignature) {
  int calls = 0;
  auto make = [&calls]() -> Dataset::Generator {
    ++calls;
    return [i = 0]() mutable -> std::optional<Element> {
      if (i == 3) return std::nullopt;
      ++i;
      return Element{tf::fill({i}, static_cast<float>(i))};
    };
  };
  Dataset ds = Dataset::from_generator(make, {tf::TensorSpec({tf::None}, tf::float32)});
  std::vector<std::int64_t> sizes;
  for (const Element& e : ds) sizes.push_back(e[0].num_elements());
  EXPECT_EQ(sizes, (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(count(ds), 3);
  EXPECT_EQ(calls, 2);

  Dataset wrong = Dataset::from_generator(make, {tf::TensorSpec({tf::None}, tf::int32)});
  try {
    for (const Element& e : wrong) (void)e;
    FAIL() << "expected an error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("[Dataset.from_generator] element 0 component 0: expected int32 [?], got float32 [1]"),
              std::string::npos)
        << e.what();
  }
  Dataset failing = Dataset::from_generator(
      [] { return Dataset::Generator([]() -> std::optional<Element> { throw std::runtime_error("boom"); }); },
      {tf::TensorSpec({}, tf::float32)});
  EXPECT_THROW(failing.begin(), tf::InvalidArgumentError);
}

TEST(DatasetTransform, MapFormsAndErrors) {
  Dataset ds = Dataset::range(4).map([](const tf::Tensor& x) { return x * std::int64_t{10}; });
  EXPECT_EQ(ints(ds), (std::vector<std::int64_t>{0, 10, 20, 30}));

  Dataset pairs = Dataset::from_tensor_slices({tf::constant({1.0f, 2.0f}), tf::constant({3.0f, 4.0f})});
  Dataset sums = pairs.map([](const tf::Tensor& a, const tf::Tensor& b) { return a + b; });
  std::vector<float> s;
  for (const Element& e : sums) s.push_back(e[0].item<float>());
  EXPECT_EQ(s, (std::vector<float>{4, 6}));
  Dataset swapped = pairs.map([](const tf::Tensor& a, const tf::Tensor& b) { return std::pair{b, a}; });
  EXPECT_EQ((*swapped.begin())[0].item<float>(), 3.0f);
  Dataset vec = pairs.map([](const Element& e) { return Element{e[1]}; });
  EXPECT_EQ((*vec.begin()).size(), 1u);

  // A function taking one tensor on a two-component element is an arity error.
  Dataset bad = pairs.map([](const tf::Tensor& a) { return a; });
  EXPECT_THROW(bad.begin(), tf::InvalidArgumentError);

  Dataset throwing = Dataset::range(10).map([](const tf::Tensor& x) {
    if (x.item<std::int64_t>() == 6) throw tf::OutOfRangeError("six is too big");
    return x;
  });
  std::vector<std::int64_t> seen;
  try {
    for (const Element& e : throwing) seen.push_back(e[0].item<std::int64_t>());
    FAIL() << "expected an error";
  } catch (const tf::OutOfRangeError& e) {
    EXPECT_EQ(std::string(e.what()), "[Dataset.map] the function failed on element 6: six is too big");
  }
  EXPECT_EQ(seen, iota(0, 6));
}

TEST(DatasetTransform, ParallelMapKeepsOrder) {
  // Later elements finish first; the output must still be in input order.
  auto slow_first = [](const tf::Tensor& x) {
    std::this_thread::sleep_for(std::chrono::microseconds(200 * (20 - x.item<std::int64_t>() % 20)));
    return x * std::int64_t{2};
  };
  for (std::int64_t calls : {std::int64_t{2}, std::int64_t{4}, tf::data::AUTOTUNE}) {
    Dataset ds = Dataset::range(100).map(slow_first, {.num_parallel_calls = calls});
    std::vector<std::int64_t> want;
    for (std::int64_t i = 0; i < 100; ++i) want.push_back(2 * i);
    EXPECT_EQ(ints(ds), want) << calls;
    EXPECT_EQ(ints(ds), want) << "second pass " << calls;
  }
  // Non-deterministic order still yields every element exactly once.
  Dataset nd = Dataset::range(100).map(slow_first, {.num_parallel_calls = 4, .deterministic = false});
  std::vector<std::int64_t> got = ints(nd);
  std::sort(got.begin(), got.end());
  std::vector<std::int64_t> want;
  for (std::int64_t i = 0; i < 100; ++i) want.push_back(2 * i);
  EXPECT_EQ(got, want);
  EXPECT_EQ(ints(Dataset::range(0).map(slow_first, {.num_parallel_calls = 3})), std::vector<std::int64_t>{});
}

TEST(DatasetTransform, ParallelMapErrorNamesElementAndStopsCleanly) {
  Dataset ds = Dataset::range(50).map(
      [](const tf::Tensor& x) {
        if (x.item<std::int64_t>() == 17) throw std::runtime_error("bad record");
        return x;
      },
      {.num_parallel_calls = 3});
  std::vector<std::int64_t> seen;
  try {
    for (const Element& e : ds) seen.push_back(e[0].item<std::int64_t>());
    FAIL() << "expected an error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_EQ(std::string(e.what()), "[Dataset.map] the function failed on element 17: bad record");
  }
  EXPECT_EQ(seen, iota(0, 17));
  EXPECT_THROW(Dataset::range(3).map([](const tf::Tensor& x) { return x; }, {.num_parallel_calls = -5}),
               tf::InvalidArgumentError);
}

TEST(DatasetTransform, ParallelMapOfCheapElementsKeepsOrderAndInputErrors) {
  // A cheap function makes the workers take large chunks; order and error positions hold.
  auto twice = [](const tf::Tensor& x) { return x * std::int64_t{2}; };
  std::vector<std::int64_t> want;
  for (std::int64_t i = 0; i < 20000; ++i) want.push_back(2 * i);
  EXPECT_EQ(ints(Dataset::range(20000).map(twice, {.num_parallel_calls = 2})), want);
  std::vector<std::int64_t> got = ints(Dataset::range(20000).map(twice, {.num_parallel_calls = 3, .deterministic = false}));
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, want);
  // An error from the input (here an inline map) arrives after every element before it.
  Dataset failing_input = Dataset::range(20000)
                              .map([](const tf::Tensor& x) {
                                if (x.item<std::int64_t>() == 5000) throw tf::OutOfRangeError("input broke");
                                return x;
                              })
                              .map(twice, {.num_parallel_calls = 2});
  std::int64_t seen = 0;
  try {
    for (const Element& e : failing_input) EXPECT_EQ(e[0].item<std::int64_t>(), 2 * seen++);
    FAIL() << "expected an error";
  } catch (const tf::OutOfRangeError& e) {
    EXPECT_EQ(std::string(e.what()), "[Dataset.map] the function failed on element 5000: input broke");
  }
  EXPECT_EQ(seen, 5000);
}

TEST(DatasetTransform, AutotunedParallelMapAddsWorkersOnlyWhileTheConsumerWaits) {
  std::mutex mu;
  std::set<std::thread::id> threads;
  auto note_thread = [&](const tf::Tensor& x, std::chrono::microseconds cost) {
    std::this_thread::sleep_for(cost);
    std::lock_guard lock(mu);
    threads.insert(std::this_thread::get_id());
    return x;
  };
  // A cheap function ahead of a slow consumer: one worker keeps up.
  Dataset cheap = Dataset::range(40).map([&](const tf::Tensor& x) { return note_thread(x, std::chrono::microseconds(0)); },
                                         {.num_parallel_calls = tf::data::AUTOTUNE});
  for (const Element& e : cheap) (void)e, std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(threads.size(), 1u);
  // A slow function and a consumer that waits for it: a worker per core.
  threads.clear();
  Dataset slow = Dataset::range(40).map([&](const tf::Tensor& x) { return note_thread(x, std::chrono::milliseconds(1)); },
                                        {.num_parallel_calls = tf::data::AUTOTUNE});
  EXPECT_EQ(ints(slow), iota(0, 40));
  EXPECT_EQ(threads.size(), std::min(2u, std::max(1u, std::thread::hardware_concurrency())));
}

TEST(DatasetTransform, EarlyBreakJoinsThreads) {
  // An endless pipeline with prefetch and a parallel map: leaving the loop must not hang.
  std::atomic<int> live{0};
  Dataset ds = Dataset::range(1)
                   .repeat()
                   .map(
                       [&live](const tf::Tensor& x) {
                         ++live;
                         --live;
                         return x;
                       },
                       {.num_parallel_calls = 2})
                   .prefetch(tf::data::AUTOTUNE);
  EXPECT_EQ(ds.cardinality(), tf::data::INFINITE_CARDINALITY);
  for (int pass = 0; pass < 20; ++pass) {
    int n = 0;
    for (const Element& e : ds) {
      (void)e;
      if (++n == 5) break;
    }
    EXPECT_EQ(n, 5);
  }
  EXPECT_EQ(live.load(), 0);
  // An iterator that is never read is destroyed cleanly too.
  { tf::data::Iterator it = ds.make_iterator(); }
}

TEST(DatasetTransform, PrefetchPassesElementsAndErrors) {
  EXPECT_EQ(ints(Dataset::range(10).prefetch(3)), iota(0, 10));
  EXPECT_EQ(ints(Dataset::range(10).prefetch(0)), iota(0, 10));
  EXPECT_THROW(Dataset::range(3).prefetch(-2), tf::InvalidArgumentError);
  Dataset failing = Dataset::range(5)
                        .map([](const tf::Tensor& x) {
                          if (x.item<std::int64_t>() == 3) throw tf::InvalidArgumentError("three");
                          return x;
                        })
                        .prefetch(2);
  tf::data::Iterator it = failing.make_iterator();
  for (int i = 0; i < 3; ++i) EXPECT_EQ(it.get_next()->at(0).item<std::int64_t>(), i);
  EXPECT_THROW(it.get_next(), tf::InvalidArgumentError);
  EXPECT_FALSE(it.get_next().has_value());
}

TEST(DatasetTransform, FilterTakeSkipRepeat) {
  Dataset even = Dataset::range(10).filter([](const tf::Tensor& x) { return x.item<std::int64_t>() % 2 == 0; });
  EXPECT_EQ(ints(even), (std::vector<std::int64_t>{0, 2, 4, 6, 8}));
  Dataset tensor_pred = Dataset::range(4).filter([](const tf::Tensor& x) { return tf::constant(x.item<std::int64_t>() > 1); });
  EXPECT_EQ(ints(tensor_pred), (std::vector<std::int64_t>{2, 3}));
  EXPECT_THROW(Dataset::range(2).filter([](const tf::Tensor& x) { return x; }).begin(), tf::InvalidArgumentError);

  EXPECT_EQ(ints(Dataset::range(10).take(3)), iota(0, 3));
  EXPECT_EQ(ints(Dataset::range(10).take(-1)), iota(0, 10));
  EXPECT_EQ(ints(Dataset::range(10).skip(7)), iota(7, 10));
  EXPECT_EQ(ints(Dataset::range(10).skip(-1)), std::vector<std::int64_t>{});
  EXPECT_EQ(ints(Dataset::range(3).repeat(2)), (std::vector<std::int64_t>{0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(ints(Dataset::range(3).repeat().take(7)), (std::vector<std::int64_t>{0, 1, 2, 0, 1, 2, 0}));
  EXPECT_EQ(ints(Dataset::range(0).repeat()), std::vector<std::int64_t>{});
  EXPECT_EQ(Dataset::range(10).take(3).cardinality(), 3);
  EXPECT_EQ(Dataset::range(10).skip(3).cardinality(), 7);
  EXPECT_EQ(Dataset::range(3).repeat(2).cardinality(), 6);
  EXPECT_EQ(Dataset::range(3).repeat().take(5).cardinality(), 5);
  EXPECT_EQ(even.cardinality(), tf::data::UNKNOWN_CARDINALITY);
  EXPECT_THROW(Dataset::range(3).repeat(-3), tf::InvalidArgumentError);
  EXPECT_THROW(Dataset::range(3).take(-3), tf::InvalidArgumentError);
}

TEST(DatasetTransform, BatchStacksAndDropsRemainder) {
  Dataset ds = Dataset::from_tensor_slices({tf::constant({{1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}}),
                                            tf::constant(std::vector<std::string>{"a", "b", "c", "d", "e"})});
  std::vector<Element> b = collect(ds.batch(2));
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0][0].shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(b[1][0].numpy<std::int32_t>(), (std::vector<std::int32_t>{5, 6, 7, 8}));
  EXPECT_EQ(b[2][0].shape(), tf::TensorShape({1, 2}));
  EXPECT_EQ(b[2][1].numpy<std::string>(), (std::vector<std::string>{"e"}));
  EXPECT_EQ(b[0][1].numpy<std::string>(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(ds.batch(2).cardinality(), 3);
  EXPECT_EQ(ds.batch(2, /*drop_remainder=*/true).cardinality(), 2);
  EXPECT_EQ(count(ds.batch(2, true)), 2);
  // Scalars batch into vectors.
  Element r = *Dataset::range(5).batch(5).begin();
  EXPECT_EQ(r[0].numpy<std::int64_t>(), iota(0, 5));
  EXPECT_THROW(ds.batch(0), tf::InvalidArgumentError);
}

TEST(DatasetTransform, BatchOfDifferingShapesNamesPaddedBatch) {
  Dataset ragged = Dataset::range(1, 4).map([](const tf::Tensor& x) { return tf::fill({x.item<std::int64_t>()}, 1.0f); });
  try {
    for (const Element& e : ragged.batch(3)) (void)e;
    FAIL();
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("[Dataset.batch] component 0: cannot stack float32 [2] with float32 [1]"),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("padded_batch"), std::string::npos);
  }
}

TEST(DatasetTransform, PaddedBatch) {
  Dataset ragged = Dataset::range(1, 4).map([](const tf::Tensor& x) {
    const std::int64_t n = x.item<std::int64_t>();
    return tf::fill({n}, static_cast<std::int32_t>(n));
  });
  Element b = *ragged.padded_batch(3).begin();
  EXPECT_EQ(b[0].shape(), tf::TensorShape({3, 3}));
  EXPECT_EQ(b[0].numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 0, 0, 2, 2, 0, 3, 3, 3}));
  Element p = *ragged.padded_batch(2, {.padded_shapes = {tf::TensorShape({4})}, .padding_values = {tf::constant(-1)}}).begin();
  EXPECT_EQ(p[0].numpy<std::int32_t>(), (std::vector<std::int32_t>{1, -1, -1, -1, 2, 2, -1, -1}));
  EXPECT_EQ(count(ragged.padded_batch(2, {.drop_remainder = true})), 1);
  // Too small a padded shape, or a wrongly typed padding value, is an error.
  EXPECT_THROW(ragged.padded_batch(3, {.padded_shapes = {tf::TensorShape({2})}}).begin(), tf::DataLossError);
  EXPECT_THROW(ragged.padded_batch(3, {.padding_values = {tf::constant(1.0f)}}).begin(), tf::InvalidArgumentError);
  // Rank-2 padding and strings.
  Dataset mats = Dataset::range(1, 3).map([](const tf::Tensor& x) {
    const std::int64_t n = x.item<std::int64_t>();
    return tf::fill({n, n}, std::string("s"));
  });
  Element m = *mats.padded_batch(2).begin();
  EXPECT_EQ(m[0].shape(), tf::TensorShape({2, 2, 2}));
  EXPECT_EQ(m[0].numpy<std::string>(), (std::vector<std::string>{"s", "", "", "", "s", "s", "s", "s"}));
}

TEST(DatasetTransform, UnbatchInvertsBatch) {
  Dataset ds = Dataset::from_tensor_slices({tf::constant({{1, 2}, {3, 4}, {5, 6}})});
  Dataset round = ds.batch(2).unbatch();
  std::vector<std::vector<std::int32_t>> rows;
  for (const Element& e : round) rows.push_back(e[0].numpy<std::int32_t>());
  EXPECT_EQ(rows, (std::vector<std::vector<std::int32_t>>{{1, 2}, {3, 4}, {5, 6}}));
  EXPECT_THROW(Dataset::range(3).unbatch().begin(), tf::InvalidArgumentError);
  EXPECT_EQ(ints(Dataset::from_tensors(tf::constant(std::vector<std::int64_t>{})).unbatch()), std::vector<std::int64_t>{});
}

TEST(DatasetTransform, ShuffleIsAPermutationAndDeterministicUnderSeed) {
  Dataset a = Dataset::range(100).shuffle(100, {.seed = 42});
  Dataset b = Dataset::range(100).shuffle(100, {.seed = 42});
  std::vector<std::int64_t> a1 = ints(a), b1 = ints(b), a2 = ints(a), b2 = ints(b);
  EXPECT_EQ(a1, b1);  // same seed, same first pass
  EXPECT_EQ(a2, b2);  // and the same second pass
  EXPECT_NE(a1, a2);  // reshuffled each iteration
  EXPECT_NE(a1, iota(0, 100));
  std::vector<std::int64_t> sorted = a1;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, iota(0, 100));
  EXPECT_NE(ints(Dataset::range(100).shuffle(100, {.seed = 43})), a1);

  Dataset fixed = Dataset::range(50).shuffle(50, {.reshuffle_each_iteration = false});
  EXPECT_EQ(ints(fixed), ints(fixed));
  EXPECT_EQ(ints(Dataset::range(20).shuffle(1, {.seed = 1})), iota(0, 20));
  // A small buffer only moves elements a little: the first output comes from the first 5.
  EXPECT_LT(ints(Dataset::range(100).shuffle(5, {.seed = 7}))[0], 5);
  // Repeat after shuffle gives each epoch a different order.
  std::vector<std::int64_t> two = ints(Dataset::range(30).shuffle(30, {.seed = 3}).repeat(2));
  EXPECT_NE(std::vector<std::int64_t>(two.begin(), two.begin() + 30), std::vector<std::int64_t>(two.begin() + 30, two.end()));
  EXPECT_THROW(Dataset::range(3).shuffle(0), tf::InvalidArgumentError);
}

TEST(DatasetTransform, ZipConcatenateShardEnumerate) {
  Dataset z = Dataset::zip({Dataset::range(3), Dataset::range(10, 20)});
  std::vector<std::pair<std::int64_t, std::int64_t>> zp;
  for (const Element& e : z) zp.emplace_back(e[0].item<std::int64_t>(), e[1].item<std::int64_t>());
  EXPECT_EQ(zp, (std::vector<std::pair<std::int64_t, std::int64_t>>{{0, 10}, {1, 11}, {2, 12}}));
  EXPECT_EQ(z.cardinality(), 3);

  EXPECT_EQ(ints(Dataset::range(2).concatenate(Dataset::range(5, 7))), (std::vector<std::int64_t>{0, 1, 5, 6}));
  EXPECT_EQ(Dataset::range(2).concatenate(Dataset::range(5, 7)).cardinality(), 4);
  EXPECT_THROW(ints(Dataset::range(2).concatenate(Dataset::from_tensor_slices(tf::constant({1.0f})))),
               tf::InvalidArgumentError);

  EXPECT_EQ(ints(Dataset::range(10).shard(3, 1)), (std::vector<std::int64_t>{1, 4, 7}));
  EXPECT_EQ(Dataset::range(10).shard(3, 0).cardinality(), 4);
  EXPECT_EQ(Dataset::range(10).shard(3, 2).cardinality(), 3);
  EXPECT_THROW(Dataset::range(10).shard(3, 3), tf::InvalidArgumentError);

  std::vector<std::pair<std::int64_t, std::int64_t>> en;
  for (const Element& e : Dataset::range(5, 8).enumerate(1))
    en.emplace_back(e[0].item<std::int64_t>(), e[1].item<std::int64_t>());
  EXPECT_EQ(en, (std::vector<std::pair<std::int64_t, std::int64_t>>{{1, 5}, {2, 6}, {3, 7}}));
}

TEST(DatasetTransform, InterleaveMatchesTensorFlowsOrder) {
  // The tf.data documentation's example: range(1, 6), each repeated 6 times, cycle 2, block 4.
  Dataset ds = Dataset::range(1, 6).interleave(
      [](const tf::Tensor& x) { return Dataset::from_tensors(x).repeat(6); }, {.cycle_length = 2, .block_length = 4});
  EXPECT_EQ(ints(ds), (std::vector<std::int64_t>{1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 3, 3,
                                                   4, 4, 5, 5, 5, 5, 5, 5}));
  Dataset flat = Dataset::range(1, 4).flat_map([](const tf::Tensor& x) { return Dataset::range(x.item<std::int64_t>()); });
  EXPECT_EQ(ints(flat), (std::vector<std::int64_t>{0, 0, 1, 0, 1, 2}));
  EXPECT_THROW(Dataset::range(3).interleave([](const tf::Tensor& x) { return Dataset::range(1); }, {.cycle_length = 0}),
               tf::InvalidArgumentError);
}

TEST(DatasetTransform, WindowStacksMembers) {
  std::vector<std::vector<std::int64_t>> w;
  for (const Element& e : Dataset::range(7).window(3, {.shift = 2})) w.push_back(e[0].numpy<std::int64_t>());
  EXPECT_EQ(w, (std::vector<std::vector<std::int64_t>>{{0, 1, 2}, {2, 3, 4}, {4, 5, 6}, {6}}));
  w.clear();
  for (const Element& e : Dataset::range(7).window(3, {.shift = 1, .stride = 2, .drop_remainder = true}))
    w.push_back(e[0].numpy<std::int64_t>());
  EXPECT_EQ(w, (std::vector<std::vector<std::int64_t>>{{0, 2, 4}, {1, 3, 5}, {2, 4, 6}}));
  w.clear();
  for (const Element& e : Dataset::range(5).window(2)) w.push_back(e[0].numpy<std::int64_t>());
  EXPECT_EQ(w, (std::vector<std::vector<std::int64_t>>{{0, 1}, {2, 3}, {4}}));
  EXPECT_THROW(Dataset::range(5).window(0), tf::InvalidArgumentError);
}

TEST(DatasetTransform, Reduce) {
  Element sum = Dataset::range(5).reduce(Element{tf::constant(std::int64_t{0})},
                                          [](const Element& s, const Element& e) { return s[0] + e[0]; });
  EXPECT_EQ(sum[0].item<std::int64_t>(), 10);
  EXPECT_THROW(Dataset::range(5).reduce(Element{}, [](const Element& s, const Element& e) -> Element {
    throw tf::InvalidArgumentError("no");
  }),
               tf::InvalidArgumentError);
}

TEST(DatasetTransform, TheApiExamplePipeline) {
  tf::Tensor x = tf::ones({100, 4}), y = tf::constant(std::vector<std::int32_t>(100, 1));
  auto ds = Dataset::from_tensor_slices({x, y}).shuffle(10000, {.seed = 1}).batch(32).prefetch(tf::data::AUTOTUNE);
  std::int64_t rows = 0;
  for (const std::vector<tf::Tensor>& batch : ds) {
    EXPECT_EQ(batch[0].shape().dim(1), 4);
    rows += batch[0].shape().dim(0);
  }
  EXPECT_EQ(rows, 100);
  EXPECT_EQ(ds.cardinality(), 4);
}

}  // namespace
