// tf::saved_model::load: saved_model.pb -> function library + object graph, variables/ -> values.
#include <algorithm>
#include <deque>
#include <filesystem>
#include <optional>
#include <set>
#include <sstream>

#include "autodiff/variable_impl.h"
#include "proto/saved_model.pb.h"
#include "proto/tensor_proto.h"
#include "checkpoint/tensor_bundle.h"
#include "saving/saved_model/function_importer.h"
#include "saving/saved_model/loaded_state.h"
#include "saving/saved_model/saved_model_file.h"
#include "saving/saved_model/structured_value_proto.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/function.h"

namespace tf::saved_model {
namespace {

std::string join_tags(const google::protobuf::RepeatedPtrField<std::string>& tags) {
  std::vector<std::string> sorted(tags.begin(), tags.end());
  std::sort(sorted.begin(), sorted.end());
  std::string out = "{";
  for (std::size_t i = 0; i < sorted.size(); ++i) out += (i ? ", " : "") + sorted[i];
  return out + "}";
}

const proto::MetaGraphDef& pick_meta_graph(const proto::SavedModel& model, const std::vector<std::string>& wanted,
                                           const std::string& file) {
  if (model.meta_graphs_size() == 0) throw DataLossError("[saved_model] " + file + " holds no MetaGraph");
  const std::set<std::string> want(wanted.begin(), wanted.end());
  for (const proto::MetaGraphDef& mg : model.meta_graphs()) {
    const std::set<std::string> have(mg.meta_info_def().tags().begin(), mg.meta_info_def().tags().end());
    if (want.empty() ? (model.meta_graphs_size() == 1 || have == std::set<std::string>{"serve"}) : have == want) return mg;
  }
  std::string available;
  for (const proto::MetaGraphDef& mg : model.meta_graphs()) available += " " + join_tags(mg.meta_info_def().tags());
  throw NotFoundError("[saved_model] " + file + " has no MetaGraph tagged " +
                      (want.empty() ? std::string("{serve}") : join_tags({wanted.begin(), wanted.end()})) +
                      "; available tag sets:" + available);
}

// TensorFlow escapes object names in checkpoint keys: "." -> "..", "/" -> ".S".
std::string escape_local_name(const std::string& name) {
  std::string out;
  for (char c : name) {
    if (c == '.') out += "..";
    else if (c == '/') out += ".S";
    else out += c;
  }
  return out;
}

// Shortest path names from the root to every node (breadth first), plain and escaped.
struct ObjectPaths {
  std::vector<std::string> path, key;
  std::vector<char> reached;
  std::vector<int> order;  ///< the reached nodes, breadth first
};

ObjectPaths walk_objects(const proto::SavedObjectGraph& graph, const std::string& file) {
  const int n = graph.nodes_size();
  ObjectPaths p{std::vector<std::string>(n), std::vector<std::string>(n), std::vector<char>(n, 0)};
  if (n == 0) throw DataLossError("[saved_model] " + file + ": the object graph has no nodes");
  p.reached[0] = 1;
  std::deque<int> queue{0};
  while (!queue.empty()) {
    const int i = queue.front();
    queue.pop_front();
    p.order.push_back(i);
    for (const auto& child : graph.nodes(i).children()) {
      if (child.node_id() < 0 || child.node_id() >= n)
        throw DataLossError("[saved_model] " + file + " is damaged: object " + std::to_string(i) + " has child " +
                            std::to_string(child.node_id()) + " of " + std::to_string(n) + " objects");
      if (p.reached[child.node_id()]) continue;
      p.reached[child.node_id()] = 1;
      p.path[child.node_id()] = (p.path[i].empty() ? "" : p.path[i] + "/") + child.local_name();
      p.key[child.node_id()] = (p.key[i].empty() ? "" : p.key[i] + "/") + escape_local_name(child.local_name());
      queue.push_back(child.node_id());
    }
  }
  return p;
}

// Appends the tensor specs of `v` in TensorFlow's flattening order (dict keys sorted) with names.
void flatten_specs(const proto::StructuredValue& v, const std::string& name, std::vector<TensorSpec>& specs,
                   std::vector<std::string>& names, const std::string& file) {
  switch (v.kind_case()) {
    case proto::StructuredValue::kTensorSpecValue: {
      const auto& s = v.tensor_spec_value();
      specs.emplace_back(proto_convert::from_shape_proto(s.shape()), proto_convert::from_data_type(s.dtype()), s.name());
      names.push_back(!name.empty() ? name : s.name());
      return;
    }
    case proto::StructuredValue::kListValue:
      for (int i = 0; i < v.list_value().values_size(); ++i)
        flatten_specs(v.list_value().values(i), name.empty() ? "" : name + "_" + std::to_string(i), specs, names, file);
      return;
    case proto::StructuredValue::kTupleValue:
      for (int i = 0; i < v.tuple_value().values_size(); ++i)
        flatten_specs(v.tuple_value().values(i), name.empty() ? "" : name + "_" + std::to_string(i), specs, names, file);
      return;
    case proto::StructuredValue::kDictValue: {
      std::map<std::string, const proto::StructuredValue*> sorted;
      for (const auto& [k, value] : v.dict_value().fields()) sorted.emplace(k, &value);
      for (const auto& [k, value] : sorted) flatten_specs(*value, k, specs, names, file);
      return;
    }
    case proto::StructuredValue::kNamedTupleValue:
      for (const auto& pair : v.named_tuple_value().values()) flatten_specs(pair.value(), pair.key(), specs, names, file);
      return;
    case proto::StructuredValue::kNoneValue:
    case proto::StructuredValue::kBoolValue:
    case proto::StructuredValue::kInt64Value:
    case proto::StructuredValue::kFloat64Value:
    case proto::StructuredValue::kStringValue:
    case proto::StructuredValue::KIND_NOT_SET: return;  // a Python value, which is no input
    default:
      throw UnimplementedError("[saved_model] " + file + ": a function argument or result of kind " +
                               std::to_string(v.kind_case()) + " (not a tensor) is not supported");
  }
}

// What an object is (LoadedObject::kind).
std::string object_kind(const proto::SavedObject& obj) {
  switch (obj.kind_case()) {
    case proto::SavedObject::kUserObject: return obj.user_object().identifier();
    case proto::SavedObject::kAsset: return "asset";
    case proto::SavedObject::kFunction: return "function";
    case proto::SavedObject::kVariable: return "variable";
    case proto::SavedObject::kBareConcreteFunction: return "bare_concrete_function";
    case proto::SavedObject::kConstant: return "constant";
    case proto::SavedObject::kResource: return "resource";
    case proto::SavedObject::kCapturedTensor: return "captured_tensor";
    default: return "";
  }
}

// The top-level nesting of a function's outputs (LoadedFunction::output_structure).
std::string structure_kind(const proto::StructuredValue& v) {
  switch (v.kind_case()) {
    case proto::StructuredValue::kTensorSpecValue: return "tensor";
    case proto::StructuredValue::kTupleValue: return "tuple";
    case proto::StructuredValue::kListValue: return "list";
    case proto::StructuredValue::kDictValue: return "dict";
    default: return "none";
  }
}

class Loader {
 public:
  Loader(const std::string& dir, const LoadOptions& options) : dir_(dir), file_(dir + "/saved_model.pb") {
    model_ = read_saved_model(dir);
    meta_ = &pick_meta_graph(model_, options.tags, file_);
    if (!meta_->has_object_graph_def())
      throw UnimplementedError("[saved_model] " + file_ +
                               " has no object graph: it is a TensorFlow 1 SavedModel, which tfpp does not load");
  }

  Loaded load() {
    auto state = std::make_shared<detail::LoadedState>();
    state->tags.assign(meta_->meta_info_def().tags().begin(), meta_->meta_info_def().tags().end());
    state->library = std::make_shared<saving::FunctionLibrary>(meta_->graph_def().library(),
                                                               meta_->meta_info_def().stripped_op_list());
    library_ = state->library;
    const proto::SavedObjectGraph& graph = meta_->object_graph_def();
    paths_ = walk_objects(graph, file_);
    check_functions(graph);
    restore_variables(graph, *state);

    Loaded loaded(state);
    for (int i : paths_.order) state->objects.push_back({paths_.path[i], object_kind(graph.nodes(i))});
    for (int i = 0; i < graph.nodes_size(); ++i) {
      const proto::SavedObject& obj = graph.nodes(i);
      if (!paths_.reached[i]) continue;
      if (obj.has_function()) {
        // With no concrete function (saved without being traced) it is restored, and raises when called.
        std::vector<std::string> names(obj.function().concrete_functions().begin(), obj.function().concrete_functions().end());
        state->functions.emplace(paths_.path[i], make_function(paths_.path[i], names, &obj.function().function_spec()));
      } else if (obj.has_bare_concrete_function()) {
        const auto& bare = obj.bare_concrete_function();
        LoadedFunction f = make_function(paths_.path[i], {bare.concrete_function_name()},
                                         bare.has_function_spec() ? &bare.function_spec() : nullptr);
        state->functions.emplace(paths_.path[i], f);
      }
    }
    // Signatures: the root's "signatures" child (a signature_map) names bare concrete functions.
    for (const auto& child : graph.nodes(0).children()) {
      if (child.local_name() != "signatures") continue;
      for (const auto& sig : graph.nodes(child.node_id()).children()) {
        const proto::SavedObject& obj = graph.nodes(sig.node_id());
        if (!obj.has_bare_concrete_function())
          throw DataLossError("[saved_model] " + file_ + ": signature " + sig.local_name() + " is not a concrete function");
        state->functions.erase(paths_.path[sig.node_id()]);
        loaded.signatures.emplace(sig.local_name(),
                                  make_function("signature " + sig.local_name(),
                                                {obj.bare_concrete_function().concrete_function_name()}));
      }
    }
    return loaded;
  }

 private:
  [[noreturn]] void damaged(const std::string& what) const {
    throw DataLossError("[saved_model] " + file_ + " is damaged: " + what);
  }

  const proto::SavedConcreteFunction& concrete(const std::string& name) const {
    const auto& fns = meta_->object_graph_def().concrete_functions();
    auto it = fns.find(name);
    if (it == fns.end()) damaged("the object graph names concrete function " + name + " but does not describe it");
    if (!library_->find(name)) damaged("concrete function " + name + " is not in the function library");
    return it->second;
  }

  void check_functions(const proto::SavedObjectGraph& graph) const {
    std::vector<std::string> roots;
    for (const proto::SavedObject& obj : graph.nodes()) {
      if (obj.has_function())
        for (const std::string& f : obj.function().concrete_functions()) roots.push_back((concrete(f), f));
      if (obj.has_bare_concrete_function())
        roots.push_back((concrete(obj.bare_concrete_function().concrete_function_name()),
                         obj.bare_concrete_function().concrete_function_name()));
    }
    library_->check_importable(roots);
  }

  void restore_variables(const proto::SavedObjectGraph& graph, detail::LoadedState& state) {
    bool any = false;
    for (const proto::SavedObject& obj : graph.nodes()) any = any || obj.has_variable();
    if (!any) return;
    const checkpoint::BundleReader bundle(dir_ + "/variables/variables");
    for (int i = 0; i < graph.nodes_size(); ++i) {
      const proto::SavedObject& obj = graph.nodes(i);
      if (!obj.has_variable()) continue;
      const auto& v = obj.variable();
      const std::string key = paths_.key[i] + "/.ATTRIBUTES/VARIABLE_VALUE";
      if (!paths_.reached[i] || !bundle.contains(key))
        throw DataLossError("[saved_model] " + dir_ + "/variables/variables has no value for variable " +
                            (v.name().empty() ? paths_.path[i] : v.name()) + " (key " + key + ")");
      const Tensor value = bundle.get_tensor(key);
      const DType dtype = proto_convert::from_data_type(v.dtype());
      const TensorShape shape = proto_convert::from_shape_proto(v.shape());
      if (value.dtype() != dtype || !shape.is_compatible_with(value.shape()))
        throw DataLossError("[saved_model] variable " + paths_.path[i] + " is " + std::string(dtype_name(dtype)) +
                            shape.to_string() + " but variables/ holds a " + std::string(dtype_name(value.dtype())) +
                            value.shape().to_string());
      std::string name = v.name().empty() ? paths_.path[i] : v.name();
      if (name.ends_with(":0")) name.resize(name.size() - 2);
      Variable var(value, {.name = name, .trainable = v.trainable()});
      variables_[i] = var;
      state.variables.emplace_back(paths_.path[i], var);
    }
  }

  // The tensor bound to a captured input: a variable's handle or a constant's value.
  Tensor bound_input(int id, const std::string& fn) const {
    const auto& graph = meta_->object_graph_def();
    if (id < 0 || id >= graph.nodes_size()) damaged(fn + " binds object " + std::to_string(id) + ", which does not exist");
    const proto::SavedObject& obj = graph.nodes(id);
    if (obj.has_variable()) return variables_.at(id).handle();
    if (obj.has_resource()) return resource_handle(id, fn);
    if (obj.has_asset()) return asset_path(obj.asset(), fn);
    if (obj.has_constant()) {
      for (const proto::NodeDef& node : meta_->graph_def().node())
        if (node.name() == obj.constant().operation() && node.op() == "Const" && node.attr().contains("value"))
          return proto_convert::from_tensor_proto(node.attr().at("value").tensor());
      damaged(fn + " captures constant " + obj.constant().operation() + ", which the graph does not hold");
    }
    throw UnimplementedError("[saved_model] " + fn + " captures object " + std::to_string(id) +
                             " of a kind tfpp does not restore (only variables and constants)");
  }

  // The concrete function of the function object that is child `name` of object `id`.
  std::optional<std::string> child_function(int id, const std::string& name) const {
    const auto& graph = meta_->object_graph_def();
    for (const auto& child : graph.nodes(id).children()) {
      if (child.local_name() != name) continue;
      const proto::SavedObject& obj = graph.nodes(child.node_id());
      if (!obj.has_function() || obj.function().concrete_functions_size() != 1)
        damaged("resource " + paths_.path[id] + "'s " + name + " is not a function with one concrete function");
      return obj.function().concrete_functions(0);
    }
    return std::nullopt;
  }

  // Runs concrete function `name` now with its bound inputs.
  std::vector<Tensor> run_now(const std::string& name) const {
    std::vector<Tensor> captures;
    for (int bound : concrete(name).bound_inputs()) captures.push_back(bound_input(bound, name));
    return saving::call_function(*library_, name, captures);
  }

  // A resource object (a lookup table), made once by its _create_resource function and filled by
  // its _initialize function, as TensorFlow's loader restores a CapturableResource.
  Tensor resource_handle(int id, const std::string& fn) const {
    if (auto it = resources_.find(id); it != resources_.end()) return it->second;
    const std::optional<std::string> create = child_function(id, "_create_resource");
    if (!create)
      throw UnimplementedError("[saved_model] " + fn + " captures resource " + paths_.path[id] +
                               ", which has no _create_resource function");
    const std::vector<Tensor> made = run_now(*create);
    if (made.size() != 1 || made[0].dtype() != DType::kResource) damaged(*create + " does not return one resource handle");
    resources_.emplace(id, made[0]);  // before _initialize, which binds the resource itself
    if (const std::optional<std::string> initialize = child_function(id, "_initialize")) run_now(*initialize);
    return made[0];
  }

  // The path of an asset file in the SavedModel's assets/ directory.
  Tensor asset_path(const proto::SavedAsset& asset, const std::string& fn) const {
    const int index = asset.asset_file_def_index();
    if (index < 0 || index >= meta_->asset_file_def_size())
      damaged(fn + " captures asset " + std::to_string(index) + " of " + std::to_string(meta_->asset_file_def_size()));
    const std::string& filename = meta_->asset_file_def(index).filename();
    if (filename.empty() || filename.find("..") != std::string::npos || filename.front() == '/')
      damaged("asset " + std::to_string(index) + " has the file name '" + filename + "'");
    const std::string path = dir_ + "/assets/" + filename;
    if (!std::filesystem::is_regular_file(path))
      throw NotFoundError("[saved_model] " + fn + " needs the asset file " + path + ", which does not exist");
    return constant(path);
  }

  // `spec`: the FunctionSpec of a tf.function or bare concrete function (null for a signature).
  LoadedFunction make_function(const std::string& path, const std::vector<std::string>& names,
                               const proto::FunctionSpec* spec = nullptr) {
    auto state = std::make_shared<detail::FunctionState>();
    state->path = path;
    if (spec && spec->has_fullargspec()) {
      try {
        state->fullargspec = saving::from_proto(spec->fullargspec(), path);
      } catch (const UnimplementedError&) {
        // A default tfpp cannot represent (a NumPy array): calls bind the tensors by name instead.
      }
    }
    for (const std::string& name : names) {
      const proto::SavedConcreteFunction& cf = concrete(name);
      detail::ConcreteFunctionEntry e;
      e.name = name;
      flatten_specs(cf.canonicalized_input_signature(), "", e.input_specs, e.input_names, file_);
      e.input_signature = saving::from_proto(cf.canonicalized_input_signature(), name);
      std::vector<TensorSpec> out_specs;
      flatten_specs(cf.output_signature(), "", out_specs, e.output_names, file_);
      e.output_kind = structure_kind(cf.output_signature());
      for (std::size_t i = 0; i < e.output_names.size(); ++i)
        if (e.output_names[i].empty()) e.output_names[i] = "output_" + std::to_string(i);
      for (int id : cf.bound_inputs()) e.captures.push_back(bound_input(id, name));
      const proto::OpDef& sig = library_->find(name)->signature();
      if (static_cast<std::size_t>(sig.input_arg_size()) != e.input_specs.size() + e.captures.size())
        damaged(name + " takes " + std::to_string(sig.input_arg_size()) + " arguments, but its signature has " +
                std::to_string(e.input_specs.size()) + " inputs and " + std::to_string(e.captures.size()) + " captures");
      auto fn = tf::function(
          [library = library_, name, captures = e.captures](const std::vector<Tensor>& args) {
            std::vector<Tensor> all = args;
            all.insert(all.end(), captures.begin(), captures.end());
            return saving::call_function(*library, name, all);
          },
          {.input_signature = e.input_specs, .name = name});
      e.run = [fn](const std::vector<Tensor>& args) { return fn(args); };
      state->concrete.push_back(std::move(e));
    }
    return LoadedFunction(state);
  }

  std::string dir_, file_;
  proto::SavedModel model_;
  const proto::MetaGraphDef* meta_ = nullptr;
  std::shared_ptr<const saving::FunctionLibrary> library_;
  ObjectPaths paths_;
  std::map<int, Variable> variables_;
  mutable std::map<int, Tensor> resources_;  ///< restored lookup tables, by object id
};

}  // namespace

Loaded load(const std::string& export_dir, const LoadOptions& options) { return Loader(export_dir, options).load(); }

}  // namespace tf::saved_model
