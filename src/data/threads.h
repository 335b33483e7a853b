// Thread counts and threads for tf.data's background work.
#pragma once

#include <algorithm>
#include <cstdint>
#include <thread>
#include <utility>

#include "kernels/cpu/parallel.h"
#include "tfpp/data/dataset.h"

namespace tf::data::detail {

/// The number of threads for a parallelism argument: AUTOTUNE means one per core.
inline int resolve_parallelism(std::int64_t requested) {
  if (requested == AUTOTUNE) return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return static_cast<int>(std::max<std::int64_t>(1, requested));
}

/// Starts a background thread of the pipeline running `fn`. Ops on it run on one thread (as
/// with tf.data's max_intra_op_parallelism = 1): the intra-op threads are the training step's,
/// and a pipeline thread starting an OpenMP team of its own adds spinning workers that take
/// the cores the step needs.
template <class F>
std::thread start_pipeline_thread(F fn) {
  return std::thread([fn = std::move(fn)]() mutable {
    kernels::set_intra_op_threads(1);
    fn();
  });
}

}  // namespace tf::data::detail
