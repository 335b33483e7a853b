// The graph ops that make a dataset (a variant scalar, data/dataset_variant.h) from tensors:
// TensorSliceDataset, TensorDataset, RangeDataset and RandomDataset, as TensorFlow's are. Inside a traced
// function they become nodes, so that a dataset built there from the function's arguments or
// from tensors it computes holds each call's values.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "data/dataset_variant.h"

namespace tf::data::detail {

/// Element i holds row i of every tensor of `components` (rank >= 1, one first dimension).
Tensor tensor_slice_dataset(const std::vector<Tensor>& components);
/// One element: `components`.
Tensor tensor_dataset(const std::vector<Tensor>& components);
/// int64 scalars from `start` below `stop` (above it for a negative step) by `step` (int64 scalars).
Tensor range_dataset(const Tensor& start, const Tensor& stop, const Tensor& step);
/// Endless pseudorandom int64 scalars (Dataset::random) seeded by tf::random::get_seed(seed), the
/// seeds the node's two inputs (data/random_dataset.cc).
Tensor random_dataset(std::optional<std::int64_t> seed, bool rerandomize_each_iteration);

}  // namespace tf::data::detail
