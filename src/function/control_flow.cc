// tf::cond and tf::while_loop: eager execution, and tracing into If / While nodes.
#include "tfpp/control_flow.h"

#include "function/control_flow_ops.h"
#include "graph/function_body.h"
#include "graph/tracer.h"

namespace tf::detail {
namespace {

struct TracedBody {
  std::shared_ptr<graph::Graph> graph;
  std::vector<Tensor> captures;
  std::vector<std::string> keys;
};

// Traces `fn` into a graph whose arguments have `specs`; tensors of the enclosing trace it
// uses become captures (extra arguments after the specs).
TracedBody trace_body(const std::vector<ops::TensorInfo>& specs, const FlatFn& fn, const std::string& name) {
  TracedBody traced{std::make_shared<graph::Graph>(), {}, {}};
  graph::Tracer tracer(*traced.graph, graph::Tracer::current());
  std::vector<Tensor> args;
  for (std::size_t i = 0; i < specs.size(); ++i) args.push_back(tracer.add_arg(specs[i], name + "_arg"));
  {
    ops::ContextScope scope(&tracer);
    std::vector<Tensor> results = fn(args, traced.keys);
    std::vector<graph::NodeOutput> outputs;
    for (const Tensor& t : results) {
      if (!t.defined()) throw InvalidArgumentError("[" + name + "] returned an undefined tensor");
      outputs.push_back(tracer.resolve(t));
    }
    traced.graph->set_outputs(std::move(outputs));
  }
  traced.captures = tracer.captures();
  return traced;
}

// Appends the captures of a body to the op's inputs (once each) and returns, for every
// argument of the body's graph, the op input that feeds it.
std::vector<int> wire_captures(std::vector<Tensor>& op_inputs, const TracedBody& body, std::vector<int> sources) {
  for (const Tensor& c : body.captures) {
    int index = -1;
    for (std::size_t i = 0; i < op_inputs.size(); ++i)
      if (op_inputs[i].impl() == c.impl()) index = static_cast<int>(i);
    if (index < 0) {
      index = static_cast<int>(op_inputs.size());
      op_inputs.push_back(c);
    }
    sources.push_back(index);
  }
  return sources;
}

std::string describe(const graph::Graph& g, std::size_t i) {
  const ops::TensorInfo& info = g.info(g.outputs()[i]);
  return std::string(dtype_name(info.dtype)) + info.shape.debug_string();
}

}  // namespace

bool tracing() { return graph::Tracer::current() != nullptr; }

bool eager_predicate(const Tensor& pred, const char* op) {
  if (!pred.defined() || pred.dtype() != DType::kBool || pred.num_elements() != 1)
    throw InvalidArgumentError(std::string("[") + op + "] the predicate must be a scalar bool tensor, got " +
                               (pred.defined() ? std::string(dtype_name(pred.dtype())) + pred.shape().debug_string()
                                               : std::string("an undefined tensor")));
  return static_cast<bool>(pred);
}

std::vector<Tensor> cond_flat(const Tensor& pred, const FlatFn& true_fn, const FlatFn& false_fn,
                              std::vector<std::string>& keys) {
  if (pred.dtype() != DType::kBool || !pred.shape().is_compatible_with(TensorShape{}))
    throw InvalidArgumentError("[cond] the predicate must be a scalar bool tensor, got " +
                               std::string(dtype_name(pred.dtype())) + pred.shape().debug_string());
  TracedBody then_body = trace_body({}, true_fn, "cond_true");
  TracedBody else_body = trace_body({}, false_fn, "cond_false");
  const graph::Graph &tg = *then_body.graph, &eg = *else_body.graph;
  if (tg.outputs().size() != eg.outputs().size() || then_body.keys != else_body.keys)
    throw InvalidArgumentError("[cond] the branches must return the same structure: true_fn returns " +
                               std::to_string(tg.outputs().size()) + " tensors, false_fn returns " +
                               std::to_string(eg.outputs().size()));
  for (std::size_t i = 0; i < tg.outputs().size(); ++i)
    if (tg.info(tg.outputs()[i]).dtype != eg.info(eg.outputs()[i]).dtype)
      throw InvalidArgumentError("[cond] output " + std::to_string(i) + " of true_fn is " + describe(tg, i) +
                                 " but of false_fn is " + describe(eg, i) + "; the dtypes must match");

  std::vector<Tensor> inputs{pred};
  auto then_fn = std::make_shared<graph::FunctionBody>(then_body.graph, wire_captures(inputs, then_body, {}));
  auto else_fn = std::make_shared<graph::FunctionBody>(else_body.graph, wire_captures(inputs, else_body, {}));
  const ops::AttrValue attrs[] = {then_fn, else_fn};
  const bool stateful = then_fn->stateful() || else_fn->stateful();
  ops::Outputs out = ops::execute(function_ops::if_op(stateful), std::span<const Tensor>(inputs), attrs);
  keys = then_body.keys;
  return std::vector<Tensor>(out.begin(), out.end());
}

std::vector<Tensor> while_flat(const FlatFn& cond, const FlatFn& body, const std::vector<Tensor>& loop_vars,
                               const WhileOptions& options) {
  const std::size_t n = loop_vars.size();
  if (!options.shape_invariants.empty() && options.shape_invariants.size() != n)
    throw InvalidArgumentError("[while_loop] " + std::to_string(options.shape_invariants.size()) +
                               " shape invariants for " + std::to_string(n) + " loop variables");
  std::vector<std::string> keys;
  if (!tracing()) {
    std::vector<Tensor> vars = loop_vars;
    for (std::int64_t it = 0; options.maximum_iterations < 0 || it < options.maximum_iterations; ++it) {
      if (!eager_predicate(cond(vars, keys).at(0), "while_loop")) break;
      std::vector<Tensor> next = body(vars, keys);
      if (next.size() != n)
        throw InvalidArgumentError("[while_loop] body returned " + std::to_string(next.size()) + " tensors for " +
                                   std::to_string(n) + " loop variables");
      for (std::size_t i = 0; i < n; ++i)
        if (next[i].dtype() != vars[i].dtype())
          throw InvalidArgumentError("[while_loop] loop variable " + std::to_string(i) + " entered as " +
                                     std::string(dtype_name(vars[i].dtype())) + " but the body returned " +
                                     std::string(dtype_name(next[i].dtype())));
      vars = std::move(next);
    }
    return vars;
  }

  std::vector<ops::TensorInfo> specs;
  for (std::size_t i = 0; i < n; ++i) {
    TensorShape shape = loop_vars[i].shape();
    if (!options.shape_invariants.empty()) {
      if (!options.shape_invariants[i].is_compatible_with(shape))
        throw InvalidArgumentError("[while_loop] loop variable " + std::to_string(i) + " has shape " +
                                   shape.debug_string() + ", outside its shape invariant " +
                                   options.shape_invariants[i].debug_string());
      shape = options.shape_invariants[i];
    }
    specs.push_back({loop_vars[i].dtype(), shape});
  }
  TracedBody cond_body = trace_body(specs, cond, "while_cond");
  const graph::Graph& cg = *cond_body.graph;
  if (cg.outputs().size() != 1 || cg.info(cg.outputs()[0]).dtype != DType::kBool ||
      !cg.info(cg.outputs()[0]).shape.is_compatible_with(TensorShape{}))
    throw InvalidArgumentError("[while_loop] cond must return one scalar bool tensor");
  TracedBody loop_body = trace_body(specs, body, "while_body");
  const graph::Graph& bg = *loop_body.graph;
  if (bg.outputs().size() != n)
    throw InvalidArgumentError("[while_loop] body returned " + std::to_string(bg.outputs().size()) + " tensors for " +
                               std::to_string(n) + " loop variables");
  for (std::size_t i = 0; i < n; ++i) {
    const ops::TensorInfo& out = bg.info(bg.outputs()[i]);
    if (out.dtype != specs[i].dtype)
      throw InvalidArgumentError("[while_loop] loop variable " + std::to_string(i) + " entered as " +
                                 std::string(dtype_name(specs[i].dtype)) + " but the body returned " + describe(bg, i));
    // Each known dim of the invariant must stay known and equal after an iteration.
    bool fits = out.shape.rank() == specs[i].shape.rank() || specs[i].shape.has_unknown_rank();
    for (int d = 0; fits && d < specs[i].shape.rank(); ++d)
      fits = specs[i].shape.dim(d) == None || specs[i].shape.dim(d) == out.shape.dim(d);
    if (!fits)
      throw InvalidArgumentError("[while_loop] loop variable " + std::to_string(i) + " has shape " +
                                 specs[i].shape.debug_string() + " on entry but " + out.shape.debug_string() +
                                 " after one iteration; pass WhileOptions::shape_invariants to allow it to change");
  }

  std::vector<Tensor> inputs = loop_vars;
  std::vector<int> var_sources;
  for (std::size_t i = 0; i < n; ++i) var_sources.push_back(static_cast<int>(i));
  auto cond_fn = std::make_shared<graph::FunctionBody>(cond_body.graph, wire_captures(inputs, cond_body, var_sources));
  auto body_fn = std::make_shared<graph::FunctionBody>(loop_body.graph, wire_captures(inputs, loop_body, var_sources));
  const ops::AttrValue attrs[] = {static_cast<std::int64_t>(n), cond_fn, body_fn, options.maximum_iterations};
  const bool stateful = cond_fn->stateful() || body_fn->stateful();
  ops::Outputs out = ops::execute(function_ops::while_op(stateful), std::span<const Tensor>(inputs), attrs);
  return std::vector<Tensor>(out.begin(), out.end());
}

}  // namespace tf::detail
