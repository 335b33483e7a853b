// The gradient of Dilation2D: its two backprop ops, which route each output's gradient to the
// input pixel and filter tap of its window's maximum.
#include "autodiff/gradient_registry.h"

namespace tf::ops::nn {
const OpDef& dilation2d_backprop_input_op();
const OpDef& dilation2d_backprop_filter_op();
}  // namespace tf::ops::nn

namespace tf::autodiff {
namespace {

Grads dilation2d_grad(const GradientContext& ctx, std::span<const Tensor> grads) {
  const std::vector<ops::AttrValue> attrs(ctx.attrs().begin(), ctx.attrs().end());
  Grads result(2);
  if (ctx.needs_gradient(0))
    result[0] = ops::execute1(ops::nn::dilation2d_backprop_input_op(), {ctx.input(0), ctx.input(1), grads[0]}, attrs);
  if (ctx.needs_gradient(1))
    result[1] = ops::execute1(ops::nn::dilation2d_backprop_filter_op(), {ctx.input(0), ctx.input(1), grads[0]}, attrs);
  return result;
}

}  // namespace

TF_REGISTER_GRADIENT("Dilation2D", dilation2d_grad, {.outputs = false});

}  // namespace tf::autodiff
