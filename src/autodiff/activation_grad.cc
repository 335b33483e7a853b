// Gradients of the activations (activation_ops.h). TensorFlow runs dedicated kernels
// (ReluGrad, EluGrad, ...); these compose the same formulas from elementwise ops, so they
// also differentiate again (second order), except Relu's: it is in every MLP's training
// step, so it runs the one-pass ReluGrad op, which has a gradient of its own.
#include <cmath>
#include <numbers>

#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "kernels/cpu/scalar_math.h"
#include "ops/math/relu_grad_op.h"
#include "tfpp/activation_ops.h"
#include "tfpp/math_ops.h"

namespace tf::autodiff {
namespace {

constexpr Saves kInput{.inputs = true, .outputs = false};
constexpr Saves kOutput{.inputs = false, .outputs = true};

Tensor zero(const Tensor& like) { return scalar_like(like, 0.0); }

// dy where the output is positive (x > 0 exactly when relu(x) > 0).
Grads relu_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {ops::execute1(ops::relu_grad_op(), {dy[0], ctx.output(0)})};
}

// ReluGrad(g, y) is linear in g with the same mask; y gets nothing (the mask is flat).
Grads relu_grad_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(2);
  g[0] = ops::execute1(ops::relu_grad_op(), {dy[0], ctx.input(1)});
  return g;
}

// dy where 0 < y < 6 (the flat parts of relu6 pass nothing).
Grads relu6_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& y = ctx.output(0);
  const Tensor inside = math::logical_and(math::greater(y, zero(y)), math::less(y, scalar_like(y, 6.0)));
  return {where(inside, dy[0], zero(dy[0]))};
}

// elu'(x) = 1 for x > 0, exp(x) = y + 1 otherwise.
Grads elu_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& y = ctx.output(0);
  return {where(math::less(y, zero(y)), multiply(dy[0], add(y, scalar_like(y, 1.0))), dy[0])};
}

// selu'(x) = scale for x > 0, y + scale * alpha otherwise.
Grads selu_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& y = ctx.output(0);
  const double scale = kernels::scalar::kSeluScale, alpha = kernels::scalar::kSeluAlpha;
  return {where(math::less(y, zero(y)), multiply(dy[0], add(y, scalar_like(y, scale * alpha))),
                multiply(dy[0], scalar_like(y, scale)))};
}

Grads softplus_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {multiply(dy[0], math::sigmoid(ctx.input(0)))};
}

// Exact: Phi(x) + x phi(x). Approximate, with t = tanh(c (x + 0.044715 x^3)), c = sqrt(2/pi):
// 0.5 (1 + t) + 0.5 x (1 - t^2) c (1 + 3 * 0.044715 x^2).
Grads gelu_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  auto k = [&](double v) { return scalar_like(x, v); };
  const Tensor x2 = math::square(x);
  Tensor d;
  if (ctx.attr<bool>(0)) {
    const double c = std::sqrt(2.0 / std::numbers::pi);
    const Tensor t = math::tanh(multiply(multiply(x, add(k(1.0), multiply(x2, k(0.044715)))), k(c)));
    const Tensor dt = multiply(subtract(k(1.0), math::square(t)), add(k(c), multiply(x2, k(3.0 * 0.044715 * c))));
    d = multiply(add(add(k(1.0), t), multiply(x, dt)), k(0.5));
  } else {
    const Tensor cdf = multiply(add(k(1.0), math::erf(multiply(x, k(std::numbers::sqrt2 / 2)))), k(0.5));
    const Tensor pdf = multiply(math::exp(multiply(x2, k(-0.5))), k(std::numbers::inv_sqrtpi / std::numbers::sqrt2));
    d = add(cdf, multiply(x, pdf));
  }
  return {multiply(dy[0], d)};
}

}  // namespace

TF_REGISTER_GRADIENT("Relu", relu_grad, kOutput);
TF_REGISTER_GRADIENT("ReluGrad", relu_grad_grad, kInput);
TF_REGISTER_GRADIENT("Relu6", relu6_grad, kOutput);
TF_REGISTER_GRADIENT("Elu", elu_grad, kOutput);
TF_REGISTER_GRADIENT("Selu", selu_grad, kOutput);
TF_REGISTER_GRADIENT("Softplus", softplus_grad, kInput);
TF_REGISTER_GRADIENT("Gelu", gelu_grad, kInput);

}  // namespace tf::autodiff
