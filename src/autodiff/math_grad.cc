// Gradients of the binary arithmetic ops (math_ops.h).
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/math_ops.h"

namespace tf::autodiff {
namespace {

Grads add_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {unbroadcast(dy[0], ctx.input_shape(0)), unbroadcast(dy[0], ctx.input_shape(1))};
}

Grads sub_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(2);
  g[0] = unbroadcast(dy[0], ctx.input_shape(0));
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(neg(dy[0]), ctx.input_shape(1));
  return g;
}

Grads mul_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(multiply(dy[0], ctx.input(1)), ctx.input_shape(0));
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(multiply(ctx.input(0), dy[0]), ctx.input_shape(1));
  return g;
}

// d(a/b) = da / b - a db / b².
Grads real_div_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &a = ctx.input(0), &b = ctx.input(1);
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(divide(dy[0], b), ctx.input_shape(0));
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(neg(divide(multiply(dy[0], divide(a, b)), b)), ctx.input_shape(1));
  return g;
}

}  // namespace

TF_REGISTER_GRADIENT("AddV2", add_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("Sub", sub_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("Mul", mul_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("RealDiv", real_div_grad, {.inputs = true, .outputs = false});

}  // namespace tf::autodiff
