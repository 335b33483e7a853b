// The graph ops that transform a dataset (a variant scalar, data/dataset_variant.h) into another,
// as TensorFlow's are: TakeDataset, SkipDataset, RepeatDataset, PrefetchDataset, BatchDatasetV2,
// PaddedBatchDatasetV2, WindowDataset, MapDataset, ParallelMapDatasetV2, FilterDataset,
// FlatMapDataset, InterleaveDataset, ShuffleDataset, UnbatchDataset, CacheDataset,
// ConcatenateDataset, ZipDataset, ShardDataset, TakeWhileDataset, UniqueDataset,
// DirectedInterleaveDataset, ScanDataset, GroupByWindowDataset, IgnoreErrorsDataset and
// AssertCardinalityDataset; and DatasetCardinality and
// DatasetToSingleElement.
// They run eagerly or, inside a traced function, become nodes, so that a dataset passed to the
// function is transformed anew at every call.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "data/dataset_variant.h"
#include "tfpp/control_flow.h"

namespace tf::data::detail {

/// The first `count` elements (an int64 scalar; -1 for all) of the dataset `dataset` holds.
Tensor take_dataset(const Tensor& dataset, const Tensor& count);
/// All but the first `count` elements (an int64 scalar; -1 skips all).
Tensor skip_dataset(const Tensor& dataset, const Tensor& count);
/// The elements `count` times over (an int64 scalar; -1 forever).
Tensor repeat_dataset(const Tensor& dataset, const Tensor& count);
/// The same elements, computed up to `buffer_size` (an int64 scalar; -1 for AUTOTUNE) ahead on a
/// background thread.
Tensor prefetch_dataset(const Tensor& dataset, const Tensor& buffer_size);
/// `batch_size` (an int64 scalar) consecutive elements stacked; `drop_remainder` (a bool scalar)
/// drops a final short batch.
Tensor batch_dataset(const Tensor& dataset, const Tensor& batch_size, const Tensor& drop_remainder);
/// Windows of `size` elements (int64 scalars: size, shift between window starts, stride between
/// members; a bool scalar drop_remainder drops short windows), each element's components
/// datasets of the window members' components.
Tensor window_dataset(const Tensor& dataset, const Tensor& size, const Tensor& shift, const Tensor& stride,
                      const Tensor& drop_remainder);
/// batch_dataset of elements padded, component c to `padded_shapes[c]` (an int64 vector, -1 where
/// the batch's longest decides) with `padding_values[c]` (a scalar of the component's dtype).
Tensor padded_batch_dataset(const Tensor& dataset, const Tensor& batch_size, const std::vector<Tensor>& padded_shapes,
                            const std::vector<Tensor>& padding_values, const Tensor& drop_remainder);
/// fn applied to every element; fn is traced once, now, over `element_specs` (the element's flat
/// tensors), the tensors it captures becoming the node's inputs.
Tensor map_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs, const tf::detail::FlatFn& fn);
/// map_dataset with `num_parallel_calls` elements (AUTOTUNE: one per core) mapped at once by the
/// pipeline's parallel map; `deterministic` keeps the input's order.
Tensor parallel_map_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                            const tf::detail::FlatFn& fn, std::int64_t num_parallel_calls, bool deterministic);
/// The elements before the first for which `predicate` (traced as map's fn is; one scalar bool)
/// is false.
Tensor take_while_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                          const tf::detail::FlatFn& predicate);
/// The elements (one int32, int64 or string tensor each) not seen before.
Tensor unique_dataset(const Tensor& dataset);
/// The same elements with the cardinality `cardinality` (an int64 scalar), checked as they pass.
Tensor assert_cardinality_dataset(const Tensor& dataset, const Tensor& cardinality);
/// For each int64 scalar of the dataset `choices`, the next element of that dataset of `datasets`;
/// a chosen dataset's end stops the pass (stop_on_empty) or retires it.
Tensor directed_interleave_dataset(const Tensor& choices, const std::vector<Tensor>& datasets, bool stop_on_empty);
/// A ScanDataset: fn(state..., element...) (traced now, again with the state dims it changes
/// made unknown) returns the new state's tensors, then the output element's; the state starts
/// as `initial_state`.
Tensor scan_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                    const std::vector<Tensor>& initial_state, const tf::detail::FlatFn& fn);
/// A GroupByWindowDataset: elements gathered by key_fn(element) (an int64 scalar) into windows of
/// window_size_fn(key) elements (the last ones of each key when the input ends, by ascending
/// key); reduce_fn(key, window) (the window a dataset variant) returns the dataset whose
/// elements are the output. The three functions are traced now.
Tensor group_by_window_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                               const tf::detail::FlatFn& key_fn, const tf::detail::FlatFn& reduce_fn,
                               const tf::detail::FlatFn& window_size_fn);
/// The one element of the dataset (flat tensors of `element_specs`); InvalidArgumentError when it
/// has none or more (the DatasetToSingleElement op).
std::vector<Tensor> dataset_to_single_element(const Tensor& dataset, const std::vector<TensorSpec>& element_specs);
/// The elements for which `predicate` (traced as map's fn is) returns true (one scalar bool).
Tensor filter_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                      const tf::detail::FlatFn& predicate);

/// The elements of the datasets `fn` (traced as map's fn is) returns for each element, one after another.
Tensor flat_map_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                        const tf::detail::FlatFn& fn);
/// flat_map_dataset's datasets interleaved: `cycle_length` (AUTOTUNE: one per core) open at once,
/// `block_length` elements from each in turn.
Tensor interleave_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                          const tf::detail::FlatFn& fn, std::int64_t cycle_length, std::int64_t block_length);
/// The elements in a random order, drawn from a buffer of `buffer_size` (an int64 scalar). With
/// `seed` (an int64 scalar) the order is reproducible, without it random. Each run of the op
/// starts anew (so a traced function shuffles alike at every call); `reshuffle_each_iteration`
/// orders each pass of the result differently.
Tensor shuffle_dataset(const Tensor& dataset, const Tensor& buffer_size, const std::optional<Tensor>& seed,
                       bool reshuffle_each_iteration);
/// Each element split along its first dimension into several (batch's inverse).
Tensor unbatch_dataset(const Tensor& dataset);
/// The elements of the first full pass kept, in memory (`filename` an empty string scalar) or in
/// that file, for later passes; each run of the op starts a new cache.
Tensor cache_dataset(const Tensor& dataset, const Tensor& filename);
/// The elements of `dataset`, then those of `other`.
Tensor concatenate_dataset(const Tensor& dataset, const Tensor& other);
/// The elements of `datasets` side by side (their components concatenated), as long as the shortest.
Tensor zip_dataset(const std::vector<Tensor>& datasets);
/// Every `num_shards`-th element (int64 scalars) from the `index`-th on.
Tensor shard_dataset(const Tensor& dataset, const Tensor& num_shards, const Tensor& index);
/// The elements whose computation raised no error (data/ignore_errors.cc); `log_warning` writes
/// each dropped error to stderr.
Tensor ignore_errors_dataset(const Tensor& dataset, bool log_warning);
/// The number of elements as an int64 scalar, or INFINITE_CARDINALITY / UNKNOWN_CARDINALITY.
Tensor dataset_cardinality(const Tensor& dataset);

}  // namespace tf::data::detail
