// Stacking a batch row by row, as the rows arrive.
//
// Note [Row-by-row stacking]: collecting a whole batch of elements before stacking them keeps
// batch_size elements alive at once; freeing them together overflows malloc's per-thread
// cache (a few blocks per size), so every tensor handle, buffer and element vector of the
// batch takes malloc's slow path, and each element's data has left the cache by the time it
// is copied. A BatchStacker instead copies each row into the batch's tensors as soon as it
// arrives, so the caller can drop the row at once: the next element then reuses its memory.
// Rows that do not match the first row (in number of components, dtype or shape) cannot be
// stacked; from the first such row on the stacker keeps rows whole and take() calls
// stack_elements, so results and error messages are exactly those of stacking the whole batch.
#pragma once

#include <cstdint>
#include <vector>

#include "tfpp/data/dataset.h"

namespace tf::data::detail {

/// Stacks up to `capacity` rows into one element, copying each row as it is added.
class BatchStacker {
 public:
  /// `op` names the caller in errors, e.g. "[Dataset.batch]".
  BatchStacker(std::int64_t capacity, const char* op) : capacity_(capacity), op_(op) {}

  /// Adds the next row (the caller may reuse or drop it afterwards). Never throws for rows
  /// that cannot be stacked: take() reports them.
  void add(const Element& row);
  /// The number of rows added since the last take() or clear().
  std::int64_t size() const { return size_; }
  /// Writes the rows added so far, stacked, into `out` (as stack_elements would, errors
  /// included) and starts the next batch. Needs size() > 0.
  void take(Element& out);
  /// Forgets the rows added so far.
  void clear();

 private:
  // One component of the batch being filled.
  struct Column {
    Tensor tensor;             // room for `allocated_` rows
    DType dtype;
    TensorShape row_shape;     // the first row's shape, which later rows must have
    std::int64_t elements = 0; // per row
    std::size_t bytes = 0;     // per row
  };

  bool matches_first(const Element& row) const;
  void start(const Element& row);
  void grow();
  void grow_to(std::int64_t rows);

  const std::int64_t capacity_;
  const char* op_;
  std::int64_t size_ = 0;
  std::int64_t allocated_ = 0;  // rows the columns have room for
  Element first_;               // the first row
  std::vector<Column> columns_; // while rows are copied: rows [0, size_) of each component
  std::vector<Element> whole_;  // once a row did not match: every row, as stack_elements takes them
  bool copying_ = false;        // rows are copied into columns_ (else kept in whole_)
};

}  // namespace tf::data::detail
