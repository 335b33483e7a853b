// Note [Gradients through a call]: as in TensorFlow, a ConcreteFunction called eagerly while a
// tape records runs a *forward* graph that returns its outputs plus the intermediates the
// gradient needs (side outputs), and each recording tape gets ONE record for the call, whose
// backward runs a *backward* ConcreteFunction on (output gradients, side outputs). The pair
// is built once per concrete function and set of differentiated arguments (those some tape
// tracks; the backward computes no gradient nobody asked for), on the first such call: the
// optimized graph is replayed op by op into a new trace under a tape (the forward graph),
// then that tape's gradient is traced into a second graph nested in the first, so every
// forward tensor a gradient function uses becomes a capture of the backward graph and a side
// output of the forward one. Both are optimized and fused like any concrete function.
//
// Variables: while the forward graph is traced, its resource arguments are the call's
// concrete handles (bound to the graph's arguments), so the tape records their reads, and
// If / While taking the handles, as it does eagerly, and differentiates with respect to the
// variables. As in TensorFlow, a call watches the (trainable) variables it uses, and its tape
// input for a variable the outputs depend on is the variable's handle, which the tapes route
// to an eager read of it (Note [Gradients through variable handles], tape.h) whose own record
// carries the gradient on to the variable.
//
// Higher order: when a tape records while the backward runs (a tape around the tape, or a
// persistent tape asked for a gradient inside its block), the backward recomputes the forward
// op by op under a tape instead, so the recording tape sees ops that connect the gradient to
// the call's inputs. A function whose pair cannot be built (lists among its arguments or
// outputs, an op without a registered gradient) is replayed op by op under the tape instead.
#include "function/call_gradient.h"

#include "autodiff/resource_variable_ops.h"
#include "core/resource_handle.h"
#include "autodiff/tape.h"
#include "core/tensor_impl.h"
#include "graph/tracer.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"

namespace tf::function_ops {
namespace {

using Impl = ConcreteFunction::Impl;

// A tape of this file's own, recording while alive (the public GradientTape takes tensor or
// variable sources, not both at once).
class RecordingTape {
 public:
  RecordingTape() : tape_({.watch_accessed_variables = false}) { tape_.start_recording(); }
  ~RecordingTape() { tape_.stop_recording(); }
  RecordingTape(const RecordingTape&) = delete;
  RecordingTape& operator=(const RecordingTape&) = delete;
  autodiff::Tape& operator*() { return tape_; }

 private:
  autodiff::Tape tape_;
};

// Watches the arguments `wrt` on `tape`: tensors, or the variables behind handles.
std::vector<detail::GradientSource> watch_sources(autodiff::Tape& tape, std::span<const Tensor> args,
                                                  const std::vector<int>& wrt) {
  std::vector<detail::GradientSource> sources;
  for (int a : wrt) {
    if (args[a].dtype() == DType::kResource) {
      const Variable v(autodiff::handle_variable(args[a]));
      tape.watch(v);
      sources.push_back({{}, v});
    } else {
      tape.watch(args[a]);
      sources.push_back({args[a], {}});
    }
  }
  return sources;
}

// d(sum of outputs[dy_outputs] * seeds)/d(sources), undefined where unconnected.
std::vector<Tensor> gradients_of(autodiff::Tape& tape, const std::vector<Tensor>& outputs,
                                 const std::vector<int>& dy_outputs,
                                 const std::vector<detail::GradientSource>& sources, const std::vector<Tensor>& seeds) {
  tape.stop_recording();
  std::vector<Tensor> targets;
  for (int o : dy_outputs) targets.push_back(outputs[o]);
  if (targets.empty()) return std::vector<Tensor>(sources.size());
  return autodiff::compute_gradients(tape, targets, sources, seeds, UnconnectedGradients::NONE);
}

// The forward/backward pair of `impl` differentiating the arguments `wrt`, or null when it
// cannot be built (see the Note). `call_args` are the arguments of the call that needs it.
std::shared_ptr<const TapeFunctions> build(const Impl& impl, const std::vector<int>& wrt,
                                           std::span<const Tensor> call_args) {
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
    // Variables stay concrete handles bound to the forward graph's arguments: the tape then
    // sees their reads (and handle inputs of If and While) as it does eagerly.
    std::vector<Tensor> args, ys, grads;
    RecordingTape tape;
    std::vector<detail::GradientSource> sources;
    {
      ops::ContextScope scope(&forward);
      for (std::size_t k = 0; k < g.args().size(); ++k) {
        const graph::Node& arg = g.node(g.args()[k]);
        args.push_back(forward.add_arg(arg.outputs[0], arg.name));
        if (arg.outputs[0].dtype == DType::kResource) {
          forward.bind(call_args[k], args.back());
          args.back() = call_args[k];
        }
      }
      sources = watch_sources(*tape, args, wrt);
      ys = impl.replay_executor.replay(args);
    }
    {
      ops::ContextScope scope(&backward);
      std::vector<Tensor> seeds;
      for (int o : dy_outputs) seeds.push_back(backward.add_arg(g.info(g.outputs()[o]), "dy"));
      grads = gradients_of(*tape, ys, dy_outputs, sources, seeds);
    }
    std::vector<graph::NodeOutput> backward_outputs, forward_outputs;
    for (std::size_t k = 0; k < wrt.size(); ++k)
      if (grads[k].defined()) {
        grad_args.push_back(wrt[k]);
        backward_outputs.push_back(backward.resolve(grads[k]));
      }
    backward_graph->set_outputs(std::move(backward_outputs));
    for (const Tensor& y : ys) forward_outputs.push_back(forward.resolve(y));
    for (const Tensor& side : backward.captures()) forward_outputs.push_back(forward.resolve(side));
    forward_graph->set_outputs(std::move(forward_outputs));
  }
  std::vector<TensorSpec> backward_specs;
  for (int id : backward_graph->args())
    backward_specs.emplace_back(backward_graph->node(id).outputs[0].shape, backward_graph->node(id).outputs[0].dtype);
  ConcreteFunction backward(
      std::make_shared<Impl>(impl.name + "_backward", backward_graph, std::move(backward_specs), std::vector<std::string>{}));
  return std::make_shared<TapeFunctions>(fused(*optimized(*forward_graph)), std::move(backward), std::move(grad_args),
                                         std::move(dy_outputs), g.outputs().size());
}

// The call-gradient state of `impl`, made once: which arguments may get gradients.
CallGradients& call_gradients(const Impl& impl) {
  std::call_once(impl.gradients_once, [&] {
    auto cg = std::make_shared<CallGradients>();
    const graph::Graph& g = impl.replay_executor.graph();
    for (std::size_t k = 0; k < g.args().size(); ++k) {
      const DType dtype = g.node(g.args()[k]).outputs[0].dtype;
      if (is_floating(dtype) || dtype == DType::kResource) cg->candidates.push_back(static_cast<int>(k));
    }
    impl.gradients = std::move(cg);
  });
  return *impl.gradients;
}

// The pair differentiating `wrt`, built on first use.
std::shared_ptr<const TapeFunctions> pair_for(const Impl& impl, CallGradients& cg, const std::vector<int>& wrt,
                                              std::span<const Tensor> call_args) {
  std::lock_guard lock(cg.mutex);
  for (const auto& [key, fns] : cg.pairs)
    if (key == wrt) return fns;
  std::shared_ptr<const TapeFunctions> fns;
  try {
    fns = build(impl, wrt, call_args);
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
  RecordingTape tape;
  const std::vector<detail::GradientSource> sources = watch_sources(*tape, args, fns.grad_args);
  const std::vector<Tensor> ys = impl.replay_executor.replay(args);
  std::vector<Tensor> seeds;
  for (int o : fns.dy_outputs) seeds.push_back(grads[o]);
  autodiff::Grads result;
  for (Tensor& g : gradients_of(*tape, ys, fns.dy_outputs, sources, seeds)) result.push_back(std::move(g));
  return result;
}

}  // namespace

std::vector<Tensor> call_recorded(const std::shared_ptr<const Impl>& impl, std::span<const Tensor> args) {
  CallGradients& cg = call_gradients(*impl);
  // The call's inputs on the tapes: its floating arguments some tape tracks, and the variables
  // it reads whose reads some tape tracks (watched if trainable, as any read).
  std::vector<int> wrt;
  for (int a : cg.candidates) {
    bool tracked = false;
    if (args[a].dtype() == DType::kResource) {
      if (core::resource_of(args[a])) continue;  // a lookup table: nothing to differentiate
      const Variable v(autodiff::handle_variable(args[a]));
      for (autodiff::Tape* tape : autodiff::recording_tapes())
        if (tape->tracks_reads_of(v)) {
          tape->watch(v);  // watched even when the outputs do not depend on it, as a read would be
          tracked = true;
        }
    } else {
      for (autodiff::Tape* tape : autodiff::recording_tapes()) tracked |= tape->id_of(args[a]) != autodiff::kNoId;
    }
    if (tracked) wrt.push_back(a);
  }
  if (wrt.empty()) return impl->executor.run(args);
  const std::shared_ptr<const TapeFunctions> fns = pair_for(*impl, cg, wrt, args);
  if (!fns) return impl->replay_executor.replay(args);
  if (fns->grad_args.empty()) return impl->executor.run(args);
  std::vector<Tensor> inputs;  // the arguments the outputs depend on; a handle stands for its read
  for (int a : fns->grad_args) inputs.push_back(args[a]);
  const ops::Outputs read_values = autodiff::read_handle_values(inputs);  // recorded (Note [Gradients through variable handles])

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
  for (autodiff::Tape* tape : autodiff::recording_tapes()) tape->record_custom(inputs, outputs, backward, read_values);
  for (std::size_t o = 0; o < results.size(); ++o) results[o] = outputs[o];
  return results;
}

}  // namespace tf::function_ops
