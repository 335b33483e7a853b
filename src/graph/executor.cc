#include "graph/executor.h"

#include "core/cpu_features.h"
#include "core/small_vector.h"
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

}  // namespace

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
    const DType dispatch = n.inputs.empty() ? n.outputs[0].dtype : graph_->info(n.inputs[0]).dtype;
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

  core::SmallVector<Tensor, 8> inputs;
  for (const Step& step : steps_) {
    const Node& n = *step.node;
    inputs.clear();
    for (int slot : step.input_slots) inputs.push_back(slots[slot]);
    std::span<Tensor> outputs(slots.data() + step.first_output_slot, n.outputs.size());
    if (!n.op->kernel_allocates_outputs) {
      if (step.reuse_input >= 0 && reusable(slots[step.input_slots[step.reuse_input]])) {
        outputs[0] = inputs[step.reuse_input];
      } else if (step.static_shapes) {
        for (std::size_t k = 0; k < outputs.size(); ++k) outputs[k] = core::empty(n.outputs[k].dtype, n.outputs[k].shape);
      } else {
        // Partly unknown traced shapes: size the outputs from the actual inputs.
        ops::OutputInfos infos = ops::infer_outputs(*n.op, inputs, n.attrs);
        for (std::size_t k = 0; k < outputs.size(); ++k) outputs[k] = core::empty(infos[k].dtype, infos[k].shape);
      }
    }
    ops::KernelContext ctx(*n.op, std::span<const Tensor>(inputs.data(), inputs.size()), n.attrs, outputs);
    step.kernel(ctx);
    for (int slot : step.release) slots[slot] = Tensor();
  }
  return results(slots);
}

std::vector<Tensor> Executor::replay(std::span<const Tensor> args) const {
  std::vector<Tensor> slots = initial_slots(args);
  std::vector<Tensor> inputs;
  for (const Step& step : steps_) {
    const Node& n = *step.node;
    inputs.clear();
    for (int slot : step.input_slots) inputs.push_back(slots[slot]);
    ops::Outputs outs = ops::execute(*n.op, inputs, n.attrs);
    for (std::size_t k = 0; k < outs.size(); ++k) slots[step.first_output_slot + k] = std::move(outs[k]);
  }
  return results(slots);
}

}  // namespace tf::graph

