// The gradient of If / StatelessIf, and the traced vector-Jacobian products it is built from.
//
// Note [Control-flow gradients recompute the forward body]: the gradient of a body is a
// traced graph that replays the body's forward ops under a tape, then runs the registry's
// gradient functions on them. It takes the body's inputs (not its intermediates), so the
// forward op needs no side outputs; the price is running the taken branch's forward ops a
// second time during backprop (a stateful or random branch would run them again too).
// Because the gradient is itself made of ops (an If of traced graphs), an outer tape records
// it, which gives higher-order gradients.
#include "function/control_flow_grad.h"

#include "autodiff/gradient_registry.h"
#include "autodiff/tape.h"
#include "function/control_flow_ops.h"
#include "graph/tracer.h"
#include "tfpp/constant.h"
#include "tfpp/gradient_tape.h"
#include "tfpp/math_ops.h"

namespace tf::function_ops {

Tensor zeros_shaped_like(const Tensor& t) {
  if (t.shape().is_fully_defined()) return zeros(t.shape(), t.dtype());
  // Selecting a zero scalar everywhere broadcasts it to t's run-time shape.
  return where(constant(false), t, scalar_like(t, 0));
}

std::shared_ptr<graph::Graph> trace_vjp(const graph::FunctionBody& body, const VjpSpec& spec) {
  auto g = std::make_shared<graph::Graph>();
  autodiff::SuspendTapes suspend;  // outer tapes must not see the traced ops
  graph::Tracer tracer(*g, nullptr);
  ops::ContextScope scope(&tracer);
  std::vector<Tensor> xs, dys, args, targets, wrt;
  for (const ops::TensorInfo& info : spec.inputs) xs.push_back(tracer.add_arg(info, "x"));
  for (int o : spec.dy_outputs) dys.push_back(tracer.add_arg(body.graph->info(body.graph->outputs()[o]), "dy"));
  for (int s : spec.sources) args.push_back(xs[s]);
  for (int w : spec.wrt) wrt.push_back(xs[w]);
  std::vector<Tensor> grads;
  {
    GradientTape tape({.watch_accessed_variables = false});
    tape.watch(wrt);
    std::vector<Tensor> ys = body.executor.replay(args);
    for (int o : spec.dy_outputs) targets.push_back(ys[o]);
    if (!targets.empty()) grads = tape.gradient(targets, wrt, OutputGradients(dys));
  }
  grads.resize(wrt.size());
  std::vector<graph::NodeOutput> outputs;
  for (std::size_t k = 0; k < wrt.size(); ++k)
    outputs.push_back(tracer.resolve(grads[k].defined() ? grads[k] : zeros_shaped_like(wrt[k])));
  g->set_outputs(std::move(outputs));
  return g;
}

namespace {

using BodyPtr = std::shared_ptr<const graph::FunctionBody>;

// d(If outputs)/d(If inputs): an If on the same predicate whose branches are the vjps of the
// forward branches (see the Note above).
autodiff::Grads if_grad(const autodiff::GradientContext& ctx, std::span<const Tensor> grads) {
  const std::size_t m = ctx.num_inputs() - 1;  // inputs after the predicate
  VjpSpec spec;
  for (std::size_t i = 0; i < m; ++i) {
    spec.inputs.push_back({ctx.input_dtype(i + 1), ctx.input_shape(i + 1)});
    if (is_floating(ctx.input_dtype(i + 1)) && ctx.needs_gradient(i + 1)) spec.wrt.push_back(static_cast<int>(i));
  }
  std::vector<Tensor> inputs(ctx.inputs().begin(), ctx.inputs().end());
  for (std::size_t o = 0; o < grads.size(); ++o)
    if (is_floating(grads[o].dtype())) {
      spec.dy_outputs.push_back(static_cast<int>(o));
      inputs.push_back(grads[o]);
    }
  autodiff::Grads result(ctx.num_inputs());
  if (spec.wrt.empty()) return result;

  std::vector<int> grad_sources;
  for (std::size_t i = 1; i < inputs.size(); ++i) grad_sources.push_back(static_cast<int>(i));
  auto vjp_of = [&](const BodyPtr& branch) {
    VjpSpec s = spec;
    s.sources.clear();
    for (int src : branch->arg_sources) s.sources.push_back(src - 1);
    return std::make_shared<graph::FunctionBody>(trace_vjp(*branch, s), grad_sources);
  };
  auto then_grad = vjp_of(ctx.attr<BodyPtr>(0));
  auto else_grad = vjp_of(ctx.attr<BodyPtr>(1));
  const ops::AttrValue attrs[] = {then_grad, else_grad};
  ops::Outputs out = ops::execute(if_op(then_grad->stateful() || else_grad->stateful()),
                                  std::span<const Tensor>(inputs), attrs);
  for (std::size_t k = 0; k < spec.wrt.size(); ++k) result[spec.wrt[k] + 1] = out[k];
  return result;
}

TF_REGISTER_GRADIENT("If", if_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("StatelessIf", if_grad, {.inputs = true, .outputs = false});

}  // namespace
}  // namespace tf::function_ops
