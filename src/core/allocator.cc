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

// Note [Per-thread front cache]: small eager tensors (a scalar, one image) are created and
// freed at a high rate, and the global mutex was a large part of their cost. Each thread keeps
// a few blocks of every small bucket for itself. A block freed on another thread than the one
// that allocated it simply joins the freeing thread's cache (blocks of a bucket are
// interchangeable); when that cache is full it goes to the global lists, where the
// allocating thread finds it. A thread's blocks return to the global lists when it exits.
constexpr int kMaxLocalBucket = 16;  // 64 KiB
constexpr int kLocalBlocks = 4;      // per bucket: at most 4 * 128 KiB held by one thread

// Trivially destructible, so one TLS access reaches it with no init guard, and it stays
// readable while the thread's other thread_locals (which may free tensors) are destroyed.
struct LocalCache {
  std::array<std::array<void*, kLocalBlocks>, kMaxLocalBucket + 1> blocks;
  std::array<int, kMaxLocalBucket + 1> count;
  bool drain_armed;  // `local_drain` will return the blocks when the thread exits
  bool gone;         // the thread is exiting: use the global lists only
};
thread_local LocalCache local_cache{};

// Moves every block of `local` to the global lists (under the mutex held by the caller).
void drain_locked(Cache& c, LocalCache& local) {
  for (int b = kMinBucket; b <= kMaxLocalBucket; ++b) {
    for (int i = 0; i < local.count[b]; ++i) {
      c.free_lists[b].push_back(local.blocks[b][i]);
      c.cached += std::size_t{1} << b;
    }
    local.count[b] = 0;
  }
}

// Its destructor, registered the first time a thread keeps a block, drains that thread's cache.
struct LocalDrain {
  bool armed = false;
  ~LocalDrain() {
    local_cache.gone = true;
    Cache& c = cache();
    std::lock_guard lock(c.mutex);
    drain_locked(c, local_cache);
  }
};
thread_local LocalDrain local_drain;

}  // namespace

void* allocate(std::size_t bytes) {
  const int bucket = bucket_of(bytes);
  if (bucket > kMaxBucket) throw std::bad_alloc();
  if (bucket <= kMaxLocalBucket) {
    LocalCache& local = local_cache;
    if (local.count[bucket] > 0) return local.blocks[bucket][--local.count[bucket]];
  }
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
  if (bucket <= kMaxLocalBucket) {
    LocalCache& local = local_cache;
    if (!local.gone && local.count[bucket] < kLocalBlocks) {
      if (!local.drain_armed) {
        local.drain_armed = true;
        local_drain.armed = true;  // first use constructs it and registers its destructor
      }
      local.blocks[bucket][local.count[bucket]++] = ptr;
      return;
    }
  }
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
  drain_locked(c, local_cache);
  for (auto& list : c.free_lists) {
    for (void* p : list) std::free(p);
    list.clear();
  }
  c.cached = 0;
}

std::size_t cached_bytes() {
  std::size_t local = 0;
  for (int b = kMinBucket; b <= kMaxLocalBucket; ++b) local += (std::size_t{local_cache.count[b]}) << b;
  Cache& c = cache();
  std::lock_guard lock(c.mutex);
  return c.cached + local;
}

}  // namespace tf::core
