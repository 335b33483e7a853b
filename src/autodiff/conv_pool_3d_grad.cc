// Gradients of the 3-D convolution and pooling ops and of their backprop ops (TensorFlow's
// nn_grad.py): Conv3D -> Conv3DBackpropInputV2 / Conv3DBackpropFilterV2 (each linear in its
// tensor inputs, so each one's gradient is another of the three), MaxPool3D -> MaxPool3DGrad ->
// MaxPool3DGradGrad -> MaxPool3DGrad, and AvgPool3D <-> AvgPool3DGrad. Max pooling's routing
// depends on where the maxima are, which is locally constant, so the max backprops give no
// gradient to orig_input and orig_output.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "ops/nn/nn3d_grad_ops.h"

namespace tf::autodiff {
namespace {

// Conv3D(input, filter).
Grads conv3d_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(2);
  if (ctx.needs_gradient(0))
    g[0] = ops::nn::conv3d_backprop_input(input_shape_tensor(ctx, 0), ctx.input(1), dy[0], ctx.attrs());
  if (ctx.needs_gradient(1))
    g[1] = ops::nn::conv3d_backprop_filter(ctx.input(0), input_shape_tensor(ctx, 1), dy[0], ctx.attrs());
  return g;
}

// Conv3DBackpropInputV2(input_sizes, filter, out_backprop): a transposed convolution of out_backprop.
Grads backprop_input_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(3);
  if (ctx.needs_gradient(1))
    g[1] = ops::nn::conv3d_backprop_filter(dy[0], input_shape_tensor(ctx, 1), ctx.input(2), ctx.attrs());
  if (ctx.needs_gradient(2)) g[2] = ops::nn::conv3d(dy[0], ctx.input(1), ctx.attrs());
  return g;
}

// Conv3DBackpropFilterV2(input, filter_sizes, out_backprop): a correlation of input with out_backprop.
Grads backprop_filter_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(3);
  if (ctx.needs_gradient(0))
    g[0] = ops::nn::conv3d_backprop_input(input_shape_tensor(ctx, 0), dy[0], ctx.input(2), ctx.attrs());
  if (ctx.needs_gradient(2)) g[2] = ops::nn::conv3d(ctx.input(0), dy[0], ctx.attrs());
  return g;
}

Grads max_pool3d_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {ops::nn::max_pool3d_grad(ctx.input(0), ctx.output(0), dy[0], ctx.attrs())};
}

// MaxPool3DGrad(orig_input, orig_output, grad).
Grads max_pool3d_grad_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {Tensor(), Tensor(), ops::nn::max_pool3d_grad_grad(ctx.input(0), ctx.input(1), dy[0], ctx.attrs())};
}

// MaxPool3DGradGrad(orig_input, orig_output, grad).
Grads max_pool3d_grad_grad_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {Tensor(), Tensor(), ops::nn::max_pool3d_grad(ctx.input(0), ctx.input(1), dy[0], ctx.attrs())};
}

Grads avg_pool3d_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {ops::nn::avg_pool3d_grad(input_shape_tensor(ctx, 0), dy[0], ctx.attrs())};
}

// AvgPool3DGrad(orig_input_shape, grad) is linear in grad: its adjoint is AvgPool3D.
Grads avg_pool3d_grad_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {Tensor(), ops::nn::avg_pool3d(dy[0], ctx.attrs())};
}

constexpr Saves kInputs{.inputs = true, .outputs = false};

}  // namespace

TF_REGISTER_GRADIENT("Conv3D", conv3d_grad, kInputs);
TF_REGISTER_GRADIENT("Conv3DBackpropInputV2", backprop_input_grad, kInputs);
TF_REGISTER_GRADIENT("Conv3DBackpropFilterV2", backprop_filter_grad, kInputs);
TF_REGISTER_GRADIENT("MaxPool3D", max_pool3d_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("MaxPool3DGrad", max_pool3d_grad_grad, kInputs);
TF_REGISTER_GRADIENT("MaxPool3DGradGrad", max_pool3d_grad_grad_grad, kInputs);
TF_REGISTER_GRADIENT("AvgPool3D", avg_pool3d_grad, kInputs);
TF_REGISTER_GRADIENT("AvgPool3DGrad", avg_pool3d_grad_grad, {.inputs = false, .outputs = false});

}  // namespace tf::autodiff
