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

}  // namespace tf::core
