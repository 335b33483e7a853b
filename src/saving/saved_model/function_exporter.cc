#include "saving/saved_model/function_exporter.h"

#include <map>
#include <set>
#include <string_view>
#include <utility>

#include "proto/tensor_proto.h"
#include "saving/saved_model/control_flow_exporter.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"

namespace tf::saving {
namespace {

// Reductions, arg ops and scans take their axis as an attribute in tfpp and as an input in TensorFlow.
const std::map<std::string, std::string, std::less<>>& axis_attr_ops() {
  static const std::map<std::string, std::string, std::less<>> ops{
      {"Sum", "axis"}, {"Mean", "axis"}, {"Max", "axis"}, {"Min", "axis"}, {"Prod", "axis"},
      {"Any", "axis"}, {"All", "axis"}, {"EuclideanNorm", "axis"}, {"ArgMax", "dimension"}, {"ArgMin", "dimension"},
      {"Cumsum", "axis"}, {"Cumprod", "axis"}, {"CumulativeLogsumexp", "axis"}};
  return ops;
}

Tensor int32_vector(const std::vector<std::int32_t>& values) {
  return constant(values, TensorShape({static_cast<std::int64_t>(values.size())}));
}

// tfpp's variable ops carry the variable's shape and name for messages; TensorFlow's do not.
// IdentityN carries a custom gradient traced in this process (Note [Custom gradients in traced graphs]).
// TensorFlow's ResourceScatterNd* call the value type T, which the exporter infers from `updates`.
bool ignorable_attr(const std::string& op, const std::string& attr) {
  if (op == "IdentityN") return true;
  if (attr == "dtype" && op.starts_with("ResourceScatterNd")) return true;
  return (attr == "shape" || attr == "shared_name") &&
         (op == "ReadVariableOp" || op.starts_with("Assign") || op.starts_with("ResourceScatter"));
}

bool to_attr(const ops::AttrValue& value, proto::AttrValue* out) {
  return std::visit(
      [&](const auto& v) -> bool {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, bool>) out->set_b(v);
        else if constexpr (std::is_same_v<T, std::int64_t>) out->set_i(v);
        else if constexpr (std::is_same_v<T, double>) out->set_f(static_cast<float>(v));
        else if constexpr (std::is_same_v<T, DType>) out->set_type(proto_convert::to_data_type(v));
        else if constexpr (std::is_same_v<T, std::string>) out->set_s(v);
        else if constexpr (std::is_same_v<T, std::vector<std::int64_t>>) {
          out->mutable_list();
          for (std::int64_t x : v) out->mutable_list()->add_i(x);
        } else if constexpr (std::is_same_v<T, TensorShape>) proto_convert::to_shape_proto(v, out->mutable_shape());
        else return false;
        return true;
      },
      value);
}

class Exporter {
 public:
  Exporter(const graph::Graph& graph, const ExportSignature& sig, const FunctionLibrary& ops, ExportedFunctions& library)
      : graph_(graph), sig_(sig), ops_(ops), library_(library) {}

  proto::FunctionDef run() {
    proto::OpDef* s = def_.mutable_signature();
    s->set_name(sig_.name);
    for (int a : sig_.input_order) {
      const graph::Node& n = graph_.node(graph_.args()[a]);
      auto* arg = s->add_input_arg();
      arg->set_name(sig_.input_names[a]);
      arg->set_type(proto_convert::to_data_type(n.outputs[0].dtype));
      if (n.outputs[0].dtype != DType::kResource) continue;
      if (const std::optional<ops::TensorInfo> handle = resource_handle({graph_.args()[a], 0})) {
        auto* h = arg->add_handle_data();
        h->set_dtype(proto_convert::to_data_type(handle->dtype));
        proto_convert::to_shape_proto(handle->shape, h->mutable_shape());
      }
    }
    for (std::size_t i = 0; i < graph_.args().size(); ++i) arg_names_[graph_.args()[i]] = sig_.input_names[i];
    for (std::size_t i = 0; i < graph_.nodes().size(); ++i) export_node(static_cast<int>(i));
    if (!missing_.empty()) {
      std::string message = "[saved_model] " + (sig_.description.empty() ? sig_.name : sig_.description) +
                            " uses ops that have no TensorFlow form:";
      const char* separator = " ";
      for (const std::string& op : missing_) message += std::exchange(separator, ", ") + op;
      throw UnimplementedError(message);
    }
    for (int o : sig_.output_order) {
      const graph::NodeOutput out = graph_.outputs()[o];
      auto* arg = s->add_output_arg();
      arg->set_name(sig_.output_names[o]);
      arg->set_type(proto_convert::to_data_type(graph_.info(out).dtype));
      (*def_.mutable_ret())[sig_.output_names[o]] = ref(out);
    }
    // Stateful if an op is, in tfpp or in TensorFlow (whose ReadVariableOp is).
    bool stateful = false;
    for (const graph::Node& n : graph_.nodes()) stateful = stateful || (n.kind == graph::NodeKind::kOp && n.op->stateful);
    for (const proto::NodeDef& n : def_.node_def()) {
      const proto::OpDef* op = ops_.op_def(n.op());
      stateful = stateful || (op && op->is_stateful());
    }
    for (int c : graph_.control_outputs()) {
      s->add_control_output(graph_.node(c).name);
      (*def_.mutable_control_ret())[graph_.node(c).name] = graph_.node(c).name;
    }
    s->set_is_stateful(stateful || !graph_.control_outputs().empty());
    return def_;
  }

 private:
  // "node:out_arg:index" for an output, or an argument's bare name.
  std::string ref(graph::NodeOutput out) const {
    if (auto it = arg_names_.find(out.node); it != arg_names_.end()) return it->second;
    // A producer with no TensorFlow form is in missing_, reported once every node is seen.
    if (!output_refs_.contains(out.node)) return graph_.node(out.node).name;
    const auto& outs = output_refs_.at(out.node);
    if (out.index >= static_cast<int>(outs.size()))
      throw InternalError("[saved_model] output " + std::to_string(out.index) + " of " + graph_.node(out.node).name + " has no name");
    return outs[out.index];
  }

  // The variable behind a resource argument, when the signature knows it.
  std::optional<ops::TensorInfo> resource_handle(graph::NodeOutput out) const {
    const graph::Node& n = graph_.node(out.node);
    if (n.kind != graph::NodeKind::kArg || n.arg_index < 0 ||
        n.arg_index >= static_cast<int>(sig_.resource_handles.size()))
      return std::nullopt;
    return sig_.resource_handles[n.arg_index];
  }

  // An If or While node: TensorFlow's functional op, with its branches or bodies in the library.
  void export_control_flow_node(int i, proto::NodeDef& node) {
    const graph::Node& n = graph_.node(i);
    std::vector<ExportedInput> inputs;
    for (const graph::NodeOutput& in : n.inputs) inputs.push_back({ref(in), graph_.info(in), resource_handle(in)});
    const std::string description = (sig_.description.empty() ? sig_.name : sig_.description) + ", in " + n.name;
    output_refs_[i] = export_control_flow(n, inputs, description, ops_, library_, def_, node);
    for (int c : n.control_inputs) node.add_input("^" + graph_.node(c).name);
    if (!n.device.empty()) node.set_device(n.device);
  }

  void export_node(int i) {
    const graph::Node& n = graph_.node(i);
    if (n.kind == graph::NodeKind::kArg) return;
    proto::NodeDef* node = def_.add_node_def();
    node->set_name(n.name);
    if (n.kind == graph::NodeKind::kConst) {
      if (n.value.dtype() == DType::kResource || n.value.dtype() == DType::kVariant) {
        missing_.insert("Const(" + std::string(dtype_name(n.value.dtype())) + ")");
        return;
      }
      node->set_op("Const");
      (*node->mutable_attr())["dtype"].set_type(proto_convert::to_data_type(n.value.dtype()));
      proto_convert::to_tensor_proto(n.value, (*node->mutable_attr())["value"].mutable_tensor());
      output_refs_[i] = {n.name + ":output:0"};
      return;
    }
    const std::string& op = n.op->name;
    if (is_control_flow(op)) return export_control_flow_node(i, *node);
    const proto::OpDef* tf_op = ops_.op_def(op);
    if (!tf_op) {
      missing_.insert(op);
      return;
    }
    node->set_op(op);
    std::vector<std::string> inputs;
    std::vector<DType> input_dtypes;
    for (const graph::NodeOutput& in : n.inputs) {
      inputs.push_back(ref(in));
      input_dtypes.push_back(graph_.info(in).dtype);
    }
    auto& attrs = *node->mutable_attr();
    for (std::size_t a = 0; a < n.attrs.size() && a < n.op->attr_names.size(); ++a) {
      const std::string& name = n.op->attr_names[a];
      if (ignorable_attr(op, name)) continue;
      if (auto axis = axis_attr_ops().find(op); axis != axis_attr_ops().end() && axis->second == name) {
        inputs.push_back(axis_const(n, n.attrs[a]));
        input_dtypes.push_back(DType::kInt32);
        continue;
      }
      bool declared = false;
      for (const auto& d : tf_op->attr()) declared = declared || d.name() == name;
      proto::AttrValue value;
      if (!declared || !to_attr(n.attrs[a], &value)) {
        missing_.insert(op + " (attribute " + name + ")");
        return;
      }
      attrs[name] = std::move(value);
    }
    if (!infer_type_attrs(n, *tf_op, input_dtypes, attrs)) {
      missing_.insert(op + " (inputs)");
      return;
    }
    for (const std::string& in : inputs) node->add_input(in);
    for (int c : n.control_inputs) node->add_input("^" + graph_.node(c).name);
    if (!n.device.empty()) node->set_device(n.device);
    // Output names from TensorFlow's output args.
    std::vector<std::string>& refs = output_refs_[i];
    for (const auto& arg : tf_op->output_arg()) {
      int count = 1;
      if (!arg.number_attr().empty()) count = static_cast<int>(attrs[arg.number_attr()].i());
      else if (!arg.type_list_attr().empty()) count = attrs[arg.type_list_attr()].list().type_size();
      for (int k = 0; k < count; ++k) refs.push_back(n.name + ":" + arg.name() + ":" + std::to_string(k));
    }
  }

  // A Const node holding a tfpp axis attribute, as TensorFlow's axis input.
  std::string axis_const(const graph::Node& n, const ops::AttrValue& value) {
    std::vector<std::int32_t> axes;
    if (std::holds_alternative<std::monostate>(value)) {  // every axis: TensorFlow takes them as a list
      const TensorShape& shape = graph_.info(n.inputs.at(0)).shape;
      if (shape.has_unknown_rank()) missing_.insert(n.op->name + " (over every axis of an input of unknown rank)");
      for (int a = 0; a < shape.rank(); ++a) axes.push_back(a);
    } else if (const auto* s = std::get_if<std::int64_t>(&value)) {
      return const_node(n.name + "/axis", constant(static_cast<std::int32_t>(*s)));
    } else if (const auto* v = std::get_if<std::vector<std::int64_t>>(&value)) {
      for (std::int64_t a : *v) axes.push_back(static_cast<std::int32_t>(a));
    }
    return const_node(n.name + "/axis", int32_vector(axes));
  }

  // A Const node named `name` holding `value`; returns its output's name.
  std::string const_node(const std::string& name, const Tensor& value) {
    proto::NodeDef* c = def_.add_node_def();
    c->set_name(name);
    c->set_op("Const");
    (*c->mutable_attr())["dtype"].set_type(proto_convert::to_data_type(value.dtype()));
    proto_convert::to_tensor_proto(value, (*c->mutable_attr())["value"].mutable_tensor());
    return c->name() + ":output:0";
  }

  // Sets the type, number and type-list attributes of TensorFlow's op from the node's inputs and
  // outputs. False when the inputs do not fit the op's arguments.
  bool infer_type_attrs(const graph::Node& n, const proto::OpDef& op, const std::vector<DType>& in,
                        google::protobuf::Map<std::string, proto::AttrValue>& attrs) {
    int singles = 0, lists = 0;
    for (const auto& arg : op.input_arg()) (arg.number_attr().empty() && arg.type_list_attr().empty() ? singles : lists)++;
    if (lists > 1 || (lists == 0 && singles != static_cast<int>(in.size())) || singles > static_cast<int>(in.size())) return false;
    const int list_size = static_cast<int>(in.size()) - singles;
    auto set_type = [&](const std::string& attr, DType dtype) {
      if (!attr.empty() && !attrs.contains(attr)) attrs[attr].set_type(proto_convert::to_data_type(dtype));
    };
    std::size_t k = 0;
    for (const auto& arg : op.input_arg()) {
      if (!arg.number_attr().empty()) {
        attrs[arg.number_attr()].set_i(list_size);
        if (list_size > 0) set_type(arg.type_attr(), in[k]);
        k += static_cast<std::size_t>(list_size);
      } else if (!arg.type_list_attr().empty()) {
        auto* list = attrs[arg.type_list_attr()].mutable_list();
        for (int j = 0; j < list_size; ++j) list->add_type(proto_convert::to_data_type(in[k++]));
      } else {
        set_type(arg.type_attr(), in[k++]);
      }
    }
    std::size_t o = 0;
    for (const auto& arg : op.output_arg()) {
      if (o >= n.outputs.size()) break;
      if (arg.number_attr().empty() && arg.type_list_attr().empty()) set_type(arg.type_attr(), n.outputs[o].dtype);
      ++o;
    }
    return true;
  }

  const graph::Graph& graph_;
  const ExportSignature& sig_;
  const FunctionLibrary& ops_;
  ExportedFunctions& library_;
  proto::FunctionDef def_;
  std::map<int, std::string> arg_names_;
  std::map<int, std::vector<std::string>> output_refs_;
  std::set<std::string> missing_;
};

}  // namespace

const proto::FunctionDef* ExportedFunctions::find(const void* body, const std::string& role) const {
  for (std::size_t i = 0; i < keys_.size(); ++i)
    if (keys_[i].first == body && keys_[i].second == role) return &functions_[i];
  return nullptr;
}

void ExportedFunctions::add(const void* body, const std::string& role, proto::FunctionDef def) {
  keys_.emplace_back(body, role);
  functions_.push_back(std::move(def));
}

std::string ExportedFunctions::unique_name(const std::string& base) { return base + "_" + std::to_string(next_id_++); }

proto::FunctionDef export_function(const graph::Graph& graph, const ExportSignature& signature,
                                   const FunctionLibrary& ops, ExportedFunctions& library) {
  return Exporter(graph, signature, ops, library).run();
}

std::string sanitize_arg_name(const std::string& name) {
  std::string out;
  for (char c : name) {
    const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out += (std::isalnum(static_cast<unsigned char>(l)) || l == '_') ? l : '_';
  }
  if (out.empty() || !std::isalpha(static_cast<unsigned char>(out[0]))) out = "arg_" + out;
  return out;
}

}  // namespace tf::saving
