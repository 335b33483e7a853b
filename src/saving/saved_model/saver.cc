// tf::saved_model::save: a module's object tree and signature functions in TensorFlow's
// SavedModel layout (INTEROP.md §2).
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <set>

#include "autodiff/resource_variable_ops.h"
#include "autodiff/variable_impl.h"
#include "checkpoint/object_graph.h"
#include "core/resource_handle.h"
#include "checkpoint/tensor_bundle.h"
#include "function/concrete_function_impl.h"
#include "io/atomic_file.h"
#include "proto/fingerprint.pb.h"
#include "proto/saved_model.pb.h"
#include "proto/tensor_proto.h"
#include "proto/trackable_object_graph.pb.h"
#include "saving/saved_model/default_signature.h"
#include "saving/saved_model/export_directory.h"
#include "saving/saved_model/function_exporter.h"
#include "saving/saved_model/structured_value_proto.h"
#include "saving/saved_model/table_exporter.h"
#include "saving/saved_model/v1_saver.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/module.h"
#include "tfpp/saved_model.h"
#include "tfpp/structured_value.h"

namespace tf::saved_model {
namespace {

// TensorFlow 2.21's GraphDef version (TF_GRAPH_DEF_VERSION); a function library needs consumers
// of version 12 or later.
constexpr int kGraphDefVersion = 2474;
constexpr int kMinConsumerWithLibrary = 12;

proto::StructuredValue tensor_spec(const std::string& name, const TensorShape& shape, DType dtype) {
  proto::StructuredValue v;
  auto* spec = v.mutable_tensor_spec_value();
  spec->set_name(name);
  proto_convert::to_shape_proto(shape, spec->mutable_shape());
  spec->set_dtype(proto_convert::to_data_type(dtype));
  return v;
}

// TensorFlow's sanitize_spec_name: the name of the spec of an output at `path` ("0" for a tuple's
// first, a dict's key, "" for a lone tensor).
std::string spec_name(const std::string& path) {
  if (path.empty()) return "unknown";
  std::string out;
  for (char c : path) {
    const auto u = static_cast<unsigned char>(c);
    out += std::isalnum(u) ? static_cast<char>(std::tolower(u)) : '_';
  }
  return std::isalpha(static_cast<unsigned char>(out[0])) ? out : "tensor_" + out;
}

// TensorFlow's FunctionSpec of a function taking `args` by position and `kwonlyargs` by keyword
// only (and, when `variadic`, any others: `*args, **kwargs`): Python's FullArgSpec, and the
// input_signature (None without one).
proto::FunctionSpec function_spec(const std::vector<std::string>& args, const std::vector<std::string>& kwonlyargs,
                                  const std::vector<TensorSpec>& input_signature, bool variadic = false) {
  proto::FunctionSpec spec;
  auto* tuple = spec.mutable_fullargspec()->mutable_named_tuple_value();
  tuple->set_name("FullArgSpec");
  auto field = [&](const char* key) {
    auto* pair = tuple->add_values();
    pair->set_key(key);
    return pair->mutable_value();
  };
  auto* positional = field("args")->mutable_list_value();
  for (const std::string& a : args) positional->add_values()->set_string_value(a);
  if (variadic) field("varargs")->set_string_value("args");
  else field("varargs")->mutable_none_value();
  if (variadic) field("varkw")->set_string_value("kwargs");
  else field("varkw")->mutable_none_value();
  field("defaults")->mutable_none_value();
  auto* keyword = field("kwonlyargs")->mutable_list_value();
  for (const std::string& a : kwonlyargs) keyword->add_values()->set_string_value(a);
  field("kwonlydefaults")->mutable_none_value();
  field("annotations")->mutable_dict_value();
  if (input_signature.empty()) spec.mutable_input_signature()->mutable_none_value();
  for (const TensorSpec& s : input_signature)
    *spec.mutable_input_signature()->mutable_tuple_value()->add_values() = tensor_spec(s.name, s.shape, s.dtype);
  return spec;
}

// The FunctionSpec of a function's concrete function `cf` taking tensors named `args`: the front
// end's FullArgSpec when it gave one (a function node's with its defaults; a trace's, as TensorFlow
// writes it, without defaults, its keyword-only parameters followed by the extra keywords it was
// called with), else function_spec's.
proto::FunctionSpec function_spec_of(const ConcreteFunction& cf, const std::vector<std::string>& args, bool trace) {
  const ConcreteFunction::Impl& impl = *cf.impl();
  if (!impl.structured_signature) return function_spec(args, {}, trace ? std::vector<TensorSpec>{} : impl.input_signature);
  StructuredValue fullargspec = impl.structured_signature->fullargspec;
  const std::vector<StructuredValue>& call = impl.structured_signature->inputs.items;  // (args, kwargs)
  if (trace && fullargspec.kind == StructuredValue::Kind::kNamedTuple && call.size() == 2) {
    const StructuredValue& kwargs = call[1];
    for (std::size_t i = 0; i < fullargspec.keys.size(); ++i) {
      const std::string& key = fullargspec.keys[i];
      StructuredValue& field = fullargspec.items[i];
      if (key == "varkw" || key == "defaults" || key == "kwonlydefaults") field = StructuredValue();
      if (key != "kwonlyargs") continue;
      for (const std::string& k : kwargs.keys)
        if (std::none_of(field.items.begin(), field.items.end(), [&](const StructuredValue& a) { return a.string_value == k; }))
          field.items.emplace_back(k);
    }
  }
  proto::FunctionSpec spec;
  *spec.mutable_fullargspec() = saving::to_proto(fullargspec);
  if (trace || impl.input_signature.empty()) spec.mutable_input_signature()->mutable_none_value();
  for (const TensorSpec& s : trace ? std::vector<TensorSpec>{} : impl.input_signature)
    *spec.mutable_input_signature()->mutable_tuple_value()->add_values() = tensor_spec(s.name, s.shape, s.dtype);
  return spec;
}

// The signatures to write: those given, else TensorFlow's default one.
std::map<std::string, ConcreteFunction> signatures_to_save(const Module& module, const SaveOptions& options) {
  if (!options.signatures.empty()) return options.signatures;
  if (std::optional<ConcreteFunction> cf = saving::default_signature(module)) return {{"serving_default", *cf}};
  return {};
}

// A name not used before in `used`: name, name_1, name_2, ...
std::string unique(const std::string& name, std::set<std::string>& used) {
  std::string out = name;
  for (int k = 1; !used.insert(out).second; ++k) out = name + "_" + std::to_string(k);
  return out;
}

class Saver {
 public:
  Saver(const Module& module, const SaveOptions& options)
      : signatures_(signatures_to_save(module, options)), ops_(proto::FunctionDefLibrary(), proto::OpList()),
        nodes_(checkpoint::traverse(train::Trackable(module))) {}

  // Everything is built before the first byte is written, so an error leaves no trace.
  void save(const std::string& dir) {
    proto::SavedModel model;
    model.set_saved_model_schema_version(1);
    meta_ = model.add_meta_graphs();
    meta_->mutable_meta_info_def()->add_tags("serve");
    meta_->mutable_meta_info_def()->set_meta_graph_version("tfpp");
    auto* versions = meta_->mutable_graph_def()->mutable_versions();
    versions->set_producer(kGraphDefVersion);
    versions->set_min_consumer(kMinConsumerWithLibrary);
    tables_.emplace(*meta_, used_ops_, [this](const std::string& base) { return inference_name(base); },
                    function_spec({}, {}, {}));
    add_variable_handles();
    add_objects();
    add_signatures();
    add_functions();
    add_library();
    add_init_op();
    add_saver();
    add_stripped_ops();
    std::string bytes;
    if (!model.SerializeToString(&bytes)) throw InternalError("[saved_model] the SavedModel does not serialize");

    saving::ExportDirectory out(dir);
    write_variables(out.path() + "/variables/variables");
    write_assets(out.path() + "/assets");
    proto::FingerprintDef fingerprint;
    fingerprint.mutable_version()->set_producer(1);
    io::write_file_atomically(out.path() + "/fingerprint.pb", fingerprint.SerializeAsString(), "[saved_model]");
    io::write_file_atomically(out.path() + "/saved_model.pb", bytes, "[saved_model]");
    out.commit();
  }

 private:
  proto::SavedObjectGraph& objects() { return *meta_->mutable_object_graph_def(); }

  // A VarHandleOp per variable in the main graph (what C++ loaders and signature calls use).
  void add_variable_handles() {
    std::set<std::string> used;
    for (std::size_t id = 0; id < nodes_.size(); ++id) {
      const Variable* var = checkpoint::variable_of(nodes_[id].object);
      if (!var) continue;
      const Variable& v = *var;
      variable_ids_[v.id()] = static_cast<int>(id);
      const std::string name = unique(checkpoint::variable_full_name(v), used);
      handle_names_[v.id()] = name;
      proto::NodeDef* node = meta_->mutable_graph_def()->add_node();
      node->set_name(name);
      node->set_op("VarHandleOp");
      auto& attrs = *node->mutable_attr();
      attrs["dtype"].set_type(proto_convert::to_data_type(v.dtype()));
      proto_convert::to_shape_proto(v.shape(), attrs["shape"].mutable_shape());
      attrs["shared_name"].set_s(name);
      attrs["container"].set_s("");
      attrs["debug_name"].set_s(checkpoint::variable_full_name(v) + "/");
      attrs["allowed_devices"].mutable_list();
      used_ops_.insert("VarHandleOp");
    }
  }

  // The object graph's nodes of the traversal (ids shared with the checkpoint's object graph).
  void add_objects() {
    for (const checkpoint::GraphNode& node : nodes_) {
      proto::SavedObject* obj = objects().add_nodes();
      for (const auto& [name, child] : node.children) {
        auto* ref = obj->add_children();
        ref->set_node_id(child);
        ref->set_local_name(name);
      }
      if (checkpoint::table_of(node.object)) continue;  // a resource: add_tables() writes it
      if (const Variable* v = checkpoint::variable_of(node.object)) {
        auto* sv = obj->mutable_variable();
        sv->set_dtype(proto_convert::to_data_type(v->dtype()));
        proto_convert::to_shape_proto(v->shape(), sv->mutable_shape());
        sv->set_trainable(v->trainable());
        sv->set_name(checkpoint::variable_full_name(*v));
      } else {
        auto* user = obj->mutable_user_object();
        const Module* module = std::get_if<Module>(&node.object.value());
        user->set_identifier(module ? module->module_state()->saved_identifier : "_generic_user_object");
        user->mutable_version()->set_producer(1);
        user->mutable_version()->set_min_consumer(1);
      }
    }
    add_tables();
  }

  // The lookup tables: resources with their functions (table_exporter.h).
  void add_tables() {
    for (std::size_t id = 0; id < nodes_.size(); ++id)
      if (const lookup::LookupTableBase* table = checkpoint::table_of(nodes_[id].object)) {
        tables_->add(static_cast<int>(id), *table, nodes_[id].path);
        table_ids_[core::resource_of(table->resource_handle()).get()] = static_cast<int>(id);
      }
  }

  // The tracked table a captured handle refers to: its object id.
  int table_id(const Tensor& handle, const std::string& what) const {
    auto it = table_ids_.find(core::resource_of(handle).get());
    if (it == table_ids_.end())
      throw InvalidArgumentError("[saved_model] " + what +
                                 " uses a lookup table the saved module does not track (track it with tf::lookup::track_table)");
    return it->second;
  }

  void write_assets(const std::string& dir) {
    if (tables_->assets().empty()) return;
    std::filesystem::create_directories(dir);
    for (const auto& [source, name] : tables_->assets())
      std::filesystem::copy_file(source, dir + "/" + name, std::filesystem::copy_options::overwrite_existing);
  }

  // The root's "signatures" child, written also when empty, as TensorFlow does.
  void add_signatures() {
    const int map_id = objects().nodes_size();
    auto* map = objects().add_nodes()->mutable_user_object();
    map->set_identifier("signature_map");
    map->mutable_version()->set_producer(1);
    map->mutable_version()->set_min_consumer(1);
    auto* root_ref = objects().mutable_nodes(0)->add_children();
    root_ref->set_node_id(map_id);
    root_ref->set_local_name("signatures");
    int call_index = 0;
    for (const auto& [key, cf] : signatures_) add_signature(key, cf, map_id, call_index++);
  }

  // What exporting a concrete function gives: how it was exported, the object ids of the
  // variables it captures (its bound inputs) and its user inputs in the FunctionDef's order.
  struct ExportedConcrete {
    saving::ExportSignature sig;
    std::vector<int> bound;
    std::vector<int> user;
  };

  // Exports `cf` into the library as `name` (a signature's inputs are ordered by name, a
  // function's by position); `what` names it in errors.
  ExportedConcrete export_concrete(const ConcreteFunction& cf, const std::string& name, const std::string& what,
                                   bool keyword_inputs) {
    if (!cf.defined()) throw InvalidArgumentError("[saved_model] " + what + " is an undefined ConcreteFunction");
    const ConcreteFunction::Impl& impl = *cf.impl();
    const graph::Graph& g = *impl.graph;
    const std::size_t num_inputs = impl.inputs.size();
    ExportedConcrete out;
    saving::ExportSignature& sig = out.sig;
    sig.name = name;
    sig.description = what + " (function " + impl.name + ")";
    std::set<std::string> used;
    for (std::size_t i = 0; i < g.args().size(); ++i) {
      std::string base = i < num_inputs ? (impl.inputs[i].name.empty() ? g.node(g.args()[i]).name : impl.inputs[i].name)
                                        : std::string("unknown");
      sig.input_names.push_back(unique(saving::sanitize_arg_name(base), used));
    }
    // Captured variables: the bound inputs.
    sig.resource_handles.resize(g.args().size());
    for (std::size_t c = 0; c < impl.captured_inputs.size(); ++c) {
      const Tensor& h = impl.captured_inputs[c];
      if (h.dtype() != DType::kResource || h.is_symbolic())
        throw UnimplementedError("[saved_model] " + what + " captures a " + std::string(dtype_name(h.dtype())) +
                                 " tensor; only variables can be captured");
      if (core::resource_of(h)) {  // a lookup table
        out.bound.push_back(table_id(h, what));
        continue;
      }
      const Variable v(autodiff::handle_variable(h));
      auto it = variable_ids_.find(v.id());
      if (it == variable_ids_.end())
        throw InvalidArgumentError("[saved_model] " + what + " uses variable " + v.name() +
                                   ", which the saved module does not track");
      out.bound.push_back(it->second);
      sig.resource_handles[num_inputs + c] = ops::TensorInfo{v.dtype(), v.shape()};
    }
    for (std::size_t i = 0; i < num_inputs; ++i) out.user.push_back(static_cast<int>(i));
    if (keyword_inputs)
      std::sort(out.user.begin(), out.user.end(), [&](int a, int b) { return sig.input_names[a] < sig.input_names[b]; });
    sig.input_order = out.user;
    for (std::size_t i = num_inputs; i < g.args().size(); ++i) sig.input_order.push_back(static_cast<int>(i));
    // Named outputs in key order (how TensorFlow flattens a dict), others by position.
    const std::vector<std::string>& keys = impl.output_keys;
    const bool named = keys.size() == g.outputs().size();
    std::set<std::string> used_out;
    for (std::size_t o = 0; o < g.outputs().size(); ++o)
      sig.output_names.push_back(unique(named ? keys[o] : "output_" + std::to_string(o), used_out));
    for (std::size_t o = 0; o < g.outputs().size(); ++o) sig.output_order.push_back(static_cast<int>(o));
    if (named || keyword_inputs)
      std::sort(sig.output_order.begin(), sig.output_order.end(),
                [&](int a, int b) { return sig.output_names[a] < sig.output_names[b]; });

    proto::FunctionDef fn = saving::export_function(g, sig, ops_, library_);
    for (const proto::NodeDef& n : fn.node_def()) used_ops_.insert(n.op());
    *meta_->mutable_graph_def()->mutable_library()->add_function() = fn;
    return out;
  }

  // A fresh library name for a function exported from `base`.
  std::string inference_name(const std::string& base) {
    return "__inference_" + saving::sanitize_arg_name(base) + "_" + std::to_string(next_function_id_++);
  }

  void add_signature(const std::string& key, const ConcreteFunction& cf, int map_id, int call_index) {
    const ExportedConcrete exported = export_concrete(cf, inference_name("signature_wrapper"), "signature " + key, true);
    const saving::ExportSignature& sig = exported.sig;
    const std::vector<int>& user = exported.user;
    const std::vector<int>& bound = exported.bound;
    const ConcreteFunction::Impl& impl = *cf.impl();
    const graph::Graph& g = *impl.graph;

    // The object graph: the concrete function and its bare node under "signatures".
    proto::SavedConcreteFunction& saved = (*objects().mutable_concrete_functions())[sig.name];
    for (int b : bound) saved.add_bound_inputs(b);
    auto* in_tuple = saved.mutable_canonicalized_input_signature()->mutable_tuple_value();
    in_tuple->add_values()->mutable_tuple_value();
    auto* in_dict = in_tuple->add_values()->mutable_dict_value();
    for (int i : user)
      (*in_dict->mutable_fields())[sig.input_names[i]] = tensor_spec(sig.input_names[i], impl.inputs[i].shape, impl.inputs[i].dtype);
    auto* out_dict = saved.mutable_output_signature()->mutable_dict_value();
    for (std::size_t o = 0; o < g.outputs().size(); ++o) {
      const ops::TensorInfo& info = g.info(g.outputs()[o]);
      (*out_dict->mutable_fields())[sig.output_names[o]] = tensor_spec(spec_name(sig.output_names[o]), info.shape, info.dtype);
    }
    // Keyword arguments only, but for a lone input, which TensorFlow also takes by position.
    std::vector<std::string> keywords;
    for (int i : user) keywords.push_back(sig.input_names[i]);
    const int bare_id = objects().nodes_size();
    auto* bare = objects().add_nodes()->mutable_bare_concrete_function();
    bare->set_concrete_function_name(sig.name);
    for (const std::string& k : keywords) bare->add_argument_keywords(k);
    bare->set_allowed_positional_arguments(keywords.size() == 1 ? 1 : 0);
    *bare->mutable_function_spec() = function_spec({}, keywords, {});
    auto* ref = objects().mutable_nodes(map_id)->add_children();
    ref->set_node_id(bare_id);
    ref->set_local_name(key);

    // The main graph: a Placeholder per input, a StatefulPartitionedCall, and the SignatureDef.
    auto& graph = *meta_->mutable_graph_def();
    const std::string call = call_index == 0 ? "StatefulPartitionedCall" : "StatefulPartitionedCall_" + std::to_string(call_index);
    proto::NodeDef* call_node = graph.add_node();
    call_node->set_name(call);
    call_node->set_op("StatefulPartitionedCall");
    auto& call_attrs = *call_node->mutable_attr();
    proto::SignatureDef& def = (*meta_->mutable_signature_def())[key];
    def.set_method_name("tensorflow/serving/predict");
    for (int i : user) {
      const std::string ph = key + "_" + sig.input_names[i];
      proto::NodeDef* p = graph.add_node();
      p->set_name(ph);
      p->set_op("Placeholder");
      (*p->mutable_attr())["dtype"].set_type(proto_convert::to_data_type(impl.inputs[i].dtype));
      proto_convert::to_shape_proto(impl.inputs[i].shape, (*p->mutable_attr())["shape"].mutable_shape());
      call_node->add_input(ph);
      call_attrs["Tin"].mutable_list()->add_type(proto_convert::to_data_type(impl.inputs[i].dtype));
      proto::TensorInfo& info = (*def.mutable_inputs())[sig.input_names[i]];
      info.set_name(ph + ":0");
      info.set_dtype(proto_convert::to_data_type(impl.inputs[i].dtype));
      proto_convert::to_shape_proto(impl.inputs[i].shape, info.mutable_tensor_shape());
    }
    for (std::size_t c = 0; c < impl.captured_inputs.size(); ++c) {
      const Tensor& h = impl.captured_inputs[c];
      if (core::resource_of(h)) {
        call_node->add_input(tables_->handle_node(table_id(h, "signature " + key)));
        call_attrs["Tin"].mutable_list()->add_type(proto::DT_RESOURCE);
        continue;
      }
      const Variable v(autodiff::handle_variable(h));
      call_node->add_input(handle_names_.at(v.id()));
      call_attrs["Tin"].mutable_list()->add_type(proto::DT_RESOURCE);
    }
    call_attrs["Tout"].mutable_list();
    for (std::size_t k = 0; k < sig.output_order.size(); ++k) {
      const int o = sig.output_order[k];
      const ops::TensorInfo& out = g.info(g.outputs()[o]);
      call_attrs["Tout"].mutable_list()->add_type(proto_convert::to_data_type(out.dtype));
      proto::TensorInfo& info = (*def.mutable_outputs())[sig.output_names[o]];
      info.set_name(call + ":" + std::to_string(k));
      info.set_dtype(proto_convert::to_data_type(out.dtype));
      proto_convert::to_shape_proto(out.shape, info.mutable_tensor_shape());
    }
    if (!call_attrs.contains("Tin")) call_attrs["Tin"].mutable_list();
    call_attrs["f"].mutable_func()->set_name(sig.name);
    call_attrs["config"].set_s("");
    call_attrs["config_proto"].set_s("");
    call_attrs["executor_type"].set_s("");
    used_ops_.insert("StatefulPartitionedCall");
    used_ops_.insert("Placeholder");
  }

  // The tf::function attributes of every module (Module::add_function): a function node per
  // attribute listing the concrete functions it traced, as TensorFlow saves a tf.Module's. One
  // never traced (it has no input_signature, which would have been traced) lists none: TensorFlow
  // saves it so, and calling it after loading raises. Its parameters are unknown here, so its
  // FunctionSpec takes `*args, **kwargs`: TensorFlow binds any call to them and then raises its
  // "Found zero restored functions" ValueError.
  void add_functions() {
    const std::size_t num_objects = nodes_.size();
    for (std::size_t id = 0; id < num_objects; ++id) {
      const Module* module = std::get_if<Module>(&nodes_[id].object.value());
      if (!module) continue;
      for (const auto& [attribute, concrete_functions] : module->named_functions()) {
        const std::string what = "function " + (nodes_[id].path.empty() ? attribute : nodes_[id].path + "/" + attribute);
        const std::vector<ConcreteFunction> traced = concrete_functions();
        const int function_id = objects().nodes_size();
        objects().add_nodes()->mutable_function();
        std::vector<std::string> names;
        std::vector<std::vector<std::string>> args;  // of each concrete function
        for (const ConcreteFunction& cf : traced) {
          names.push_back(inference_name(attribute));
          const ExportedConcrete exported = export_concrete(cf, names.back(), what, false);
          add_concrete_function(names.back(), cf, exported);
          args.emplace_back();
          for (int i : exported.user) args.back().push_back(exported.sig.input_names[i]);
        }
        proto::SavedFunction& saved = *objects().mutable_nodes(function_id)->mutable_function();
        for (const std::string& name : names) saved.add_concrete_functions(name);
        *saved.mutable_function_spec() =
            traced.empty() ? function_spec({}, {}, {}, true) : function_spec_of(traced.front(), args.front(), false);
        // Each concrete function is also a child and dependency "trace_<k>" (TensorFlow's loaded.f.trace_1).
        for (std::size_t k = 0; k < names.size(); ++k) {
          const int bare_id = objects().nodes_size();
          auto* bare = objects().add_nodes()->mutable_bare_concrete_function();
          bare->set_concrete_function_name(names[k]);
          for (const std::string& a : args[k]) bare->add_argument_keywords(a);
          bare->set_allowed_positional_arguments(static_cast<std::int64_t>(args[k].size()));
          *bare->mutable_function_spec() = function_spec_of(traced[k], args[k], true);
          for (auto* refs : {objects().mutable_nodes(function_id)->mutable_children(),
                             objects().mutable_nodes(function_id)->mutable_dependencies()}) {
            auto* ref = refs->Add();
            ref->set_node_id(bare_id);
            ref->set_local_name("trace_" + std::to_string(k));
          }
        }
        auto* ref = objects().mutable_nodes(static_cast<int>(id))->add_children();
        ref->set_node_id(function_id);
        ref->set_local_name(attribute);
      }
    }
  }

  // The object graph's entry of a function's concrete function: the inputs as the front end
  // called it (else positional tensors), and outputs as a dict (named), one TensorSpec or a tuple.
  void add_concrete_function(const std::string& name, const ConcreteFunction& cf, const ExportedConcrete& exported) {
    const ConcreteFunction::Impl& impl = *cf.impl();
    const graph::Graph& g = *impl.graph;
    proto::SavedConcreteFunction& saved = (*objects().mutable_concrete_functions())[name];
    for (int b : exported.bound) saved.add_bound_inputs(b);
    std::vector<TensorSpec> specs;
    for (int i : exported.user) specs.emplace_back(impl.inputs[i].shape, impl.inputs[i].dtype, exported.sig.input_names[i]);
    if (impl.structured_signature && impl.structured_signature->inputs.num_specs() == specs.size()) {
      *saved.mutable_canonicalized_input_signature() = saving::to_proto(saving::with_specs(impl.structured_signature->inputs, specs));
    } else {
      auto* in_tuple = saved.mutable_canonicalized_input_signature()->mutable_tuple_value();
      auto* args = in_tuple->add_values()->mutable_tuple_value();
      in_tuple->add_values()->mutable_dict_value();
      for (const TensorSpec& spec : specs) *args->add_values() = tensor_spec(spec.name, spec.shape, spec.dtype);
    }
    const bool named = impl.output_keys.size() == g.outputs().size() && !impl.output_keys.empty();
    // Specs named as TensorFlow names them, by their path in the result.
    proto::StructuredValue& out = *saved.mutable_output_signature();
    for (std::size_t o = 0; o < g.outputs().size(); ++o) {
      const ops::TensorInfo& info = g.info(g.outputs()[o]);
      const std::string& key = exported.sig.output_names[o];
      if (named) (*out.mutable_dict_value()->mutable_fields())[key] = tensor_spec(spec_name(key), info.shape, info.dtype);
      else if (g.outputs().size() == 1) out = tensor_spec(spec_name(""), info.shape, info.dtype);
      else *out.mutable_tuple_value()->add_values() = tensor_spec(spec_name(std::to_string(o)), info.shape, info.dtype);
    }
    if (g.outputs().empty()) out.mutable_none_value();
  }

  // The functions the exported ones call: branches and bodies of control flow.
  void add_library() {
    for (const proto::FunctionDef& fn : library_.functions()) {
      for (const proto::NodeDef& n : fn.node_def()) used_ops_.insert(n.op());
      *meta_->mutable_graph_def()->mutable_library()->add_function() = fn;
    }
  }

  // The saver sub-graph session-based loaders restore the variables with.
  void add_saver() {
    std::vector<saving::SaverVariable> variables;
    for (const checkpoint::GraphNode& node : nodes_)
      if (const Variable* v = checkpoint::variable_of(node.object))
        variables.push_back({handle_names_.at(v->id()), checkpoint::variable_key(node.path), v->dtype()});
    *meta_->mutable_saver_def() =
        saving::add_v1_saver(*meta_->mutable_graph_def(), variables, object_graph_bytes(), used_ops_);
  }

  std::string object_graph_bytes() const { return checkpoint::object_graph_proto(nodes_).SerializeAsString(); }

  void add_init_op() {
    proto::NodeDef* noop = meta_->mutable_graph_def()->add_node();
    noop->set_name("NoOp");
    noop->set_op("NoOp");
    for (const std::string& call : tables_->init_calls()) noop->add_input("^" + call);
    used_ops_.insert("NoOp");
    proto::SignatureDef& init = (*meta_->mutable_signature_def())["__saved_model_init_op"];
    proto::TensorInfo& info = (*init.mutable_outputs())["__saved_model_init_op"];
    info.set_name("NoOp");
    info.mutable_tensor_shape()->set_unknown_rank(true);
  }

  // The interfaces of the ops the graph and its functions use (meta_info_def.stripped_op_list).
  void add_stripped_ops() {
    auto* list = meta_->mutable_meta_info_def()->mutable_stripped_op_list();
    for (const std::string& op : used_ops_)
      if (const proto::OpDef* def = ops_.op_def(op)) *list->add_op() = *def;
  }

  void write_variables(const std::string& prefix) {
    checkpoint::BundleWriter writer(prefix);
    for (const checkpoint::GraphNode& node : nodes_) checkpoint::add_values(writer, node);
    writer.add(checkpoint::kObjectGraphKey, constant(object_graph_bytes()));
    writer.finish();
  }

  const std::map<std::string, ConcreteFunction> signatures_;
  saving::FunctionLibrary ops_;
  saving::ExportedFunctions library_;
  std::vector<checkpoint::GraphNode> nodes_;
  proto::MetaGraphDef* meta_ = nullptr;
  std::map<std::uint64_t, int> variable_ids_;
  std::map<std::uint64_t, std::string> handle_names_;
  std::optional<saving::TableExporter> tables_;
  std::map<const void*, int> table_ids_;  ///< a tracked table's resource -> its object id
  std::set<std::string> used_ops_;
  int next_function_id_ = 1000;
};
}  // namespace

void save(const Module& module, const std::string& export_dir, const SaveOptions& options) {
  Saver(module, options).save(export_dir);
}

}  // namespace tf::saved_model
