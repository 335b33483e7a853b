// The caching allocator's per-thread front cache: blocks freed on another thread, threads
// that exit, and release_cached_memory.
#include <gtest/gtest.h>

#include <cstring>
#include <thread>
#include <vector>

#include <tfpp/tfpp.h>

#include "core/allocator.h"

namespace {

TEST(Allocator, BlocksAreAlignedAndReusable) {
  for (std::size_t bytes : {1, 64, 100, 4096, 70000}) {
    void* p = tf::core::allocate(bytes);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % 64, 0u) << bytes;
    std::memset(p, 1, bytes);
    tf::core::deallocate(p, bytes);
    void* q = tf::core::allocate(bytes);
    EXPECT_EQ(q, p) << "a freed block is handed out again on the same thread, size " << bytes;
    tf::core::deallocate(q, bytes);
  }
}

TEST(Allocator, ReleaseEmptiesTheCallingThreadsCache) {
  std::vector<void*> blocks;
  for (int i = 0; i < 10; ++i) blocks.push_back(tf::core::allocate(256));
  for (void* p : blocks) tf::core::deallocate(p, 256);
  EXPECT_GE(tf::core::cached_bytes(), 10u * 256);
  tf::core::release_cached_memory();
  EXPECT_EQ(tf::core::cached_bytes(), 0u);
}

TEST(Allocator, AnExitingThreadReturnsItsBlocks) {
  tf::core::release_cached_memory();
  std::thread([] {
    void* p = tf::core::allocate(512);
    tf::core::deallocate(p, 512);  // kept by this thread until it exits
  }).join();
  EXPECT_GE(tf::core::cached_bytes(), 512u);
}

TEST(Allocator, TensorsFreedOnAnotherThreadThanTheirs) {
  // A producer thread makes the tensors (as a tf.data worker does); this thread reads and frees them.
  for (int round = 0; round < 3; ++round) {
    std::vector<tf::Tensor> made;
    std::thread([&] {
      tf::Tensor x = tf::constant({1.0f, 2.0f, 3.0f});
      for (int i = 0; i < 200; ++i) made.push_back(x * static_cast<float>(i) / 2.0f);
    }).join();
    for (int i = 0; i < 200; ++i)
      ASSERT_EQ(made[i].numpy<float>(), (std::vector<float>{i / 2.0f, 2 * i / 2.0f, 3 * i / 2.0f})) << i;
    made.clear();
    // And the other way round: made here, freed on a thread that then exits.
    for (int i = 0; i < 200; ++i) made.push_back(tf::fill({i % 50}, static_cast<float>(i)));
    std::thread([moved = std::move(made)]() mutable { moved.clear(); }).join();
    tf::Tensor fresh = tf::fill({40}, 7.0f);
    EXPECT_EQ(fresh.numpy<float>(), std::vector<float>(40, 7.0f));
  }
}

}  // namespace
