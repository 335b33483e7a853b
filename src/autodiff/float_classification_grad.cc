// Gradients of the floating-point classification ops (float_classification_ops.h) and of
// TruncateMod. As in TensorFlow, IsNan, IsInf, IsFinite and TruncateMod have none (a tape
// raises LookupError through them until tf::RegisterGradient gives them one); NextAfter
// passes the gradient to x1, as though it were the identity, and gives x2 zeros.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "autodiff/unregistered_gradients.h"
#include "tfpp/math_ops.h"

namespace tf::autodiff {
namespace {

[[maybe_unused]] const bool kIsNanLeftToUsers = leave_gradient_to_users("IsNan");
[[maybe_unused]] const bool kIsInfLeftToUsers = leave_gradient_to_users("IsInf");
[[maybe_unused]] const bool kIsFiniteLeftToUsers = leave_gradient_to_users("IsFinite");
[[maybe_unused]] const bool kTruncateModLeftToUsers = leave_gradient_to_users("TruncateMod");

// TensorFlow multiplies dy by ones_like(x1) and zeros_like(x2): a NaN dy stays NaN in both.
Grads next_after_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(dy[0], ctx, 0);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(math::multiply(dy[0], scalar_like(dy[0], 0.0)), ctx, 1);
  return g;
}

}  // namespace

TF_REGISTER_GRADIENT("NextAfter", next_after_grad, {.inputs = false, .outputs = false});

}  // namespace tf::autodiff
