// Gradients of the convolutions and of their backprop ops (TensorFlow's nn_grad.py). Each
// backprop op is linear in each of its tensor inputs, so its gradient is another of the three
// ops with the same attributes: that is what makes second order through a convolution work.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "ops/nn/nn_grad_ops.h"

namespace tf::autodiff {
namespace {

using ops::nn::ConvKind;

// Conv(input, filter) -> (BackpropInput(shape(input), filter, dy), BackpropFilter(input, shape(filter), dy)).
template <ConvKind kind>
Grads conv_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(2);
  if (ctx.needs_gradient(0))
    g[0] = ops::nn::conv_backprop_input(kind, input_shape_tensor(ctx, 0), ctx.input(1), dy[0], ctx.attrs());
  if (ctx.needs_gradient(1))
    g[1] = ops::nn::conv_backprop_filter(kind, ctx.input(0), input_shape_tensor(ctx, 1), dy[0], ctx.attrs());
  return g;
}

// BackpropInput(input_sizes, filter, out_backprop): a transposed convolution of out_backprop.
template <ConvKind kind>
Grads backprop_input_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(3);
  if (ctx.needs_gradient(1))
    g[1] = ops::nn::conv_backprop_filter(kind, dy[0], input_shape_tensor(ctx, 1), ctx.input(2), ctx.attrs());
  if (ctx.needs_gradient(2)) g[2] = ops::nn::conv(kind, dy[0], ctx.input(1), ctx.attrs());
  return g;
}

// BackpropFilter(input, filter_sizes, out_backprop): a correlation of input with out_backprop.
template <ConvKind kind>
Grads backprop_filter_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(3);
  if (ctx.needs_gradient(0))
    g[0] = ops::nn::conv_backprop_input(kind, input_shape_tensor(ctx, 0), dy[0], ctx.input(2), ctx.attrs());
  if (ctx.needs_gradient(2)) g[2] = ops::nn::conv(kind, ctx.input(0), dy[0], ctx.attrs());
  return g;
}

constexpr Saves kInputs{.inputs = true, .outputs = false};

}  // namespace

TF_REGISTER_GRADIENT("Conv2D", conv_grad<ConvKind::kConv2D>, kInputs);
TF_REGISTER_GRADIENT("Conv2DBackpropInput", backprop_input_grad<ConvKind::kConv2D>, kInputs);
TF_REGISTER_GRADIENT("Conv2DBackpropFilter", backprop_filter_grad<ConvKind::kConv2D>, kInputs);
TF_REGISTER_GRADIENT("DepthwiseConv2dNative", conv_grad<ConvKind::kDepthwise>, kInputs);
TF_REGISTER_GRADIENT("DepthwiseConv2dNativeBackpropInput", backprop_input_grad<ConvKind::kDepthwise>, kInputs);
TF_REGISTER_GRADIENT("DepthwiseConv2dNativeBackpropFilter", backprop_filter_grad<ConvKind::kDepthwise>, kInputs);

}  // namespace tf::autodiff
