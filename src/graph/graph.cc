#include "graph/graph.h"

#include <algorithm>
#include <atomic>
#include <cctype>

#include "core/tensor_impl.h"

namespace tf::graph {
namespace {
std::atomic<std::uint64_t> next_graph_id{1};
}

Graph::Graph() : id_(next_graph_id++) {}

// TensorFlow's Graph.unique_name: names are compared without case ("Add" after "add" is
// "Add_1"), and a suffixed name is marked taken too, so a later "mul_1" cannot collide with it.
std::string Graph::unique_name(const std::string& base) {
  std::string key = base;
  std::ranges::transform(key, key.begin(), [](unsigned char c) { return std::tolower(c); });
  int& uses = names_in_use_[key];
  if (uses++ == 0) return base;
  int suffix = uses - 1;
  while (names_in_use_.count(key + "_" + std::to_string(suffix))) ++suffix;
  names_in_use_[key + "_" + std::to_string(suffix)] = 1;
  return base + "_" + std::to_string(suffix);
}

int Graph::add_arg(const ops::TensorInfo& info, const std::string& name) {
  Node n;
  n.kind = NodeKind::kArg;
  n.name = unique_name(name);
  n.outputs.push_back(info);
  n.arg_index = static_cast<int>(args_.size());
  nodes_.push_back(std::move(n));
  args_.push_back(static_cast<int>(nodes_.size()) - 1);
  return args_.back();
}

int Graph::add_const(const Tensor& value, const std::string& name) {
  Node n;
  n.kind = NodeKind::kConst;
  n.name = unique_name(name);
  n.outputs.push_back({value.dtype(), value.shape()});
  n.value = value;
  nodes_.push_back(std::move(n));
  return static_cast<int>(nodes_.size()) - 1;
}

int Graph::add_op(const ops::OpDef& op, std::vector<NodeOutput> inputs, std::vector<ops::AttrValue> attrs,
                  ops::OutputInfos outputs, const std::string& name) {
  Node n;
  n.kind = NodeKind::kOp;
  // A name ending in '/' was reserved with unique_name already (TensorFlow's convention).
  n.name = name.ends_with('/') ? name.substr(0, name.size() - 1) : unique_name(name);
  n.op = &op;
  n.inputs = std::move(inputs);
  n.attrs = std::move(attrs);
  n.outputs = std::move(outputs);
  nodes_.push_back(std::move(n));
  return static_cast<int>(nodes_.size()) - 1;
}

void Graph::replace(std::vector<Node> nodes, std::vector<NodeOutput> outputs) {
  nodes_ = std::move(nodes);
  outputs_ = std::move(outputs);
  args_.assign(args_.size(), -1);
  for (std::size_t i = 0; i < nodes_.size(); ++i)
    if (nodes_[i].kind == NodeKind::kArg) args_[nodes_[i].arg_index] = static_cast<int>(i);
}

std::vector<int> Graph::control_outputs() const {
  std::vector<int> out;
  for (std::size_t i = 0; i < nodes_.size(); ++i)
    if (nodes_[i].control_output) out.push_back(static_cast<int>(i));
  return out;
}

Tensor make_symbolic(const Graph& graph, NodeOutput output) {
  auto impl = std::make_shared<detail::TensorImpl>();
  const ops::TensorInfo& info = graph.info(output);
  impl->dtype = info.dtype;
  impl->shape = info.shape;
  impl->symbolic = std::make_shared<const detail::SymbolicValue>(detail::SymbolicValue{
      graph.id(), output.node, output.index, graph.node(output.node).name + ":" + std::to_string(output.index)});
  return Tensor(std::move(impl));
}

}  // namespace tf::graph
