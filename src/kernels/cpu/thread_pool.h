// The intra-op thread pool: the threads that share one kernel's work (parallel_for).
//
// Note [Intra-op pool]: kernels used to split their loops with OpenMP, and oneDNN (built on the
// OpenMP runtime) opened teams of its own. libgomp's idle workers spin for milliseconds after
// every parallel region and its wait policy is fixed when the library loads, so on a small
// machine they took the cores that tf.data's pipeline threads needed, and a worker preempted
// mid-region held up the whole region. This pool's workers spin only briefly, yield while other
// threads want the core, then sleep; and a job's chunks are claimed one at a time, so the caller
// runs any chunk a sleeping or preempted worker has not started. oneDNN runs on one thread inside
// a chunk (onednn.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>

namespace tf::kernels {

/// A type-erased `void(std::int64_t chunk)` that does not own its callable.
struct ChunkFn {
  void* callable;
  void (*invoke)(void* callable, std::int64_t chunk);
};

class ThreadPool {
 public:
  /// The process-wide pool.
  static ThreadPool& global();

  /// Runs fn(c) for every c in [0, chunks) on the calling thread and up to `threads - 1` workers,
  /// returning when all have run. Rethrows the first exception a chunk threw. A call made from
  /// inside a chunk, or while another thread's job holds the pool, runs its chunks in order on
  /// the calling thread.
  void run(std::int64_t chunks, int threads, ChunkFn fn);

  /// Whether the calling thread is running a chunk of a job.
  static bool in_job();

 private:
  ThreadPool() = default;
  void grow(int workers);
  void worker_loop(std::uint32_t seen);
  void wait_for_job(std::uint32_t seen);
  void join_job();
  void run_chunks();

  std::mutex job_mutex_;  // held by the caller whose job the workers serve; guards workers_
  int workers_ = 0;       // started, detached, and live as long as the process

  // The current job: written by its caller while no worker is inside (active_ == 0).
  ChunkFn fn_{};
  std::int64_t chunks_ = 0;
  int helpers_ = 0;                       // workers allowed to join
  std::atomic<std::int64_t> next_{0};     // the next unclaimed chunk
  std::atomic<std::int64_t> finished_{0};
  std::atomic<int> joined_{0};            // workers that took a helper slot
  std::atomic<bool> open_{false};
  std::exception_ptr error_;
  std::mutex error_mutex_;

  std::atomic<int> active_{0};            // workers looking at the job
  std::atomic<std::uint32_t> epoch_{0};   // bumped for every job; workers wait on it
  std::atomic<int> sleepers_{0};          // workers blocked in epoch_.wait
};

}  // namespace tf::kernels
