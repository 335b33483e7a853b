#include "graph/executor.h"
#include "profiler/trace_recorder.h"

#include "core/cpu_features.h"
#include "core/small_vector.h"
#include "graph/buffer_plan.h"
#include "graph/node_error.h"
#include "graph/tracer.h"
#include "graph/fused_elementwise.h"
#include "core/tensor_impl.h"
#include "ops/execute.h"

namespace tf::graph {

namespace {

// Ops whose kernels read element i of every input before writing element i of the output.
bool writes_elementwise(const ops::OpDef& op) {
  return &op == &fused_elementwise_op() || is_elementwise_op(op);
}

// True if only the slot and the step's input list hold t and its buffer.
bool reusable(const Tensor& t) {
  return t.impl().use_count() == 2 && t.impl()->buffer && t.impl()->buffer.use_count() == 1;
}

// Plain numbers and bools: values a planned arena may hold.
bool plannable(DType dtype) { return dtype != DType::kString && dtype != DType::kResource && dtype != DType::kVariant; }

}  // namespace

// One call's arena: the buffer and, per planned slot, a tensor viewing its block.
struct Executor::Arena {
  Tensor buffer;
  std::vector<Tensor> views;  // per slot; undefined for slots that are not planned
  long holders = 0;           // references to the buffer when only the arena holds it
};

std::vector<bool> live_nodes(const Graph& graph) {
  const auto& nodes = graph.nodes();
  std::vector<bool> live(nodes.size(), false);
  for (const NodeOutput& out : graph.outputs()) live[out.node] = true;
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].control_output || (nodes[i].kind == NodeKind::kOp && nodes[i].op->stateful)) live[i] = true;
  for (std::size_t i = nodes.size(); i-- > 0;)
    if (live[i]) {
      for (const NodeOutput& in : nodes[i].inputs) live[in.node] = true;
      for (int c : nodes[i].control_inputs) live[c] = true;
    }
  return live;
}

Executor::Executor(std::shared_ptr<const Graph> graph) : graph_(std::move(graph)) {
  const auto& nodes = graph_->nodes();
  slot_base_.resize(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    slot_base_[i] = num_slots_;
    num_slots_ += static_cast<int>(nodes[i].outputs.size());
    if (nodes[i].kind == NodeKind::kConst) const_nodes_.push_back(static_cast<int>(i));
  }
  const std::vector<bool> live = live_nodes(*graph_);
  std::vector<int> last_reader(num_slots_, -1);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& n = nodes[i];
    if (n.kind != NodeKind::kOp || !live[i]) continue;
    Step step{&n, nullptr, {}, slot_base_[i], true, {}};
    const DType dispatch = !n.inputs.empty() ? graph_->info(n.inputs[0]).dtype
                           : n.outputs.empty()  ? DType::kResource  // acts on a resource named by attrs
                                                : n.outputs[0].dtype;
    step.kernel = ops::kernel_for(*n.op, dispatch);
    for (const NodeOutput& in : n.inputs) {
      const int slot = slot_base_[in.node] + in.index;
      step.input_slots.push_back(slot);
      last_reader[slot] = static_cast<int>(steps_.size());
    }
    for (const auto& info : n.outputs) step.static_shapes = step.static_shapes && info.shape.is_fully_defined();
    steps_.push_back(std::move(step));
  }
  for (const NodeOutput& out : graph_->outputs()) {
    const int slot = slot_base_[out.node] + out.index;
    output_slots_.push_back(slot);
    last_reader[slot] = -1;  // outputs live to the end
  }
  for (int slot = 0; slot < num_slots_; ++slot)
    if (last_reader[slot] >= 0) steps_[last_reader[slot]].release.push_back(slot);
  for (std::size_t s = 0; s < steps_.size(); ++s) {
    Step& step = steps_[s];
    const Node& n = *step.node;
    if (!step.static_shapes || n.outputs.size() != 1 || !writes_elementwise(*n.op)) continue;
    for (std::size_t k = 0; k < n.inputs.size() && step.reuse_input < 0; ++k) {
      const ops::TensorInfo& in = graph_->info(n.inputs[k]);
      if (last_reader[step.input_slots[k]] == static_cast<int>(s) && in.dtype == n.outputs[0].dtype &&
          in.shape == n.outputs[0].shape && in.dtype != DType::kString)
        step.reuse_input = static_cast<int>(k);
    }
  }
  plan_arena(last_reader);
}

Executor::CachedArena::~CachedArena() { delete arena.load(); }

Executor::CachedArena& Executor::CachedArena::operator=(const CachedArena&) {
  delete arena.exchange(nullptr);
  allocations = 0;
  return *this;
}

void Executor::plan_arena(const std::vector<int>& last_reader) {
  arena_offset_.assign(num_slots_, -1);
  std::vector<bool> plannable_slot(num_slots_, false);
  std::vector<int> first(num_slots_, 0), last(num_slots_, 0);
  for (std::size_t s = 0; s < steps_.size(); ++s) {
    const Step& step = steps_[s];
    const Node& n = *step.node;
    for (std::size_t k = 0; k < n.outputs.size(); ++k) {
      const int slot = step.first_output_slot + static_cast<int>(k);
      first[slot] = static_cast<int>(s);
      last[slot] = std::max(static_cast<int>(s), last_reader[slot]);
      plannable_slot[slot] = step.static_shapes && !n.op->kernel_allocates_outputs && plannable(n.outputs[k].dtype) &&
                             n.outputs[k].shape.num_elements() > 0;
    }
  }
  for (int slot : output_slots_) plannable_slot[slot] = false;
  for (const Step& step : steps_)
    if (step.node->op->stateful || step.node->op->kernel_allocates_outputs)
      for (int slot : step.input_slots) plannable_slot[slot] = false;
  // Slots sharing a block: an in-place step's output continues its input's lifetime.
  std::vector<int> block_of(num_slots_, -1);
  std::vector<Lifetime> blocks;
  for (std::size_t s = 0; s < steps_.size(); ++s) {
    const Step& step = steps_[s];
    for (std::size_t k = 0; k < step.node->outputs.size(); ++k) {
      const int slot = step.first_output_slot + static_cast<int>(k);
      if (!plannable_slot[slot]) continue;
      const int in = step.reuse_input >= 0 ? step.input_slots[step.reuse_input] : -1;
      if (k == 0 && in >= 0 && block_of[in] >= 0) {
        block_of[slot] = block_of[in];
        blocks[block_of[slot]].last = last[slot];
      } else {
        const ops::TensorInfo& info = step.node->outputs[k];
        block_of[slot] = static_cast<int>(blocks.size());
        blocks.push_back({static_cast<std::size_t>(info.shape.num_elements()) * dtype_size(info.dtype), first[slot], last[slot]});
      }
    }
  }
  if (blocks.empty()) return;
  const BufferPlan plan = plan_buffers(blocks);
  arena_bytes_ = plan.arena_bytes;
  for (int slot = 0; slot < num_slots_; ++slot)
    if (block_of[slot] >= 0) {
      arena_offset_[slot] = static_cast<std::int64_t>(plan.offsets[block_of[slot]]);
      planned_bytes_ += blocks[block_of[slot]].bytes;
    }
}

std::unique_ptr<Executor::Arena> Executor::take_arena() const {
  if (arena_bytes_ == 0) return nullptr;
  if (Arena* cached = cached_arena_.arena.exchange(nullptr)) return std::unique_ptr<Arena>(cached);
  auto arena = std::make_unique<Arena>();
  cached_arena_.allocations.fetch_add(1, std::memory_order_relaxed);
  arena->buffer = core::empty(DType::kFloat64, {static_cast<std::int64_t>((arena_bytes_ + 7) / 8)});
  arena->views.resize(num_slots_);
  for (const Step& step : steps_)
    for (std::size_t k = 0; k < step.node->outputs.size(); ++k) {
      const int slot = step.first_output_slot + static_cast<int>(k);
      if (arena_offset_[slot] < 0) continue;
      auto impl = std::make_shared<detail::TensorImpl>(*arena->buffer.impl());
      impl->dtype = step.node->outputs[k].dtype;
      impl->shape = step.node->outputs[k].shape;
      impl->offset = static_cast<std::size_t>(arena_offset_[slot]) / dtype_size(impl->dtype);
      arena->views[slot] = Tensor(std::move(impl));
    }
  arena->holders = arena->buffer.impl()->buffer.use_count();
  return arena;
}

void Executor::return_arena(std::unique_ptr<Arena> arena) const {
  // A kernel that handed out a view of an arena tensor (none should) keeps the arena to itself.
  if (!arena || arena->buffer.impl()->buffer.use_count() != arena->holders) return;
  Arena* expected = nullptr;
  if (cached_arena_.arena.compare_exchange_strong(expected, arena.get())) arena.release();
}

std::size_t Executor::num_in_place_steps() const {
  std::size_t n = 0;
  for (const Step& step : steps_) n += step.reuse_input >= 0;
  return n;
}

std::vector<Tensor> Executor::initial_slots(std::span<const Tensor> args) const {
  std::vector<Tensor> slots(num_slots_);
  for (std::size_t i = 0; i < graph_->args().size(); ++i) slots[slot_base_[graph_->args()[i]]] = args[i];
  for (int c : const_nodes_) slots[slot_base_[c]] = graph_->node(c).value;
  return slots;
}

std::vector<Tensor> Executor::results(std::vector<Tensor>& slots) const {
  std::vector<Tensor> out;
  out.reserve(output_slots_.size());
  for (int slot : output_slots_) out.push_back(slots[slot]);
  return out;
}

std::vector<Tensor> Executor::run(std::span<const Tensor> args) const {
  core::flush_denormals_on_this_thread();
  std::vector<Tensor> slots = initial_slots(args);
  std::unique_ptr<Arena> arena = take_arena();

  core::SmallVector<Tensor, 8> inputs;
  for (const Step& step : steps_) {
    const Node& n = *step.node;
    try {
      inputs.clear();
      for (int slot : step.input_slots) inputs.push_back(slots[slot]);
      std::span<Tensor> outputs(slots.data() + step.first_output_slot, n.outputs.size());
      if (!n.op->kernel_allocates_outputs) {
        if (step.reuse_input >= 0 && reusable(slots[step.input_slots[step.reuse_input]])) {
          outputs[0] = inputs[step.reuse_input];
        } else if (step.static_shapes) {
          for (std::size_t k = 0; k < outputs.size(); ++k) {
            const int slot = step.first_output_slot + static_cast<int>(k);
            outputs[k] = arena_offset_[slot] >= 0 ? arena->views[slot] : core::empty(n.outputs[k].dtype, n.outputs[k].shape);
          }
        } else {
          // Partly unknown traced shapes: size the outputs from the actual inputs.
          ops::OutputInfos infos = ops::infer_outputs(*n.op, inputs, n.attrs);
          for (std::size_t k = 0; k < outputs.size(); ++k) outputs[k] = core::empty(infos[k].dtype, infos[k].shape);
        }
      }
      ops::KernelContext ctx(*n.op, std::span<const Tensor>(inputs.data(), inputs.size()), n.attrs, outputs);
      profiler::ScopedEvent node_event;  // TensorFlow's op kernel event: "<node>:<type>", shown as the type
      if (profiler::recording(profiler::Level::kOps)) node_event.begin(n.name + ":" + n.op->name, n.op->name);
      step.kernel(ctx);
      for (int slot : step.release) slots[slot] = Tensor();
    } catch (const Error& e) {
      rethrow_at_node(e, n.name);
    }
  }
  std::vector<Tensor> out = results(slots);
  slots.clear();
  inputs.clear();
  return_arena(std::move(arena));
  return out;
}

std::vector<Tensor> Executor::replay(std::span<const Tensor> args) const {
  std::vector<Tensor> slots = initial_slots(args);
  std::vector<Tensor> inputs;
  for (const Step& step : steps_) {
    const Node& n = *step.node;
    inputs.clear();
    for (int slot : step.input_slots) inputs.push_back(slots[slot]);
    try {
      ops::Outputs outs = ops::execute(*n.op, inputs, n.attrs);
      for (std::size_t k = 0; k < outs.size(); ++k) slots[step.first_output_slot + k] = std::move(outs[k]);
    } catch (const Error& e) {
      if (Tracer::current()) throw;  // an error while tracing an outer function: no node ran
      rethrow_at_node(e, n.name);
    }
  }
  return results(slots);
}

}  // namespace tf::graph

