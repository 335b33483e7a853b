// Arithmetic simplification: operations that return one of their inputs unchanged are
// removed. Only where the kept input already has the result's dtype and static shape, so
// broadcasting never hides behind a rewrite.
#include <algorithm>
#include <optional>

#include "core/visit_every_dtype.h"
#include "graph/passes/passes.h"

namespace tf::graph {
namespace {

// True if `out` is a constant whose every element equals `value`.
bool is_constant_fill(const Graph& g, NodeOutput out, double value) {
  const Node& n = g.node(out.node);
  if (n.kind != NodeKind::kConst || !is_numeric(n.value.dtype()) || is_complex(n.value.dtype())) return false;
  return visit_every_dtype(n.value.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_arithmetic_v<T>) {
      const T* p = n.value.data<T>();
      return std::all_of(p, p + n.value.num_elements(), [&](T x) { return static_cast<double>(x) == value; });
    } else {
      return false;
    }
  });
}

std::vector<std::int64_t> constant_ints(const Graph& g, NodeOutput out) {
  const Node& n = g.node(out.node);
  std::vector<std::int64_t> v;
  if (n.kind != NodeKind::kConst) return v;
  if (n.value.dtype() == DType::kInt32)
    for (auto x : n.value.numpy<std::int32_t>()) v.push_back(x);
  else if (n.value.dtype() == DType::kInt64)
    v = n.value.numpy<std::int64_t>();
  return v;
}

// The input that node `i` passes through unchanged, if it is such a no-op.
std::optional<NodeOutput> passthrough(const Graph& g, const GraphRewrite& rw, int i) {
  const Node& n = g.node(i);
  if (n.kind != NodeKind::kOp || n.outputs.size() != 1) return std::nullopt;
  const ops::TensorInfo& result = n.outputs[0];
  auto same_as_result = [&](NodeOutput in) {
    const ops::TensorInfo& info = g.info(in);
    return info.dtype == result.dtype && info.shape.is_fully_defined() && info.shape == result.shape;
  };
  const std::string& op = n.op->name;
  if (op == "Identity" && n.inputs.size() == 1) return rw.resolve(n.inputs[0]);
  if (n.inputs.size() == 2) {
    const NodeOutput a = rw.resolve(n.inputs[0]), b = rw.resolve(n.inputs[1]);
    if ((op == "AddV2" || op == "Sub") && is_constant_fill(g, b, 0) && same_as_result(a)) return a;
    if (op == "AddV2" && is_constant_fill(g, a, 0) && same_as_result(b)) return b;
    if ((op == "Mul" || op == "RealDiv") && is_constant_fill(g, b, 1) && same_as_result(a)) return a;
    if (op == "Mul" && is_constant_fill(g, a, 1) && same_as_result(b)) return b;
    if (op == "Reshape" && same_as_result(a)) return a;
    if (op == "Transpose") {
      const auto perm = constant_ints(g, b);
      bool identity = !perm.empty() && same_as_result(a);
      for (std::size_t k = 0; identity && k < perm.size(); ++k) identity = perm[k] == static_cast<std::int64_t>(k);
      if (identity) return a;
      const Node& inner = g.node(a.node);
      if (inner.kind == NodeKind::kOp && inner.op == n.op) {
        const auto outer_perm = constant_ints(g, b), inner_perm = constant_ints(g, rw.resolve(inner.inputs[1]));
        bool identity = !outer_perm.empty() && outer_perm.size() == inner_perm.size();
        for (std::size_t k = 0; identity && k < outer_perm.size(); ++k)
          identity = inner_perm[outer_perm[k]] == static_cast<std::int64_t>(k);
        if (identity) return rw.resolve(inner.inputs[0]);
      }
    }
  }
  if (op == "Neg" && n.inputs.size() == 1) {
    const Node& inner = g.node(rw.resolve(n.inputs[0]).node);
    if (inner.kind == NodeKind::kOp && inner.op == n.op) return rw.resolve(inner.inputs[0]);
  }
  return std::nullopt;
}

}  // namespace

void simplify_arithmetic(Graph& graph) {
  GraphRewrite rewrite(graph);
  bool changed = false;
  for (std::size_t i = 0; i < graph.nodes().size(); ++i) {
    if (auto kept = passthrough(graph, rewrite, static_cast<int>(i))) {
      rewrite.forward({static_cast<int>(i), 0}, *kept);
      changed = true;
    }
  }
  if (changed) rewrite.apply(graph);
}

}  // namespace tf::graph
