// Runs a Graph with no per-call lookups: kernels, input slots and value lifetimes are
// resolved once, when the executor is built.
//
// Note [Executor plan]: every node output gets a slot in a per-call vector. Steps run in
// creation order (a valid topological order, which also keeps stateful ops in program
// order). A slot is cleared right after its last reader runs, so its buffer returns to the
// caching allocator and the next step can reuse it. Only nodes that the outputs or a
// stateful op need are planned (pruning); creation order also satisfies control inputs.
//
// Note [Buffer reuse in the executor]: a slot's buffer goes back to the caching allocator
// when its last reader has run, so a later output of a fitting size reuses it. Better still,
// an elementwise step whose input dies at that step writes its output into that input's
// buffer when nothing else holds it (refcount 1): such kernels read each element before
// writing it. Outputs with partly unknown traced shapes are sized from the actual inputs.
// When shapes are static, intermediates live in one planned arena instead (Note [Static buffer
// plan], buffer_plan.h); values that may outlive their last reader are never planned: results,
// outputs of ops that allocate their own outputs, and inputs of stateful ops or of ops that may
// return views of them (a variable may keep what it is assigned).
#pragma once

#include <atomic>
#include <memory>
#include <span>
#include <vector>

#include "graph/graph.h"

namespace tf::graph {

class Executor {
 public:
  explicit Executor(std::shared_ptr<const Graph> graph);

  /// Runs the graph on `args` (one per graph argument) and returns its outputs. Thread-safe.
  std::vector<Tensor> run(std::span<const Tensor> args) const;
  /// Runs the graph op by op through ops::execute, so an active tape or an enclosing trace
  /// sees every op (used for gradients through calls and for calls inside other traces).
  std::vector<Tensor> replay(std::span<const Tensor> args) const;

  /// How many op nodes survive pruning (for tests of the plan).
  std::size_t num_steps() const { return steps_.size(); }
  /// How many steps may write their output into a dying input's buffer (for tests of the plan).
  std::size_t num_in_place_steps() const;
  const Graph& graph() const { return *graph_; }
  /// Bytes of the arena a call takes for the planned intermediates (0: nothing is planned).
  std::size_t arena_bytes() const { return arena_bytes_; }
  /// The summed sizes of the planned intermediates (for tests of the plan).
  std::size_t planned_bytes() const { return planned_bytes_; }
  /// How many arenas calls have allocated: 1 while every call reuses the cached one (more when
  /// calls overlap on several threads).
  std::size_t arena_allocations() const { return cached_arena_.allocations.load(std::memory_order_relaxed); }

 private:
  struct Arena;
  // The arena kept between calls, and how many were allocated. A copy of the executor starts
  // without one.
  struct CachedArena {
    std::atomic<Arena*> arena{nullptr};
    std::atomic<std::size_t> allocations{0};
    CachedArena() = default;
    CachedArena(const CachedArena&) {}
    CachedArena& operator=(const CachedArena&);
    ~CachedArena();
  };
  struct Step {
    const Node* node;
    ops::KernelFn kernel;
    std::vector<int> input_slots;
    int first_output_slot;
    bool static_shapes;          // outputs can be allocated from the traced shapes
    std::vector<int> release;    // slots whose last reader is this step
    int reuse_input = -1;        // input whose buffer the output may take (Note [Buffer reuse in the executor])
  };

  // The per-call value slots with arguments and constants in place, and the outputs among them.
  std::vector<Tensor> initial_slots(std::span<const Tensor> args) const;
  std::vector<Tensor> results(std::vector<Tensor>& slots) const;
  // Assigns arena offsets to the intermediates that can have them (Note [Static buffer plan]).
  void plan_arena(const std::vector<int>& last_reader);
  // An arena for one call: the cached one if no other call has it, else a new one.
  std::unique_ptr<Arena> take_arena() const;
  // Keeps the arena for the next call unless a tensor of it is still held elsewhere.
  void return_arena(std::unique_ptr<Arena> arena) const;

  std::shared_ptr<const Graph> graph_;
  std::vector<int> slot_base_;  // first slot of each node's outputs
  std::vector<int> const_nodes_;
  int num_slots_ = 0;
  std::vector<Step> steps_;
  std::vector<int> output_slots_;
  std::vector<std::int64_t> arena_offset_;  // per slot: byte offset in the arena, or -1
  std::size_t arena_bytes_ = 0, planned_bytes_ = 0;
  mutable CachedArena cached_arena_;
};

/// The node ids that outputs, control outputs or stateful ops depend on (through inputs and
/// control inputs), as a mask over graph.nodes().
std::vector<bool> live_nodes(const Graph& graph);

}  // namespace tf::graph
