// Elementwise fusion: trees of elementwise ops over one shape (operands of that shape or
// one-element operands broadcast over it) become one FusedElementwise node that runs them
// tile by tile (Note [Tiled elementwise fusion] in graph/fused_elementwise.h).
//
// A producer joins its consumer's region only if that consumer is its one reader, so every
// region is a tree whose root alone is read outside it: no intermediate is materialized, and
// merging cannot create a cycle. Regions are bounded in ops and in inputs.
#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>

#include "graph/fused_elementwise.h"
#include "graph/passes/passes.h"

namespace tf::graph {
namespace {

using kernels::BinaryOp;
using kernels::UnaryOp;

constexpr std::size_t kMaxRegionOps = 128;
constexpr std::size_t kMaxRegionInputs = 16;

// Float ops whose registered kernel applies one SIMD row function over the whole tensor.
const std::unordered_map<std::string, UnaryOp>& unary_rows() {
  static const std::unordered_map<std::string, UnaryOp> table = {
      {"Neg", UnaryOp::kNeg},       {"Abs", UnaryOp::kAbs},         {"Sign", UnaryOp::kSign},
      {"Square", UnaryOp::kSquare}, {"Sqrt", UnaryOp::kSqrt},       {"Rsqrt", UnaryOp::kRsqrt},
      {"Reciprocal", UnaryOp::kReciprocal}, {"Round", UnaryOp::kRound}, {"Floor", UnaryOp::kFloor},
      {"Ceil", UnaryOp::kCeil},     {"Exp", UnaryOp::kExp},         {"Expm1", UnaryOp::kExpm1},
      {"Log", UnaryOp::kLog},       {"Log1p", UnaryOp::kLog1p},     {"Sin", UnaryOp::kSin},
      {"Cos", UnaryOp::kCos},       {"Tanh", UnaryOp::kTanh},       {"Sigmoid", UnaryOp::kSigmoid},
      {"Relu", UnaryOp::kRelu},     {"Relu6", UnaryOp::kRelu6},     {"Elu", UnaryOp::kElu},
      {"Selu", UnaryOp::kSelu},     {"Softplus", UnaryOp::kSoftplus}};
  return table;
}

const std::unordered_map<std::string, BinaryOp>& binary_rows() {
  static const std::unordered_map<std::string, BinaryOp> table = {
      {"AddV2", BinaryOp::kAdd},       {"Sub", BinaryOp::kSub},         {"Mul", BinaryOp::kMul},
      {"RealDiv", BinaryOp::kDiv},     {"Maximum", BinaryOp::kMax},     {"Minimum", BinaryOp::kMin},
      {"SquaredDifference", BinaryOp::kSquaredDifference}, {"FloorDiv", BinaryOp::kFloorDiv}};
  return table;
}

// Elementwise ops whose kernels are safe on tiles for any dtype they have; integer FloorDiv,
// FloorMod and Pow are left out because their kernels may raise (division by zero).
bool elementwise_any_dtype(const std::string& name) {
  static const std::unordered_map<std::string, bool> names = {
      {"Gelu", true},  {"Cast", true},      {"Equal", true},     {"NotEqual", true},   {"Less", true},
      {"LessEqual", true}, {"Greater", true}, {"GreaterEqual", true}, {"LogicalAnd", true},
      {"LogicalOr", true}, {"LogicalNot", true}};
  return names.contains(name) || unary_rows().contains(name) ||
         (binary_rows().contains(name) && name != "FloorDiv");
}

bool is_float(DType d) { return d == DType::kFloat32 || d == DType::kFloat64; }

// The dtype node n's kernel dispatches on.
DType dispatch_dtype(const Graph& g, const Node& n) { return g.info(n.inputs[0]).dtype; }

bool fusible(const Graph& g, int i) {
  const Node& n = g.node(i);
  if (n.kind != NodeKind::kOp || n.op->stateful || n.outputs.size() != 1 || n.inputs.empty() || n.inputs.size() > 2)
    return false;
  const TensorShape& shape = n.outputs[0].shape;
  if (!shape.is_fully_defined() || n.outputs[0].dtype == DType::kString) return false;
  const DType dispatch = dispatch_dtype(g, n);
  if (dispatch == DType::kString || !n.op->kernels[static_cast<int>(dispatch)]) return false;
  if (is_complex(dispatch) || is_complex(n.outputs[0].dtype)) return false;  // tiles hold 8-byte elements
  // float16 / bfloat16 kernels widen whole tensors to float32 (ops/half/): they stay unfused.
  if (dispatch == DType::kFloat16 || dispatch == DType::kBFloat16) return false;
  const std::string& name = n.op->name;
  const bool float_only = name == "FloorDiv" || name == "FloorMod" || name == "Pow";
  if (!(elementwise_any_dtype(name) || (float_only && is_float(dispatch)))) return false;
  for (const NodeOutput& in : n.inputs) {
    const TensorShape& s = g.info(in).shape;
    if (!(s == shape || (s.is_fully_defined() && s.num_elements() == 1))) return false;
  }
  return true;
}

struct Region {
  std::vector<int> members;
  std::vector<NodeOutput> inputs;  // distinct, in first-use order
  bool merged = false;             // absorbed by a later region
};

void add_input(std::vector<NodeOutput>& inputs, NodeOutput in) {
  if (std::find(inputs.begin(), inputs.end(), in) == inputs.end()) inputs.push_back(in);
}

// The step of member node n, reading and writing the given value ids.
FusedStep make_step(const Graph& g, const Node& n, core::SmallVector<int, 3> inputs, int output) {
  FusedStep s;
  s.op = n.op;
  const DType dispatch = dispatch_dtype(g, n);
  s.kernel = ops::kernel_for(*n.op, dispatch);
  s.attrs = n.attrs;
  s.inputs = std::move(inputs);
  s.output = output;
  if (!is_float(dispatch) || n.outputs[0].dtype != dispatch) return s;
  const bool f32 = dispatch == DType::kFloat32;
  const std::string& name = n.op->name;
  if (auto it = unary_rows().find(name); it != unary_rows().end() || name == "Gelu") {
    s.kind = f32 ? FusedStep::Kind::kUnaryFloat : FusedStep::Kind::kUnaryDouble;
    const UnaryOp op = name == "Gelu" ? (std::get<bool>(n.attrs[0]) ? UnaryOp::kGeluTanh : UnaryOp::kGeluErf) : it->second;
    s.row_op = static_cast<int>(op);
  } else if (auto it = binary_rows().find(name); it != binary_rows().end()) {
    s.kind = f32 ? FusedStep::Kind::kBinaryFloat : FusedStep::Kind::kBinaryDouble;
    s.row_op = static_cast<int>(it->second);
  }
  return s;
}

// Resolves a row step's SIMD loop for its op and operand steps.
void resolve_loop(FusedStep& s) {
  using Kind = FusedStep::Kind;
  const auto unary = static_cast<UnaryOp>(s.row_op);
  const auto binary = static_cast<BinaryOp>(s.row_op);
  switch (s.kind) {
    case Kind::kUnaryFloat: s.loop.unary_float = kernels::unary_loop<float>(unary); break;
    case Kind::kUnaryDouble: s.loop.unary_double = kernels::unary_loop<double>(unary); break;
    case Kind::kBinaryFloat: s.loop.binary_float = kernels::binary_loop<float>(binary, s.steps[0], s.steps[1]); break;
    case Kind::kBinaryDouble: s.loop.binary_double = kernels::binary_loop<double>(binary, s.steps[0], s.steps[1]); break;
    case Kind::kKernel: break;
  }
}

// Compiles a region: inputs first, then one value per member; intermediates share scratch
// slots once their last reader has run; the root's value is output 0.
std::shared_ptr<FusedProgram> compile(const Graph& g, const Region& r) {
  auto p = std::make_shared<FusedProgram>();
  const int root = r.members.back();
  p->shape = g.node(root).outputs[0].shape;
  p->outputs.push_back(g.node(root).outputs[0]);
  p->num_inputs = static_cast<int>(r.inputs.size());
  std::unordered_map<int, int> value_of;  // member node -> value id
  for (std::size_t k = 0; k < r.inputs.size(); ++k) {
    const ops::TensorInfo& info = g.info(r.inputs[k]);
    p->values.push_back({info.dtype, FusedValue::Place::kInput, static_cast<int>(k), !(info.shape == p->shape)});
  }
  std::unordered_map<int, std::size_t> last_reader;  // member node -> step reading it last
  for (std::size_t s = 0; s < r.members.size(); ++s)
    for (const NodeOutput& in : g.node(r.members[s]).inputs) last_reader[in.node] = s;
  std::vector<std::vector<int>> free_slots(kNumDTypes);
  for (std::size_t s = 0; s < r.members.size(); ++s) {
    const Node& n = g.node(r.members[s]);
    core::SmallVector<int, 3> ins;
    for (const NodeOutput& in : n.inputs) {
      auto it = value_of.find(in.node);
      ins.push_back(it != value_of.end() ? it->second
                                         : static_cast<int>(std::find(r.inputs.begin(), r.inputs.end(), in) - r.inputs.begin()));
    }
    const DType dtype = n.outputs[0].dtype;
    FusedValue out{dtype, FusedValue::Place::kOutput, 0, false};
    if (r.members[s] != root) {
      auto& slots = free_slots[static_cast<int>(dtype)];
      out.place = FusedValue::Place::kScratch;
      if (slots.empty()) {
        out.index = static_cast<int>(p->scratch.size());
        p->scratch.push_back(dtype);
      } else {
        out.index = slots.back();
        slots.pop_back();
      }
    }
    const int id = static_cast<int>(p->values.size());
    p->values.push_back(out);
    value_of[r.members[s]] = id;
    p->steps.push_back(make_step(g, n, ins, id));
    // Inputs whose last reader this is free their slots, after the output took its own:
    // a step never writes over what it reads.
    for (const NodeOutput& in : n.inputs) {
      auto it = value_of.find(in.node);
      if (it == value_of.end() || last_reader[in.node] != s) continue;
      const FusedValue& v = p->values[it->second];
      auto& slots = free_slots[static_cast<int>(v.dtype)];
      if (std::find(slots.begin(), slots.end(), v.index) == slots.end()) slots.push_back(v.index);
    }
    FusedStep& step = p->steps.back();
    for (std::size_t k = 0; k < 2 && k < ins.size(); ++k) step.steps[k] = p->values[ins[k]].scalar ? 0 : 1;
    resolve_loop(step);
    const bool unary = step.kind == FusedStep::Kind::kUnaryFloat || step.kind == FusedStep::Kind::kUnaryDouble;
    p->cost += unary ? kernels::unary_cost(static_cast<UnaryOp>(step.row_op)) : 1;
    p->needs_views = p->needs_views || step.kind == FusedStep::Kind::kKernel;
  }
  for (FusedValue& v : p->values)
    if (!v.scalar && v.place != FusedValue::Place::kScratch) v.advance = static_cast<std::int64_t>(dtype_size(v.dtype));
  return p;
}

}  // namespace

bool is_elementwise_op(const ops::OpDef& op) {
  return elementwise_any_dtype(op.name) || op.name == "FloorDiv" || op.name == "FloorMod" || op.name == "Pow";
}

void fuse_elementwise(Graph& graph) {
  const auto& nodes = graph.nodes();
  const std::vector<int> uses = use_counts(graph);  // a result counts as read outside any region

  const std::vector<bool> pinned = control_pinned(graph);
  std::vector<Region> regions;
  std::vector<int> region_of(nodes.size(), -1);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (pinned[i] || !fusible(graph, static_cast<int>(i))) continue;
    const Node& n = nodes[i];
    Region r;
    for (const NodeOutput& in : n.inputs) add_input(r.inputs, in);
    for (const NodeOutput& in : n.inputs) {
      const int rid = region_of[in.node];
      if (rid < 0 || uses[in.node] != 1 || !(graph.info(in).shape == n.outputs[0].shape)) continue;
      const Region& producer = regions[rid];
      std::vector<NodeOutput> merged_inputs = producer.inputs;
      for (const NodeOutput& x : r.inputs)
        if (!(x == in)) add_input(merged_inputs, x);
      if (r.members.size() + producer.members.size() + 1 > kMaxRegionOps || merged_inputs.size() > kMaxRegionInputs)
        continue;
      r.members.insert(r.members.end(), producer.members.begin(), producer.members.end());
      r.inputs = std::move(merged_inputs);
      regions[rid].merged = true;
    }
    r.members.push_back(static_cast<int>(i));
    std::sort(r.members.begin(), r.members.end());
    for (int m : r.members) region_of[m] = static_cast<int>(regions.size());
    regions.push_back(std::move(r));
  }

  std::vector<Node> rewritten = nodes;
  bool changed = false;
  for (const Region& r : regions) {
    if (r.merged || r.members.size() < 2) continue;
    const int root = r.members.back();
    Node fused;
    fused.kind = NodeKind::kOp;
    fused.name = nodes[root].name;
    fused.op = &fused_elementwise_op();
    fused.inputs = r.inputs;
    fused.attrs = {std::shared_ptr<const ops::OpPayload>(compile(graph, r))};
    fused.outputs = nodes[root].outputs;
    rewritten[root] = std::move(fused);
    changed = true;
  }
  if (!changed) return;
  graph.replace(std::move(rewritten), graph.outputs());
  prune(graph);  // the absorbed members are no longer read
}

}  // namespace tf::graph
