// The graph ops that transform a dataset (a variant scalar, data/dataset_variant.h) into another:
// TakeDataset, SkipDataset, RepeatDataset, PrefetchDataset, BatchDatasetV2, MapDataset and
// FilterDataset, as TensorFlow's are. They run eagerly or, inside a traced function, become nodes, so that a
// dataset passed to the function is transformed anew at every call.
#pragma once

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
/// fn applied to every element; fn is traced once, now, over `element_specs` (the element's flat
/// tensors), the tensors it captures becoming the node's inputs.
Tensor map_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs, const tf::detail::FlatFn& fn);
/// The elements for which `predicate` (traced as map's fn is) returns true (one scalar bool).
Tensor filter_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                      const tf::detail::FlatFn& predicate);

}  // namespace tf::data::detail
