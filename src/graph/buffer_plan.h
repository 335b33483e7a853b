// Static buffer planning: offsets in one arena for values whose lifetimes are known.
//
// Note [Static buffer plan]: when a graph's shapes are static, the executor knows, before any
// call, every intermediate's size and the steps between which it lives (from its producer to
// its last reader). It assigns each one an offset in a single arena so that values alive at the
// same step never overlap (greedy best fit, biggest values first), and values that an
// elementwise step overwrites in place share one block. A call then takes one arena, whose
// tensors are built once, instead of allocating every intermediate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tf::graph {

/// A block of bytes that must stay intact from step `first` to step `last` (inclusive).
struct Lifetime {
  std::size_t bytes = 0;
  int first = 0;
  int last = 0;
};

/// The arena layout: one 64-byte-aligned offset per lifetime, and the arena's size.
struct BufferPlan {
  std::vector<std::size_t> offsets;
  std::size_t arena_bytes = 0;
};

/// Places every lifetime so that blocks live at a common step do not overlap.
BufferPlan plan_buffers(const std::vector<Lifetime>& lifetimes);

}  // namespace tf::graph
