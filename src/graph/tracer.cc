#include "graph/tracer.h"

#include <utility>

#include "core/tensor_impl.h"

namespace tf::graph {

namespace {
thread_local const char* tls_node_name = nullptr;  // set by NodeNameOverride
}  // namespace

NodeNameOverride::NodeNameOverride(const char* name) : owns_(tls_node_name == nullptr) {
  if (owns_) tls_node_name = name;
}
NodeNameOverride::~NodeNameOverride() {
  if (owns_) tls_node_name = nullptr;  // unused, or already taken by its op
}

bool node_name_pending() { return tls_node_name != nullptr; }

namespace {
// The reserved full name, and the part of it below the current scope (the scope to open).
std::string reserve(Graph& graph, const std::string& base) {
  return graph.unique_name(current_name_scope() + base) + "/";
}
}  // namespace

OpNameScope::OpNameScope(Tracer& tracer, const std::string& base)
    : tracer_(tracer),
      reserved_(reserve(tracer.graph(), base)),
      scope_(reserved_.substr(current_name_scope().size(), reserved_.size() - current_name_scope().size() - 1)) {}

Tensor OpNameScope::constant(const Tensor& value, const std::string& name) {
  return make_symbolic(tracer_.graph(), {tracer_.graph().add_const(value, current_name_scope() + name), 0});
}

Tracer::Tracer(Graph& graph, Tracer* outer)
    : graph_(graph), outer_(outer), hooks_(outer ? outer->hooks_ : nullptr) {}

Tracer* Tracer::current() { return dynamic_cast<Tracer*>(ops::current_context()); }

Tensor Tracer::add_arg(const ops::TensorInfo& info, const std::string& name) {
  return make_symbolic(graph_, {graph_.add_arg(info, current_name_scope() + name), 0});
}

bool Tracer::owns(const Tensor& t) const { return t.is_symbolic() && t.impl()->symbolic->graph_id == graph_.id(); }

NodeOutput Tracer::resolve(const Tensor& t) {
  if (hooks_ && t.is_symbolic()) {
    Tensor kept = hooks_->canonical(t);
    if (kept.impl() != t.impl()) return resolve(kept);
  }
  if (owns(t)) return {t.impl()->symbolic->node, t.impl()->symbolic->index};
  auto it = resolved_.find(t.impl().get());
  if (it != resolved_.end()) return it->second;
  NodeOutput out;
  if (!t.is_symbolic() && t.dtype() == DType::kResource) {
    // A variable handle is an input of the function, never a constant (Note [Captured variables]).
    captures_.push_back(t);
    out = {graph_.add_arg({DType::kResource, TensorShape{}}, current_name_scope() + "resource"), 0};
  } else if (!t.is_symbolic()) {
    out = {graph_.add_const(t, current_name_scope() + "Const"), 0};
  } else {
    bool from_enclosing = false;
    for (Tracer* o = outer_; o && !from_enclosing; o = o->outer_) from_enclosing = o->owns(t) || o->resolved_.count(t.impl().get());
    if (!from_enclosing)
      throw InvalidArgumentError(
          "[tf.function] a symbolic tensor from another graph was used; tensors created while tracing must not "
          "escape the traced function");
    out = {graph_.add_arg({t.dtype(), t.shape()}, current_name_scope() + "capture"), 0};
    captures_.push_back(t);
  }
  resolved_.emplace(t.impl().get(), out);
  return out;
}

void Tracer::bind(const Tensor& t, const Tensor& arg) {
  bound_.push_back(t);  // keeps the address in resolved_ valid
  resolved_[t.impl().get()] = resolve(arg);
}

ops::Outputs Tracer::execute(const ops::OpDef& op, std::span<const Tensor> inputs,
                             std::span<const ops::AttrValue> attrs) {
  ops::OutputInfos infos = ops::infer_outputs(op, inputs, attrs);
  std::vector<NodeOutput> edges;
  edges.reserve(inputs.size());
  for (const Tensor& t : inputs) edges.push_back(resolve(t));
  const char* name = std::exchange(tls_node_name, nullptr);  // an override names one op only
  const bool reserved = name && std::string_view(name).ends_with('/');
  const int node = graph_.add_op(op, std::move(edges), std::vector<ops::AttrValue>(attrs.begin(), attrs.end()), infos,
                                 reserved ? std::string(name) : current_name_scope() + (name ? name : op.name));
  if (hooks_) hooks_->op_added(graph_, node);
  ops::Outputs outputs(infos.size());
  for (std::size_t i = 0; i < infos.size(); ++i) outputs[i] = make_symbolic(graph_, {node, static_cast<int>(i)});
  return outputs;
}

}  // namespace tf::graph
