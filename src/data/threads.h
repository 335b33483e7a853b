// Thread counts and threads for tf.data's background work.
#pragma once

#include <cxxabi.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <thread>
#include <utility>

#include <pthread.h>
#include <sched.h>

#include "kernels/cpu/parallel.h"
#include "ops/random/random_seed.h"
#include "tfpp/data/dataset.h"

namespace tf::data::detail {

/// The number of threads for a parallelism argument: AUTOTUNE means one per core.
inline int resolve_parallelism(std::int64_t requested) {
  if (requested == AUTOTUNE) return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return static_cast<int>(std::max<std::int64_t>(1, requested));
}

/// Starts a background thread of the pipeline running `fn`. Ops on it run on one thread (as
/// with tf.data's max_intra_op_parallelism = 1): the intra-op threads are the training step's.
/// It is a SCHED_BATCH thread: when it wakes it does not preempt the step's threads, so it fills
/// the time a core would idle and takes a core from the step only when the step waits for data.
/// It runs with the random stream positions of the pass that starts it (Note [Random streams of
/// dataset functions]).
template <class F>
std::thread start_pipeline_thread(F fn) {
  return std::thread([fn = std::move(fn), streams = ops::current_random_stream_positions()]() mutable {
    ops::RandomStreamPositionsScope scope(streams);
    kernels::set_intra_op_threads(1);
    const sched_param param{};
    pthread_setschedparam(pthread_self(), SCHED_BATCH, &param);  // best effort: any failure leaves SCHED_OTHER
    fn();
  });
}

/// The exception being handled, for a pipeline thread to hand to its consumer. A thread's forced
/// unwinding is no error and goes on: Python's finalization ends a thread that waits for the GIL
/// (a generator's) with pthread_exit, and keeping that unwinding instead aborts the process.
inline std::exception_ptr pipeline_error() {
  try {
    throw;
  } catch (abi::__forced_unwind&) {
    throw;
  } catch (...) {
    return std::current_exception();
  }
}

}  // namespace tf::data::detail
