#include "saving/saved_model/control_flow_exporter.h"

#include <algorithm>
#include <limits>
#include <set>

#include "graph/function_body.h"
#include "proto/tensor_proto.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"

namespace tf::saving {
namespace {

using BodyPtr = std::shared_ptr<const graph::FunctionBody>;

// Attribute positions of tfpp's ops (function/control_flow_ops.cc).
constexpr int kThen = 0, kElse = 1;
constexpr int kNumLoopVars = 0, kCond = 1, kBody = 2, kMaxIterations = 3;

// A name not in `used` (base, base_1, base_2, ...), then taken.
std::string fresh(std::set<std::string>& used, const std::string& base) {
  std::string out = base;
  for (int k = 1; !used.insert(out).second; ++k) out = base + "_" + std::to_string(k);
  return out;
}

// Every argument, result and node name of `def` (they share one namespace in TensorFlow).
std::set<std::string> names_in(const proto::FunctionDef& def) {
  std::set<std::string> used;
  for (const auto& a : def.signature().input_arg()) used.insert(a.name());
  for (const auto& a : def.signature().output_arg()) used.insert(a.name());
  for (const auto& n : def.node_def()) used.insert(n.name());
  return used;
}

void insert_input(proto::FunctionDef& def, int position, const std::string& name, DType dtype) {
  auto* args = def.mutable_signature()->mutable_input_arg();
  proto::OpDef::ArgDef* arg = args->Add();
  arg->set_name(name);
  arg->set_type(proto_convert::to_data_type(dtype));
  for (int k = args->size() - 1; k > position; --k) args->SwapElements(k, k - 1);
}

void insert_output(proto::FunctionDef& def, int position, const std::string& name, DType dtype, const std::string& ret) {
  auto* args = def.mutable_signature()->mutable_output_arg();
  proto::OpDef::ArgDef* arg = args->Add();
  arg->set_name(name);
  arg->set_type(proto_convert::to_data_type(dtype));
  for (int k = args->size() - 1; k > position; --k) args->SwapElements(k, k - 1);
  (*def.mutable_ret())[name] = ret;
}

proto::NodeDef& add_const(proto::FunctionDef& def, const std::string& name, const Tensor& value) {
  proto::NodeDef& node = *def.add_node_def();
  node.set_name(name);
  node.set_op("Const");
  (*node.mutable_attr())["dtype"].set_type(proto_convert::to_data_type(value.dtype()));
  proto_convert::to_tensor_proto(value, (*node.mutable_attr())["value"].mutable_tensor());
  return node;
}

// A binary op `op`(a, b) with type attribute T, whose output is named `out`; returns its reference.
std::string add_binary(proto::FunctionDef& def, const std::string& name, const std::string& op, const std::string& a,
                       const std::string& b, DType dtype, const char* out) {
  proto::NodeDef& node = *def.add_node_def();
  node.set_name(name);
  node.set_op(op);
  node.add_input(a);
  node.add_input(b);
  if (dtype != DType::kBool) (*node.mutable_attr())["T"].set_type(proto_convert::to_data_type(dtype));
  return name + ":" + out + ":0";
}

Tensor counter_value(std::int64_t value, DType dtype) {
  return dtype == DType::kInt32 ? constant(static_cast<std::int32_t>(value)) : constant(value);
}

bool reads(const graph::FunctionBody& body, int input) {
  return std::find(body.arg_sources.begin(), body.arg_sources.end(), input) != body.arg_sources.end();
}

// Exports what one branch or body computes as a function taking the op's inputs at
// `positions`, in that order; inputs the body does not read are taken and ignored.
class BodyExport {
 public:
  BodyExport(const std::vector<ExportedInput>& inputs, const FunctionLibrary& ops, ExportedFunctions& library)
      : inputs_(inputs), ops_(ops), library_(library) {}

  proto::FunctionDef run(const graph::FunctionBody& body, const std::vector<int>& positions, const std::string& name,
                         const std::string& description) {
    const graph::Graph& g = *body.graph;
    ExportSignature sig;
    sig.name = name;
    sig.description = description;
    std::set<std::string> used;
    for (const graph::Node& node : g.nodes())
      if (node.kind != graph::NodeKind::kArg) used.insert(node.name);
    std::vector<std::ptrdiff_t> position_of(g.args().size());
    for (std::size_t i = 0; i < g.args().size(); ++i) {
      const int source = body.arg_sources[i];
      position_of[i] = std::find(positions.begin(), positions.end(), source) - positions.begin();
      if (position_of[i] == static_cast<std::ptrdiff_t>(positions.size()))
        throw InternalError("[saved_model] " + description + ": a body reads input " + std::to_string(source) +
                            ", which the op does not pass it");
      sig.input_names.push_back(fresh(used, sanitize_arg_name(g.node(g.args()[i]).name)));
      sig.resource_handles.push_back(inputs_[source].handle);
      sig.input_order.push_back(static_cast<int>(i));
    }
    std::sort(sig.input_order.begin(), sig.input_order.end(), [&](int a, int b) { return position_of[a] < position_of[b]; });
    for (std::size_t o = 0; o < g.outputs().size(); ++o) {
      sig.output_names.push_back(fresh(used, "output_" + std::to_string(o)));
      sig.output_order.push_back(static_cast<int>(o));
    }
    proto::FunctionDef def = export_function(g, sig, ops_, library_);
    for (std::size_t p = 0; p < positions.size(); ++p)
      if (!reads(body, positions[p]))
        insert_input(def, static_cast<int>(p), fresh(used, "unused_input_" + std::to_string(p)),
                     inputs_[positions[p]].info.dtype);
    return def;
  }

 private:
  const std::vector<ExportedInput>& inputs_;
  const FunctionLibrary& ops_;
  ExportedFunctions& library_;
};

class ControlFlowExport {
 public:
  ControlFlowExport(const graph::Node& n, const std::vector<ExportedInput>& inputs, const std::string& description,
                    const FunctionLibrary& ops, ExportedFunctions& library, proto::FunctionDef& def, proto::NodeDef& node)
      : n_(n), inputs_(inputs), description_(description), library_(library), def_(def), node_(node),
        bodies_(inputs, ops, library) {}

  std::vector<std::string> export_if() {
    const graph::FunctionBody& then_body = *std::get<BodyPtr>(n_.attrs.at(kThen));
    const graph::FunctionBody& else_body = *std::get<BodyPtr>(n_.attrs.at(kElse));
    // The branches take every input but the predicate, and the predicate too if one reads it.
    std::vector<int> positions;
    for (std::size_t k = 1; k < inputs_.size(); ++k) positions.push_back(static_cast<int>(k));
    if (reads(then_body, 0) || reads(else_body, 0)) positions.push_back(0);
    const std::string base = sanitize_arg_name(n_.name);
    const std::string then_name = body_function(then_body, "then_branch", positions, base + "_true", "the true branch");
    const std::string else_name = body_function(else_body, "else_branch", positions, base + "_false", "the false branch");

    node_.set_op(op_name("If"));
    auto& attrs = *node_.mutable_attr();
    node_.add_input(inputs_.at(0).ref);
    attrs["Tcond"].set_type(proto_convert::to_data_type(inputs_[0].info.dtype));
    auto* tin = attrs["Tin"].mutable_list();
    for (int p : positions) {
      node_.add_input(inputs_[p].ref);
      tin->add_type(proto_convert::to_data_type(inputs_[p].info.dtype));
    }
    auto* tout = attrs["Tout"].mutable_list();
    auto* shapes = attrs["output_shapes"].mutable_list();
    for (const ops::TensorInfo& out : n_.outputs) {
      tout->add_type(proto_convert::to_data_type(out.dtype));
      proto_convert::to_shape_proto(out.shape, shapes->add_shape());
    }
    attrs["then_branch"].mutable_func()->set_name(then_name);
    attrs["else_branch"].mutable_func()->set_name(else_name);
    return output_refs(0);
  }

  std::vector<std::string> export_while() {
    const graph::FunctionBody& cond = *std::get<BodyPtr>(n_.attrs.at(kCond));
    const graph::FunctionBody& body = *std::get<BodyPtr>(n_.attrs.at(kBody));
    num_vars_ = static_cast<std::size_t>(std::get<std::int64_t>(n_.attrs.at(kNumLoopVars)));
    max_iterations_ = std::get<std::int64_t>(n_.attrs.at(kMaxIterations));
    counter_dtype_ = max_iterations_ <= std::numeric_limits<std::int32_t>::max() ? DType::kInt32 : DType::kInt64;
    std::vector<int> positions;
    for (std::size_t k = 0; k < inputs_.size(); ++k) positions.push_back(static_cast<int>(k));
    const std::string base = sanitize_arg_name(n_.name);
    const std::string cond_name = body_function(cond, "cond", positions, base + "_cond", "the loop condition");
    const std::string body_name = body_function(body, "body", positions, base + "_body", "the loop body");

    node_.set_op(op_name("While"));
    auto& attrs = *node_.mutable_attr();
    auto* types = attrs["T"].mutable_list();
    auto* shapes = attrs["output_shapes"].mutable_list();
    if (counted()) {
      const std::string counter = add_const(def_, n_.name + "/loop_counter", counter_value(0, counter_dtype_)).name();
      node_.add_input(counter + ":output:0");
      types->add_type(proto_convert::to_data_type(counter_dtype_));
      shapes->add_shape();
    }
    const graph::Graph& bg = *body.graph;
    for (std::size_t k = 0; k < inputs_.size(); ++k) {
      node_.add_input(inputs_[k].ref);
      types->add_type(proto_convert::to_data_type(inputs_[k].info.dtype));
      // Loop variables keep their shape invariants (the body's argument shapes).
      const TensorShape& shape = k < num_vars_ ? bg.node(bg.args()[k]).outputs[0].shape : inputs_[k].info.shape;
      proto_convert::to_shape_proto(shape, shapes->add_shape());
    }
    attrs["cond"].mutable_func()->set_name(cond_name);
    attrs["body"].mutable_func()->set_name(body_name);
    return output_refs(counted() ? 1 : 0);
  }

 private:
  bool counted() const { return max_iterations_ >= 0; }

  // If or While when a branch or body is stateful in TensorFlow's terms (reading a variable
  // is), else StatelessIf or StatelessWhile, as TensorFlow's cond_v2 and while_v2 choose.
  std::string op_name(const char* base) const { return stateful_ ? base : std::string("Stateless") + base; }

  // The library function of `body` in `role`, exported on first use.
  std::string body_function(const graph::FunctionBody& body, const std::string& role, const std::vector<int>& positions,
                            const std::string& base, const std::string& what) {
    if (const proto::FunctionDef* done = library_.find(&body, role)) {
      stateful_ = stateful_ || done->signature().is_stateful();
      return done->signature().name();
    }
    proto::FunctionDef def = bodies_.run(body, positions, library_.unique_name(base), description_ + ", " + what);
    if (role == "body") pass_captures_through(def);
    if (counted() && role == "cond") count_in_cond(def);
    if (counted() && role == "body") count_in_body(def);
    stateful_ = stateful_ || def.signature().is_stateful();
    const std::string name = def.signature().name();
    library_.add(&body, role, std::move(def));
    return name;
  }

  // A While body returns every input: the captures after the loop variables, unchanged.
  void pass_captures_through(proto::FunctionDef& def) const {
    std::set<std::string> used = names_in(def);
    for (std::size_t k = num_vars_; k < inputs_.size(); ++k) {
      const std::string arg = def.signature().input_arg(static_cast<int>(k)).name();
      insert_output(def, static_cast<int>(k), fresh(used, "output_" + std::to_string(k)), inputs_[k].info.dtype, arg);
    }
  }

  // cond(counter, vars...) = counter < maximum_iterations && cond(vars...), as while_v2 builds it.
  void count_in_cond(proto::FunctionDef& def) const {
    std::set<std::string> used = names_in(def);
    const std::string counter = fresh(used, "loop_counter");
    insert_input(def, 0, counter, counter_dtype_);
    const std::string limit =
        add_const(def, fresh(used, "maximum_iterations"), counter_value(max_iterations_, counter_dtype_)).name();
    const std::string below = add_binary(def, fresh(used, "less"), "Less", counter, limit + ":output:0", counter_dtype_, "z");
    auto& ret = def.mutable_ret()->begin()->second;
    ret = add_binary(def, fresh(used, "logical_and"), "LogicalAnd", below, ret, DType::kBool, "z");
  }

  // body(counter, vars...) = (counter + 1, body(vars...)).
  void count_in_body(proto::FunctionDef& def) const {
    std::set<std::string> used = names_in(def);
    const std::string counter = fresh(used, "loop_counter");
    insert_input(def, 0, counter, counter_dtype_);
    const std::string one = add_const(def, fresh(used, "one"), counter_value(1, counter_dtype_)).name();
    const std::string next = add_binary(def, fresh(used, "add"), "AddV2", counter, one + ":output:0", counter_dtype_, "z");
    insert_output(def, 0, fresh(used, "loop_counter_next"), counter_dtype_, next);
  }

  std::vector<std::string> output_refs(std::size_t offset) const {
    std::vector<std::string> refs;
    for (std::size_t k = 0; k < n_.outputs.size(); ++k) refs.push_back(n_.name + ":output:" + std::to_string(k + offset));
    return refs;
  }

  const graph::Node& n_;
  const std::vector<ExportedInput>& inputs_;
  const std::string& description_;
  ExportedFunctions& library_;
  proto::FunctionDef& def_;
  proto::NodeDef& node_;
  BodyExport bodies_;
  std::size_t num_vars_ = 0;
  std::int64_t max_iterations_ = -1;
  DType counter_dtype_ = DType::kInt32;
  bool stateful_ = false;
};

}  // namespace

bool is_control_flow(const std::string& op) {
  return op == "If" || op == "StatelessIf" || op == "While" || op == "StatelessWhile";
}

std::vector<std::string> export_control_flow(const graph::Node& n, const std::vector<ExportedInput>& inputs,
                                             const std::string& description, const FunctionLibrary& ops,
                                             ExportedFunctions& library, proto::FunctionDef& def,
                                             proto::NodeDef& node) {
  ControlFlowExport e(n, inputs, description, ops, library, def, node);
  return n.op->name.ends_with("If") ? e.export_if() : e.export_while();
}

}  // namespace tf::saving
