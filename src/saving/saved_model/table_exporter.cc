#include "saving/saved_model/table_exporter.h"

#include <filesystem>
#include <random>

#include "core/resource_handle.h"
#include "ops/lookup/lookup_table.h"
#include "ops/lookup/table_checkpoint.h"
#include "proto/tensor_proto.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"

namespace tf::saving {
namespace {

proto::NodeDef& add_node(proto::FunctionDef& fn, const std::string& name, const std::string& op,
                         const std::vector<std::string>& inputs) {
  proto::NodeDef& node = *fn.add_node_def();
  node.set_name(name);
  node.set_op(op);
  for (const std::string& in : inputs) node.add_input(in);
  return node;
}

void set_type(proto::NodeDef& node, const char* attr, DType dtype) {
  (*node.mutable_attr())[attr].set_type(proto_convert::to_data_type(dtype));
}

void add_arg(proto::OpDef& sig, const std::string& name, DType dtype) {
  auto* arg = sig.add_input_arg();
  arg->set_name(name);
  arg->set_type(proto_convert::to_data_type(dtype));
}

// The end of every table function: Identity(Const 1), after the nodes `after` (TensorFlow's
// initializers and destroyers return 1).
void return_one(proto::FunctionDef& fn, const std::vector<std::string>& after) {
  proto::NodeDef& one = add_node(fn, "Const", "Const", {});
  set_type(one, "dtype", int32);
  proto_convert::to_tensor_proto(constant(1), (*one.mutable_attr())["value"].mutable_tensor());
  std::vector<std::string> inputs{"Const:output:0"};
  if (!after.empty()) {
    std::vector<std::string> controls;
    for (const std::string& a : after) controls.push_back("^" + a);
    add_node(fn, "NoOp", "NoOp", controls);
    inputs.push_back("^NoOp");
  }
  set_type(add_node(fn, "Identity", "Identity", inputs), "T", int32);
  auto* out = fn.mutable_signature()->add_output_arg();
  out->set_name("identity");
  out->set_type(proto::DT_INT32);
  (*fn.mutable_ret())["identity"] = "Identity:output:0";
  for (const std::string& a : after) {
    fn.mutable_signature()->add_control_output(a);
    (*fn.mutable_control_ret())[a] = a;
  }
}

// HashTableV2's attributes, in the creator function and the main graph alike.
void table_attrs(proto::NodeDef& node, DType key_dtype, DType value_dtype, const std::string& shared_name) {
  set_type(node, "key_dtype", key_dtype);
  set_type(node, "value_dtype", value_dtype);
  (*node.mutable_attr())["shared_name"].set_s(shared_name);
  (*node.mutable_attr())["use_node_name_sharing"].set_b(false);
  (*node.mutable_attr())["container"].set_s("");
}

// A name no other process's table shares: tables with one shared_name are one table in TensorFlow.
std::string unique_shared_name() {
  static std::mt19937_64 random{std::random_device{}()};
  char text[32];
  std::snprintf(text, sizeof text, "hash_table_%016llx", static_cast<unsigned long long>(random()));
  return text;
}

proto::StructuredValue scalar_spec(DType dtype) {
  proto::StructuredValue v;
  auto* spec = v.mutable_tensor_spec_value();
  spec->set_name("unknown");
  spec->mutable_shape();
  spec->set_dtype(proto_convert::to_data_type(dtype));
  return v;
}

}  // namespace

TableExporter::TableExporter(proto::MetaGraphDef& meta, std::set<std::string>& used_ops,
                             std::function<std::string(const std::string&)> function_name, proto::FunctionSpec no_arguments)
    : meta_(meta), used_ops_(used_ops), function_name_(std::move(function_name)), no_arguments_(std::move(no_arguments)) {}

std::string TableExporter::fresh_node_name(const std::string& base) const {
  std::set<std::string> used;
  for (const proto::NodeDef& n : meta_.graph_def().node()) used.insert(n.name());
  std::string name = base;
  for (int k = 1; used.count(name); ++k) name = base + "_" + std::to_string(k);
  return name;
}

void TableExporter::add_function_object(int parent, const std::string& name, const proto::FunctionDef& fn,
                                        const std::vector<int>& bound, DType output) {
  *graph().mutable_library()->add_function() = fn;
  for (const proto::NodeDef& n : fn.node_def()) used_ops_.insert(n.op());
  const std::string& fn_name = fn.signature().name();
  proto::SavedConcreteFunction& concrete = (*objects().mutable_concrete_functions())[fn_name];
  for (int b : bound) concrete.add_bound_inputs(b);
  auto* inputs = concrete.mutable_canonicalized_input_signature()->mutable_tuple_value();
  inputs->add_values()->mutable_tuple_value();
  inputs->add_values()->mutable_dict_value();
  *concrete.mutable_output_signature() = scalar_spec(output);
  const int id = objects().nodes_size();
  proto::SavedFunction& function = *objects().add_nodes()->mutable_function();
  function.add_concrete_functions(fn_name);
  *function.mutable_function_spec() = no_arguments_;
  auto* ref = objects().mutable_nodes(parent)->add_children();
  ref->set_node_id(id);
  ref->set_local_name(name);
}

int TableExporter::add_constant_object(const std::string& node) {
  const int id = objects().nodes_size();
  proto::SavedObject& obj = *objects().add_nodes();
  obj.mutable_constant()->set_operation(node);
  obj.set_registered_name("tf.TrackableConstant");
  return id;
}

void TableExporter::add(int id, const lookup::LookupTableBase& table, const std::string& path) {
  const auto state = std::dynamic_pointer_cast<ops::LookupTable>(core::resource_of(table.resource_handle()));
  if (!state) throw InternalError("[saved_model] the object at '" + path + "' is not a lookup table");
  if (state->is_mutable)
    throw UnimplementedError("[saved_model] the lookup table at '" + path + "' is a " +
                             (state->empty_key ? std::string("DenseHashTable") : state->kind) +
                             ": tfpp's SavedModels hold static tables (StaticHashTable, StaticVocabularyTable); "
                             "save a mutable table's entries with tf::train::Checkpoint");
  const DType key_dtype = table.key_dtype(), value_dtype = table.value_dtype();
  const std::string shared_name = unique_shared_name();
  objects().mutable_nodes(id)->mutable_resource();

  // _create_resource
  proto::FunctionDef create;
  create.mutable_signature()->set_name(function_name_("_creator"));
  create.mutable_signature()->set_is_stateful(true);
  auto* handle_out = create.mutable_signature()->add_output_arg();
  handle_out->set_name("identity");
  handle_out->set_type(proto::DT_RESOURCE);
  table_attrs(add_node(create, "hash_table", "HashTableV2", {}), key_dtype, value_dtype, shared_name);
  set_type(add_node(create, "Identity", "Identity", {"hash_table:table_handle:0"}), "T", resource);
  (*create.mutable_ret())["identity"] = "Identity:output:0";
  add_function_object(id, "_create_resource", create, {}, resource);

  // The main graph's table, for session-based loaders.
  const std::string handle = fresh_node_name("hash_table");
  proto::NodeDef& main_table = *graph().add_node();
  main_table.set_name(handle);
  main_table.set_op("HashTableV2");
  table_attrs(main_table, key_dtype, value_dtype, shared_name);
  handle_nodes_[id] = handle;

  // _initialize: from the file the table was read from, else from its entries as constants.
  proto::FunctionDef init;
  init.mutable_signature()->set_name(function_name_("_initializer"));
  init.mutable_signature()->set_is_stateful(true);
  std::vector<int> bound;
  std::vector<std::string> main_inputs;
  std::vector<DType> main_types;
  std::optional<ops::LookupTable::TextFileSource> text_file;
  {
    std::lock_guard lock(state->mutex);
    text_file = state->text_file;
  }
  if (text_file) {
    if (!std::filesystem::is_regular_file(text_file->filename))
      throw NotFoundError("[saved_model] the lookup table at '" + path + "' was read from " + text_file->filename +
                          ", which no longer exists; the SavedModel keeps that file as an asset");
    std::set<std::string> names;
    for (const auto& a : assets_) names.insert(a.second);
    const std::filesystem::path source(text_file->filename);
    std::string name = source.filename().string();
    for (int k = 1; names.count(name); ++k) name = source.stem().string() + "_" + std::to_string(k) + source.extension().string();
    assets_.emplace_back(text_file->filename, name);
    const std::string placeholder = fresh_node_name("asset_path_initializer");
    proto::NodeDef& p = *graph().add_node();
    p.set_name(placeholder);
    p.set_op("Placeholder");
    set_type(p, "dtype", string);
    (*p.mutable_attr())["shape"].mutable_shape();
    used_ops_.insert("Placeholder");
    proto::AssetFileDef& asset_def = *meta_.add_asset_file_def();
    asset_def.mutable_tensor_info()->set_name(placeholder + ":0");
    asset_def.mutable_tensor_info()->set_dtype(proto::DT_STRING);
    asset_def.mutable_tensor_info()->mutable_tensor_shape();
    asset_def.set_filename(name);
    // The initializer object `_initializer` holds the asset `_filename`, as TensorFlow's TextFileInitializer.
    const int initializer_id = objects().nodes_size();
    auto* user = objects().add_nodes()->mutable_user_object();
    user->set_identifier("_generic_user_object");
    user->mutable_version()->set_producer(1);
    user->mutable_version()->set_min_consumer(1);
    const int asset_id = objects().nodes_size();
    objects().add_nodes()->mutable_asset()->set_asset_file_def_index(meta_.asset_file_def_size() - 1);
    auto* asset_ref = objects().mutable_nodes(initializer_id)->add_children();
    asset_ref->set_node_id(asset_id);
    asset_ref->set_local_name("_filename");
    auto* init_ref = objects().mutable_nodes(id)->add_children();
    init_ref->set_node_id(initializer_id);
    init_ref->set_local_name("_initializer");

    add_arg(*init.mutable_signature(), "asset_filepath", string);
    add_arg(*init.mutable_signature(), "table_handle", resource);
    proto::NodeDef& read = add_node(init, "InitializeTableFromTextFileV2", "InitializeTableFromTextFileV2",
                                    {"table_handle", "asset_filepath"});
    auto& attrs = *read.mutable_attr();
    attrs["key_index"].set_i(text_file->key_index);
    attrs["value_index"].set_i(text_file->value_index);
    attrs["vocab_size"].set_i(text_file->vocab_size);
    attrs["delimiter"].set_s(text_file->delimiter);
    attrs["offset"].set_i(text_file->offset);
    bound = {asset_id, id};
    main_inputs = {placeholder, handle};
    main_types = {string, resource};
  } else {
    const auto [keys, values] = ops::table_checkpoint_tensors(table.resource_handle());
    std::vector<std::string> consts;
    for (const Tensor* t : {&keys, &values}) {
      const std::string name = fresh_node_name("Const");
      proto::NodeDef& c = *graph().add_node();
      c.set_name(name);
      c.set_op("Const");
      set_type(c, "dtype", t->dtype());
      proto_convert::to_tensor_proto(*t, (*c.mutable_attr())["value"].mutable_tensor());
      used_ops_.insert("Const");
      consts.push_back(name);
    }
    add_arg(*init.mutable_signature(), "table_handle", resource);
    add_arg(*init.mutable_signature(), "keys", key_dtype);
    add_arg(*init.mutable_signature(), "values", value_dtype);
    proto::NodeDef& import = add_node(init, "LookupTableImportV2", "LookupTableImportV2", {"table_handle", "keys", "values"});
    set_type(import, "Tin", key_dtype);
    set_type(import, "Tout", value_dtype);
    bound = {id, add_constant_object(consts[0]), add_constant_object(consts[1])};
    main_inputs = {handle, consts[0], consts[1]};
    main_types = {resource, key_dtype, value_dtype};
  }
  return_one(init, {init.node_def(0).name()});
  add_function_object(id, "_initialize", init, bound, int32);

  // The main graph's initializer call.
  const std::string call = fresh_node_name(handle + "_initializer");
  proto::NodeDef& c = *graph().add_node();
  c.set_name(call);
  c.set_op("StatefulPartitionedCall");
  for (const std::string& in : main_inputs) c.add_input(in);
  auto& call_attrs = *c.mutable_attr();
  for (DType t : main_types) call_attrs["Tin"].mutable_list()->add_type(proto_convert::to_data_type(t));
  call_attrs["Tout"].mutable_list()->add_type(proto::DT_INT32);
  call_attrs["f"].mutable_func()->set_name(init.signature().name());
  call_attrs["config"].set_s("");
  call_attrs["config_proto"].set_s("");
  call_attrs["executor_type"].set_s("");
  used_ops_.insert("StatefulPartitionedCall");
  init_calls_.push_back(call);

  // _destroy_resource
  proto::FunctionDef destroy;
  destroy.mutable_signature()->set_name(function_name_("_destroyer"));
  return_one(destroy, {});
  add_function_object(id, "_destroy_resource", destroy, {}, int32);
}

}  // namespace tf::saving
