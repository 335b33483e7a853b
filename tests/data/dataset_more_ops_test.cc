// The dataset graph ops beyond dataset_ops_test.cc's: ShuffleDataset, UnbatchDataset, CacheDataset,
// ConcatenateDataset, ZipDataset, ShardDataset, ParallelMapDatasetV2, FlatMapDataset,
// InterleaveDataset, DatasetCardinality and the sources TensorSliceDataset, TensorDataset and
// RangeDataset, eagerly and inside a tf::function.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <tfpp/tfpp.h>

#include "data/dataset_ops.h"
#include "data/dataset_source_ops.h"
#include "data/reduce_dataset.h"

namespace {

using tf::data::Dataset;
using tf::data::Element;
using namespace tf::data::detail;

tf::Tensor i64(std::int64_t v) { return tf::constant(v); }

const std::vector<tf::TensorSpec> kInt64Scalar{tf::TensorSpec({}, tf::int64)};

// Every component's int64 values of a dataset, element after element.
std::vector<std::int64_t> values(const tf::Tensor& variant) {
  std::vector<std::int64_t> out;
  for (const Element& e : dataset_of(variant, "test"))
    for (const tf::Tensor& t : e)
      for (std::int64_t v : t.numpy<std::int64_t>()) out.push_back(v);
  return out;
}

std::vector<std::int64_t> iota(std::int64_t n) {
  std::vector<std::int64_t> out(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) out[static_cast<std::size_t>(i)] = i;
  return out;
}

std::vector<std::int64_t> sorted(std::vector<std::int64_t> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// A traced reduce that appends every (int64 scalar) element to a vector: the dataset's values.
tf::Tensor collect(const tf::Tensor& dataset) {
  tf::detail::FlatFn append = [](const std::vector<tf::Tensor>& v, std::vector<std::string>&) {
    return std::vector<tf::Tensor>{tf::concat({v[0], tf::reshape(v[1], {1})}, 0)};
  };
  return reduce_dataset_traced(dataset, kInt64Scalar, {tf::zeros({0}, tf::int64)}, nullptr, append).at(0);
}

template <class E, class F>
void expect_error(F f, const std::string& text) {
  try {
    f();
    FAIL() << "expected an error containing " << text;
  } catch (const E& e) {
    EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
  }
}

TEST(DatasetMoreOps, ShuffleWithASeedRepeatsItsOrderAtEveryCall) {
  auto f = tf::function([](const tf::Tensor& ds) {
    return collect(repeat_dataset(shuffle_dataset(ds, i64(10), i64(7), true), i64(2)));
  });
  const std::vector<std::int64_t> first = f(dataset_variant(Dataset::range(10))).numpy<std::int64_t>();
  EXPECT_EQ(first, f(dataset_variant(Dataset::range(10))).numpy<std::int64_t>());
  const std::vector<std::int64_t> pass1(first.begin(), first.begin() + 10), pass2(first.begin() + 10, first.end());
  EXPECT_EQ(sorted(pass1), iota(10));
  EXPECT_EQ(sorted(pass2), iota(10));
  EXPECT_NE(pass1, pass2);  // reshuffled for the second pass
  // The same order as the pipeline's shuffle with that seed.
  std::vector<std::int64_t> eager;
  for (const Element& e : Dataset::range(10).shuffle(10, {.seed = 7})) eager.push_back(e[0].item<std::int64_t>());
  EXPECT_EQ(pass1, eager);
  EXPECT_EQ(f.tracing_count(), 1);
  const std::string graph = f.get_concrete_function(dataset_variant(Dataset::range(1))).graph().to_string();
  EXPECT_NE(graph.find("ShuffleDataset"), std::string::npos) << graph;
}

TEST(DatasetMoreOps, ShuffleWithoutReshufflingOrWithoutASeed) {
  tf::Tensor range = dataset_variant(Dataset::range(20));
  const std::vector<std::int64_t> fixed = values(repeat_dataset(shuffle_dataset(range, i64(20), i64(3), false), i64(2)));
  EXPECT_EQ(std::vector<std::int64_t>(fixed.begin(), fixed.begin() + 20),
            std::vector<std::int64_t>(fixed.begin() + 20, fixed.end()));
  EXPECT_EQ(sorted(values(shuffle_dataset(range, i64(5), std::nullopt, true))), iota(20));
  expect_error<tf::InvalidArgumentError>([&] { shuffle_dataset(range, i64(0), std::nullopt, true); }, "buffer_size");
  expect_error<tf::InvalidArgumentError>([&] { shuffle_dataset(range, tf::constant(2), std::nullopt, true); },
                                         "[ShuffleDataset] buffer_size must be a scalar of dtype int64, got int32[]");
}

TEST(DatasetMoreOps, UnbatchConcatenateZipShard) {
  tf::Tensor range = dataset_variant(Dataset::range(5));
  EXPECT_EQ(values(unbatch_dataset(batch_dataset(range, i64(2), tf::constant(false)))), iota(5));
  EXPECT_EQ(values(concatenate_dataset(range, dataset_variant(Dataset::range(2)))),
            (std::vector<std::int64_t>{0, 1, 2, 3, 4, 0, 1}));
  EXPECT_EQ(values(zip_dataset({range, dataset_variant(Dataset::range(10, 13))})),
            (std::vector<std::int64_t>{0, 10, 1, 11, 2, 12}));
  EXPECT_EQ(values(shard_dataset(range, i64(2), i64(1))), (std::vector<std::int64_t>{1, 3}));
  expect_error<tf::InvalidArgumentError>([&] { shard_dataset(range, i64(2), i64(2)); },
                                         "[ShardDataset] index must be between 0 and 1, got 2");
  expect_error<tf::InvalidArgumentError>([&] { shard_dataset(range, i64(0), i64(0)); },
                                         "[ShardDataset] num_shards must be >= 1, got 0");
  expect_error<tf::InvalidArgumentError>([&] { zip_dataset({range, i64(1)}); },
                                         "[ZipDataset] dataset 1 must be a scalar of dtype variant");
}

TEST(DatasetMoreOps, TracedShardReportsABadIndexAtTheCall) {
  auto f = tf::function([](const tf::Tensor& ds, const tf::Tensor& index) {
    return collect(shard_dataset(ds, i64(3), index));
  });
  EXPECT_EQ(f(dataset_variant(Dataset::range(7)), i64(1)).numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 4}));
  expect_error<tf::InvalidArgumentError>([&] { f(dataset_variant(Dataset::range(7)), i64(3)); },
                                         "index must be between 0 and 2, got 3");
}

TEST(DatasetMoreOps, CacheKeepsTheFirstPassOfEachCall) {
  int passes = 0;
  auto make = [&passes]() -> Dataset::Generator {
    ++passes;
    return [i = std::int64_t{0}]() mutable -> std::optional<Element> {
      if (i == 3) return std::nullopt;
      return Element{tf::constant(i++)};
    };
  };
  tf::Tensor generated = dataset_variant(Dataset::from_generator(make, kInt64Scalar));
  auto f = tf::function([](const tf::Tensor& ds) {
    return collect(repeat_dataset(cache_dataset(ds, tf::constant(std::string())), i64(3)));
  });
  EXPECT_EQ(f(generated).numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 1, 2, 0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(passes, 1);
  f(generated);
  EXPECT_EQ(passes, 2);  // a new cache for the second call
}

TEST(DatasetMoreOps, CardinalityEagerlyAndTraced) {
  tf::Tensor range = dataset_variant(Dataset::range(10));
  EXPECT_EQ(dataset_cardinality(range).item<std::int64_t>(), 10);
  EXPECT_EQ(dataset_cardinality(repeat_dataset(range, i64(-1))).item<std::int64_t>(), tf::data::INFINITE_CARDINALITY);
  tf::detail::FlatFn odd = [](const std::vector<tf::Tensor>& e, std::vector<std::string>&) {
    return std::vector<tf::Tensor>{tf::equal(tf::math::floormod(e[0], std::int64_t{2}), std::int64_t{1})};
  };
  EXPECT_EQ(dataset_cardinality(filter_dataset(range, kInt64Scalar, odd)).item<std::int64_t>(),
            tf::data::UNKNOWN_CARDINALITY);
  auto f = tf::function([](const tf::Tensor& ds) { return dataset_cardinality(shard_dataset(ds, i64(3), i64(0))); });
  EXPECT_EQ(f(range).item<std::int64_t>(), 4);
  EXPECT_EQ(f(dataset_variant(Dataset::range(4))).item<std::int64_t>(), 2);
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(DatasetMoreOps, TracedParallelMapKeepsTheOrder) {
  auto f = tf::function([](const tf::Tensor& ds, const tf::Tensor& k) {
    tf::detail::FlatFn times_k = [&](const std::vector<tf::Tensor>& e, std::vector<std::string>&) {
      return std::vector<tf::Tensor>{e[0] * k};
    };
    return collect(parallel_map_dataset(ds, kInt64Scalar, times_k, tf::data::AUTOTUNE, true));
  });
  std::vector<std::int64_t> expected;
  for (std::int64_t i = 0; i < 100; ++i) expected.push_back(3 * i);
  EXPECT_EQ(f(dataset_variant(Dataset::range(100)), i64(3)).numpy<std::int64_t>(), expected);
  const std::string graph = f.get_concrete_function(dataset_variant(Dataset::range(1)), i64(1)).graph().to_string();
  EXPECT_NE(graph.find("ParallelMapDatasetV2"), std::string::npos) << graph;
  tf::detail::FlatFn same = [](const std::vector<tf::Tensor>& e, std::vector<std::string>&) { return e; };
  tf::Tensor range = dataset_variant(Dataset::range(50));
  EXPECT_EQ(sorted(values(parallel_map_dataset(range, kInt64Scalar, same, 4, false))), iota(50));
  expect_error<tf::InvalidArgumentError>([&] { parallel_map_dataset(range, kInt64Scalar, same, 0, true); },
                                         "num_parallel_calls must be positive or AUTOTUNE");
}

TEST(DatasetMoreOps, FlatMapAndInterleaveOfDatasetsBuiltFromTheElement) {
  // Element x becomes range(x) (flat_map) or {x, x + 100} (interleave); k is a captured argument.
  auto f = tf::function([](const tf::Tensor& ds, const tf::Tensor& k) {
    tf::detail::FlatFn ranges = [&](const std::vector<tf::Tensor>& e, std::vector<std::string>&) {
      return std::vector<tf::Tensor>{range_dataset(i64(0), e[0] * k, i64(1))};
    };
    tf::detail::FlatFn pairs = [](const std::vector<tf::Tensor>& e, std::vector<std::string>&) {
      return std::vector<tf::Tensor>{tensor_slice_dataset({tf::stack({e[0], e[0] + std::int64_t{100}})})};
    };
    return tf::concat({collect(flat_map_dataset(ds, kInt64Scalar, ranges)),
                       collect(interleave_dataset(ds, kInt64Scalar, pairs, 2, 1))}, 0);
  });
  EXPECT_EQ(f(dataset_variant(Dataset::range(1, 4)), i64(1)).numpy<std::int64_t>(),
            (std::vector<std::int64_t>{0, 0, 1, 0, 1, 2, 1, 2, 101, 102, 3, 103}));
  EXPECT_EQ(f(dataset_variant(Dataset::range(2, 3)), i64(2)).numpy<std::int64_t>(),
            (std::vector<std::int64_t>{0, 1, 2, 3, 2, 102}));
  EXPECT_EQ(f.tracing_count(), 1);
  tf::detail::FlatFn not_a_dataset = [](const std::vector<tf::Tensor>& e, std::vector<std::string>&) { return e; };
  tf::Tensor range = dataset_variant(Dataset::range(3));
  expect_error<tf::InvalidArgumentError>([&] { flat_map_dataset(range, kInt64Scalar, not_a_dataset); },
                                         "[FlatMapDataset] the function must return one dataset");
  tf::detail::FlatFn ranges = [](const std::vector<tf::Tensor>& e, std::vector<std::string>&) {
    return std::vector<tf::Tensor>{range_dataset(i64(0), e[0], i64(1))};
  };
  expect_error<tf::InvalidArgumentError>([&] { interleave_dataset(range, kInt64Scalar, ranges, 0, 1); },
                                         "[InterleaveDataset] cycle_length must be positive");
}

TEST(DatasetMoreOps, SourcesFromTracedTensors) {
  // sum(range(n)) + sum(slices of x) + sum(x as one element), with x and n arguments.
  auto f = tf::function([](const tf::Tensor& x, const tf::Tensor& n) {
    tf::Tensor all = concatenate_dataset(
        concatenate_dataset(range_dataset(i64(0), n, i64(1)), tensor_slice_dataset({x * std::int64_t{10}})),
        unbatch_dataset(tensor_dataset({x})));
    return collect(all);
  });
  EXPECT_EQ(f(tf::constant(std::vector<std::int64_t>{4, 5}), i64(3)).numpy<std::int64_t>(),
            (std::vector<std::int64_t>{0, 1, 2, 40, 50, 4, 5}));
  EXPECT_EQ(f(tf::constant(std::vector<std::int64_t>{7, 8}), i64(1)).numpy<std::int64_t>(),
            (std::vector<std::int64_t>{0, 70, 80, 7, 8}));
  EXPECT_EQ(f.tracing_count(), 1);
  const std::string graph =
      f.get_concrete_function(tf::constant(std::vector<std::int64_t>{1, 2}), i64(1)).graph().to_string();
  for (const char* op : {"RangeDataset", "TensorSliceDataset", "TensorDataset"})
    EXPECT_NE(graph.find(op), std::string::npos) << op << " in\n" << graph;
}

TEST(DatasetMoreOps, SourceErrors) {
  EXPECT_EQ(values(range_dataset(i64(5), i64(0), i64(-2))), (std::vector<std::int64_t>{5, 3, 1}));
  expect_error<tf::InvalidArgumentError>([] { range_dataset(i64(0), i64(5), i64(0)); },
                                         "[RangeDataset] step must be a non-zero integer");
  expect_error<tf::InvalidArgumentError>([] { range_dataset(tf::constant(0), i64(5), i64(1)); },
                                         "[RangeDataset] start must be an int64 scalar, got int32[]");
  expect_error<tf::InvalidArgumentError>([] { tensor_slice_dataset({i64(1)}); },
                                         "[TensorSliceDataset] tensor 0 is a scalar");
  expect_error<tf::InvalidArgumentError>(
      [] { tensor_slice_dataset({tf::zeros({2}, tf::int64), tf::zeros({3}, tf::int64)}); },
      "[TensorSliceDataset] all tensors need the same first dimension");
  expect_error<tf::InvalidArgumentError>([] { tensor_dataset({}); }, "[TensorDataset] needs at least one tensor");
}

}  // namespace
