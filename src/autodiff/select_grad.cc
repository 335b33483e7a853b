// Gradients of the ops that pick elements: SelectV2 (tf::where) and ClipByValue.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/math_ops.h"

namespace tf::autodiff {
namespace {

// where(c, x, y): dy goes to x where c holds and to y elsewhere; c gets none.
Grads select_v2_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& c = ctx.input(0);
  const Tensor zero = scalar_like(dy[0], 0.0);
  Grads g(3);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(where(c, dy[0], zero), ctx, 1);
  if (ctx.needs_gradient(2)) g[2] = unbroadcast(where(c, zero, dy[0]), ctx, 2);
  return g;
}

// clip_by_value(t, lo, hi): dy goes to t inside [lo, hi], to lo below it and to hi above it.
Grads clip_by_value_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &t = ctx.input(0), &lo = ctx.input(1), &hi = ctx.input(2);
  const Tensor below = math::less(t, lo), above = math::greater(t, hi);
  const Tensor zero = scalar_like(dy[0], 0.0);
  Grads g(3);
  if (ctx.needs_gradient(0)) g[0] = where(math::logical_or(below, above), zero, dy[0]);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(where(below, dy[0], zero), ctx, 1);
  if (ctx.needs_gradient(2)) g[2] = unbroadcast(where(above, dy[0], zero), ctx, 2);
  return g;
}

}  // namespace

TF_REGISTER_GRADIENT("SelectV2", select_v2_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("ClipByValue", clip_by_value_grad, {.inputs = true, .outputs = false});

}  // namespace tf::autodiff
