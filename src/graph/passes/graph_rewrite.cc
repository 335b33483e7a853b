#include <algorithm>

#include "graph/executor.h"
#include "graph/passes/passes.h"

namespace tf::graph {

GraphRewrite::GraphRewrite(const Graph& graph) : map_(graph.nodes().size()) {
  for (std::size_t i = 0; i < map_.size(); ++i)
    for (std::size_t k = 0; k < graph.node(i).outputs.size(); ++k)
      map_[i].push_back({static_cast<int>(i), static_cast<int>(k)});
}

void GraphRewrite::forward(NodeOutput from, NodeOutput to) { map_[from.node][from.index] = resolve(to); }

NodeOutput GraphRewrite::resolve(NodeOutput out) const {
  while (!(map_[out.node][out.index] == out)) out = map_[out.node][out.index];
  return out;
}

int GraphRewrite::resolve_node(int node) const { return map_[node].empty() ? node : resolve({node, 0}).node; }

void GraphRewrite::apply(Graph& graph) const {
  // Rewire inputs, control inputs and outputs, then keep only live nodes, renumbered in order.
  std::vector<Node> nodes = graph.nodes();
  for (Node& n : nodes) {
    for (NodeOutput& in : n.inputs) in = resolve(in);
    std::vector<int> control;
    for (int c : n.control_inputs)
      if (int r = resolve_node(c); std::find(control.begin(), control.end(), r) == control.end()) control.push_back(r);
    n.control_inputs = std::move(control);
  }
  std::vector<NodeOutput> outputs = graph.outputs();
  for (NodeOutput& out : outputs) out = resolve(out);
  Graph rewired = graph;
  rewired.replace(nodes, outputs);
  std::vector<bool> live = live_nodes(rewired);
  std::vector<int> new_index(nodes.size(), -1);
  std::vector<Node> kept;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!live[i] && nodes[i].kind != NodeKind::kArg) continue;
    new_index[i] = static_cast<int>(kept.size());
    kept.push_back(std::move(nodes[i]));
  }
  for (Node& n : kept) {
    for (NodeOutput& in : n.inputs) in.node = new_index[in.node];
    for (int& c : n.control_inputs) c = new_index[c];  // live: liveness follows control inputs
  }
  for (NodeOutput& out : outputs) out.node = new_index[out.node];
  graph.replace(std::move(kept), std::move(outputs));
}

void prune(Graph& graph) { GraphRewrite(graph).apply(graph); }

void optimize(Graph& graph) {
  add_control_dependencies(graph);
  simplify_arithmetic(graph);
  fold_constants(graph);
  eliminate_common_subexpressions(graph);
  simplify_arithmetic(graph);
  prune(graph);
}

std::vector<bool> control_pinned(const Graph& graph) {
  std::vector<bool> pinned(graph.nodes().size(), false);
  for (std::size_t i = 0; i < graph.nodes().size(); ++i) {
    const Node& n = graph.node(i);
    if (n.control_output || !n.control_inputs.empty()) pinned[i] = true;
    for (int c : n.control_inputs) pinned[c] = true;
  }
  return pinned;
}

std::vector<int> use_counts(const Graph& graph) {
  std::vector<int> uses(graph.nodes().size(), 0);
  for (const Node& n : graph.nodes())
    for (const NodeOutput& in : n.inputs) ++uses[in.node];
  for (const NodeOutput& out : graph.outputs()) uses[out.node] += 2;
  return uses;
}

void fuse(Graph& graph) {
  fuse_matmul_bias_activation(graph);
  fuse_sgd_updates(graph);
  fuse_elementwise(graph);
}

}  // namespace tf::graph
