// Constant folding: a stateless op whose inputs are all constants is run once, at
// optimization time, with the same kernels, and becomes a constant.
#include "graph/passes/passes.h"
#include "ops/execute.h"

namespace tf::graph {
namespace {
// Larger results stay computed at run time: folding them would bloat the graph's memory.
constexpr std::int64_t kMaxFoldedElements = 1 << 16;
}  // namespace

void fold_constants(Graph& graph) {
  std::vector<Node> nodes = graph.nodes();
  bool changed = false;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    Node& n = nodes[i];
    if (n.kind != NodeKind::kOp || n.op->stateful || n.outputs.empty()) continue;
    std::vector<Tensor> inputs;
    for (const NodeOutput& in : n.inputs) {
      const Node& src = nodes[in.node];
      if (src.kind != NodeKind::kConst) break;
      inputs.push_back(src.value);
    }
    if (inputs.size() != n.inputs.size()) continue;
    bool small = true;
    for (const auto& info : n.outputs) small = small && info.shape.is_fully_defined() && info.shape.num_elements() <= kMaxFoldedElements;
    if (!small) continue;
    ops::Outputs values;
    try {
      values = ops::execute_eagerly(*n.op, inputs, n.attrs);
    } catch (const Error&) {
      continue;  // the error belongs to run time, where the call reports it
    }
    if (values.size() != 1) continue;
    // The node becomes a constant in place, so later nodes' inputs stay valid.
    Node c;
    c.kind = NodeKind::kConst;
    c.name = n.name;
    c.outputs.push_back({values[0].dtype(), values[0].shape()});
    c.value = values[0];
    n = std::move(c);
    changed = true;
  }
  if (!changed) return;
  graph.replace(std::move(nodes), graph.outputs());
  prune(graph);
}

}  // namespace tf::graph
