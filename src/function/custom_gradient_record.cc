// Custom gradients recorded on tapes, and carried in traced graphs by IdentityN
// (Note [Custom gradients in traced graphs]).
#include "function/custom_gradient_record.h"

#include <numeric>

#include "autodiff/gradient_registry.h"
#include "core/tensor_impl.h"
#include "function/control_flow_grad.h"
#include "function/traced_body.h"
#include "graph/tracer.h"
#include "ops/shape_fns.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"

namespace tf::function_ops {
namespace {

// What an IdentityN node carries: the traced gradient function and where its pieces sit among
// the node's inputs (outputs..., inputs..., captures...).
struct TracedGradient : ops::OpPayload {
  std::size_t num_outputs = 0;
  std::size_t num_inputs = 0;
  /// (upstream per output..., captures...) -> the defined gradients; argument o < num_outputs
  /// has output o's node input as its source, the rest their captures'. Null when the gradient
  /// function could not be traced.
  std::shared_ptr<const graph::FunctionBody> body;
  std::vector<std::size_t> gradient_of;  ///< the input each gradient of the body belongs to
  std::string failure;                   ///< why it could not be traced

  // The gradients of the custom inputs from the upstream gradients, recomputing the traced body
  // in the current context; `node_inputs` are the IdentityN node's inputs (a captured variable's
  // handle may arrive as the value read from it: Note [Gradients through variable handles]).
  autodiff::Grads input_gradients(std::span<const Tensor> upstream, std::span<const Tensor> node_inputs) const {
    if (!body)
      throw UnimplementedError("[custom_gradient] a tf::function that uses a custom gradient cannot be differentiated "
                               "through its call: its gradient function could not be traced (" + failure + ")");
    std::vector<Tensor> args;
    for (std::size_t o = 0; o < num_outputs; ++o)
      args.push_back(upstream[o].defined() ? upstream[o] : zeros_like(node_inputs[o]));
    for (std::size_t a = num_outputs; a < body->arg_sources.size(); ++a) args.push_back(node_inputs[body->arg_sources[a]]);
    autodiff::Grads grads(num_inputs);
    std::vector<Tensor> traced = recompute(*body, args, "custom_gradient");
    for (std::size_t k = 0; k < traced.size(); ++k) grads[gradient_of[k]] = std::move(traced[k]);
    return grads;
  }
};

template <class Context>  // an op's or a gradient's context
const TracedGradient& traced_gradient(const Context& ctx) {
  return static_cast<const TracedGradient&>(*ctx.template attr<std::shared_ptr<const ops::OpPayload>>(0));
}

void identity_n_shape(ops::ShapeContext& ctx) {
  for (std::size_t o = 0; o < traced_gradient(ctx).num_outputs; ++o)
    ctx.add_output(ctx.input(o).dtype(), ctx.input(o).shape());
}

void identity_n_kernel(ops::KernelContext& ctx) {
  for (std::size_t o = 0; o < traced_gradient(ctx).num_outputs; ++o)
    ctx.output(o) = core::view(ctx.input(o), ctx.input(o).shape());
}

ops::OpBuilder identity_n_builder() {
  ops::OpBuilder b("IdentityN");
  b.variadic_inputs().attrs({"gradient"}).shape(identity_n_shape).kernel_allocates_outputs();
  for (int d = 0; d < kNumDTypes; ++d) b.kernel(static_cast<DType>(d), identity_n_kernel);
  return b;
}

const ops::OpDef& kIdentityN = identity_n_builder();

autodiff::Grads identity_n_grad(const autodiff::GradientContext& ctx, std::span<const Tensor> upstream) {
  const TracedGradient& traced = traced_gradient(ctx);
  const autodiff::Grads input_grads = traced.input_gradients(upstream, ctx.inputs());
  autodiff::Grads grads(ctx.num_inputs());  // none for the outputs and the captures
  for (std::size_t i = 0; i < traced.num_inputs; ++i) grads[traced.num_outputs + i] = input_grads[i];
  return grads;
}

// Traces `backward` for `outputs` into `traced`, and returns the node's inputs.
std::vector<Tensor> trace_gradient(std::span<const Tensor> inputs, std::span<const Tensor> outputs,
                                   const autodiff::BackwardFn& backward, TracedGradient& traced) {
  std::vector<Tensor> node_inputs(outputs.begin(), outputs.end());
  node_inputs.insert(node_inputs.end(), inputs.begin(), inputs.end());
  std::vector<ops::TensorInfo> upstream_specs;
  for (const Tensor& y : outputs) upstream_specs.push_back({y.dtype(), y.shape()});
  try {
    detail::TracedBody body = detail::trace_body(
        upstream_specs,
        [&](const std::vector<Tensor>& upstream, std::vector<std::string>&) {
          std::vector<Tensor> defined;
          const autodiff::Grads grads = backward(upstream);
          for (std::size_t i = 0; i < grads.size(); ++i)
            if (grads[i].defined()) {
              traced.gradient_of.push_back(i);
              defined.push_back(grads[i]);
            }
          return defined;
        },
        "custom_gradient");
    std::vector<int> sources(outputs.size());
    std::iota(sources.begin(), sources.end(), 0);
    traced.body = std::make_shared<graph::FunctionBody>(body.graph, detail::wire_captures(node_inputs, body, sources));
  } catch (const std::exception& e) {  // also the gradient function's own exceptions (Python's)
    traced.gradient_of.clear();
    traced.failure = e.what();
  }
  return node_inputs;
}

}  // namespace

TF_REGISTER_GRADIENT("IdentityN", identity_n_grad, {.inputs = true, .outputs = false});

std::vector<Tensor> record_custom_gradient(std::span<const Tensor> inputs, std::span<const Tensor> outputs,
                                           std::shared_ptr<autodiff::BackwardFn> backward) {
  ops::Outputs identities;  // each output's own identity on the tapes
  if (graph::Tracer::current()) {
    auto traced = std::make_shared<TracedGradient>();
    traced->num_outputs = outputs.size();
    traced->num_inputs = inputs.size();
    const std::vector<Tensor> node_inputs = trace_gradient(inputs, outputs, *backward, *traced);
    const ops::AttrValue attrs[] = {std::shared_ptr<const ops::OpPayload>(traced)};
    {
      autodiff::SuspendTapes no_recording;  // the tapes see the call below, not this node
      identities = ops::execute(kIdentityN, std::span<const Tensor>(node_inputs), attrs);
    }
    if (traced->body)  // the tapes inside the trace replay the traced gradient: it ran once
      backward = std::make_shared<autodiff::BackwardFn>([traced, node_inputs](std::span<const Tensor> upstream) {
        return traced->input_gradients(upstream, node_inputs);
      });
  } else {
    for (const Tensor& y : outputs) identities.push_back(core::view(y, y.shape()));
  }
  for (autodiff::Tape* tape : autodiff::recording_tapes()) tape->record_custom(inputs, identities, backward);
  return std::vector<Tensor>(identities.begin(), identities.end());
}

}  // namespace tf::function_ops
