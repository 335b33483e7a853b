// The intra-op pool behind parallel_for (Note [Intra-op pool]): every index runs once on any
// thread count, nested and concurrent calls, errors, the thread-count settings, and idle
// workers that go to sleep instead of spinning.
#include <gtest/gtest.h>

#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <tfpp/tfpp.h>

#include "kernels/cpu/parallel.h"

namespace {

using tf::kernels::kParallelGrain;
using tf::kernels::parallel_for;

// Restores the calling thread's own thread count when a test ends.
struct ThreadsOnThisThread {
  explicit ThreadsOnThisThread(int threads) { tf::kernels::set_intra_op_threads(threads); }
  ~ThreadsOnThisThread() { tf::kernels::set_intra_op_threads(0); }
};

// How many times parallel_for ran each index of [0, n).
std::vector<int> visits(std::int64_t n, std::int64_t cost) {
  std::vector<std::atomic<int>> counts(static_cast<std::size_t>(n));
  parallel_for(n, cost, [&](std::int64_t begin, std::int64_t end) {
    EXPECT_LT(begin, end);
    for (std::int64_t i = begin; i < end; ++i) counts[i].fetch_add(1);
  });
  return {counts.begin(), counts.end()};
}

TEST(IntraOpPool, EveryIndexRunsOnceOnAnyThreadCount) {
  for (int threads : {1, 2, 3, 4, 7}) {
    ThreadsOnThisThread scope(threads);
    for (std::int64_t n : {0, 1, 2, 5, 6, 7, 1000, 100003}) {
      const std::vector<int> counts = visits(n, kParallelGrain);  // every index alone pays for a thread
      EXPECT_EQ(counts, std::vector<int>(n, 1)) << n << " indices on " << threads << " threads";
    }
  }
}

TEST(IntraOpPool, SmallLoopsStayOnTheCallingThread) {
  ThreadsOnThisThread scope(4);
  const std::thread::id caller = std::this_thread::get_id();
  parallel_for(kParallelGrain - 1, 1, [&](std::int64_t begin, std::int64_t end) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    EXPECT_EQ(begin, 0);
    EXPECT_EQ(end, kParallelGrain - 1);
  });
}

// Runs two chunks that each wait (up to 10 s) for the other to start; the threads that ran them.
// One thread runs them one after the other, so its first chunk waits out the time limit.
std::set<std::thread::id> threads_running_meeting_chunks() {
  std::mutex mutex;
  std::set<std::thread::id> ids;
  std::atomic<int> started{0};
  parallel_for(2, kParallelGrain, [&](std::int64_t, std::int64_t) {
    started.fetch_add(1);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (started.load() < 2 && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
    std::lock_guard lock(mutex);
    ids.insert(std::this_thread::get_id());
  });
  return ids;
}

TEST(IntraOpPool, WorkersShareTheChunks) {
  ThreadsOnThisThread scope(2);
  EXPECT_EQ(threads_running_meeting_chunks().size(), 2u);
}

TEST(IntraOpPool, OneThreadRunsEveryChunkItself) {
  ThreadsOnThisThread scope(1);
  const std::thread::id caller = std::this_thread::get_id();
  parallel_for(4, kParallelGrain, [&](std::int64_t begin, std::int64_t end) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    EXPECT_EQ(begin, 0);
    EXPECT_EQ(end, 4);
  });
}

TEST(IntraOpPool, NestedLoopsRunInsideTheirChunk) {
  ThreadsOnThisThread scope(4);
  std::vector<std::atomic<int>> counts(64 * 64);
  parallel_for(64, kParallelGrain, [&](std::int64_t b0, std::int64_t e0) {
    for (std::int64_t i = b0; i < e0; ++i) {
      const std::thread::id outer = std::this_thread::get_id();
      parallel_for(64, kParallelGrain, [&](std::int64_t b1, std::int64_t e1) {
        EXPECT_EQ(std::this_thread::get_id(), outer);
        for (std::int64_t j = b1; j < e1; ++j) counts[i * 64 + j].fetch_add(1);
      });
    }
  });
  for (const auto& c : counts) EXPECT_EQ(c.load(), 1);
}

TEST(IntraOpPool, CallersOnSeveralThreadsEachGetTheirWholeLoop) {
  std::vector<std::thread> callers;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t)
    callers.emplace_back([&, t] {
      ThreadsOnThisThread scope(2 + t % 2);
      for (int round = 0; round < 200; ++round) {
        const std::int64_t n = 1000 + 37 * t + round;
        if (visits(n, kParallelGrain) != std::vector<int>(n, 1)) wrong.fetch_add(1);
      }
    });
  for (std::thread& c : callers) c.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(IntraOpPool, AnErrorInAChunkReachesTheCallerAndThePoolGoesOn) {
  ThreadsOnThisThread scope(4);
  for (std::int64_t failing : {0, 1, 3}) {
    EXPECT_THROW(parallel_for(4, kParallelGrain,
                              [&](std::int64_t begin, std::int64_t) {
                                if (begin == failing) throw std::runtime_error("chunk failed");
                              }),
                 std::runtime_error);
  }
  EXPECT_EQ(visits(4, kParallelGrain), std::vector<int>(4, 1));
}

TEST(IntraOpPool, ThreadCountSettings) {
  const int chosen = tf::kernels::intra_op_threads();
  EXPECT_GE(chosen, 1);
  EXPECT_EQ(tf::config::threading::get_intra_op_parallelism_threads(), 0);
  tf::config::threading::set_intra_op_parallelism_threads(3);
  EXPECT_EQ(tf::config::threading::get_intra_op_parallelism_threads(), 3);
  EXPECT_EQ(tf::kernels::intra_op_threads(), 3);
  {
    ThreadsOnThisThread scope(1);  // a thread's own choice wins
    EXPECT_EQ(tf::kernels::intra_op_threads(), 1);
  }
  tf::config::threading::set_intra_op_parallelism_threads(0);
  EXPECT_EQ(tf::kernels::intra_op_threads(), chosen);
  EXPECT_THROW(tf::config::threading::set_intra_op_parallelism_threads(-1), tf::InvalidArgumentError);
}

// The scheduler state of thread `tid` of this process ('R' running, 'S' sleeping, ...).
char thread_state(long tid) {
  std::ifstream stat("/proc/self/task/" + std::to_string(tid) + "/stat");
  std::string line;
  std::getline(stat, line);
  const std::size_t after_name = line.rfind(')');
  return after_name == std::string::npos || after_name + 2 >= line.size() ? '?' : line[after_name + 2];
}

TEST(IntraOpPool, IdleWorkersSleep) {
  ThreadsOnThisThread scope(2);
  std::mutex mutex;
  std::set<long> tids;
  for (int round = 0; round < 5; ++round)
    parallel_for(2, kParallelGrain, [&](std::int64_t, std::int64_t) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      std::lock_guard lock(mutex);
      tids.insert(syscall(SYS_gettid));
    });
  tids.erase(syscall(SYS_gettid));
  ASSERT_FALSE(tids.empty());
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // far past the spin time
  for (const long tid : tids) EXPECT_EQ(thread_state(tid), 'S') << "worker " << tid;
}

}  // namespace
