// tf::keras::utils::Sequence: a Keras-style source of batches. Subclass it with size() (the
// number of batches) and get(i) (batch i); Keras' fit() accepts it, and
// tf::data::Dataset::from_sequence(seq) turns it into a dataset (get(0..size-1), then
// on_epoch_end(), on every pass).
#pragma once

#include <cstdint>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::keras::utils {

/// A user-defined, indexable sequence of batches.
class Sequence {
 public:
  virtual ~Sequence() = default;
  /// The number of batches per epoch (Python's __len__).
  virtual std::int64_t size() const = 0;
  /// Batch `index` (Python's __getitem__), e.g. {x, y}.
  virtual std::vector<Tensor> get(std::int64_t index) = 0;
  /// Called at the end of every epoch, e.g. to reshuffle.
  virtual void on_epoch_end() {}
};

}  // namespace tf::keras::utils
