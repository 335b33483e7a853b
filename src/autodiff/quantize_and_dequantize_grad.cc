// Gradients of the quantize-and-dequantize ops (quantize_and_dequantize.h), as TensorFlow's
// array_grad.py and array_ops.py register them: V4 through QuantizeAndDequantizeV4Grad (straight
// through where the input lies in [input_min, input_max], zeros for the range) and V2 straight
// through everywhere.
#include "autodiff/gradient_registry.h"
#include "tfpp/quantize_and_dequantize.h"

namespace tf::autodiff {
namespace {

constexpr std::size_t kV4Axis = 5;  // signed_input, num_bits, range_given, round_mode, narrow_range, axis

Grads v4_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  quantization::QuantizeAndDequantizeGradients g = quantization::quantize_and_dequantize_v4_grad(
      dy[0], ctx.input(0), ctx.input(1), ctx.input(2), ctx.attr<std::int64_t>(kV4Axis));
  return {std::move(g.input_backprop), std::move(g.input_min_backprop), std::move(g.input_max_backprop)};
}

Grads v2_grad(const GradientContext&, std::span<const Tensor> dy) { return {dy[0], Tensor(), Tensor()}; }

}  // namespace

TF_REGISTER_GRADIENT("QuantizeAndDequantizeV4", v4_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("QuantizeAndDequantizeV2", v2_grad, {.inputs = false, .outputs = false});
// TensorFlow registers a gradient for V4Grad that takes one gradient for the op's three outputs,
// so asking for it raises TypeError there; here it is not differentiable.
TF_NO_GRADIENT("QuantizeAndDequantizeV4Grad");

}  // namespace tf::autodiff
