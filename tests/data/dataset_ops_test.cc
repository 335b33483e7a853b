// The graph ops that transform a dataset variant (TakeDataset, SkipDataset, RepeatDataset,
// PrefetchDataset, BatchDatasetV2, PaddedBatchDatasetV2, MapDataset, FilterDataset): eagerly, and
// inside a tf::function where the dataset is an argument, transformed anew at every call.
#include "data/dataset_ops.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <tfpp/tfpp.h>

#include "data/dataset_source_ops.h"
#include "data/reduce_dataset.h"

namespace {

using tf::data::Dataset;
using tf::data::Element;
using namespace tf::data::detail;

tf::Tensor i64(std::int64_t v) { return tf::constant(v); }

// The int64 scalars of a dataset of them, in order.
std::vector<std::int64_t> values(const tf::Tensor& variant) {
  std::vector<std::int64_t> out;
  for (const Element& e : dataset_of(variant, "test")) {
    for (std::int64_t v : e.at(0).numpy<std::int64_t>()) out.push_back(v);
  }
  return out;
}

const std::vector<tf::TensorSpec> kInt64Scalar{tf::TensorSpec({}, tf::int64)};

TEST(DatasetOps, TakeSkipRepeatPrefetchEagerly) {
  tf::Tensor range = dataset_variant(Dataset::range(5));
  EXPECT_EQ(values(take_dataset(range, i64(3))), (std::vector<std::int64_t>{0, 1, 2}));
  EXPECT_EQ(values(take_dataset(range, i64(-1))), (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(values(skip_dataset(range, i64(3))), (std::vector<std::int64_t>{3, 4}));
  EXPECT_EQ(values(repeat_dataset(skip_dataset(range, i64(3)), i64(2))), (std::vector<std::int64_t>{3, 4, 3, 4}));
  EXPECT_EQ(dataset_of(take_dataset(repeat_dataset(range, i64(-1)), i64(7)), "test").cardinality(), 7);
  EXPECT_EQ(values(prefetch_dataset(range, i64(tf::data::AUTOTUNE))), (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
}

TEST(DatasetOps, BatchEagerlyKeepsOrDropsTheRemainder) {
  tf::Tensor range = dataset_variant(Dataset::range(5));
  std::vector<tf::TensorShape> shapes;
  const Dataset batched = dataset_of(batch_dataset(range, i64(2), tf::constant(false)), "test");
  for (const Element& e : batched) shapes.push_back(e[0].shape());
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{2}, {2}, {1}}));
  EXPECT_EQ(values(batch_dataset(range, i64(2), tf::constant(true))), (std::vector<std::int64_t>{0, 1, 2, 3}));
}

TEST(DatasetOps, WindowMakesADatasetOfEachComponentsMembers) {
  // Members of different shapes stay apart (a window is not stacked).
  const Dataset ragged = Dataset::from_generator(
      [] {
        return [n = std::int64_t{0}]() mutable -> std::optional<Element> {
          if (n == 5) return std::nullopt;
          ++n;
          return Element{tf::zeros({n}, tf::int64), tf::constant(n)};
        };
      },
      {tf::TensorSpec({tf::None}, tf::int64), tf::TensorSpec({}, tf::int64)});
  const Dataset windows =
      dataset_of(window_dataset(dataset_variant(ragged), i64(2), i64(2), i64(1), tf::constant(false)), "test");
  std::vector<std::vector<std::int64_t>> sizes, counts;
  for (const Element& window : windows) {
    ASSERT_EQ(window.size(), 2u);
    std::vector<std::int64_t> member_sizes;
    for (const Element& member : dataset_of(window[0], "test")) member_sizes.push_back(member[0].num_elements());
    sizes.push_back(member_sizes);
    counts.push_back(values(window[1]));
  }
  EXPECT_EQ(sizes, (std::vector<std::vector<std::int64_t>>{{1, 2}, {3, 4}, {5}}));
  EXPECT_EQ(counts, (std::vector<std::vector<std::int64_t>>{{1, 2}, {3, 4}, {5}}));
  tf::Tensor range = dataset_variant(Dataset::range(7));
  std::vector<std::vector<std::int64_t>> strided;
  const tf::Tensor strided_windows = window_dataset(range, i64(3), i64(1), i64(2), tf::constant(true));
  for (const Element& w : dataset_of(strided_windows, "test")) strided.push_back(values(w[0]));
  EXPECT_EQ(strided, (std::vector<std::vector<std::int64_t>>{{0, 2, 4}, {1, 3, 5}, {2, 4, 6}}));
  EXPECT_THROW(window_dataset(range, i64(0), i64(1), i64(1), tf::constant(false)), tf::InvalidArgumentError);
  EXPECT_THROW(window_dataset(range, i64(2), i64(1), tf::constant(1.0f), tf::constant(false)), tf::InvalidArgumentError);
}

TEST(DatasetOps, PaddedBatchPadsToTheShapeOrTheLongestAndChecksItsInputs) {
  const Dataset rows = Dataset::range(1, 4).map([](const tf::Tensor& x) {
    const std::int64_t n = x.item<std::int64_t>();
    return tf::fill({n}, n);
  });
  const tf::Tensor input = dataset_variant(rows);
  // -1: the longest of the batch; the last short batch is kept.
  const tf::Tensor padded = padded_batch_dataset(input, i64(2), {tf::constant(std::vector<std::int64_t>{-1})},
                                                 {i64(-7)}, tf::constant(false));
  std::vector<tf::Tensor> batches;
  for (const Element& e : dataset_of(padded, "test")) batches.push_back(e.at(0));
  ASSERT_EQ(batches.size(), 2u);
  EXPECT_EQ(batches[0].numpy<std::int64_t>(), (std::vector<std::int64_t>{1, -7, 2, 2}));
  EXPECT_EQ(batches[1].shape(), tf::TensorShape({1, 3}));
  EXPECT_EQ(values(padded_batch_dataset(input, i64(2), {tf::constant(std::vector<std::int64_t>{3})}, {i64(0)},
                                        tf::constant(true))),
            (std::vector<std::int64_t>{1, 0, 0, 2, 2, 0}));
  // A shape that is not an int64 vector, or a padding value that is not a scalar, fails at once.
  EXPECT_THROW(padded_batch_dataset(input, i64(2), {tf::constant(std::vector<std::int32_t>{3})}, {i64(0)},
                                    tf::constant(false)),
               tf::InvalidArgumentError);
  EXPECT_THROW(padded_batch_dataset(input, i64(2), {tf::constant(std::vector<std::int64_t>{3})},
                                    {tf::constant(std::vector<std::int64_t>{0, 0})}, tf::constant(false)),
               tf::InvalidArgumentError);
}

TEST(DatasetOps, MapAndFilterEagerlyWithACapturedTensor) {
  tf::Tensor k = i64(10);
  tf::detail::FlatFn times_k = [&](const std::vector<tf::Tensor>& e, std::vector<std::string>&) {
    return std::vector<tf::Tensor>{e[0] * k};
  };
  tf::detail::FlatFn odd = [](const std::vector<tf::Tensor>& e, std::vector<std::string>&) {
    return std::vector<tf::Tensor>{tf::equal(tf::math::floormod(e[0], std::int64_t{2}), std::int64_t{1})};
  };
  tf::Tensor range = dataset_variant(Dataset::range(5));
  EXPECT_EQ(values(map_dataset(range, kInt64Scalar, times_k)), (std::vector<std::int64_t>{0, 10, 20, 30, 40}));
  EXPECT_EQ(values(filter_dataset(range, kInt64Scalar, odd)), (std::vector<std::int64_t>{1, 3}));
}

TEST(DatasetOps, TakeWhileUniqueAndChooseFromDatasets) {
  tf::detail::FlatFn below_3 = [](const std::vector<tf::Tensor>& e, std::vector<std::string>&) {
    return std::vector<tf::Tensor>{tf::less(e[0], std::int64_t{3})};
  };
  tf::Tensor range = dataset_variant(Dataset::range(10));
  EXPECT_EQ(values(take_while_dataset(range, kInt64Scalar, below_3)), (std::vector<std::int64_t>{0, 1, 2}));
  tf::detail::FlatFn not_bool = [](const std::vector<tf::Tensor>& e, std::vector<std::string>&) { return e; };
  EXPECT_THROW(take_while_dataset(range, kInt64Scalar, not_bool), tf::InvalidArgumentError);

  tf::Tensor repeats = dataset_variant(Dataset::from_tensor_slices(tf::constant<std::int64_t>({3, 1, 3, 2, 1})));
  EXPECT_EQ(values(unique_dataset(repeats)), (std::vector<std::int64_t>{3, 1, 2}));
  tf::Tensor floats = dataset_variant(Dataset::from_tensor_slices(tf::constant({1.0f, 2.0f})));
  EXPECT_THROW(values(unique_dataset(floats)), tf::InvalidArgumentError);

  const std::vector<tf::Tensor> two = {dataset_variant(Dataset::range(2)), dataset_variant(Dataset::range(10, 12))};
  tf::Tensor choices = dataset_variant(Dataset::from_tensor_slices(tf::constant<std::int64_t>({0, 1, 0, 0, 1, 1})));
  EXPECT_EQ(values(directed_interleave_dataset(choices, two, true)), (std::vector<std::int64_t>{0, 10, 1}));
  EXPECT_EQ(values(directed_interleave_dataset(choices, two, false)), (std::vector<std::int64_t>{0, 10, 1, 11}));
  tf::Tensor out_of_range = dataset_variant(Dataset::from_tensor_slices(tf::constant<std::int64_t>({2})));
  EXPECT_THROW(values(directed_interleave_dataset(out_of_range, two, true)), tf::InvalidArgumentError);
}

TEST(DatasetOps, ScanThreadsAStateAndRelaxesItsShape) {
  // state: the elements so far (a vector that grows); output: the state's size.
  tf::detail::FlatFn append = [](const std::vector<tf::Tensor>& v, std::vector<std::string>&) {
    tf::Tensor grown = tf::concat({v[0], tf::reshape(v[1], {1})}, 0);
    return std::vector<tf::Tensor>{grown, tf::size(v[0], tf::int64)};
  };
  tf::Tensor range = dataset_variant(Dataset::range(3, 6));
  tf::Tensor sizes = scan_dataset(range, kInt64Scalar, {tf::zeros({0}, tf::int64)}, append);
  EXPECT_EQ(values(sizes), (std::vector<std::int64_t>{0, 1, 2}));
  tf::detail::FlatFn to_float = [](const std::vector<tf::Tensor>& v, std::vector<std::string>&) {
    return std::vector<tf::Tensor>{tf::cast(v[0], tf::float32), v[1]};
  };
  EXPECT_THROW(scan_dataset(range, kInt64Scalar, {i64(0)}, to_float), tf::InvalidArgumentError);
}

TEST(DatasetOps, GroupByWindowGathersByKeyAndReducesEachWindow) {
  tf::detail::FlatFn parity = [](const std::vector<tf::Tensor>& e, std::vector<std::string>&) {
    return std::vector<tf::Tensor>{tf::math::floormod(e[0], std::int64_t{2})};
  };
  // Each window's sum, times 10 plus the key.
  tf::detail::FlatFn sum_and_key = [](const std::vector<tf::Tensor>& v, std::vector<std::string>&) {
    tf::detail::FlatFn add = [](const std::vector<tf::Tensor>& s, std::vector<std::string>&) {
      return std::vector<tf::Tensor>{s[0] + s[1]};
    };
    tf::Tensor sum = reduce_dataset_traced(v[1], kInt64Scalar, {i64(0)}, nullptr, add).at(0);
    return std::vector<tf::Tensor>{tensor_dataset({sum * std::int64_t{10} + v[0]})};
  };
  tf::detail::FlatFn three = [](const std::vector<tf::Tensor>&, std::vector<std::string>&) {
    return std::vector<tf::Tensor>{i64(3)};
  };
  tf::Tensor range = dataset_variant(Dataset::range(8));
  // Windows {0,2,4} and {1,3,5} fill first; {6} (key 0) and {7} (key 1) are left at the end.
  EXPECT_EQ(values(group_by_window_dataset(range, kInt64Scalar, parity, sum_and_key, three)),
            (std::vector<std::int64_t>{60, 91, 60, 71}));
  tf::detail::FlatFn zero = [](const std::vector<tf::Tensor>&, std::vector<std::string>&) {
    return std::vector<tf::Tensor>{i64(0)};
  };
  EXPECT_THROW(values(group_by_window_dataset(range, kInt64Scalar, parity, sum_and_key, zero)),
               tf::InvalidArgumentError);
}

TEST(DatasetOps, SingleElementEagerlyAndTraced) {
  EXPECT_EQ(dataset_to_single_element(dataset_variant(Dataset::range(4, 5)), kInt64Scalar).at(0).item<std::int64_t>(),
            4);
  EXPECT_THROW(dataset_to_single_element(dataset_variant(Dataset::range(2)), kInt64Scalar), tf::InvalidArgumentError);
  EXPECT_THROW(dataset_to_single_element(dataset_variant(Dataset::range(0)), kInt64Scalar), tf::InvalidArgumentError);
  auto f = tf::function([](const tf::Tensor& ds) { return dataset_to_single_element(ds, kInt64Scalar).at(0) * 2; });
  EXPECT_EQ(f(dataset_variant(Dataset::range(7, 8))).item<std::int64_t>(), 14);
  EXPECT_EQ(f(dataset_variant(Dataset::range(9, 10))).item<std::int64_t>(), 18);
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(DatasetOps, TracedTransformationsRunOnEachCallsDataset) {
  // sum(x * k for x in ds if x is odd)[:n], with ds, k and n arguments of the function.
  auto f = tf::function([](const tf::Tensor& ds, const tf::Tensor& k, const tf::Tensor& n) {
    tf::detail::FlatFn times_k = [&](const std::vector<tf::Tensor>& e, std::vector<std::string>&) {
      return std::vector<tf::Tensor>{e[0] * k};
    };
    tf::detail::FlatFn odd = [](const std::vector<tf::Tensor>& e, std::vector<std::string>&) {
      return std::vector<tf::Tensor>{tf::equal(tf::math::floormod(e[0], std::int64_t{2}), std::int64_t{1})};
    };
    tf::Tensor mapped = take_dataset(map_dataset(filter_dataset(ds, kInt64Scalar, odd), kInt64Scalar, times_k), n);
    tf::detail::FlatFn add = [](const std::vector<tf::Tensor>& v, std::vector<std::string>&) {
      return std::vector<tf::Tensor>{v[0] + v[1]};
    };
    return reduce_dataset_traced(mapped, kInt64Scalar, {i64(0)}, nullptr, add).at(0);
  });
  EXPECT_EQ(f(dataset_variant(Dataset::range(10)), i64(2), i64(3)).item<std::int64_t>(), 2 * (1 + 3 + 5));
  EXPECT_EQ(f(dataset_variant(Dataset::range(100, 110)), i64(1), i64(2)).item<std::int64_t>(), 101 + 103);
  EXPECT_EQ(f.tracing_count(), 1);
  const std::string graph =
      f.get_concrete_function(dataset_variant(Dataset::range(1)), i64(1), i64(1)).graph().to_string();
  for (const char* op : {"FilterDataset", "MapDataset", "TakeDataset", "ReduceDataset"})
    EXPECT_NE(graph.find(op), std::string::npos) << op << " in\n" << graph;
}

TEST(DatasetOps, TracedBatchSkipRepeatPrefetch) {
  // The sum of each batch of ds.skip(1).repeat(2).batch(size).prefetch(1).
  auto f = tf::function([](const tf::Tensor& ds, const tf::Tensor& size) {
    tf::Tensor batched = prefetch_dataset(
        batch_dataset(repeat_dataset(skip_dataset(ds, i64(1)), i64(2)), size, tf::constant(false)), i64(1));
    tf::detail::FlatFn append_sum = [](const std::vector<tf::Tensor>& v, std::vector<std::string>&) {
      return std::vector<tf::Tensor>{tf::concat({v[0], tf::reshape(tf::reduce_sum(v[1]), {1})}, 0)};
    };
    tf::Tensor empty = tf::zeros({0}, tf::int64);
    return reduce_dataset_traced(batched, {tf::TensorSpec({tf::None}, tf::int64)}, {empty}, nullptr, append_sum).at(0);
  });
  EXPECT_EQ(f(dataset_variant(Dataset::range(5)), i64(3)).numpy<std::int64_t>(), (std::vector<std::int64_t>{6, 7, 7}));
  EXPECT_EQ(f(dataset_variant(Dataset::range(3)), i64(4)).numpy<std::int64_t>(), (std::vector<std::int64_t>{6}));
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(DatasetOps, ErrorsNameTheOp) {
  tf::Tensor range = dataset_variant(Dataset::range(3));
  try {
    take_dataset(range, tf::constant(3));
    FAIL() << "expected an error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("[TakeDataset] the count must be a scalar of dtype int64, got int32[]"),
              std::string::npos)
        << e.what();
  }
  try {
    batch_dataset(i64(1), i64(2), tf::constant(false));
    FAIL() << "expected an error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("[BatchDatasetV2] the dataset must be a scalar of dtype variant"),
              std::string::npos)
        << e.what();
  }
  tf::detail::FlatFn not_bool = [](const std::vector<tf::Tensor>& e, std::vector<std::string>&) {
    return std::vector<tf::Tensor>{e[0]};
  };
  EXPECT_THROW(filter_dataset(range, kInt64Scalar, not_bool), tf::InvalidArgumentError);
}

}  // namespace
