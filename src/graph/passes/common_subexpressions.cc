// Common-subexpression elimination: two stateless nodes running the same op on the same
// inputs and control inputs with equal attributes compute the same value; later ones read
// the first instead.
#include <map>

#include "graph/passes/passes.h"

namespace tf::graph {

void eliminate_common_subexpressions(Graph& graph) {
  GraphRewrite rewrite(graph);
  // Candidates by (op, inputs); attributes are compared on a match.
  std::map<std::pair<const ops::OpDef*, std::vector<std::pair<int, int>>>, std::vector<int>> seen;
  bool changed = false;
  for (std::size_t i = 0; i < graph.nodes().size(); ++i) {
    const Node& n = graph.node(i);
    if (n.kind != NodeKind::kOp || n.op->stateful) continue;
    std::vector<std::pair<int, int>> inputs;
    for (const NodeOutput& in : n.inputs) {
      const NodeOutput r = rewrite.resolve(in);
      inputs.emplace_back(r.node, r.index);
    }
    // Two reads of a variable are the same value only after the same write.
    for (int c : n.control_inputs) inputs.emplace_back(rewrite.resolve_node(c), -1);
    auto& candidates = seen[{n.op, inputs}];
    int twin = -1;
    for (int c : candidates)
      if (graph.node(c).attrs == n.attrs) twin = c;
    if (twin < 0) {
      candidates.push_back(static_cast<int>(i));
      continue;
    }
    for (std::size_t k = 0; k < n.outputs.size(); ++k)
      rewrite.forward({static_cast<int>(i), static_cast<int>(k)}, {twin, static_cast<int>(k)});
    changed = true;
  }
  if (changed) rewrite.apply(graph);
}

}  // namespace tf::graph
