// Graph optimization passes. Each pass is `void pass(Graph&)`, testable alone; optimize()
// runs them in a fixed order when a concrete function is built.
#pragma once

#include "graph/graph.h"

namespace tf::graph {

/// Automatic control dependencies: orders the side effects of stateful ops in program order
/// (per variable for ops on tf::resource inputs) and makes them control outputs.
void add_control_dependencies(Graph& graph);
/// Removes nodes that neither the outputs nor a stateful op need.
void prune(Graph& graph);
/// Evaluates stateless ops whose inputs are all constants and replaces them by constants.
void fold_constants(Graph& graph);
/// Merges stateless op nodes with the same op, inputs and attributes.
void eliminate_common_subexpressions(Graph& graph);
/// Rewrites x*1, x+0, x-0, x/1, -(-x), identity transposes, transpose of transpose, Reshape to
/// the same shape and Identity to their input.
void simplify_arithmetic(Graph& graph);
/// Runs every pass, in order.
void optimize(Graph& graph);

/// Per node, whether it takes part in control dependencies (has control inputs, is one, or is
/// a control output); fusion passes leave such nodes as they are.
std::vector<bool> control_pinned(const Graph& graph);
/// Per node, how many node inputs read it; a graph output adds 2 (it is read outside the
/// graph), so a count of 1 means exactly one reader inside the graph.
std::vector<int> use_counts(const Graph& graph);
/// Replaces MatMul + AddV2(bias vector) [+ activation] by _FusedMatMul (float32).
void fuse_matmul_bias_activation(Graph& graph);
/// Replaces trees of elementwise ops over one shape by FusedElementwise nodes.
void fuse_elementwise(Graph& graph);
/// Replaces AssignSubVariableOp(v, Mul(scalar, grad)) by ResourceApplyGradientDescent
/// (float variables of known shape; the product must have no other reader), or by
/// _ResourceApplyGradientDescentMatMul when grad is a float32 MatMul read by nothing else.
void fuse_sgd_updates(Graph& graph);
/// Runs the fusion passes. Fused nodes have no gradient, so only graphs that run without a
/// tape (a concrete function's inference path) are fused.
void fuse(Graph& graph);

/// Replaces every use of node outputs by `forward[old]` (a map from old node outputs) and
/// drops nodes left without use. The rewriting step that the passes share.
class GraphRewrite {
 public:
  explicit GraphRewrite(const Graph& graph);
  /// Uses of `from` will read `to` instead.
  void forward(NodeOutput from, NodeOutput to);
  /// What `out` reads after the forwards so far.
  NodeOutput resolve(NodeOutput out) const;
  /// The node that stands for `node` after the forwards (for control inputs).
  int resolve_node(int node) const;
  /// Applies the forwards and prunes dead nodes.
  void apply(Graph& graph) const;

 private:
  std::vector<std::vector<NodeOutput>> map_;  // per node, per output
};

}  // namespace tf::graph
