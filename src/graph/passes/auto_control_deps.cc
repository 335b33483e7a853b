// Automatic control dependencies (TensorFlow's auto_control_deps.py).
//
// Note [Side effects in graphs]: the executor runs nodes in creation order, which is program
// order; control inputs make that order part of the graph, so passes that merge (CSE), prune
// or reorder nodes keep it. Walking the nodes in order, an op with a tf::resource input reads
// that variable when it is stateless and writes it when stateful (If, While and calls are
// stateful when a body is). A write waits for the previous write and every read since; a
// read waits for the last write; writes to different variables stay unordered. Stateful ops
// without resource inputs (print, stateful random ops) wait for the previous such op. Every
// stateful op is a control output, so pruning never drops it.
#include <algorithm>
#include <map>

#include "graph/passes/passes.h"

namespace tf::graph {
namespace {

void add_control_input(Node& n, int self, int c) {
  if (c < 0 || c == self) return;
  if (std::find(n.control_inputs.begin(), n.control_inputs.end(), c) == n.control_inputs.end())
    n.control_inputs.push_back(c);
}

struct ResourceUses {
  int last_write = -1;
  std::vector<int> reads_since;
};

}  // namespace

void add_control_dependencies(Graph& graph) {
  std::vector<Node> nodes = graph.nodes();
  std::map<std::pair<int, int>, ResourceUses> resources;  // by the node output of the handle
  int last_effect = -1;
  for (int i = 0; i < static_cast<int>(nodes.size()); ++i) {
    Node& n = nodes[i];
    if (n.kind != NodeKind::kOp) continue;
    bool has_resource = false;
    for (const NodeOutput& in : n.inputs) {
      if (graph.info(in).dtype != DType::kResource) continue;
      has_resource = true;
      ResourceUses& uses = resources[{in.node, in.index}];
      add_control_input(n, i, uses.last_write);
      if (n.op->stateful) {
        for (int r : uses.reads_since) add_control_input(n, i, r);
        uses.reads_since.clear();
        uses.last_write = i;
      } else if (std::find(uses.reads_since.begin(), uses.reads_since.end(), i) == uses.reads_since.end()) {
        uses.reads_since.push_back(i);
      }
    }
    if (!n.op->stateful) continue;
    n.control_output = true;
    if (!has_resource) {
      add_control_input(n, i, last_effect);
      last_effect = i;
    }
  }
  graph.replace(std::move(nodes), graph.outputs());
}

}  // namespace tf::graph
