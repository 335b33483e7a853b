// The pipeline's own threads (parallel map workers, prefetch): batch-class scheduling, so that
// they fill idle time instead of preempting the training step's threads.
#include <gtest/gtest.h>

#include <sched.h>

#include <mutex>
#include <set>

#include <tfpp/tfpp.h>

namespace {

using tf::data::Dataset;

// Runs `ds` to the end and returns the scheduling policies its map function saw.
std::set<int> policies(const Dataset& ds, std::mutex& mutex, std::set<int>& seen) {
  for (const auto& element : ds) (void)element;
  std::lock_guard lock(mutex);
  return seen;
}

TEST(PipelineThreads, RunAsBatchThreads) {
  std::mutex mutex;
  std::set<int> seen;
  const auto probe = [&](const tf::Tensor& x) {
    std::lock_guard lock(mutex);
    seen.insert(sched_getscheduler(0));
    return x;
  };
  EXPECT_EQ(policies(Dataset::range(50).map(probe, {.num_parallel_calls = 2}), mutex, seen), std::set<int>{SCHED_BATCH});
  seen.clear();
  EXPECT_EQ(policies(Dataset::range(50).map(probe).prefetch(2), mutex, seen), std::set<int>{SCHED_BATCH});
  seen.clear();
  EXPECT_EQ(policies(Dataset::range(50).map(probe), mutex, seen), std::set<int>{sched_getscheduler(0)})
      << "an inline map runs on the consumer's thread, whose policy is its own";
}

}  // namespace
