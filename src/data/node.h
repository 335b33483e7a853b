// The pipeline's building blocks: a DatasetNode describes one stage and creates iterators;
// an IteratorImpl is one pass through that stage (it owns its input's iterator and any threads).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tfpp/data/dataset.h"

namespace tf::data::detail {

/// One pass through a pipeline stage.
class IteratorImpl {
 public:
  virtual ~IteratorImpl() = default;
  /// Writes the next element into `out` and returns true, or returns false at the end.
  virtual bool next(Element& out) = 0;
};

/// An immutable pipeline stage.
class DatasetNode {
 public:
  virtual ~DatasetNode() = default;
  /// Starts an independent pass.
  virtual std::unique_ptr<IteratorImpl> make_iterator() const = 0;
  /// The number of elements, INFINITE_CARDINALITY or UNKNOWN_CARDINALITY.
  virtual std::int64_t cardinality() const { return UNKNOWN_CARDINALITY; }
  /// A pass that already computes elements ahead on its own threads, keeping up to
  /// `buffer_size` more of them ready, so that prefetch needs no thread of its own; nullptr
  /// for stages without background threads.
  virtual std::unique_ptr<IteratorImpl> make_prefetching_iterator(std::int64_t /*buffer_size*/) const {
    return nullptr;
  }
};

/// A pass over `node` as a user starts one: outside any other pass it owns the positions of the
/// random streams its functions use (Note [Random streams of dataset functions]); inside one it
/// shares them, as `node.make_iterator()` does.
std::unique_ptr<IteratorImpl> start_pass(const DatasetNode& node);

/// The tensors `node` slices along their first dimension when it is from_tensor_slices' node,
/// else nullptr: a stage after it may then slice rows itself (shuffle, Note [Shuffling rows]).
const std::vector<Tensor>* sliced_tensors(const DatasetNode& node);

/// The node of a dataset of `elements`, in order.
std::shared_ptr<const DatasetNode> elements_node(std::vector<Element> elements);

/// Windows as Dataset::window makes them, but each window's components are datasets (variant
/// scalars) of its members' components, as TensorFlow's Dataset.window gives them.
Dataset window_datasets(const Dataset& input, std::int64_t size, WindowOptions options);

/// Rethrows the exception being handled with `context` prefixed to its message, keeping its
/// tf:: error type (other exceptions become InvalidArgumentError). Call only inside a catch block.
[[noreturn]] void rethrow_with_context(const std::string& context);

}  // namespace tf::data::detail
