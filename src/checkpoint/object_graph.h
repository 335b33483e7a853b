// The object graph of a checkpoint: what each trackable's children are, and the breadth-first
// traversal from the root that numbers the nodes and names the keys as TensorFlow does
// (python/checkpoint/graph_view.py, trackable_utils.py).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "proto/trackable_object_graph.pb.h"
#include "tfpp/train/checkpoint.h"

namespace tf::checkpoint {

/// The reserved key of the serialized TrackableObjectGraph.
inline constexpr const char* kObjectGraphKey = "_CHECKPOINTABLE_OBJECT_GRAPH";
/// The attribute name of a variable's value.
inline constexpr const char* kVariableValue = "VARIABLE_VALUE";

/// One object, numbered in breadth-first order from the root (node 0).
struct GraphNode {
  train::Trackable object;
  const void* identity = nullptr;                      ///< the shared state it is a handle to
  std::vector<std::pair<std::string, int>> children;   ///< local name -> node id
  std::string path;                                    ///< escaped local names from the root, '/'-joined
};

/// The children of an object by local name (none for a variable).
std::vector<std::pair<std::string, train::Trackable>> children_of(const train::Trackable& object);
/// The variable an object is, or nullptr.
const Variable* variable_of(const train::Trackable& object);
/// The lookup table an object is, or nullptr.
const lookup::LookupTableBase* table_of(const train::Trackable& object);
/// The attribute name of a table's entries ("<key>-keys" and "<key>-values" in the bundle).
inline constexpr const char* kTableAttribute = "table";
/// The checkpoint key of a saveable table at `path`: "<path>/.ATTRIBUTES/table".
std::string table_key(const std::string& path);
/// Whether an object has values of its own in a checkpoint (a variable, a mutable table).
bool has_own_values(const train::Trackable& object);
class BundleWriter;
/// Adds the values of `node`'s object to `writer`: a variable's value, a mutable table's keys and values.
void add_values(BundleWriter& writer, const GraphNode& node);
/// Every object reachable from `root`, each once, breadth first; children in children_of order.
std::vector<GraphNode> traverse(const train::Trackable& root);
/// The TrackableObjectGraph of a traversal: children, variables' attributes with their keys, and
/// has_checkpoint_values, as TensorFlow writes it.
proto::TrackableObjectGraph object_graph_proto(const std::vector<GraphNode>& nodes);
/// A variable's name as TensorFlow records it: without the ":0" output index.
std::string variable_full_name(const Variable& variable);
/// A local name escaped for a key path ('.' -> "..", '/' -> ".S").
std::string escape_local_name(const std::string& name);
/// The key of a variable at `path`: "<path>/.ATTRIBUTES/VARIABLE_VALUE".
std::string variable_key(const std::string& path);

}  // namespace tf::checkpoint
