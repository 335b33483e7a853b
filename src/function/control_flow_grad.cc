// The gradients of If / StatelessIf and While / StatelessWhile, and the traced
// vector-Jacobian products they are built from.
//
// Note [Control-flow gradients recompute the forward body]: the gradient of a body is a
// traced graph that replays the body's forward ops under a tape, then runs the registry's
// gradient functions on them. It takes the body's inputs (not its intermediates), so the
// forward op needs no side outputs; the price is running the taken branch's forward ops a
// second time during backprop, without the side effects the results do not need (Note
// [Recomputing a body for its gradient], control_flow_grad.h).
// Because the gradient is itself made of ops (an If of traced graphs), an outer tape records
// it, which gives higher-order gradients.
#include "function/control_flow_grad.h"

#include <atomic>

#include "autodiff/gradient_registry.h"
#include "autodiff/resource_variable_ops.h"
#include "autodiff/tape.h"
#include "function/control_flow_ops.h"
#include "function/tensor_list.h"
#include "graph/tracer.h"
#include "tfpp/constant.h"
#include "tfpp/control_flow.h"
#include "tfpp/gradient_tape.h"
#include "tfpp/math_ops.h"

namespace tf::function_ops {

namespace {

// Keeps `tape` recording on this thread while alive.
class Recording {
 public:
  explicit Recording(autodiff::Tape& tape) : tape_(tape) { tape_.start_recording(); }
  ~Recording() { tape_.stop_recording(); }
  Recording(const Recording&) = delete;
  Recording& operator=(const Recording&) = delete;

 private:
  autodiff::Tape& tape_;
};

}  // namespace

Tensor zero_gradient_like(const Tensor& t) {
  return t.dtype() == DType::kVariant ? list_zeros_like(t) : zeros_like(t);
}

bool carries_gradient(DType dtype) { return is_floating(dtype) || dtype == DType::kVariant; }

namespace {

// The name a variable op on the handle gives its variable, for messages.
std::string variable_name(const graph::Node& n) {
  if (n.attrs.size() == 3)
    if (const std::string* name = std::get_if<std::string>(&n.attrs[2])) return "'" + *name + ":0'";
  return "";
}

// Throws when a node the results need uses a variable that another node of the body writes:
// the recomputation would read the value after the write (Note [Recomputing a body for its
// gradient]), a silently wrong gradient.
void check_no_read_write_conflict(const graph::Graph& g, const std::vector<char>& needed, const char* op) {
  const std::vector<graph::Node>& nodes = g.nodes();
  std::vector<std::pair<graph::NodeOutput, int>> writes;  // (handle, writer)
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].kind == graph::NodeKind::kOp && nodes[i].op->stateful)
      for (const graph::NodeOutput& in : nodes[i].inputs)
        if (g.info(in).dtype == DType::kResource) writes.emplace_back(in, static_cast<int>(i));
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!needed[i] || nodes[i].kind != graph::NodeKind::kOp) continue;
    for (const graph::NodeOutput& in : nodes[i].inputs)
      for (const auto& [handle, writer] : writes)
        if (handle == in && writer != static_cast<int>(i)) {
          std::string name = variable_name(nodes[i]);
          if (name.empty()) name = variable_name(nodes[writer]);
          throw InvalidArgumentError(std::string("[") + op + "] cannot differentiate a body that both reads and assigns " +
                                     (name.empty() ? std::string("a variable") : "variable " + name) +
                                     ": the gradient recomputes the body and would read the value after the "
                                     "assignment; assign the variable outside the cond or while_loop");
        }
  }
}

// Throws when the results need a stateful op (other than a nested If / While, recomputed in
// turn) whose second run could give other values, such as a random op (seeded ones continue
// their stream: Note [Random streams]).
void check_repeatable(const graph::Node& n, const char* op) {
  const bool control_flow = n.op == &if_op(true) || n.op == &while_op(true);
  if (!n.op->stateful || control_flow) return;
  throw InvalidArgumentError(std::string("[") + op + "] cannot differentiate a body whose result depends on the "
                             "stateful op " + n.op->name + " ('" + n.name + "'): the gradient recomputes the body and "
                             "would run it again with other results; compute the value outside the cond or while_loop, "
                             "or draw it with a stateless random op");
}

}  // namespace

std::vector<Tensor> recompute(const graph::FunctionBody& body, std::span<const Tensor> args, const char* op_name) {
  using BodyPtr = std::shared_ptr<const graph::FunctionBody>;
  const graph::Graph& g = *body.graph;
  const std::vector<graph::Node>& nodes = g.nodes();
  // What the results need, through data inputs only (creation order is topological).
  std::vector<char> needed(nodes.size(), 0);
  for (const graph::NodeOutput& o : g.outputs()) needed[o.node] = 1;
  for (std::size_t i = nodes.size(); i-- > 0;)
    if (needed[i])
      for (const graph::NodeOutput& in : nodes[i].inputs) needed[in.node] = 1;
  check_no_read_write_conflict(g, needed, op_name);
  std::vector<ops::Outputs> values(nodes.size());
  std::vector<Tensor> inputs;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!needed[i]) continue;
    const graph::Node& n = nodes[i];
    if (n.kind != graph::NodeKind::kOp) {
      values[i].push_back(n.kind == graph::NodeKind::kArg ? args[n.arg_index] : n.value);
      continue;
    }
    check_repeatable(n, op_name);
    inputs.clear();
    for (const graph::NodeOutput& in : n.inputs) inputs.push_back(values[in.node][in.index]);
    if (n.op == &autodiff::read_variable_op() && inputs[0].dtype() != DType::kResource) {
      values[i].push_back(inputs[0]);  // the value the forward op read stands for the handle
      continue;
    }
    const ops::OpDef* op = n.op;
    std::vector<ops::AttrValue> attrs = n.attrs;
    bool has_body = false, stateful = false;
    for (ops::AttrValue& a : attrs)
      if (const BodyPtr* b = std::get_if<BodyPtr>(&a)) {
        a = recompute_body(*b, n.op->name.c_str(), inputs);
        has_body = true;
        stateful |= std::get<BodyPtr>(a)->stateful();
      }
    if (has_body && (op == &if_op(true) || op == &if_op(false))) op = &if_op(stateful);
    if (has_body && (op == &while_op(true) || op == &while_op(false))) op = &while_op(stateful);
    values[i] = ops::execute(*op, inputs, attrs);
  }
  std::vector<Tensor> results;
  for (const graph::NodeOutput& o : g.outputs()) results.push_back(values[o.node][o.index]);
  return results;
}

std::shared_ptr<const graph::FunctionBody> recompute_body(const std::shared_ptr<const graph::FunctionBody>& body,
                                                          const char* op, std::span<const Tensor> op_inputs) {
  // Handle arguments that receive the value the forward op read instead.
  const graph::Graph& bg = *body->graph;
  std::vector<ops::TensorInfo> infos;
  std::string key = "recompute";
  for (std::size_t j = 0; j < bg.args().size(); ++j) {
    infos.push_back(bg.node(bg.args()[j]).outputs[0]);
    const Tensor& in = op_inputs[body->arg_sources[j]];
    if (infos[j].dtype == DType::kResource && in.dtype() != DType::kResource) {
      infos[j] = {in.dtype(), in.shape()};
      key += ";" + std::to_string(j) + std::string(dtype_name(in.dtype())) + in.shape().debug_string();
    }
  }
  if (!body->stateful() && key == "recompute") return body;
  return body->derived(key, [&] {
    auto g = std::make_shared<graph::Graph>();
    autodiff::SuspendTapes suspend;
    graph::Tracer tracer(*g, nullptr);
    ops::ContextScope scope(&tracer);
    std::vector<Tensor> args;
    for (const ops::TensorInfo& info : infos) args.push_back(tracer.add_arg(info, "x"));
    std::vector<graph::NodeOutput> outputs;
    for (const Tensor& t : recompute(*body, args, op)) outputs.push_back(tracer.resolve(t));
    g->set_outputs(std::move(outputs));
    return std::make_shared<const graph::FunctionBody>(g, body->arg_sources);
  });
}

std::vector<Tensor> vjp(const std::vector<Tensor>& sources, const std::function<std::vector<Tensor>()>& forward,
                        const std::vector<Tensor>& seeds) {
  autodiff::Tape tape({.watch_accessed_variables = false});
  std::vector<Tensor> targets;
  std::vector<detail::GradientSource> watched;
  {
    Recording recording(tape);
    for (const Tensor& t : sources) {
      tape.watch(t);
      watched.push_back({t, {}});
    }
    targets = forward();
  }
  if (targets.empty()) return std::vector<Tensor>(sources.size());
  return autodiff::compute_gradients(tape, targets, watched, seeds, UnconnectedGradients::NONE);
}

std::shared_ptr<graph::Graph> trace_vjp(const graph::FunctionBody& body, const VjpSpec& spec) {
  auto g = std::make_shared<graph::Graph>();
  autodiff::SuspendTapes suspend;  // outer tapes must not see the traced ops
  graph::Tracer tracer(*g, nullptr);
  ops::ContextScope scope(&tracer);
  std::vector<Tensor> xs, dys, args, sources;
  for (const ops::TensorInfo& info : spec.inputs) xs.push_back(tracer.add_arg(info, "x"));
  for (int o : spec.dy_outputs) dys.push_back(tracer.add_arg(body.graph->info(body.graph->outputs()[o]), "dy"));
  for (int s : spec.sources) args.push_back(xs[s]);
  for (int w : spec.wrt) sources.push_back(xs[w]);
  std::vector<Tensor> grads = vjp(sources, [&] {
    std::vector<Tensor> ys = recompute(body, args, "If"), targets;
    for (int o : spec.dy_outputs) targets.push_back(ys[o]);
    return targets;
  }, dys);
  std::vector<graph::NodeOutput> outputs;
  for (std::size_t k = 0; k < spec.wrt.size(); ++k)
    outputs.push_back(tracer.resolve(grads[k].defined() ? grads[k] : zero_gradient_like(sources[k])));
  g->set_outputs(std::move(outputs));
  return g;
}

namespace {

using BodyPtr = std::shared_ptr<const graph::FunctionBody>;

std::atomic<std::int64_t> traced_gradient_bodies{0};

// What identifies a traced gradient among those of one forward body: the inputs' dtypes and
// shapes, which are differentiated, and which outputs bring a gradient.
std::string gradient_key(const char* what, std::span<const ops::TensorInfo> inputs, std::span<const int> wrt,
                         std::span<const int> dy_outputs) {
  std::string key = what;
  for (const ops::TensorInfo& info : inputs) key += ";" + std::string(dtype_name(info.dtype)) + info.shape.debug_string();
  key += "|wrt";
  for (int w : wrt) key += "," + std::to_string(w);
  key += "|dy";
  for (int o : dy_outputs) key += "," + std::to_string(o);
  return key;
}

// d(If outputs)/d(If inputs): an If on the same predicate whose branches are the vjps of the
// forward branches (see the Note above), each traced once per forward branch and key.
autodiff::Grads if_grad(const autodiff::GradientContext& ctx, std::span<const Tensor> grads) {
  const std::size_t m = ctx.num_inputs() - 1;  // inputs after the predicate
  VjpSpec spec;
  for (std::size_t i = 0; i < m; ++i) {
    // A variable's handle arrives as the value the If read (Note [Gradients through variable
    // handles], autodiff/tape.h): the gradient of that value is the variable's.
    spec.inputs.push_back({ctx.input_dtype(i + 1), ctx.input_shape(i + 1)});
    if (carries_gradient(ctx.input_dtype(i + 1)) && ctx.needs_gradient(i + 1)) spec.wrt.push_back(static_cast<int>(i));
  }
  std::vector<Tensor> inputs(ctx.inputs().begin(), ctx.inputs().end());
  for (std::size_t o = 0; o < grads.size(); ++o)
    if (grads[o].defined() && carries_gradient(grads[o].dtype())) {
      spec.dy_outputs.push_back(static_cast<int>(o));
      inputs.push_back(grads[o]);
    }
  autodiff::Grads result(ctx.num_inputs());
  if (spec.wrt.empty()) return result;

  std::vector<int> grad_sources;
  for (std::size_t i = 1; i < inputs.size(); ++i) grad_sources.push_back(static_cast<int>(i));
  const std::string key = gradient_key("vjp", spec.inputs, spec.wrt, spec.dy_outputs);
  auto vjp_of = [&](const BodyPtr& branch) {
    return branch->derived(key, [&] {
      VjpSpec s = spec;
      s.sources.clear();
      for (int src : branch->arg_sources) s.sources.push_back(src - 1);
      ++traced_gradient_bodies;
      return std::make_shared<const graph::FunctionBody>(trace_vjp(*branch, s), grad_sources);
    });
  };
  auto then_grad = vjp_of(ctx.attr<BodyPtr>(0));
  auto else_grad = vjp_of(ctx.attr<BodyPtr>(1));
  const ops::AttrValue attrs[] = {then_grad, else_grad};
  ops::Outputs out = ops::execute(if_op(then_grad->stateful() || else_grad->stateful()),
                                  std::span<const Tensor>(inputs), attrs);
  for (std::size_t k = 0; k < spec.wrt.size(); ++k) result[spec.wrt[k] + 1] = out[k];
  return result;
}

// What the gradient of one While differentiates.
struct WhileGradSpec {
  std::size_t n = 0;                     // loop variables
  const graph::FunctionBody* cond = nullptr;
  const graph::FunctionBody* body = nullptr;
  std::int64_t max_iterations = -1;
  std::vector<ops::TensorInfo> inputs;   // of the While (a handle as a resource)
  std::vector<std::size_t> vars, caps;   // loop variables and captures that carry gradients
  std::vector<int> seeded;               // indices into vars whose output brings a gradient
};

// The While gradient itself (Note [While gradient]) on `inputs` (the While's, a variable
// by its concrete handle) and `dys` (one per loop variable, undefined when none came):
// returns the gradients of spec.vars then spec.caps.
std::vector<Tensor> while_gradients(const WhileGradSpec& spec, const std::vector<Tensor>& inputs,
                                    const std::vector<Tensor>& dys) {
  const std::size_t n = spec.n;
  const graph::FunctionBody& cond = *spec.cond;
  const graph::FunctionBody& body = *spec.body;
  const auto& vars = spec.vars;
  const auto& caps = spec.caps;
  auto args_of = [&](const graph::FunctionBody& fb, const std::vector<Tensor>& loop_vars) {
    std::vector<Tensor> args;
    for (int s : fb.arg_sources) args.push_back(static_cast<std::size_t>(s) < n ? loop_vars[s] : inputs[s]);
    return args;
  };
  const graph::Graph& bg = *body.graph;
  auto invariant = [&](std::size_t j) { return bg.node(bg.args()[j]).outputs[0].shape; };

  // Forward again, accumulating: (loop vars..., iteration, one list per loop var).
  std::vector<Tensor> init(inputs.begin(), inputs.begin() + static_cast<std::ptrdiff_t>(n));
  WhileOptions forward_options{.maximum_iterations = spec.max_iterations};
  for (std::size_t j = 0; j < n; ++j) forward_options.shape_invariants.push_back(invariant(j));
  init.push_back(constant(std::int32_t{0}));
  forward_options.shape_invariants.push_back({});
  for (std::size_t j = 0; j < n; ++j) {
    init.push_back(list_reserve(constant(std::int32_t{0}), spec.inputs[j].dtype, invariant(j)));
    forward_options.shape_invariants.push_back({});
  }
  detail::FlatFn forward_cond = [&](const std::vector<Tensor>& v, std::vector<std::string>&) {
    return recompute(cond, args_of(cond, v), "While");
  };
  detail::FlatFn forward_body = [&](const std::vector<Tensor>& v, std::vector<std::string>&) {
    std::vector<Tensor> next = recompute(body, args_of(body, v), "While");
    next.push_back(add(v[n], constant(std::int32_t{1})));
    for (std::size_t j = 0; j < n; ++j) next.push_back(list_set_item(v[n + 1 + j], v[n], v[j], true));
    return next;
  };
  const std::vector<Tensor> forward = detail::while_flat(forward_cond, forward_body, init, forward_options);

  // Backward: (iterations left, d loop vars..., d captures...).
  std::vector<Tensor> state{forward[n]};
  WhileOptions backward_options;
  backward_options.shape_invariants.push_back({});
  for (std::size_t j : vars) {
    state.push_back(dys[j].defined() ? dys[j] : zero_gradient_like(forward[j]));
    backward_options.shape_invariants.push_back(invariant(j));
  }
  for (std::size_t c : caps) {
    state.push_back(zero_gradient_like(inputs[c]));
    backward_options.shape_invariants.push_back(state.back().dtype() == DType::kVariant ? TensorShape{} : state.back().shape());
  }
  detail::FlatFn backward_cond = [&](const std::vector<Tensor>& v, std::vector<std::string>&) {
    return std::vector<Tensor>{greater(v[0], constant(std::int32_t{0}))};
  };
  detail::FlatFn backward_body = [&](const std::vector<Tensor>& v, std::vector<std::string>&) {
    const Tensor k = subtract(v[0], constant(std::int32_t{1}));
    std::vector<Tensor> loop_vars;
    for (std::size_t j = 0; j < n; ++j)
      loop_vars.push_back(list_get_item(forward[n + 1 + j], k, spec.inputs[j].dtype,
                                        spec.inputs[j].dtype == DType::kVariant ? TensorShape{} : invariant(j)));
    std::vector<Tensor> sources, seeds;
    for (std::size_t j : vars) sources.push_back(loop_vars[j]);
    for (std::size_t c : caps) sources.push_back(inputs[c]);
    for (std::size_t k2 = 0; k2 < vars.size(); ++k2) seeds.push_back(v[1 + k2]);
    const std::vector<Tensor> grads = vjp(sources, [&] {
      std::vector<Tensor> ys = recompute(body, args_of(body, loop_vars), "While"), targets;
      for (std::size_t j : vars) targets.push_back(ys[j]);
      return targets;
    }, seeds);
    std::vector<Tensor> next{k};
    for (std::size_t k2 = 0; k2 < vars.size(); ++k2)
      next.push_back(grads[k2].defined() ? grads[k2] : zero_gradient_like(loop_vars[vars[k2]]));
    for (std::size_t k2 = 0; k2 < caps.size(); ++k2) {
      const Tensor& sum = v[1 + vars.size() + k2];
      const Tensor& g = grads[vars.size() + k2];
      next.push_back(!g.defined() ? sum : g.dtype() == DType::kVariant ? list_add(sum, g) : add(sum, g));
    }
    return next;
  };
  const std::vector<Tensor> backward = detail::while_flat(backward_cond, backward_body, state, backward_options);
  return std::vector<Tensor>(backward.begin() + 1, backward.end());
}

// Traces while_gradients into a body with arguments (the While's inputs..., the dys of
// spec.seeded...), so it is built once per While body and key and then replayed.
std::shared_ptr<const graph::FunctionBody> trace_while_gradients(const WhileGradSpec& spec) {
  auto g = std::make_shared<graph::Graph>();
  autodiff::SuspendTapes suspend;
  graph::Tracer tracer(*g, nullptr);
  {
    ops::ContextScope scope(&tracer);
    std::vector<Tensor> inputs, dys(spec.n);
    for (const ops::TensorInfo& info : spec.inputs) inputs.push_back(tracer.add_arg(info, "x"));
    for (int k : spec.seeded) {
      const std::size_t j = spec.vars[k];
      dys[j] = tracer.add_arg({spec.inputs[j].dtype, spec.body->graph->node(spec.body->graph->args()[j]).outputs[0].shape}, "dy");
    }
    std::vector<graph::NodeOutput> outputs;
    for (const Tensor& t : while_gradients(spec, inputs, dys)) outputs.push_back(tracer.resolve(t));
    g->set_outputs(std::move(outputs));
  }
  std::vector<int> sources;
  for (std::size_t i = 0; i < g->args().size(); ++i) sources.push_back(static_cast<int>(i));
  ++traced_gradient_bodies;
  return std::make_shared<const graph::FunctionBody>(g, std::move(sources));
}

// d(While outputs)/d(While inputs). Note [While gradient]: a first loop reruns the forward
// iterations from the While's inputs, pushing each iteration's loop variables onto one list
// per variable and counting iterations; a second loop runs that many times backwards, reads
// the iteration's variables back, and applies the body's vector-Jacobian product (recorded
// by a tape around a replay of the body), summing the gradients of the captured loop
// invariants over the iterations. Both loops are traced once per While body and key into a
// gradient body, which is replayed: its While nodes run eagerly, or join the graph when the
// gradient is being traced.
autodiff::Grads while_grad(const autodiff::GradientContext& ctx, std::span<const Tensor> dys) {
  WhileGradSpec spec;
  spec.n = static_cast<std::size_t>(ctx.attr<std::int64_t>(0));
  const BodyPtr& body = ctx.attr<BodyPtr>(2);
  spec.cond = ctx.attr<BodyPtr>(1).get();
  spec.body = body.get();
  spec.max_iterations = ctx.attr<std::int64_t>(3);
  const std::vector<Tensor> inputs(ctx.inputs().begin(), ctx.inputs().end());
  autodiff::Grads result(inputs.size());

  // A captured variable's handle arrives as the value the While read (Note [Gradients through
  // variable handles], autodiff/tape.h): its gradient sums the reads' over the iterations.
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    spec.inputs.push_back({ctx.input_dtype(i), ctx.input_shape(i)});
    if (carries_gradient(ctx.input_dtype(i))) (i < spec.n ? spec.vars : spec.caps).push_back(i);
  }
  bool wanted = false;
  for (std::size_t i : spec.vars) wanted |= ctx.needs_gradient(i);
  std::erase_if(spec.caps, [&](std::size_t c) { return !ctx.needs_gradient(c); });
  if (!wanted && spec.caps.empty()) return result;

  std::vector<Tensor> args = inputs;
  for (std::size_t k = 0; k < spec.vars.size(); ++k)
    if (dys[spec.vars[k]].defined()) {
      spec.seeded.push_back(static_cast<int>(k));
      args.push_back(dys[spec.vars[k]]);
    }
  std::vector<int> wrt(spec.vars.begin(), spec.vars.end());
  wrt.insert(wrt.end(), spec.caps.begin(), spec.caps.end());
  const std::string key = gradient_key("while", spec.inputs, wrt, spec.seeded);
  const BodyPtr gradient = body->derived(key, [&] { return trace_while_gradients(spec); });
  const std::vector<Tensor> grads = gradient->executor.replay(args);
  for (std::size_t k = 0; k < spec.vars.size(); ++k)
    if (ctx.needs_gradient(spec.vars[k])) result[spec.vars[k]] = grads[k];
  for (std::size_t k = 0; k < spec.caps.size(); ++k) result[spec.caps[k]] = grads[spec.vars.size() + k];
  return result;
}

TF_REGISTER_GRADIENT("While", while_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("StatelessWhile", while_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("If", if_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("StatelessIf", if_grad, {.inputs = true, .outputs = false});

}  // namespace

std::int64_t traced_gradient_count() { return traced_gradient_bodies.load(); }

}  // namespace tf::function_ops
