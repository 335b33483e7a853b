// Fusing a parallel map with the batch after it (TensorFlow's map_and_batch_fusion): the map's
// workers stack whole batches while their results are in cache, and the consumer takes one
// hand-off per batch instead of moving every element across threads.
#pragma once

#include <cstdint>
#include <memory>

#include "data/node.h"

namespace tf::data::detail {

/// A pass of input.batch(batch_size, drop_remainder) done by the map's workers, or nullptr when
/// `input` is not a parallel map. Elements, order and errors are those of the unfused pipeline.
/// `extra_ahead` more batches than usual are kept ready (for a prefetch after the batch).
std::unique_ptr<IteratorImpl> make_map_and_batch_iterator(const DatasetNode& input, std::int64_t batch_size,
                                                          bool drop_remainder, std::int64_t extra_ahead = 0);

}  // namespace tf::data::detail
