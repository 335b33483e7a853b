// A dataset as a variant scalar: how a dataset enters a traced function (an argument or a
// capture) and flows between the graph's dataset ops (ReduceDataset, TakeDataset, MapDataset, ...).
#pragma once

#include <string_view>

#include "tfpp/data/dataset.h"

namespace tf::data::detail {

/// A variant scalar holding `dataset`.
Tensor dataset_variant(const Dataset& dataset);
/// The dataset a variant scalar from dataset_variant holds; `op` names the caller in errors.
const Dataset& dataset_of(const Tensor& variant, std::string_view op);

}  // namespace tf::data::detail
