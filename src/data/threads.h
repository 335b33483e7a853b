// Thread counts for tf.data's background work.
#pragma once

#include <algorithm>
#include <cstdint>
#include <thread>

#include "tfpp/data/dataset.h"

namespace tf::data::detail {

/// The number of threads for a parallelism argument: AUTOTUNE means one per core.
inline int resolve_parallelism(std::int64_t requested) {
  if (requested == AUTOTUNE) return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return static_cast<int>(std::max<std::int64_t>(1, requested));
}

}  // namespace tf::data::detail
