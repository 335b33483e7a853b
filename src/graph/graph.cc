#include "graph/graph.h"

#include <atomic>

#include "core/tensor_impl.h"

namespace tf::graph {
namespace {
std::atomic<std::uint64_t> next_graph_id{1};
}

Graph::Graph() : id_(next_graph_id++) {}

std::string Graph::unique_name(const std::string& base) {
  int& count = name_counts_[base];
  std::string name = count == 0 ? base : base + "_" + std::to_string(count);
  ++count;
  return name;
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
  n.name = unique_name(name);
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
