#include "core/allocator.h"

#include <array>
#include <bit>
#include <cstdlib>
#include <mutex>
#include <new>
#include <vector>

namespace tf::core {
namespace {

constexpr std::size_t kAlignment = 64;
constexpr int kMinBucket = 6;   // 64 bytes
constexpr int kMaxBucket = 34;  // 16 GiB; larger blocks bypass the cache
// Above this many cached bytes, released blocks go straight back to the system.
constexpr std::size_t kMaxCachedBytes = std::size_t{2} << 30;

struct Cache {
  std::mutex mutex;
  std::array<std::vector<void*>, kMaxBucket + 1> free_lists;
  std::size_t cached = 0;
};

Cache& cache() {
  static Cache* instance = new Cache;  // leaked on purpose: buffers may die after static destruction
  return *instance;
}

int bucket_of(std::size_t bytes) {
  if (bytes <= (std::size_t{1} << kMinBucket)) return kMinBucket;
  return std::bit_width(bytes - 1);
}

}  // namespace

void* allocate(std::size_t bytes) {
  const int bucket = bucket_of(bytes);
  if (bucket > kMaxBucket) throw std::bad_alloc();
  Cache& c = cache();
  {
    std::lock_guard lock(c.mutex);
    auto& list = c.free_lists[bucket];
    if (!list.empty()) {
      void* p = list.back();
      list.pop_back();
      c.cached -= std::size_t{1} << bucket;
      return p;
    }
  }
  void* p = std::aligned_alloc(kAlignment, std::size_t{1} << bucket);
  if (!p) {
    release_cached_memory();
    p = std::aligned_alloc(kAlignment, std::size_t{1} << bucket);
    if (!p) throw std::bad_alloc();
  }
  return p;
}

void deallocate(void* ptr, std::size_t bytes) {
  if (!ptr) return;
  const int bucket = bucket_of(bytes);
  const std::size_t size = std::size_t{1} << bucket;
  Cache& c = cache();
  {
    std::lock_guard lock(c.mutex);
    if (c.cached + size <= kMaxCachedBytes) {
      c.free_lists[bucket].push_back(ptr);
      c.cached += size;
      return;
    }
  }
  std::free(ptr);
}

void release_cached_memory() {
  Cache& c = cache();
  std::lock_guard lock(c.mutex);
  for (auto& list : c.free_lists) {
    for (void* p : list) std::free(p);
    list.clear();
  }
  c.cached = 0;
}

std::size_t cached_bytes() {
  Cache& c = cache();
  std::lock_guard lock(c.mutex);
  return c.cached;
}

}  // namespace tf::core
