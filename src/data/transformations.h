// Pipeline stages behind Dataset.take_while, unique, choose_from_datasets, scan and
// tf.data.experimental.assert_cardinality, which the graph ops of data/dataset_ops.h
// (TakeWhileDataset, UniqueDataset, DirectedInterleaveDataset, ScanDataset,
// AssertCardinalityDataset) make.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "tfpp/data/dataset.h"

namespace tf::data::detail {

/// The elements before the first for which `predicate` is false.
Dataset take_while(const Dataset& input, PredicateFn predicate);

/// The same elements, whose cardinality is `expected` (a count or INFINITE_CARDINALITY); a pass
/// that finds more or fewer raises FailedPreconditionError.
Dataset assert_cardinality(const Dataset& input, std::int64_t expected);

/// The elements not seen before, in first-seen order. Elements are one tensor of int32, int64
/// or string.
Dataset unique(const Dataset& input);

/// The next element of datasets[c] for each int64 scalar c of `choices`. Where the chosen
/// dataset is exhausted, stops (stop_on_empty) or skips the choice, and ends when all are.
Dataset choose_from_datasets(std::vector<Dataset> datasets, const Dataset& choices, bool stop_on_empty);

/// A state threaded through the elements: fn(state..., element...) returns the new state's
/// `initial_state.size()` tensors, then the output element's.
Dataset scan(const Dataset& input, Element initial_state,
             std::function<std::vector<Tensor>(const Element& state, const Element& element)> fn);

}  // namespace tf::data::detail
