#include "saving/saved_model/v1_saver.h"

#include "checkpoint/object_graph.h"
#include "proto/tensor_proto.h"

namespace tf::saving {
namespace {

// Where TensorFlow pins its save and restore ops.
constexpr const char* kCpu = "/device:CPU:0";

proto::NodeDef& add_node(proto::GraphDef& graph, const std::string& name, const std::string& op,
                         std::set<std::string>& used_ops) {
  proto::NodeDef& node = *graph.add_node();
  node.set_name(name);
  node.set_op(op);
  used_ops.insert(op);
  return node;
}

// A Const string vector, as TensorFlow writes one (string_val).
void add_strings(proto::GraphDef& graph, const std::string& name, const std::vector<std::string>& values,
                 std::set<std::string>& used_ops) {
  proto::NodeDef& node = add_node(graph, name, "Const", used_ops);
  node.set_device(kCpu);
  (*node.mutable_attr())["dtype"].set_type(proto::DT_STRING);
  proto::TensorProto& t = *(*node.mutable_attr())["value"].mutable_tensor();
  t.set_dtype(proto::DT_STRING);
  t.mutable_tensor_shape()->add_dim()->set_size(static_cast<std::int64_t>(values.size()));
  for (const std::string& v : values) t.add_string_val(v);
}

}  // namespace

proto::SaverDef add_v1_saver(proto::GraphDef& graph, const std::vector<SaverVariable>& variables,
                             const std::string& object_graph, std::set<std::string>& used_ops) {
  proto::NodeDef& filename = add_node(graph, "saver_filename", "Placeholder", used_ops);
  (*filename.mutable_attr())["dtype"].set_type(proto::DT_STRING);
  (*filename.mutable_attr())["shape"].mutable_shape();

  std::vector<std::string> keys;
  for (const SaverVariable& v : variables) keys.push_back(v.key);

  // Save: the variables' values and the object graph, then the filename as the save tensor.
  add_strings(graph, "save/tensor_names", [&] {
    std::vector<std::string> all = keys;
    all.push_back(checkpoint::kObjectGraphKey);
    return all;
  }(), used_ops);
  add_strings(graph, "save/shape_and_slices", std::vector<std::string>(keys.size() + 1, ""), used_ops);
  proto::NodeDef& graph_const = add_node(graph, "save/object_graph", "Const", used_ops);
  (*graph_const.mutable_attr())["dtype"].set_type(proto::DT_STRING);
  proto::TensorProto& graph_value = *(*graph_const.mutable_attr())["value"].mutable_tensor();
  graph_value.set_dtype(proto::DT_STRING);
  graph_value.mutable_tensor_shape();
  graph_value.add_string_val(object_graph);
  proto::NodeDef& save = add_node(graph, "save/SaveV2", "SaveV2", used_ops);
  save.set_device(kCpu);
  for (const char* in : {"saver_filename", "save/tensor_names", "save/shape_and_slices"}) save.add_input(in);
  auto* save_types = (*save.mutable_attr())["dtypes"].mutable_list();
  for (std::size_t i = 0; i < variables.size(); ++i) {
    const std::string read = "save/ReadVariableOp" + (i == 0 ? std::string() : "_" + std::to_string(i));
    proto::NodeDef& r = add_node(graph, read, "ReadVariableOp", used_ops);
    r.add_input(variables[i].handle);
    (*r.mutable_attr())["dtype"].set_type(proto_convert::to_data_type(variables[i].dtype));
    save.add_input(read);
    save_types->add_type(proto_convert::to_data_type(variables[i].dtype));
  }
  save.add_input("save/object_graph");
  save_types->add_type(proto::DT_STRING);
  proto::NodeDef& saved = add_node(graph, "save/control_dependency", "Identity", used_ops);
  saved.add_input("saver_filename");
  saved.add_input("^save/SaveV2");
  (*saved.mutable_attr())["T"].set_type(proto::DT_STRING);

  // Restore: RestoreV2 of every variable's key, each assigned to its handle.
  proto::SaverDef def;
  def.set_filename_tensor_name("saver_filename:0");
  def.set_save_tensor_name("save/control_dependency:0");
  def.set_restore_op_name("save/restore_all");
  def.set_max_to_keep(5);
  def.set_keep_checkpoint_every_n_hours(10000.0f);
  def.set_version(proto::SaverDef::V2);
  proto::NodeDef& restore_all = add_node(graph, "save/restore_all", "NoOp", used_ops);  // after every assignment
  if (variables.empty()) return def;  // RestoreV2 restores at least one tensor
  add_strings(graph, "save/RestoreV2/tensor_names", keys, used_ops);
  add_strings(graph, "save/RestoreV2/shape_and_slices", std::vector<std::string>(keys.size(), ""), used_ops);
  proto::NodeDef& restore = add_node(graph, "save/RestoreV2", "RestoreV2", used_ops);
  restore.set_device(kCpu);
  for (const char* in : {"saver_filename", "save/RestoreV2/tensor_names", "save/RestoreV2/shape_and_slices"})
    restore.add_input(in);
  auto* restore_types = (*restore.mutable_attr())["dtypes"].mutable_list();
  for (std::size_t i = 0; i < variables.size(); ++i) {
    restore_types->add_type(proto_convert::to_data_type(variables[i].dtype));
    const std::string assign = "save/AssignVariableOp" + (i == 0 ? std::string() : "_" + std::to_string(i));
    proto::NodeDef& a = add_node(graph, assign, "AssignVariableOp", used_ops);
    a.add_input(variables[i].handle);
    a.add_input("save/RestoreV2:" + std::to_string(i));
    (*a.mutable_attr())["dtype"].set_type(proto_convert::to_data_type(variables[i].dtype));
    restore_all.add_input("^" + assign);
  }
  return def;
}

}  // namespace tf::saving
