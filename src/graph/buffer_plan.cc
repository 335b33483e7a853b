#include "graph/buffer_plan.h"

#include <algorithm>
#include <numeric>

namespace tf::graph {

namespace {
constexpr std::size_t kAlign = 64;  // the alignment of every tensor buffer
std::size_t aligned(std::size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }
}  // namespace

BufferPlan plan_buffers(const std::vector<Lifetime>& lifetimes) {
  BufferPlan plan;
  plan.offsets.assign(lifetimes.size(), 0);
  std::vector<std::size_t> order(lifetimes.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return lifetimes[a].bytes > lifetimes[b].bytes; });
  std::vector<std::size_t> placed;
  std::vector<std::pair<std::size_t, std::size_t>> busy;  // [begin, end) of overlapping placed blocks
  for (std::size_t i : order) {
    const Lifetime& l = lifetimes[i];
    const std::size_t size = aligned(l.bytes);
    busy.clear();
    for (std::size_t j : placed)
      if (lifetimes[j].first <= l.last && l.first <= lifetimes[j].last)
        busy.emplace_back(plan.offsets[j], plan.offsets[j] + aligned(lifetimes[j].bytes));
    std::sort(busy.begin(), busy.end());
    // Best fit: the smallest gap between busy blocks that holds the block, else above them all.
    std::size_t best = 0, best_gap = SIZE_MAX, top = 0;
    for (const auto& [begin, end] : busy) {
      if (begin >= top && begin - top >= size && begin - top < best_gap) best = top, best_gap = begin - top;
      top = std::max(top, end);
    }
    plan.offsets[i] = best_gap != SIZE_MAX ? best : top;
    plan.arena_bytes = std::max(plan.arena_bytes, plan.offsets[i] + size);
    placed.push_back(i);
  }
  return plan;
}

}  // namespace tf::graph
