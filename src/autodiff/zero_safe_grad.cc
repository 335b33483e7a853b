// Gradients of the zero-safe ops (zero_safe_ops.h), as TensorFlow's math_grad.py defines
// them: written with the same zero-safe ops, so that where the forward op gave 0 instead of a
// NaN, the gradient does too.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/zero_safe_ops.h"

namespace tf::autodiff {
namespace {

using math::multiply;

// 1 where x != 0, else 0, in x's dtype.
Tensor not_zero(const Tensor& x) { return cast(math::not_equal(x, scalar_like(x, 0.0)), x.dtype()); }

// Xlogy: dx = xlogy(x != 0, y), dy = xdivy(x, y).
Grads xlogy_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &x = ctx.input(0), &y = ctx.input(1);
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(multiply(math::xlogy(not_zero(x), y), dy[0]), ctx, 0);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(multiply(math::xdivy(x, y), dy[0]), ctx, 1);
  return g;
}

// Xlog1py: dx = xlog1py(x != 0, y), dy = xdivy(x, y + 1).
Grads xlog1py_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &x = ctx.input(0), &y = ctx.input(1);
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(multiply(math::xlog1py(not_zero(x), y), dy[0]), ctx, 0);
  if (ctx.needs_gradient(1))
    g[1] = unbroadcast(multiply(math::xdivy(x, math::add(y, scalar_like(y, 1.0))), dy[0]), ctx, 1);
  return g;
}

// Xdivy: dx = xdivy(x != 0, y), dy = xdivy(-x, y^2).
Grads xdivy_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &x = ctx.input(0), &y = ctx.input(1);
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(multiply(math::xdivy(not_zero(x), y), dy[0]), ctx, 0);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(multiply(math::xdivy(neg(x), math::square(y)), dy[0]), ctx, 1);
  return g;
}

// DivNoNan: dx = div_no_nan(dz, y), dy = dz * div_no_nan(div_no_nan(-x, y), y).
Grads div_no_nan_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &x = ctx.input(0), &y = ctx.input(1);
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(math::divide_no_nan(dy[0], y), ctx, 0);
  if (ctx.needs_gradient(1))
    g[1] = unbroadcast(multiply(dy[0], math::divide_no_nan(math::divide_no_nan(neg(x), y), y)), ctx, 1);
  return g;
}

// MulNoNan: dx = mul_no_nan(dz, y), dy = mul_no_nan(x, dz).
Grads mul_no_nan_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &x = ctx.input(0), &y = ctx.input(1);
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(math::multiply_no_nan(dy[0], y), ctx, 0);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(math::multiply_no_nan(x, dy[0]), ctx, 1);
  return g;
}

constexpr Saves kInputs{.inputs = true, .outputs = false};

}  // namespace

TF_REGISTER_GRADIENT("Xlogy", xlogy_grad, kInputs);
TF_REGISTER_GRADIENT("Xlog1py", xlog1py_grad, kInputs);
TF_REGISTER_GRADIENT("Xdivy", xdivy_grad, kInputs);
TF_REGISTER_GRADIENT("DivNoNan", div_no_nan_grad, kInputs);
TF_REGISTER_GRADIENT("MulNoNan", mul_no_nan_grad, kInputs);

}  // namespace tf::autodiff
