// Splitting loops over the one intra-op thread pool (OpenMP, shared with oneDNN).
#pragma once

#include <algorithm>
#include <cstdint>

#include <omp.h>

namespace tf::kernels {

/// Below this many elements of simple elementwise work, a loop stays on one thread:
/// waking the pool costs more than it saves.
inline constexpr std::int64_t kParallelGrain = 32768;

/// Sets how many threads the loops (and oneDNN primitives) started on the calling thread may use.
inline void set_intra_op_threads(int threads) { omp_set_num_threads(threads); }

/// How many threads a parallel_for started on the calling thread may use.
inline int intra_op_threads() { return omp_get_max_threads(); }

/// Calls fn(begin, end) over [0, n) in contiguous chunks, on several threads when `n * cost`
/// (cost: relative work per element, 1 for an add) is large enough to pay for it.
template <class Fn>
void parallel_for(std::int64_t n, std::int64_t cost, Fn&& fn) {
  const std::int64_t work = n * std::max<std::int64_t>(cost, 1);
  const int threads = work < kParallelGrain ? 1 : std::min<std::int64_t>(intra_op_threads(), work / kParallelGrain);
  if (threads <= 1 || omp_in_parallel()) {
    if (n > 0) fn(std::int64_t{0}, n);
    return;
  }
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const std::int64_t begin = n * t / nt, end = n * (t + 1) / nt;
    if (begin < end) fn(begin, end);
  }
}

}  // namespace tf::kernels
