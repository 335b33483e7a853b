// The execution context that records op calls into a Graph instead of running them.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "graph/graph.h"
#include "ops/execute.h"
#include "tfpp/name_scope.h"

namespace tf::graph {

/// While installed (ops::ContextScope), every op call appends a node to `graph` and returns
/// symbolic tensors. Eager tensors used by the traced code become constants; symbolic tensors
/// of an enclosing trace (a cond branch using a value of its function) become captures.
///
/// Note [Captured variables]: a variable handle (a concrete tf::resource tensor) becomes a
/// capture too, never a constant: the graph reads and writes the variable through it at call
/// time. Every trace keeps the concrete handle as the capture: the outermost function passes
/// it at every call, and an If or While takes it as an input (the enclosing trace resolves it
/// to its own capture when it adds the node), so a tape that records the op sees which
/// variable it reads (Note [Gradients through variable handles], autodiff/tape.h).
/// What AutoGraph's path tracing asks of a trace (Note [AutoGraph paths]): it re-runs the traced
/// code once per path, recording the ops an earlier path already recorded into throwaway graphs
/// whose tensors map to the kept ones, and it tells apart the ops that code after an `if` makes
/// on both of its sides by where each op was made.
class PathHooks {
 public:
  virtual ~PathHooks() = default;
  /// The kept tensor for `t` (one handle per value), or `t` itself.
  virtual Tensor canonical(const Tensor& t) = 0;
  /// Called after op node `node` was added to `graph`.
  virtual void op_added(const Graph& graph, int node) = 0;
};

class Tracer final : public ops::ExecutionContext {
 public:
  /// `outer` is the trace enclosing this one (for captures), or null.
  Tracer(Graph& graph, Tracer* outer);

  ops::Outputs execute(const ops::OpDef& op, std::span<const Tensor> inputs,
                       std::span<const ops::AttrValue> attrs) override;

  /// Adds a function argument and returns its symbolic tensor.
  Tensor add_arg(const ops::TensorInfo& info, const std::string& name);
  /// The node output standing for `t` in this graph (adding a constant or capture if needed).
  NodeOutput resolve(const Tensor& t);
  /// Makes the concrete tensor `t` (a variable argument's handle) resolve to `arg`, a
  /// symbolic argument of this graph.
  void bind(const Tensor& t, const Tensor& arg);
  /// Tensors of the enclosing trace (or, outermost, variable handles) that this graph
  /// captured, in capture-argument order.
  const std::vector<Tensor>& captures() const { return captures_; }
  Graph& graph() { return graph_; }
  /// Makes this trace (and the traces nested in it later) resolve tensors through `hooks`, and
  /// report the ops it adds to them.
  void set_hooks(PathHooks* hooks) { hooks_ = hooks; }
  /// The hooks of this trace, or null.
  PathHooks* hooks() const { return hooks_; }

  /// The innermost tracer active on this thread, or null.
  static Tracer* current();

 private:
  bool owns(const Tensor& t) const;

  Graph& graph_;
  Tracer* outer_;
  std::unordered_map<const void*, NodeOutput> resolved_;  // by TensorImpl address
  std::vector<Tensor> captures_;
  std::vector<Tensor> bound_;
  PathHooks* hooks_;
};

/// The current name scope prefix ("outer/inner/") on this thread.
const std::string& current_name_scope();

/// While alive, the current name scope is the root: a function's graph starts there, as a new
/// FuncGraph does in TensorFlow, whatever scope its caller is in.
class RootNameScope {
 public:
  RootNameScope();
  ~RootNameScope();
  RootNameScope(const RootNameScope&) = delete;
  RootNameScope& operator=(const RootNameScope&) = delete;

 private:
  std::string caller_scope_;
};

/// While alive, the next op traced on this thread is named `name` (in the current name scope)
/// instead of by its type, as TensorFlow's Python wrappers name their nodes (tf.add's AddV2
/// node is "Add"). A name ending in '/' is a full name reserved with Graph::unique_name. When
/// overrides nest, the outer one names the op: the API the user called names its node.
class NodeNameOverride {
 public:
  explicit NodeNameOverride(const char* name);
  ~NodeNameOverride();
  NodeNameOverride(const NodeNameOverride&) = delete;
  NodeNameOverride& operator=(const NodeNameOverride&) = delete;

 private:
  bool owns_;  // false under an outer override, which keeps naming the op
};

/// True while a NodeNameOverride waits for the op it names.
bool node_name_pending();

/// While alive in a trace, reserves the unique node name `base` in the current name scope and
/// opens it as a name scope, so nodes made for an op's operands are named "mul_1/y"; the op
/// traced after name_next_op() takes the reserved name itself ("mul_1"). This is TensorFlow's
/// Python `with name_scope(None, "mul") as name:` around an operator.
class OpNameScope {
 public:
  OpNameScope(Tracer& tracer, const std::string& base);
  OpNameScope(const OpNameScope&) = delete;
  OpNameScope& operator=(const OpNameScope&) = delete;
  /// A constant node named `name` inside the scope ("y"), holding `value`.
  Tensor constant(const Tensor& value, const std::string& name);
  /// Names the next traced op with the reserved name (until the scope ends).
  void name_next_op() { name_.emplace(reserved_.c_str()); }

 private:
  Tracer& tracer_;
  std::string reserved_;  // the full reserved name with a trailing '/'
  tf::name_scope scope_;
  std::optional<NodeNameOverride> name_;
};

}  // namespace tf::graph
