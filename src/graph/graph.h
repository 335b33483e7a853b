// The graph IR that tf::function traces into.
//
// A Graph is a list of nodes in creation order, which is also a valid execution order:
// a node's inputs and control inputs always come from earlier nodes. Nodes are function arguments, constants
// (eager tensors the traced code used), or op calls that name their OpDef directly.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ops/op_def.h"

namespace tf::graph {

/// Output `index` of node `node`.
struct NodeOutput {
  int node = -1;
  int index = 0;
  friend bool operator==(const NodeOutput&, const NodeOutput&) = default;
};

enum class NodeKind { kArg, kConst, kOp };

/// One node of a graph.
struct Node {
  NodeKind kind = NodeKind::kOp;
  std::string name;                    ///< unique within the graph, scoped by tf::name_scope
  const ops::OpDef* op = nullptr;      ///< for kOp
  std::vector<NodeOutput> inputs;      ///< for kOp
  std::vector<ops::AttrValue> attrs;   ///< for kOp, positional as the OpDef declares
  ops::OutputInfos outputs;            ///< static dtypes and shapes
  Tensor value;                        ///< for kConst
  int arg_index = -1;                  ///< for kArg
  std::vector<int> control_inputs;     ///< nodes that must run before this one (side effects)
  bool control_output = false;         ///< must run even if no output needs it (a side effect)
  std::string device;                  ///< where a tf::device scope placed it ("" if none)
  std::string source;                  ///< where in the C++ source the traced code made it, when known
};

/// A traced function body: nodes, which of them are arguments, and the results.
class Graph {
 public:
  Graph();
  /// A process-unique id; symbolic tensors remember the id of the graph they belong to.
  std::uint64_t id() const { return id_; }

  /// Each adds a node named `name` made unique, and returns its index. add_op takes a name
  /// ending in '/' as one reserved with unique_name already, and drops the slash.
  int add_arg(const ops::TensorInfo& info, const std::string& name);
  int add_const(const Tensor& value, const std::string& name);
  int add_op(const ops::OpDef& op, std::vector<NodeOutput> inputs, std::vector<ops::AttrValue> attrs,
             ops::OutputInfos outputs, const std::string& name);

  const std::vector<Node>& nodes() const { return nodes_; }
  const Node& node(int i) const { return nodes_[i]; }
  /// Node i, to annotate (its device, its C++ source); not for changing what it computes.
  Node& mutable_node(int i) { return nodes_[i]; }
  /// Node ids of the arguments, in call order.
  const std::vector<int>& args() const { return args_; }
  /// The function's results.
  const std::vector<NodeOutput>& outputs() const { return outputs_; }
  void set_outputs(std::vector<NodeOutput> outputs) { outputs_ = std::move(outputs); }
  /// The nodes that run for their side effects (TensorFlow's control outputs).
  std::vector<int> control_outputs() const;
  /// The static dtype and shape of an output.
  const ops::TensorInfo& info(NodeOutput out) const { return nodes_[out.node].outputs[out.index]; }

  /// Replaces the nodes and outputs (used by optimization passes). Argument nodes must keep
  /// their order; node names are kept as they are.
  void replace(std::vector<Node> nodes, std::vector<NodeOutput> outputs);

  /// Readable text, one node per line: `add = AddV2(x, y) : float32[2,2]`.
  std::string to_string() const;
  /// Graphviz DOT text.
  std::string to_dot() const;

 /// `base`, or `base_1`, `base_2`, ... when taken, marking the result taken (node names, and
  /// name scopes that TensorFlow makes unique the same way, "assert_equal_1").
  std::string unique_name(const std::string& base);

 private:

  std::uint64_t id_;
  std::vector<Node> nodes_;
  std::vector<int> args_;
  std::vector<NodeOutput> outputs_;
  std::unordered_map<std::string, int> names_in_use_;  // lower-cased names and their uses
};

/// A symbolic tensor for `output` of `graph`.
Tensor make_symbolic(const Graph& graph, NodeOutput output);

}  // namespace tf::graph
