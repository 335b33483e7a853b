// A dataset folded inside a traced function: the ReduceDataset node behind Dataset.reduce and
// AutoGraph's `for x in dataset` in a tf.function (TensorFlow turns such a loop into the
// dataset's reduce too).
#pragma once

#include <string>
#include <vector>

#include "tfpp/control_flow.h"
#include "data/dataset_variant.h"
#include "function/traced_body.h"
#include "ops/op_def.h"

namespace tf::data::detail {

/// Traces body(state..., element...) as Dataset.reduce and scan do: again with the state dims its
/// first outputs change made unknown in `state_specs` (at most once per dim), until they hold. The
/// body returns the new state (only_state) or the new state and more; `what` names the caller in
/// errors (a short return, a state dtype changed).
tf::detail::TracedBody trace_state_body(std::vector<ops::TensorInfo>& state_specs,
                                        const std::vector<TensorSpec>& element_specs, const tf::detail::FlatFn& body,
                                        const char* name, const std::string& what, bool only_state);

/// Adds to the current trace a ReduceDataset node that, each time it runs, starts a pass over
/// the dataset `dataset` (a variant from dataset_variant, or its placeholder) holds and folds its elements into the state: state = body(state..., element...) (flat
/// tensors). With `cond`, cond(state...) (one scalar bool) is checked before each element and
/// the loop stops when it fails (a `break`). The state keeps its dtypes; where the body changes
/// a dim, the body is traced again with that dim unknown, as Dataset.reduce does. Returns the
/// final state's tensors.
std::vector<Tensor> reduce_dataset_traced(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                                          const std::vector<Tensor>& initial_state, const tf::detail::FlatFn* cond,
                                          const tf::detail::FlatFn& body);

}  // namespace tf::data::detail
