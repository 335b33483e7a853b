#include "kernels/cpu/thread_pool.h"

#include <sched.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include <immintrin.h>

#include "core/cpu_features.h"

namespace tf::kernels {
namespace {

// How long an idle worker spins, then spins yielding, before it sleeps. Long enough to bridge
// the serial ops between one step's parallel regions, short enough that an idle pool soon
// leaves the cores to other threads (Note [Intra-op pool]).
constexpr auto kSpin = std::chrono::microseconds(5);
constexpr auto kSpinAndYield = std::chrono::microseconds(50);
constexpr int kMaxWorkers = 255;

thread_local bool t_in_job = false;

using Clock = std::chrono::steady_clock;

// Spins until done() holds, yielding now and then so that a preempted worker can get on.
template <class Done>
void spin_until(Done done) {
  for (int spins = 1; !done(); ++spins) {
    if (spins % 64 == 0) sched_yield();
    else _mm_pause();
  }
}

}  // namespace

ThreadPool& ThreadPool::global() {
  static ThreadPool* pool = new ThreadPool;  // never destroyed: static destructors may still run kernels
  return *pool;
}

bool ThreadPool::in_job() { return t_in_job; }

void ThreadPool::grow(int workers) {
  workers = std::min(workers, kMaxWorkers);
  for (; workers_ < workers; ++workers_) {
    // The epoch before the job that starts it: a new worker joins that job too.
    std::thread([this, seen = epoch_.load()] { worker_loop(seen); }).detach();
  }
}

void ThreadPool::worker_loop(std::uint32_t seen) {
  core::flush_denormals_on_this_thread();
  for (;;) {
    wait_for_job(seen);
    seen = epoch_.load();
    join_job();
  }
}

void ThreadPool::wait_for_job(std::uint32_t seen) {
  const Clock::time_point start = Clock::now();
  for (int spins = 1;; ++spins) {
    if (epoch_.load(std::memory_order_acquire) != seen) return;
    if (spins % 64 != 0) {
      _mm_pause();
      continue;
    }
    const auto idle = Clock::now() - start;
    if (idle < kSpin) continue;
    if (idle < kSpinAndYield) {
      sched_yield();
      continue;
    }
    sleepers_.fetch_add(1);
    while (epoch_.load() == seen) epoch_.wait(seen);
    sleepers_.fetch_sub(1);
    return;
  }
}

// The caller's `open_ = false; wait for active_ == 0` and this `active_ += 1; read open_` are
// ordered (seq_cst) so that either the caller waits for this worker or the worker sees the job
// closed: the caller never rewrites a job a worker is reading.
void ThreadPool::join_job() {
  active_.fetch_add(1);
  if (open_.load() && joined_.fetch_add(1) < helpers_) run_chunks();
  active_.fetch_sub(1);
}

void ThreadPool::run_chunks() {
  t_in_job = true;
  for (std::int64_t chunk; (chunk = next_.fetch_add(1, std::memory_order_relaxed)) < chunks_;) {
    try {
      fn_.invoke(fn_.callable, chunk);
    } catch (...) {
      std::lock_guard lock(error_mutex_);
      if (!error_) error_ = std::current_exception();
    }
    finished_.fetch_add(1, std::memory_order_release);
  }
  t_in_job = false;
}

void ThreadPool::run(std::int64_t chunks, int threads, ChunkFn fn) {
  if (chunks <= 0) return;
  std::unique_lock lock(job_mutex_, std::defer_lock);
  if (threads <= 1 || chunks == 1 || t_in_job || !lock.try_lock()) {
    for (std::int64_t c = 0; c < chunks; ++c) fn.invoke(fn.callable, c);
    return;
  }
  grow(threads - 1);
  fn_ = fn;
  chunks_ = chunks;
  helpers_ = static_cast<int>(std::min<std::int64_t>(threads - 1, chunks - 1));
  next_.store(0, std::memory_order_relaxed);
  finished_.store(0, std::memory_order_relaxed);
  joined_.store(0, std::memory_order_relaxed);
  error_ = nullptr;
  open_.store(true);
  epoch_.fetch_add(1);
  if (sleepers_.load() > 0) epoch_.notify_all();
  run_chunks();
  spin_until([&] { return finished_.load(std::memory_order_acquire) == chunks_; });
  open_.store(false);
  spin_until([&] { return active_.load() == 0; });
  if (error_) std::rethrow_exception(error_);
}

}  // namespace tf::kernels
