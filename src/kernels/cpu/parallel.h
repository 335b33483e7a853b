// Splitting loops over the intra-op thread pool (Note [Intra-op pool] in thread_pool.h).
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernels/cpu/thread_pool.h"

namespace tf::kernels {

/// Below this many elements of simple elementwise work, a loop stays on one thread:
/// waking the pool costs more than it saves.
inline constexpr std::int64_t kParallelGrain = 32768;

/// Sets how many threads the loops started on the calling thread may use; 0 restores the
/// process default (tf::config::threading::set_intra_op_parallelism_threads).
void set_intra_op_threads(int threads);

/// How many threads a parallel_for started on the calling thread may use.
int intra_op_threads();

/// Calls fn(begin, end) over [0, n) in contiguous chunks, on several threads when `n * cost`
/// (cost: relative work per element, 1 for an add) is large enough to pay for it.
template <class Fn>
void parallel_for(std::int64_t n, std::int64_t cost, Fn&& fn) {
  const std::int64_t work = n * std::max<std::int64_t>(cost, 1);
  const std::int64_t threads = work < kParallelGrain ? 1 : std::min<std::int64_t>(intra_op_threads(), work / kParallelGrain);
  if (threads <= 1 || ThreadPool::in_job()) {
    if (n > 0) fn(std::int64_t{0}, n);
    return;
  }
  auto chunk = [&](std::int64_t c) {
    const std::int64_t begin = n * c / threads, end = n * (c + 1) / threads;
    if (begin < end) fn(begin, end);
  };
  using Chunk = decltype(chunk);
  ThreadPool::global().run(threads, static_cast<int>(threads),
                           ChunkFn{&chunk, [](void* f, std::int64_t c) { (*static_cast<Chunk*>(f))(c); }});
}

}  // namespace tf::kernels
