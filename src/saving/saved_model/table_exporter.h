// Static lookup tables in a SavedModel, as TensorFlow saves a CapturableResource
// (python/trackable/resource.py, python/saved_model/save.py): the table's object is a `resource`
// with three function children, `_create_resource` (HashTableV2), `_initialize` (LookupTableImportV2
// of constants the function captures, or InitializeTableFromTextFileV2 of an asset file copied into
// assets/) and `_destroy_resource`. TensorFlow's loader creates the table, runs the initializer and
// binds the table to the functions that capture it; so does tfpp's. The main graph also holds a
// HashTableV2 and an initializer call per table (which the init op waits for), for loaders that run
// the graph in a session.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "proto/saved_model.pb.h"
#include "tfpp/lookup/tables.h"

namespace tf::saving {

class TableExporter {
 public:
  /// Writes into `meta` (its graph, library, object graph and asset list); `used_ops` collects the
  /// ops written; `function_name(base)` gives a fresh library name; `no_arguments` is the
  /// FunctionSpec of a function taking none.
  TableExporter(proto::MetaGraphDef& meta, std::set<std::string>& used_ops,
                std::function<std::string(const std::string&)> function_name, proto::FunctionSpec no_arguments);

  /// Makes object `id` (the table at `path`) a resource with its functions. A mutable table is
  /// refused with UnimplementedError: its entries would need saveable functions tfpp does not write.
  void add(int id, const lookup::LookupTableBase& table, const std::string& path);
  /// The main graph's node holding table `id`'s handle.
  const std::string& handle_node(int id) const { return handle_nodes_.at(id); }
  /// The main graph's initializer calls, which the init op waits for.
  const std::vector<std::string>& init_calls() const { return init_calls_; }
  /// The asset files to copy: (the file read, its name under assets/).
  const std::vector<std::pair<std::string, std::string>>& assets() const { return assets_; }

 private:
  proto::SavedObjectGraph& objects() { return *meta_.mutable_object_graph_def(); }
  proto::GraphDef& graph() { return *meta_.mutable_graph_def(); }
  /// A main-graph node name not used yet.
  std::string fresh_node_name(const std::string& base) const;
  /// Adds a function object child `name` of object `parent` for library function `fn`, which
  /// captures the objects `bound` and returns one scalar of `output`.
  void add_function_object(int parent, const std::string& name, const proto::FunctionDef& fn, const std::vector<int>& bound,
                           DType output);
  /// Adds a `constant` object standing for main-graph Const `node`; returns its id.
  int add_constant_object(const std::string& node);

  proto::MetaGraphDef& meta_;
  std::set<std::string>& used_ops_;
  std::function<std::string(const std::string&)> function_name_;
  proto::FunctionSpec no_arguments_;
  std::map<int, std::string> handle_nodes_;
  std::vector<std::string> init_calls_;
  std::vector<std::pair<std::string, std::string>> assets_;
};

}  // namespace tf::saving
