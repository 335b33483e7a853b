// Gradients of the unary math ops (math_ops.h), as TensorFlow's math_grad.py defines them.
// Where the derivative is a function of the output (exp, sqrt, tanh, sigmoid...), the
// gradient reuses the saved output instead of recomputing it.
#include <numbers>

#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/math_ops.h"

namespace tf::autodiff {
namespace {

constexpr Saves kInput{.inputs = true, .outputs = false};
constexpr Saves kOutput{.inputs = false, .outputs = true};

const Tensor& x_of(const GradientContext& ctx) { return ctx.input(0); }
const Tensor& y_of(const GradientContext& ctx) { return ctx.output(0); }

Grads neg_grad(const GradientContext&, std::span<const Tensor> dy) { return {neg(dy[0])}; }

Grads abs_grad(const GradientContext& ctx, std::span<const Tensor> dy) { return {multiply(dy[0], math::sign(x_of(ctx)))}; }

// TensorFlow's Sign gradient is zero everywhere (not "no gradient").
Grads sign_grad(const GradientContext&, std::span<const Tensor> dy) {
  return {zeros_shaped(dy[0], dy[0].shape(), dy[0].dtype())};
}

Grads exp_grad(const GradientContext& ctx, std::span<const Tensor> dy) { return {multiply(dy[0], y_of(ctx))}; }

// d expm1(x) = exp(x) = y + 1.
Grads expm1_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {multiply(dy[0], add(y_of(ctx), scalar_like(dy[0], 1.0)))};
}

Grads log_grad(const GradientContext& ctx, std::span<const Tensor> dy) { return {divide(dy[0], x_of(ctx))}; }

Grads log1p_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {divide(dy[0], add(x_of(ctx), scalar_like(dy[0], 1.0)))};
}

// d sqrt(x) = 0.5 / y.
Grads sqrt_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {divide(multiply(dy[0], scalar_like(dy[0], 0.5)), y_of(ctx))};
}

// d rsqrt(x) = -0.5 * y^3.
Grads rsqrt_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& y = y_of(ctx);
  return {multiply(multiply(dy[0], scalar_like(dy[0], -0.5)), multiply(y, math::square(y)))};
}

Grads square_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {multiply(dy[0], multiply(x_of(ctx), scalar_like(dy[0], 2.0)))};
}

// d (1/x) = -y^2.
Grads reciprocal_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {neg(multiply(dy[0], math::square(y_of(ctx))))};
}

Grads sin_grad(const GradientContext& ctx, std::span<const Tensor> dy) { return {multiply(dy[0], math::cos(x_of(ctx)))}; }

Grads cos_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {neg(multiply(dy[0], math::sin(x_of(ctx))))};
}

// d tanh(x) = 1 - y^2.
Grads tanh_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& y = y_of(ctx);
  return {multiply(dy[0], subtract(scalar_like(y, 1.0), math::square(y)))};
}

// d sigmoid(x) = y (1 - y).
Grads sigmoid_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& y = y_of(ctx);
  return {multiply(dy[0], multiply(y, subtract(scalar_like(y, 1.0), y)))};
}

// d erf(x) = 2 / sqrt(pi) * exp(-x^2).
Grads erf_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = x_of(ctx);
  const Tensor scale = scalar_like(x, 2.0 * std::numbers::inv_sqrtpi);
  return {multiply(dy[0], multiply(scale, math::exp(neg(math::square(x)))))};
}

// Cast: cast back. Only float-to-float casts get here: the tape does not track integers.
Grads cast_grad(const GradientContext& ctx, std::span<const Tensor> dy) { return {cast(dy[0], ctx.input_dtype(0))}; }

}  // namespace

TF_REGISTER_GRADIENT("Neg", neg_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("Abs", abs_grad, kInput);
TF_REGISTER_GRADIENT("Sign", sign_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("Exp", exp_grad, kOutput);
TF_REGISTER_GRADIENT("Expm1", expm1_grad, kOutput);
TF_REGISTER_GRADIENT("Log", log_grad, kInput);
TF_REGISTER_GRADIENT("Log1p", log1p_grad, kInput);
TF_REGISTER_GRADIENT("Sqrt", sqrt_grad, kOutput);
TF_REGISTER_GRADIENT("Rsqrt", rsqrt_grad, kOutput);
TF_REGISTER_GRADIENT("Square", square_grad, kInput);
TF_REGISTER_GRADIENT("Reciprocal", reciprocal_grad, kOutput);
TF_REGISTER_GRADIENT("Sin", sin_grad, kInput);
TF_REGISTER_GRADIENT("Cos", cos_grad, kInput);
TF_REGISTER_GRADIENT("Tanh", tanh_grad, kOutput);
TF_REGISTER_GRADIENT("Sigmoid", sigmoid_grad, kOutput);
TF_REGISTER_GRADIENT("Erf", erf_grad, kInput);
TF_REGISTER_GRADIENT("Cast", cast_grad, {.inputs = false, .outputs = false});

}  // namespace tf::autodiff
