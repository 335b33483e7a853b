// tf::cond and tf::while_loop: eager execution, and tracing into If / While nodes.
#include "tfpp/control_flow.h"

#include "autodiff/tape.h"
#include "core/visit_integer_dtype.h"
#include "function/autograph.h"
#include "function/control_flow_ops.h"
#include "function/traced_body.h"
#include "graph/function_body.h"
#include "graph/tracer.h"
#include "tfpp/array_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::detail {
namespace {

std::string describe(const graph::Graph& g, std::size_t i) {
  const ops::TensorInfo& info = g.info(g.outputs()[i]);
  return std::string(dtype_name(info.dtype)) + info.shape.debug_string();
}

std::string describe_tensor(const Tensor& t) {
  return t.defined() ? std::string(dtype_name(t.dtype())) + t.shape().debug_string() : std::string("an undefined tensor");
}

void check_branch_index(const Tensor& index) {
  if (!index.defined() || (index.dtype() != DType::kInt32 && index.dtype() != DType::kInt64) ||
      !index.shape().is_compatible_with(TensorShape{}))
    throw InvalidArgumentError("[switch_case] branch_index must be a scalar int32 or int64 tensor, got " +
                               describe_tensor(index));
}

}  // namespace

// An `if` on a tensor inside the body becomes an If in the body's graph, as in a tf::function
// (Note [AutoGraph paths]).
TracedBody trace_body(const std::vector<ops::TensorInfo>& specs, const FlatFn& fn, const std::string& name) {
  // Tapes see the If / While node, not the body's symbolic ops; the node takes the handles of
  // the variables the body reads, which is how a tape watches them.
  autodiff::SuspendTapes suspend;
  autograph::detail::PathsTrace traced = autograph::detail::trace_paths(
      name, graph::Tracer::current(),
      [&](graph::Tracer& tracer) {
        std::vector<Tensor> args;
        for (const ops::TensorInfo& spec : specs) args.push_back(tracer.add_arg(spec, name + "_arg"));
        return args;
      },
      fn);
  return {traced.graph, traced.tracer->captures(), std::move(traced.keys)};
}

// Captures are shared only with inputs from `first` on: a While's loop variables change, so a
// capture of a tensor that also entered as a loop variable's initial value must stay a separate input.
std::vector<int> wire_captures(std::vector<Tensor>& op_inputs, const TracedBody& body, std::vector<int> sources,
                               std::size_t first) {
  for (const Tensor& c : body.captures) {
    int index = -1;
    for (std::size_t i = first; i < op_inputs.size(); ++i)
      if (op_inputs[i].impl() == c.impl()) index = static_cast<int>(i);
    if (index < 0) {
      index = static_cast<int>(op_inputs.size());
      op_inputs.push_back(c);
    }
    sources.push_back(index);
  }
  return sources;
}

bool tracing() { return graph::Tracer::current() != nullptr; }

bool eager_predicate(const Tensor& pred, const char* op) {
  if (!pred.defined() || pred.dtype() != DType::kBool || pred.num_elements() != 1)
    throw InvalidArgumentError(std::string("[") + op + "] the predicate must be a scalar bool tensor, got " +
                               (pred.defined() ? std::string(dtype_name(pred.dtype())) + pred.shape().debug_string()
                                               : std::string("an undefined tensor")));
  return static_cast<bool>(pred);
}

namespace {

void check_predicate(const Tensor& pred, const std::string& op) {
  if (pred.dtype() != DType::kBool || !pred.shape().is_compatible_with(TensorShape{}))
    throw InvalidArgumentError("[" + op + "] the predicate must be a scalar bool tensor, got " +
                               std::string(dtype_name(pred.dtype())) + pred.shape().debug_string());
}

// One If node choosing between two traced branches; `then_name` / `else_name` name the
// branches in structure and dtype errors.
std::vector<Tensor> if_node(const std::string& op, const Tensor& pred, const FlatFn& then_fn, const FlatFn& else_fn,
                            const std::string& then_name, const std::string& else_name,
                            std::vector<std::string>& keys) {
  check_predicate(pred, op);
  TracedBody then_body = trace_body({}, then_fn, op + "_true");
  TracedBody else_body = trace_body({}, else_fn, op + "_false");
  if (then_body.keys != else_body.keys)
    throw InvalidArgumentError("[" + op + "] the branches must return the same structure: " + then_name + " returns " +
                               std::to_string(then_body.graph->outputs().size()) + " tensors, " + else_name +
                               " returns " + std::to_string(else_body.graph->outputs().size()));
  keys = then_body.keys;
  return emit_if(op, pred, then_body, else_body, then_name, else_name);
}

}  // namespace

std::vector<Tensor> emit_if(const std::string& op, const Tensor& pred, const TracedBody& then_body,
                            const TracedBody& else_body, const std::string& then_name, const std::string& else_name) {
  check_predicate(pred, op);
  const graph::Graph &tg = *then_body.graph, &eg = *else_body.graph;
  if (tg.outputs().size() != eg.outputs().size())
    throw InvalidArgumentError("[" + op + "] the branches must return the same structure: " + then_name + " returns " +
                               std::to_string(tg.outputs().size()) + " tensors, " + else_name + " returns " +
                               std::to_string(eg.outputs().size()));
  for (std::size_t i = 0; i < tg.outputs().size(); ++i)
    if (tg.info(tg.outputs()[i]).dtype != eg.info(eg.outputs()[i]).dtype)
      throw InvalidArgumentError("[" + op + "] output " + std::to_string(i) + " of " + then_name + " is " +
                                 describe(tg, i) + " but of " + else_name + " is " + describe(eg, i) +
                                 "; the dtypes must match");

  std::vector<Tensor> inputs{pred};
  auto then_fn_body = std::make_shared<graph::FunctionBody>(then_body.graph, wire_captures(inputs, then_body, {}));
  auto else_fn_body = std::make_shared<graph::FunctionBody>(else_body.graph, wire_captures(inputs, else_body, {}));
  const ops::AttrValue attrs[] = {then_fn_body, else_fn_body};
  const bool stateful = then_fn_body->stateful() || else_fn_body->stateful();
  ops::Outputs out = ops::execute(function_ops::if_op(stateful), std::span<const Tensor>(inputs), attrs);
  return std::vector<Tensor>(out.begin(), out.end());
}

std::vector<Tensor> cond_flat(const Tensor& pred, const FlatFn& true_fn, const FlatFn& false_fn,
                              std::vector<std::string>& keys) {
  return if_node("cond", pred, true_fn, false_fn, "true_fn", "false_fn", keys);
}

std::vector<Tensor> case_flat(const char* op, const std::vector<Tensor>& preds, const std::vector<FlatFn>& fns,
                              const FlatFn& default_fn, bool exclusive, std::vector<std::string>& keys) {
  for (const Tensor& p : preds) check_predicate(p, op);
  if (exclusive && preds.size() > 1) {
    std::vector<Tensor> as_int;
    for (const Tensor& p : preds) as_int.push_back(cast(p, DType::kInt32));
    function_ops::assert_that(less_equal(reduce_sum(stack(as_int)), 1),
                              std::string("[") + op + "] exclusive=true: more than one predicate evaluated as true");
  }
  const std::string what = std::string(op) == "switch_case" ? "branch " : "fn ";
  auto name = [&](std::size_t k) { return k == fns.size() ? std::string("default") : what + std::to_string(k); };
  // Nested Ifs, as tf.case builds them: level k tests preds[k], else falls to level k + 1.
  std::function<std::vector<Tensor>(std::size_t, std::vector<std::string>&)> level =
      [&](std::size_t k, std::vector<std::string>& level_keys) -> std::vector<Tensor> {
    if (k == fns.size()) return default_fn({}, level_keys);
    FlatFn rest = [&, k](const std::vector<Tensor>&, std::vector<std::string>& rest_keys) { return level(k + 1, rest_keys); };
    return if_node(op, preds[k], fns[k], rest, name(k), name(k + 1), level_keys);
  };
  return level(0, keys);
}

std::vector<Tensor> switch_preds(const Tensor& branch_index, std::size_t num_branches) {
  check_branch_index(branch_index);
  std::vector<Tensor> preds;
  for (std::size_t i = 0; i < num_branches; ++i)
    preds.push_back(equal(branch_index, scalar_like(branch_index, static_cast<double>(i))));
  return preds;
}

std::size_t eager_switch_index(const Tensor& branch_index, std::size_t num_branches) {
  check_branch_index(branch_index);
  const std::int64_t i = branch_index.dtype() == DType::kInt32 ? branch_index.item<std::int32_t>()
                                                                : branch_index.item<std::int64_t>();
  return i < 0 || i >= static_cast<std::int64_t>(num_branches) ? num_branches : static_cast<std::size_t>(i);
}

std::size_t eager_case_index(const std::vector<Tensor>& preds, bool exclusive) {
  std::size_t chosen = preds.size(), count = 0;
  for (std::size_t i = 0; i < preds.size(); ++i) {
    if (!eager_predicate(preds[i], "case")) continue;
    if (chosen == preds.size()) chosen = i;
    if (!exclusive) break;
    ++count;
  }
  if (count > 1) throw InvalidArgumentError("[case] exclusive=true: more than one predicate evaluated as true");
  return chosen;
}

void check_range_args(const Tensor& start, const Tensor& limit, const Tensor& delta) {
  for (const Tensor* t : {&start, &limit, &delta})
    if (!t->defined() || !is_numeric(t->dtype()) || !t->shape().is_compatible_with(TensorShape{}) ||
        t->dtype() != start.dtype())
      throw InvalidArgumentError("[for_range] start, limit and delta must be numeric scalars of one dtype, got " +
                                 describe_tensor(start) + ", " + describe_tensor(limit) + ", " + describe_tensor(delta));
  const bool zero_step = !delta.is_symbolic() && visit_integer_dtype(delta.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_arithmetic_v<T>) return *delta.data<T>() == T(0);
    else return false;
  });
  if (zero_step) throw InvalidArgumentError("[for_range] delta must not be 0");
}

Tensor for_range_cond(const Tensor& i, const Tensor& limit, const Tensor& delta) {
  const Tensor zero = scalar_like(delta, 0);
  return logical_or(logical_and(greater(delta, zero), less(i, limit)), logical_and(less(delta, zero), greater(i, limit)));
}

void check_eager_loop_var(std::size_t i, const Tensor& before, const Tensor& after) {
  if (!after.defined() || after.dtype() != before.dtype())
    throw InvalidArgumentError("[while_loop] loop variable " + std::to_string(i) + " entered as " +
                               std::string(dtype_name(before.dtype())) + " but the body returned " +
                               describe_tensor(after));
}

Tensor for_range_next(const Tensor& i, const Tensor& delta) { return add(i, delta); }

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
  auto cond_fn = std::make_shared<graph::FunctionBody>(cond_body.graph, wire_captures(inputs, cond_body, var_sources, n));
  auto body_fn = std::make_shared<graph::FunctionBody>(loop_body.graph, wire_captures(inputs, loop_body, var_sources, n));
  const ops::AttrValue attrs[] = {static_cast<std::int64_t>(n), cond_fn, body_fn, options.maximum_iterations};
  const bool stateful = cond_fn->stateful() || body_fn->stateful();
  ops::Outputs out = ops::execute(function_ops::while_op(stateful), std::span<const Tensor>(inputs), attrs);
  return std::vector<Tensor>(out.begin(), out.end());
}

}  // namespace tf::detail
