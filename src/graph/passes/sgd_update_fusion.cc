// SGD-update fusion: AssignSubVariableOp(v, Mul(alpha, grad)) with a scalar alpha becomes
// ResourceApplyGradientDescent(v, alpha, grad), which updates the variable in one pass and in
// place when nothing else holds its value (TensorFlow's optimizers call that op directly). Only
// float variables of fully known shape whose product has no other reader are fused. When the
// gradient is itself a float32 MatMul read by nothing else (a dense layer's weight gradient), the
// update becomes _ResourceApplyGradientDescentMatMul, which accumulates the product straight
// into the variable: the gradient is never stored, and the update needs no pass of its own.
#include "autodiff/training_ops.h"
#include "graph/passes/passes.h"

namespace tf::graph {

void fuse_sgd_updates(Graph& graph) {
  const auto& nodes = graph.nodes();
  const std::vector<int> uses = use_counts(graph);

  const std::vector<bool> pinned = control_pinned(graph);
  std::vector<Node> rewritten = nodes;
  bool changed = false;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& assign = nodes[i];
    if (assign.kind != NodeKind::kOp || assign.op->name != "AssignSubVariableOp") continue;
    const Node& mul = nodes[assign.inputs[1].node];
    if (mul.kind != NodeKind::kOp || mul.op->name != "Mul" || uses[assign.inputs[1].node] != 1 ||
        pinned[assign.inputs[1].node])
      continue;
    const TensorShape& shape = std::get<TensorShape>(assign.attrs[1]);
    const DType dtype = std::get<DType>(assign.attrs[0]);
    if ((dtype != DType::kFloat32 && dtype != DType::kFloat64) || !shape.is_fully_defined()) continue;
    // Which factor is the scalar step size and which the full-shape gradient.
    const auto is = [&](NodeOutput in, const TensorShape& s) { return graph.info(in).shape == s; };
    NodeOutput alpha = mul.inputs[1], grad = mul.inputs[0];
    if (!(is(alpha, TensorShape{}) && is(grad, shape))) std::swap(alpha, grad);
    if (!(is(alpha, TensorShape{}) && is(grad, shape))) continue;
    Node& fused = rewritten[i];
    const Node& product = nodes[grad.node];
    if (dtype == DType::kFloat32 && product.kind == NodeKind::kOp && product.op->name == "MatMul" &&
        product.outputs[0].dtype == DType::kFloat32 &&
        uses[grad.node] == 1 && !pinned[grad.node]) {
      fused.op = &autodiff::resource_apply_gradient_descent_matmul_op();
      fused.inputs = {assign.inputs[0], alpha, product.inputs[0], product.inputs[1]};
      fused.attrs.insert(fused.attrs.end(), product.attrs.begin(), product.attrs.end());  // transpose_a, transpose_b
    } else {
      fused.op = &autodiff::resource_apply_gradient_descent_op();
      fused.inputs = {assign.inputs[0], alpha, grad};  // attrs, control inputs and outputs stay
    }
    changed = true;
  }
  if (!changed) return;
  graph.replace(std::move(rewritten), graph.outputs());
  prune(graph);  // the products are no longer read
}

}  // namespace tf::graph
