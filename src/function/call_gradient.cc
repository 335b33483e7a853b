// Note [Gradients through a call]: as in TensorFlow, a ConcreteFunction called eagerly while a
// tape records runs a *forward* graph that returns its outputs plus the intermediates the
// gradient needs (side outputs), and each recording tape gets ONE record for the call, whose
// backward runs a *backward* ConcreteFunction on (output gradients, side outputs). The pair
// is built once per concrete function, on its first call under a tape: the optimized graph is
// replayed op by op into a new trace under a tape (the forward graph), then that tape's
// gradient is traced into a second graph nested in the first, so every forward tensor a
// gradient function uses becomes a capture of the backward graph and a side output of the
// forward one. Both are optimized and fused like any concrete function.
//
// Variables: a graph reads a variable with ReadVariableOp on a resource argument; the gradient
// for that argument is the sum of the gradients of its reads. On the tape, the call's input
// for it is an eager read of the variable, whose own record carries the gradient on to the
// variable (and watches a trainable variable, as any read does).
//
// Higher order: when a tape records while the backward runs (a tape around the tape, or a
// persistent tape asked for a gradient inside its block), the backward recomputes the forward
// op by op under a tape instead, so the recording tape sees ops that connect the gradient to
// the call's inputs. A function whose pair cannot be built (lists among its arguments or
// outputs, an op without a registered gradient) is replayed op by op under the tape instead.
#include "function/call_gradient.h"

#include "autodiff/resource_variable_ops.h"
#include "autodiff/tape.h"
#include "core/tensor_impl.h"
#include "graph/tracer.h"
#include "tfpp/array_ops.h"
#include "tfpp/gradient_tape.h"
#include "tfpp/math_ops.h"

namespace tf::function_ops {
namespace {

using Impl = ConcreteFunction::Impl;

// A graph replayed op by op through ops::execute, and the reads of the watched variables.
struct Replayed {
  std::vector<Tensor> outputs;
  std::vector<std::vector<Tensor>> reads;  // per argument
};

bool is_read_of_arg(const graph::Graph& g, const graph::Node& n) {
  return n.op == &autodiff::read_variable_op() && g.node(n.inputs[0].node).kind == graph::NodeKind::kArg;
}

// Replays `g` on `args`; watches on `tape` the arguments in `wrt` that are tensors, and every
// read of those that are variable handles.
Replayed replay_watched(const graph::Graph& g, std::span<const Tensor> args, const std::vector<int>& wrt,
                        GradientTape& tape) {
  std::vector<char> watched(args.size(), 0);
  for (int a : wrt) {
    watched[a] = 1;
    if (args[a].dtype() != DType::kResource) tape.watch(args[a]);
  }
  const std::vector<graph::Node>& nodes = g.nodes();
  std::vector<ops::Outputs> values(nodes.size());
  Replayed r;
  r.reads.resize(args.size());
  std::vector<Tensor> inputs;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const graph::Node& n = nodes[i];
    if (n.kind == graph::NodeKind::kArg) {
      values[i] = {args[n.arg_index]};
    } else if (n.kind == graph::NodeKind::kConst) {
      values[i] = {n.value};
    } else {
      inputs.clear();
      for (const graph::NodeOutput& in : n.inputs) inputs.push_back(values[in.node][in.index]);
      if (is_read_of_arg(g, n) && inputs[0].is_symbolic()) {
        autodiff::SuspendTapes symbolic_handle;  // a tape records reads of concrete handles only
        values[i] = ops::execute(*n.op, inputs, n.attrs);
      } else {
        values[i] = ops::execute(*n.op, inputs, n.attrs);
      }
      if (is_read_of_arg(g, n) && watched[g.node(n.inputs[0].node).arg_index]) {
        tape.watch(values[i][0]);
        r.reads[g.node(n.inputs[0].node).arg_index].push_back(values[i][0]);
      }
    }
  }
  for (const graph::NodeOutput& out : g.outputs()) r.outputs.push_back(values[out.node][out.index]);
  return r;
}

// d(sum of outputs[dy_outputs] * seeds)/d(args[a]) for each a in `wrt`, undefined where
// unconnected: floating arguments directly, variable handles as the sum over their reads.
std::vector<Tensor> gradients_of(GradientTape& tape, const Replayed& r, std::span<const Tensor> args,
                                 const std::vector<int>& wrt, const std::vector<int>& dy_outputs,
                                 std::vector<Tensor> seeds) {
  std::vector<Tensor> targets, sources;
  for (int o : dy_outputs) targets.push_back(r.outputs[o]);
  for (int a : wrt) {
    if (args[a].dtype() == DType::kResource) sources.insert(sources.end(), r.reads[a].begin(), r.reads[a].end());
    else sources.push_back(args[a]);
  }
  std::vector<Tensor> grads(sources.size());
  if (!targets.empty() && !sources.empty()) grads = tape.gradient(targets, sources, OutputGradients(std::move(seeds)));
  std::vector<Tensor> result;
  std::size_t k = 0;
  for (int a : wrt) {
    const std::size_t count = args[a].dtype() == DType::kResource ? r.reads[a].size() : 1;
    Tensor sum;
    for (std::size_t j = 0; j < count; ++j, ++k)
      if (grads[k].defined()) sum = sum.defined() ? add(sum, grads[k]) : grads[k];
    result.push_back(sum);
  }
  return result;
}

// The forward/backward pair of `impl` differentiating the arguments `wrt`, or null when it
// cannot be built (see the Note).
std::shared_ptr<const TapeFunctions> build(const Impl& impl, const std::vector<int>& wrt) {
  const graph::Graph& g = impl.replay_executor.graph();
  std::vector<int> dy_outputs;
  for (int id : g.args())
    if (g.node(id).outputs[0].dtype == DType::kVariant) return nullptr;
  for (std::size_t o = 0; o < g.outputs().size(); ++o) {
    const DType dtype = g.info(g.outputs()[o]).dtype;
    if (dtype == DType::kVariant) return nullptr;
    if (is_floating(dtype)) dy_outputs.push_back(static_cast<int>(o));
  }

  auto forward_graph = std::make_shared<graph::Graph>();
  auto backward_graph = std::make_shared<graph::Graph>();
  std::vector<int> grad_args;
  {
    autodiff::SuspendTapes suspend;  // the tapes of the call must not see the traced ops
    graph::Tracer forward(*forward_graph, nullptr);
    graph::Tracer backward(*backward_graph, &forward);
    std::vector<Tensor> args, seeds, grads;
    GradientTape tape({.watch_accessed_variables = false});
    Replayed r;
    {
      ops::ContextScope scope(&forward);
      for (int id : g.args()) args.push_back(forward.add_arg(g.node(id).outputs[0], g.node(id).name));
      r = replay_watched(g, args, wrt, tape);
    }
    {
      ops::ContextScope scope(&backward);
      for (int o : dy_outputs) seeds.push_back(backward.add_arg(g.info(g.outputs()[o]), "dy"));
      grads = gradients_of(tape, r, args, wrt, dy_outputs, std::move(seeds));
    }
    std::vector<graph::NodeOutput> backward_outputs, forward_outputs;
    for (std::size_t k = 0; k < wrt.size(); ++k)
      if (grads[k].defined()) {
        grad_args.push_back(wrt[k]);
        backward_outputs.push_back(backward.resolve(grads[k]));
      }
    backward_graph->set_outputs(std::move(backward_outputs));
    for (const Tensor& y : r.outputs) forward_outputs.push_back(forward.resolve(y));
    for (const Tensor& side : backward.captures()) forward_outputs.push_back(forward.resolve(side));
    forward_graph->set_outputs(std::move(forward_outputs));
  }
  std::vector<TensorSpec> backward_specs;
  for (int id : backward_graph->args())
    backward_specs.emplace_back(backward_graph->node(id).outputs[0].shape, backward_graph->node(id).outputs[0].dtype);
  ConcreteFunction backward(
      std::make_shared<Impl>(impl.name + "_backward", backward_graph, std::move(backward_specs), std::vector<std::string>{}));
  return std::make_shared<TapeFunctions>(TapeFunctions{graph::Executor(fused(*optimized(*forward_graph))),
                                                       std::move(backward), std::move(grad_args), std::move(dy_outputs),
                                                       g.outputs().size()});
}

// The call-gradient state of `impl`, made once: which arguments may get gradients.
CallGradients& call_gradients(const Impl& impl) {
  std::call_once(impl.gradients_once, [&] {
    auto cg = std::make_shared<CallGradients>();
    const graph::Graph& g = impl.replay_executor.graph();
    std::vector<char> read(g.args().size(), 0);
    for (const graph::Node& n : g.nodes())
      if (n.kind == graph::NodeKind::kOp && is_read_of_arg(g, n)) read[g.node(n.inputs[0].node).arg_index] = 1;
    for (std::size_t k = 0; k < g.args().size(); ++k) {
      const DType dtype = g.node(g.args()[k]).outputs[0].dtype;
      if (is_floating(dtype) || (dtype == DType::kResource && read[k])) cg->candidates.push_back(static_cast<int>(k));
    }
    impl.gradients = std::move(cg);
  });
  return *impl.gradients;
}

// The pair differentiating `wrt`, built on first use.
std::shared_ptr<const TapeFunctions> pair_for(const Impl& impl, CallGradients& cg, const std::vector<int>& wrt) {
  std::lock_guard lock(cg.mutex);
  for (const auto& [key, fns] : cg.pairs)
    if (key == wrt) return fns;
  std::shared_ptr<const TapeFunctions> fns;
  try {
    fns = build(impl, wrt);
  } catch (const Error&) {
    // Left null: the call is replayed under the tape, which reports what it must.
  }
  ++cg.builds;
  cg.pairs.emplace_back(wrt, fns);
  return fns;
}

// The backward of a recorded call when no tape records: the traced backward function.
autodiff::Grads run_backward(const TapeFunctions& fns, const std::vector<Tensor>& side,
                             std::span<const Tensor> grads) {
  std::vector<Tensor> args;
  args.reserve(fns.dy_outputs.size() + side.size());
  for (int o : fns.dy_outputs) args.push_back(grads[o]);  // the tape gives floating outputs zeros at least
  args.insert(args.end(), side.begin(), side.end());
  autodiff::Grads result;
  for (Tensor& g : fns.backward.impl()->executor.run(args)) result.push_back(std::move(g));
  return result;
}

// The backward of a recorded call while a tape records: the forward again, op by op under a
// tape, and that tape's gradient, so the recording tapes see differentiable ops.
autodiff::Grads recompute_backward(const Impl& impl, const TapeFunctions& fns, std::vector<Tensor> args,
                                   std::span<const Tensor> grads) {
  for (int a : fns.grad_args)  // its own identity: one tensor passed twice gets two partial gradients
    if (args[a].dtype() != DType::kResource) args[a] = identity(args[a]);
  GradientTape tape({.watch_accessed_variables = false});
  Replayed r = replay_watched(impl.replay_executor.graph(), args, fns.grad_args, tape);
  std::vector<Tensor> seeds;
  for (int o : fns.dy_outputs) seeds.push_back(grads[o]);
  autodiff::Grads result;
  for (Tensor& g : gradients_of(tape, r, args, fns.grad_args, fns.dy_outputs, std::move(seeds)))
    result.push_back(std::move(g));
  return result;
}

// An eager read of the variable behind `handle` (recorded by the tapes like any read).
Tensor read(const Tensor& handle) {
  const auto attrs = autodiff::variable_attrs(*autodiff::handle_variable(handle));
  return ops::execute(autodiff::read_variable_op(), {handle}, attrs)[0];
}

}  // namespace

std::vector<Tensor> call_recorded(const std::shared_ptr<const Impl>& impl, std::span<const Tensor> args) {
  CallGradients& cg = call_gradients(*impl);
  // The call's inputs on the tapes: its floating arguments some tape tracks, and a read of
  // each variable it reads (recorded, and watched if trainable, as any read).
  std::vector<int> wrt;
  std::vector<Tensor> tracked;
  for (int a : cg.candidates) {
    Tensor input = args[a].dtype() == DType::kResource ? read(args[a]) : args[a];
    for (autodiff::Tape* tape : autodiff::recording_tapes())
      if (tape->id_of(input) != autodiff::kNoId) {
        wrt.push_back(a);
        tracked.push_back(std::move(input));
        break;
      }
  }
  if (wrt.empty()) return impl->executor.run(args);
  const std::shared_ptr<const TapeFunctions> fns = pair_for(*impl, cg, wrt);
  if (!fns) return impl->replay_executor.replay(args);
  if (fns->grad_args.empty()) return impl->executor.run(args);
  std::vector<Tensor> inputs;  // those of `tracked` the outputs depend on (grad_args is a subsequence of wrt)
  for (std::size_t k = 0, j = 0; k < wrt.size() && j < fns->grad_args.size(); ++k)
    if (wrt[k] == fns->grad_args[j]) {
      inputs.push_back(tracked[k]);
      ++j;
    }

  std::vector<Tensor> results = fns->forward.run(args);
  std::vector<Tensor> side(results.begin() + static_cast<std::ptrdiff_t>(fns->num_outputs), results.end());
  results.resize(fns->num_outputs);
  ops::Outputs outputs;
  for (const Tensor& t : results) outputs.push_back(is_floating(t.dtype()) ? core::view(t, t.shape()) : t);  // own identities
  auto backward = std::make_shared<autodiff::BackwardFn>(
      [impl, fns, side = std::move(side), args = std::vector<Tensor>(args.begin(), args.end())](
          std::span<const Tensor> grads) {
        return autodiff::any_tape_recording() ? recompute_backward(*impl, *fns, args, grads)
                                              : run_backward(*fns, side, grads);
      });
  for (autodiff::Tape* tape : autodiff::recording_tapes()) tape->record_custom(inputs, outputs, backward);
  for (std::size_t o = 0; o < results.size(); ++o) results[o] = outputs[o];
  return results;
}

}  // namespace tf::function_ops
