// Gradients of the pooling ops and of their backprop ops (TensorFlow's nn_grad.py):
// MaxPool -> MaxPoolGrad -> MaxPoolGradGrad -> MaxPoolGrad, and AvgPool <-> AvgPoolGrad.
// Under a tape MaxPool runs as _MaxPoolWithArgmax (pool_ops.cc), whose gradients read its argmax:
// _MaxPoolWithArgmax -> _MaxPoolGradWithArgmax <-> _MaxPoolGradGradWithArgmax (both linear in
// their float input). Max pooling's routing of gradients depends on where the maxima are, which
// is locally constant, so the backprop ops give no gradient to orig_input and orig_output.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "ops/nn/nn_grad_ops.h"

namespace tf::autodiff {
namespace {

Grads max_pool_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {ops::nn::max_pool_grad(ctx.input(0), ctx.output(0), dy[0], ctx.attrs())};
}

// MaxPoolGrad(orig_input, orig_output, grad).
Grads max_pool_grad_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {Tensor(), Tensor(), ops::nn::max_pool_grad_grad(ctx.input(0), ctx.input(1), dy[0], ctx.attrs())};
}

// MaxPoolGradGrad(orig_input, orig_output, grad).
Grads max_pool_grad_grad_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {Tensor(), Tensor(), ops::nn::max_pool_grad(ctx.input(0), ctx.input(1), dy[0], ctx.attrs())};
}

// _MaxPoolWithArgmax(input) -> (output, argmax).
Grads max_pool_with_argmax_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {ops::nn::max_pool_grad_with_argmax(input_shape_tensor(ctx, 0), dy[0], ctx.output(1), ctx.attrs())};
}

// _MaxPoolGradWithArgmax(orig_input_shape, grad, argmax).
Grads max_pool_grad_with_argmax_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {Tensor(), ops::nn::max_pool_grad_grad_with_argmax(dy[0], ctx.input(2), ctx.attrs()), Tensor()};
}

// _MaxPoolGradGradWithArgmax(grad, argmax).
Grads max_pool_grad_grad_with_argmax_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {ops::nn::max_pool_grad_with_argmax(input_shape_tensor(ctx, 0), dy[0], ctx.input(1), ctx.attrs()), Tensor()};
}

// MaxPoolWithArgmax(input) -> (output, argmax) {ksize, strides, padding, data_format, Targmax,
// include_batch_in_index}: through the values only.
Grads flat_max_pool_with_argmax_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {ops::nn::flat_max_pool_grad_with_argmax(ctx.input(0), dy[0], ctx.output(1), std::get<bool>(ctx.attrs()[5]))};
}

// MaxPoolGradWithArgmax(input, grad, argmax) and MaxPoolGradGradWithArgmax, linear in grad and
// each other's adjoint.
Grads flat_max_pool_grad_with_argmax_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {Tensor(),
          ops::nn::flat_max_pool_grad_grad_with_argmax(ctx.input(0), dy[0], ctx.input(2), std::get<bool>(ctx.attrs()[0])),
          Tensor()};
}
Grads flat_max_pool_grad_grad_with_argmax_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {Tensor(),
          ops::nn::flat_max_pool_grad_with_argmax(ctx.input(0), dy[0], ctx.input(2), std::get<bool>(ctx.attrs()[0])),
          Tensor()};
}

Grads avg_pool_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {ops::nn::avg_pool_grad(input_shape_tensor(ctx, 0), dy[0], ctx.attrs())};
}

// AvgPoolGrad(orig_input_shape, grad) is linear in grad: its adjoint is AvgPool.
Grads avg_pool_grad_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {Tensor(), ops::nn::avg_pool(dy[0], ctx.attrs())};
}

}  // namespace

TF_REGISTER_GRADIENT("MaxPool", max_pool_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("MaxPoolGrad", max_pool_grad_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("MaxPoolGradGrad", max_pool_grad_grad_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("_MaxPoolWithArgmax", max_pool_with_argmax_grad, {.inputs = false, .outputs = true});
TF_REGISTER_GRADIENT("_MaxPoolGradWithArgmax", max_pool_grad_with_argmax_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("_MaxPoolGradGradWithArgmax", max_pool_grad_grad_with_argmax_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("MaxPoolWithArgmax", flat_max_pool_with_argmax_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("MaxPoolGradWithArgmax", flat_max_pool_grad_with_argmax_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("MaxPoolGradGradWithArgmax", flat_max_pool_grad_grad_with_argmax_grad,
                     {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("AvgPool", avg_pool_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("AvgPoolGrad", avg_pool_grad_grad, {.inputs = false, .outputs = false});

}  // namespace tf::autodiff
