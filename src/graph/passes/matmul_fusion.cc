// MatMul + bias + activation fusion (Grappler's remapper): MatMul followed by AddV2 or BiasAdd of a
// bias vector and optionally Relu, Relu6, Sigmoid, Tanh, Elu or Gelu becomes one _FusedMatMul, a
// single oneDNN primitive with bias and an eltwise post-op. Only float32 matrices whose
// intermediate results have no other reader are fused.
#include <optional>
#include <string>
#include <unordered_map>

#include "graph/passes/passes.h"
#include "ops/linalg/fused_matmul.h"

namespace tf::graph {
namespace {

using kernels::MatMulActivation;

// The fused activation of op node n, if it is one of those oneDNN applies as a post-op.
std::optional<MatMulActivation> activation_of(const Node& n) {
  static const std::unordered_map<std::string, MatMulActivation> table = {
      {"Relu", MatMulActivation::kRelu},       {"Relu6", MatMulActivation::kRelu6}, {"Sigmoid", MatMulActivation::kSigmoid},
      {"Tanh", MatMulActivation::kTanh},       {"Elu", MatMulActivation::kElu}};
  if (n.kind != NodeKind::kOp) return std::nullopt;
  if (n.op->name == "Gelu") return std::get<bool>(n.attrs[0]) ? MatMulActivation::kGeluTanh : MatMulActivation::kGeluErf;
  if (auto it = table.find(n.op->name); it != table.end()) return it->second;
  return std::nullopt;
}

}  // namespace

void fuse_matmul_bias_activation(Graph& graph) {
  const auto& nodes = graph.nodes();
  const std::vector<int> uses = use_counts(graph);
  std::vector<int> reader(nodes.size(), -1);  // some node reading each one (the only one when uses == 1)
  for (std::size_t i = 0; i < nodes.size(); ++i)
    for (const NodeOutput& in : nodes[i].inputs) reader[in.node] = static_cast<int>(i);

  const std::vector<bool> pinned = control_pinned(graph);
  std::vector<Node> rewritten = nodes;
  bool changed = false;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& mm = nodes[i];
    if (mm.kind != NodeKind::kOp || mm.op->name != "MatMul" || mm.outputs[0].dtype != DType::kFloat32 || uses[i] != 1 ||
        pinned[i] || pinned[reader[i]])
      continue;
    const std::int64_t n = mm.outputs[0].shape.dim(1);
    const Node& add = nodes[reader[i]];
    // BiasAdd of a matrix adds along dimension 1 in either data_format, as AddV2 of a [n] vector does.
    const bool bias_add = add.kind == NodeKind::kOp && add.op->name == "BiasAdd" && add.inputs[0].node == static_cast<int>(i);
    const bool add_v2 = add.kind == NodeKind::kOp && add.op->name == "AddV2" && add.inputs[0].node != add.inputs[1].node;
    if (!bias_add && !add_v2) continue;
    const NodeOutput bias = add.inputs[0].node == static_cast<int>(i) ? add.inputs[1] : add.inputs[0];
    const ops::TensorInfo& bias_info = graph.info(bias);
    if (n == None || bias_info.dtype != DType::kFloat32 || !(bias_info.shape == TensorShape{n})) continue;
    int root = reader[i];
    MatMulActivation act = MatMulActivation::kNone;
    if (uses[root] == 1 && !pinned[reader[root]])
      if (auto a = activation_of(nodes[reader[root]])) root = reader[root], act = *a;
    Node fused;
    fused.kind = NodeKind::kOp;
    fused.name = nodes[root].name;
    fused.op = &ops::fused_matmul_op();
    fused.inputs = {mm.inputs[0], mm.inputs[1], bias};
    fused.attrs = {mm.attrs[0], mm.attrs[1], static_cast<std::int64_t>(act)};
    fused.outputs = nodes[root].outputs;
    rewritten[root] = std::move(fused);
    changed = true;
  }
  if (!changed) return;
  graph.replace(std::move(rewritten), graph.outputs());
  prune(graph);  // the fused MatMul and its bias addition are no longer read
}

}  // namespace tf::graph
