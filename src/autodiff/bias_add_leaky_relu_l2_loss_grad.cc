// Gradients of BiasAdd (and of its gradient op BiasAddGrad, for second order), LeakyRelu
// and L2Loss. LeakyRelu's composes TensorFlow's LeakyReluGrad formula from elementwise ops,
// as activation_grad.cc does for the other activations, so it differentiates again.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "ops/nn/bias_add_ops.h"
#include "tfpp/bias_add.h"
#include "tfpp/math_ops.h"

namespace tf::autodiff {
namespace {

constexpr Saves kNothing{.inputs = false, .outputs = false};
constexpr Saves kInput{.inputs = true, .outputs = false};

// value's gradient is dy; bias's the sum of dy over all but the channel dimension.
Grads bias_add_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {dy[0], ops::bias_add_grad(dy[0], ctx.attr<std::string>(0))};
}

// BiasAddGrad is linear: its adjoint spreads the [C] gradient over out_backprop's shape.
Grads bias_add_grad_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {nn::bias_add(zeros_like_input(ctx, 0), dy[0], ctx.attr<std::string>(0))};
}

// dy where features > 0, else alpha * dy (TensorFlow's LeakyReluGrad; alpha is a float attribute).
Grads leaky_relu_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  return {where(math::greater(x, scalar_like(x, 0.0)), dy[0], multiply(dy[0], scalar_like(dy[0], static_cast<float>(ctx.attr<double>(0)))))};
}

Grads l2_loss_grad(const GradientContext& ctx, std::span<const Tensor> dy) { return {multiply(ctx.input(0), dy[0])}; }

}  // namespace

TF_REGISTER_GRADIENT("BiasAdd", bias_add_grad, kNothing);
TF_REGISTER_GRADIENT("BiasAddGrad", bias_add_grad_grad, kInput);
TF_REGISTER_GRADIENT("LeakyRelu", leaky_relu_grad, kInput);
TF_REGISTER_GRADIENT("L2Loss", l2_loss_grad, kInput);

}  // namespace tf::autodiff
