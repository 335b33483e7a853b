// Gradient of Softsign (softsign_ops.h), as TensorFlow's SoftsignGrad: dy / (1 + |x|)^2.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/math_ops.h"

namespace tf::autodiff {
namespace {

Grads softsign_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  return {math::divide(dy[0], math::square(math::add(scalar_like(x, 1.0), math::abs(x))))};
}

}  // namespace

TF_REGISTER_GRADIENT("Softsign", softsign_grad, {.inputs = true, .outputs = false});

}  // namespace tf::autodiff
