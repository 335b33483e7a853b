// The size-bucketed caching allocator behind every tensor buffer.
//
// Note [Caching allocator]: freeing and re-mapping large buffers every step costs page
// faults (hundreds per training step in PyTorch here). Blocks are rounded up to a power of
// two and kept on a per-size free list when released, so a steady-state training loop
// allocates no fresh memory from the system. All blocks are 64-byte aligned.
#pragma once

#include <cstddef>

namespace tf::core {

/// Returns a 64-byte-aligned block of at least `bytes` bytes (never null; throws on failure).
void* allocate(std::size_t bytes);
/// Returns a block obtained from allocate(bytes) to the cache.
void deallocate(void* ptr, std::size_t bytes);
/// Releases the global free lists and the calling thread's cached blocks back to the system
/// (other threads keep at most a few small blocks each; Note [Per-thread front cache]).
void release_cached_memory();
/// Bytes currently held on the global free lists and the calling thread's (for tests and diagnostics).
std::size_t cached_bytes();

/// A standard allocator over allocate()/deallocate(), for std::allocate_shared of the small
/// objects every eager op makes and frees (tensor impls, buffer headers): the per-thread
/// front cache is cheaper than malloc for them.
template <class T>
struct CachingAllocator {
  using value_type = T;
  static_assert(alignof(T) <= 64);
  CachingAllocator() = default;
  template <class U>
  CachingAllocator(const CachingAllocator<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(core::allocate(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) { core::deallocate(p, n * sizeof(T)); }
  friend bool operator==(const CachingAllocator&, const CachingAllocator&) { return true; }
};

}  // namespace tf::core
