// A tf.data iterator as a resource (TensorFlow's IteratorResource): one pass over a dataset behind a
// scalar tf::resource handle, so that a traced function stages its reads as IteratorGetNext nodes,
// which read the pass on every call instead of baking the element read while tracing into the graph.
// Eager reads (Python's next(iterator)) and the graph's reads share the pass.
#pragma once

#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#include "core/resource_handle.h"
#include "tfpp/data/dataset.h"

namespace tf::data::detail {

/// The object behind an iterator's handle: a pass over a dataset, read by one caller at a time.
class IteratorResource final : public core::Resource {
 public:
  /// An iterator with no pass yet (AnonymousIteratorV3, before MakeIterator).
  IteratorResource() = default;
  /// Starts a pass over `dataset`.
  explicit IteratorResource(const Dataset& dataset) : iterator_(dataset.make_iterator()) {}

  /// Starts a new pass over `dataset` (MakeIterator), ending any earlier one.
  void make(const Dataset& dataset);
  /// The next element, or nullopt at the end of the pass; FailedPreconditionError before make.
  std::optional<Element> get_next();

 private:
  std::mutex mutex_;  // a pass is read in order: concurrent calls would race on its state
  std::optional<Iterator> iterator_;
};

/// A new scalar tf::resource handle to a pass over `dataset`.
Tensor make_iterator_handle(const Dataset& dataset);
/// The AnonymousIteratorV3 op: a new iterator's handle, which MakeIterator starts on a dataset
/// (how a traced function builds an iterator anew at every call).
Tensor anonymous_iterator();
/// The MakeIterator op: starts the iterator `handle` refers to on the dataset `dataset` (a variant).
void make_iterator(const Tensor& dataset, const Tensor& handle);
/// The iterator a handle refers to; InvalidArgumentError naming `op` for another handle.
IteratorResource& iterator_of(const Tensor& handle, std::string_view op);

/// The IteratorGetNext op: the next element of the iterator `handle` refers to, as tensors of
/// `element_specs` (the outputs' dtypes and static shapes); OutOfRangeError "End of sequence" at
/// the end. Stateful, so a traced function runs it at every call.
std::vector<Tensor> iterator_get_next(const Tensor& handle, const std::vector<TensorSpec>& element_specs);

}  // namespace tf::data::detail
