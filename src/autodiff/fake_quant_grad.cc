// Gradients of the fake quantization ops (fake_quant_ops.h), as TensorFlow's array_ops.py
// registers them: each forward op's gradient is its *Gradient op (straight through inside the
// nudged range; the Vars ops also give min and max the gradients of the inputs outside it), and
// the *Gradient ops themselves are not differentiable.
#include "autodiff/gradient_registry.h"
#include "tfpp/fake_quant_ops.h"

namespace tf::autodiff {
namespace {

using quantization::FakeQuantGradients;
using quantization::FakeQuantOptions;

FakeQuantOptions vars_options(const GradientContext& ctx) {
  return {.num_bits = ctx.attr<std::int64_t>(0), .narrow_range = ctx.attr<bool>(1)};
}

// FakeQuantWithMinMaxArgs(inputs) {min, max, num_bits, narrow_range}.
Grads args_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {quantization::fake_quant_with_min_max_args_gradient(
      dy[0], ctx.input(0),
      {.min = ctx.attr<double>(0), .max = ctx.attr<double>(1), .num_bits = ctx.attr<std::int64_t>(2),
       .narrow_range = ctx.attr<bool>(3)})};
}

// FakeQuantWithMinMaxVars(inputs, min, max) {num_bits, narrow_range}.
Grads vars_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  FakeQuantGradients g =
      quantization::fake_quant_with_min_max_vars_gradient(dy[0], ctx.input(0), ctx.input(1), ctx.input(2), vars_options(ctx));
  return {std::move(g.backprops_wrt_input), std::move(g.backprop_wrt_min), std::move(g.backprop_wrt_max)};
}

// FakeQuantWithMinMaxVarsPerChannel(inputs, min, max) {num_bits, narrow_range}.
Grads per_channel_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  FakeQuantGradients g = quantization::fake_quant_with_min_max_vars_per_channel_gradient(
      dy[0], ctx.input(0), ctx.input(1), ctx.input(2), vars_options(ctx));
  return {std::move(g.backprops_wrt_input), std::move(g.backprop_wrt_min), std::move(g.backprop_wrt_max)};
}

}  // namespace

TF_REGISTER_GRADIENT("FakeQuantWithMinMaxArgs", args_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("FakeQuantWithMinMaxVars", vars_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("FakeQuantWithMinMaxVarsPerChannel", per_channel_grad, {.inputs = true, .outputs = false});
TF_NO_GRADIENT("FakeQuantWithMinMaxArgsGradient");
TF_NO_GRADIENT("FakeQuantWithMinMaxVarsGradient");
TF_NO_GRADIENT("FakeQuantWithMinMaxVarsPerChannelGradient");

}  // namespace tf::autodiff
