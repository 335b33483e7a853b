// Gradients of the trigonometric and hyperbolic ops (trigonometric_ops.h), as TensorFlow's
// math_grad.py defines them.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/trigonometric_ops.h"

namespace tf::autodiff {
namespace {

using math::multiply;

constexpr Saves kInput{.inputs = true, .outputs = false};
constexpr Saves kOutput{.inputs = false, .outputs = true};

// 1 - x^2 and 1 + x^2, the denominators of the inverse functions' derivatives.
Tensor one_minus_square(const Tensor& x) { return math::subtract(scalar_like(x, 1.0), math::square(x)); }
Tensor one_plus_square(const Tensor& x) { return math::add(scalar_like(x, 1.0), math::square(x)); }

// d tan(x) = sec^2(x).
Grads tan_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {multiply(dy[0], math::square(math::reciprocal(math::cos(ctx.input(0)))))};
}

// d asin(x) = 1 / sqrt(1 - x^2).
Grads asin_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {multiply(dy[0], math::reciprocal(math::sqrt(one_minus_square(ctx.input(0)))))};
}

// d acos(x) = -1 / sqrt(1 - x^2).
Grads acos_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {neg(multiply(dy[0], math::reciprocal(math::sqrt(one_minus_square(ctx.input(0))))))};
}

// d atan(x) = 1 / (1 + x^2).
Grads atan_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {multiply(dy[0], math::reciprocal(one_plus_square(ctx.input(0))))};
}

Grads sinh_grad(const GradientContext& ctx, std::span<const Tensor> dy) { return {multiply(dy[0], math::cosh(ctx.input(0)))}; }

Grads cosh_grad(const GradientContext& ctx, std::span<const Tensor> dy) { return {multiply(dy[0], math::sinh(ctx.input(0)))}; }

// d asinh(x) = 1 / cosh(y).
Grads asinh_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {math::divide(dy[0], math::cosh(ctx.output(0)))};
}

// d acosh(x) = 1 / sinh(y).
Grads acosh_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {math::divide(dy[0], math::sinh(ctx.output(0)))};
}

// d atanh(x) = 1 / (1 - x^2).
Grads atanh_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {multiply(dy[0], math::reciprocal(one_minus_square(ctx.input(0))))};
}

// d atan2(y, x) = (x dy - y dx) / (x^2 + y^2).
Grads atan2_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &y = ctx.input(0), &x = ctx.input(1);
  const Tensor scaled = math::divide(dy[0], math::add(math::square(x), math::square(y)));
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(multiply(x, scaled), ctx, 0);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(multiply(neg(y), scaled), ctx, 1);
  return g;
}

}  // namespace

TF_REGISTER_GRADIENT("Tan", tan_grad, kInput);
TF_REGISTER_GRADIENT("Asin", asin_grad, kInput);
TF_REGISTER_GRADIENT("Acos", acos_grad, kInput);
TF_REGISTER_GRADIENT("Atan", atan_grad, kInput);
TF_REGISTER_GRADIENT("Sinh", sinh_grad, kInput);
TF_REGISTER_GRADIENT("Cosh", cosh_grad, kInput);
TF_REGISTER_GRADIENT("Asinh", asinh_grad, kOutput);
TF_REGISTER_GRADIENT("Acosh", acosh_grad, kOutput);
TF_REGISTER_GRADIENT("Atanh", atanh_grad, kInput);
TF_REGISTER_GRADIENT("Atan2", atan2_grad, kInput);

}  // namespace tf::autodiff
