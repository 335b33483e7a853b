// Gradients of the special functions (special_math_ops.h), as TensorFlow's math_grad.py
// defines them; erfinv's and ndtri's reuse the saved output.
#include <numbers>

#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/special_math_ops.h"

namespace tf::autodiff {
namespace {

using math::multiply;

constexpr Saves kInput{.inputs = true, .outputs = false};
constexpr Saves kOutput{.inputs = false, .outputs = true};

Grads lgamma_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {multiply(dy[0], math::digamma(ctx.input(0)))};
}

// d digamma(x) = polygamma(1, x).
Grads digamma_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  return {multiply(dy[0], math::polygamma(scalar_like(x, 1.0), x))};
}

// d polygamma(a, x) / dx = polygamma(a + 1, x); the order a has no gradient (None in TensorFlow).
Grads polygamma_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &a = ctx.input(0), &x = ctx.input(1);
  Grads g(2);
  if (ctx.needs_gradient(1))
    g[1] = unbroadcast(multiply(dy[0], math::polygamma(math::add(a, scalar_like(a, 1.0)), x)), ctx, 1);
  return g;
}

// d erfc(x) = -2 / sqrt(pi) * exp(-x^2).
Grads erfc_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  const Tensor scale = scalar_like(x, -2.0 * std::numbers::inv_sqrtpi);
  return {multiply(dy[0], multiply(scale, math::exp(neg(math::square(x)))))};
}

// d erfinv(x) = sqrt(pi) / 2 * exp(y^2).
Grads erfinv_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& y = ctx.output(0);
  const Tensor scale = scalar_like(y, 0.5 / std::numbers::inv_sqrtpi);
  return {multiply(dy[0], multiply(scale, math::exp(math::square(y))))};
}

// d ndtri(x) = sqrt(2 pi) * exp(y^2 / 2).
Grads ndtri_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& y = ctx.output(0);
  const Tensor scale = scalar_like(y, std::numbers::sqrt2 / std::numbers::inv_sqrtpi);
  return {multiply(dy[0], multiply(scale, math::exp(math::divide(math::square(y), scalar_like(y, 2.0)))))};
}

}  // namespace

TF_REGISTER_GRADIENT("Lgamma", lgamma_grad, kInput);
TF_REGISTER_GRADIENT("Digamma", digamma_grad, kInput);
TF_REGISTER_GRADIENT("Polygamma", polygamma_grad, kInput);
TF_REGISTER_GRADIENT("Erfc", erfc_grad, kInput);
TF_REGISTER_GRADIENT("Erfinv", erfinv_grad, kOutput);
TF_REGISTER_GRADIENT("Ndtri", ndtri_grad, kOutput);

}  // namespace tf::autodiff
