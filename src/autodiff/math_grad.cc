// Gradients of the binary arithmetic ops (math_ops.h), as TensorFlow's math_grad.py defines them.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/math_ops.h"

namespace tf::autodiff {
namespace {

Grads add_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {unbroadcast(dy[0], ctx, 0), unbroadcast(dy[0], ctx, 1)};
}

Grads sub_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(2);
  g[0] = unbroadcast(dy[0], ctx, 0);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(neg(dy[0]), ctx, 1);
  return g;
}

Grads mul_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(multiply(dy[0], ctx.input(1)), ctx, 0);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(multiply(ctx.input(0), dy[0]), ctx, 1);
  return g;
}

// d(a/b) = da / b - a db / b².
Grads real_div_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &a = ctx.input(0), &b = ctx.input(1);
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(divide(dy[0], b), ctx, 0);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(neg(divide(multiply(dy[0], divide(a, b)), b)), ctx, 1);
  return g;
}

// Maximum / Minimum: dy goes to the selected input; ties go to a, as in TensorFlow.
template <bool is_max>
Grads select_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &a = ctx.input(0), &b = ctx.input(1);
  const Tensor a_wins = is_max ? math::greater_equal(a, b) : math::less_equal(a, b);
  const Tensor zero = scalar_like(dy[0], 0.0);
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(where(a_wins, dy[0], zero), ctx, 0);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(where(a_wins, zero, dy[0]), ctx, 1);
  return g;
}

// d(a - b)^2 = 2 (a - b) (da - db).
Grads squared_difference_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor d = multiply(multiply(dy[0], scalar_like(dy[0], 2.0)), subtract(ctx.input(0), ctx.input(1)));
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(d, ctx, 0);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(neg(d), ctx, 1);
  return g;
}

// d a^b = b a^(b-1) da + a^b log(a) db, with log(a) taken as 0 where a <= 0 (as TensorFlow
// does, so a = 0 gives a zero instead of a NaN gradient for b).
Grads pow_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &a = ctx.input(0), &b = ctx.input(1);
  const Tensor one = scalar_like(a, 1.0);
  Grads g(2);
  if (ctx.needs_gradient(0))
    g[0] = unbroadcast(multiply(dy[0], multiply(b, math::pow(a, subtract(b, one)))), ctx, 0);
  if (ctx.needs_gradient(1)) {
    // Complex bases take log(a) wherever a != 0, as TensorFlow does.
    const Tensor positive = is_complex(a.dtype()) ? math::not_equal(a, scalar_like(a, 0.0)) : math::greater(a, scalar_like(a, 0.0));
    const Tensor log_a = where(positive, math::log(where(positive, a, one)), scalar_like(a, 0.0));
    g[1] = unbroadcast(multiply(dy[0], multiply(ctx.output(0), log_a)), ctx, 1);
  }
  return g;
}

// floormod(a, b) = a - floor(a / b) b: da passes, db gets -floor(a / b).
Grads floor_mod_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(dy[0], ctx, 0);
  if (ctx.needs_gradient(1))
    g[1] = unbroadcast(neg(multiply(dy[0], math::floordiv(ctx.input(0), ctx.input(1)))), ctx, 1);
  return g;
}

}  // namespace

TF_REGISTER_GRADIENT("AddV2", add_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("Sub", sub_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("Mul", mul_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("RealDiv", real_div_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("Maximum", select_grad<true>, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("Minimum", select_grad<false>, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("SquaredDifference", squared_difference_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("Pow", pow_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("FloorMod", floor_mod_grad, {.inputs = true, .outputs = false});

}  // namespace tf::autodiff
