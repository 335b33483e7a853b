// Gradients of the special functions of special_functions.h, as TensorFlow's math_grad.py
// defines them: Igamma and Igammac in a (IgammaGradA) and x, Betainc in x only, Zeta in q
// only, and the Bessel functions (reusing the saved output where TensorFlow does).
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "ops/math/special_functions_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/special_functions.h"
#include "tfpp/special_math_ops.h"
#include "tfpp/zero_safe_ops.h"

namespace tf::autodiff {
namespace {

using math::multiply;
namespace special = math::special;

constexpr Saves kInput{.inputs = true, .outputs = false};

const Tensor& x_of(const GradientContext& ctx) { return ctx.input(0); }
const Tensor& y_of(const GradientContext& ctx) { return ctx.output(0); }
Tensor one_like(const Tensor& t) { return scalar_like(t, 1.0); }

// Igamma in log space: d/dx P(a, x) = exp(-x + (a - 1) log x - lgamma(a)).
Grads igamma_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &a = ctx.input(0), &x = ctx.input(1);
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(multiply(ops::igamma_grad_a(a, x), dy[0]), ctx, 0);
  if (ctx.needs_gradient(1)) {
    const Tensor partial_x = math::exp(neg(x) + (a - one_like(a)) * math::log(x) - math::lgamma(a));
    g[1] = unbroadcast(multiply(partial_x, dy[0]), ctx, 1);
  }
  return g;
}

Grads igammac_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g = igamma_grad(ctx, dy);
  for (Tensor& t : g)
    if (t.defined()) t = neg(t);
  return g;
}

// d/dx I_x(a, b) = x^(a-1) (1-x)^(b-1) / B(a, b); a and b get none, as in TensorFlow.
Grads betainc_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &a = ctx.input(0), &b = ctx.input(1), &x = ctx.input(2);
  const Tensor log_beta = math::lgamma(a) + math::lgamma(b) - math::lgamma(a + b);
  const Tensor partial_x =
      math::exp(math::xlog1py(b - one_like(b), neg(x)) + math::xlogy(a - one_like(a), x) - log_beta);
  return {Tensor(), Tensor(), unbroadcast(multiply(partial_x, dy[0]), ctx, 2)};
}

// d/dq zeta(x, q) = -x zeta(x + 1, q); x gets none, as in TensorFlow.
Grads zeta_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &x = ctx.input(0), &q = ctx.input(1);
  Grads g(2);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(multiply(neg(x) * math::zeta(x + one_like(x), q), dy[0]), ctx, 1);
  return g;
}

// x == 0 is replaced by 1 where the formula divides by x; `at_zero` is the derivative there.
Tensor at_nonzero(const Tensor& x, double at_zero, const Tensor& formula) {
  return tf::where(math::equal(x, scalar_like(x, 0.0)), scalar_like(x, at_zero), formula);
}
Tensor safe(const Tensor& x) { return tf::where(math::equal(x, scalar_like(x, 0.0)), one_like(x), x); }

Grads i0_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {multiply(dy[0], math::bessel_i1(x_of(ctx)))};
}
Grads i0e_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = x_of(ctx);
  return {multiply(dy[0], math::bessel_i1e(x) - math::sign(x) * y_of(ctx))};
}
Grads i1_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = x_of(ctx);
  const Tensor sx = safe(x);
  return {multiply(dy[0], at_nonzero(x, 0.5, math::bessel_i0(sx) - y_of(ctx) / sx))};
}
Grads i1e_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = x_of(ctx);
  const Tensor sx = safe(x);
  return {multiply(dy[0], at_nonzero(x, 0.5, math::bessel_i0e(sx) - y_of(ctx) * (math::sign(sx) + math::reciprocal(sx))))};
}
Grads j0_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {multiply(dy[0], neg(special::bessel_j1(x_of(ctx))))};
}
Grads j1_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = x_of(ctx);
  const Tensor sx = safe(x);
  return {multiply(dy[0], at_nonzero(x, 0.5, special::bessel_j0(sx) - y_of(ctx) / sx))};
}
Grads y0_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {multiply(dy[0], neg(special::bessel_y1(x_of(ctx))))};
}
Grads y1_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = x_of(ctx);
  return {multiply(dy[0], special::bessel_y0(x) - y_of(ctx) / x)};
}
Grads k0_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {multiply(dy[0], neg(special::bessel_k1(x_of(ctx))))};
}
Grads k0e_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {multiply(dy[0], y_of(ctx) - special::bessel_k1e(x_of(ctx)))};
}
Grads k1_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = x_of(ctx);
  return {multiply(dy[0], neg(special::bessel_k0(x)) - y_of(ctx) / x)};
}
Grads k1e_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = x_of(ctx);
  return {multiply(dy[0], y_of(ctx) * (one_like(x) - math::reciprocal(x)) - special::bessel_k0e(x))};
}

}  // namespace

TF_REGISTER_GRADIENT("Igamma", igamma_grad, kInput);
TF_REGISTER_GRADIENT("Igammac", igammac_grad, kInput);
TF_REGISTER_GRADIENT("Betainc", betainc_grad, kInput);
TF_REGISTER_GRADIENT("Zeta", zeta_grad, kInput);
TF_REGISTER_GRADIENT("BesselI0", i0_grad, kInput);
TF_REGISTER_GRADIENT("BesselI0e", i0e_grad);
TF_REGISTER_GRADIENT("BesselI1", i1_grad);
TF_REGISTER_GRADIENT("BesselI1e", i1e_grad);
TF_REGISTER_GRADIENT("BesselJ0", j0_grad, kInput);
TF_REGISTER_GRADIENT("BesselJ1", j1_grad);
TF_REGISTER_GRADIENT("BesselY0", y0_grad, kInput);
TF_REGISTER_GRADIENT("BesselY1", y1_grad);
TF_REGISTER_GRADIENT("BesselK0", k0_grad, kInput);
TF_REGISTER_GRADIENT("BesselK0e", k0e_grad);
TF_REGISTER_GRADIENT("BesselK1", k1_grad);
TF_REGISTER_GRADIENT("BesselK1e", k1e_grad);

}  // namespace tf::autodiff
