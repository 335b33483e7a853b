// Counting a graph's op nodes, for tests of tracing and graph passes.
#pragma once

#include <string>

#include "graph/graph.h"

namespace tf::testing {

/// How many op nodes of `op` the graph has.
inline int count_ops(const graph::Graph& g, const std::string& op) {
  int n = 0;
  for (const auto& node : g.nodes()) n += node.kind == graph::NodeKind::kOp && node.op->name == op;
  return n;
}

/// How many op nodes (not arguments or constants) the graph has.
inline int count_all_ops(const graph::Graph& g) {
  int n = 0;
  for (const auto& node : g.nodes()) n += node.kind == graph::NodeKind::kOp;
  return n;
}

}  // namespace tf::testing
