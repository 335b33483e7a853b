// Gradients of SpaceToDepth and DepthToSpace (each the other, moving the gradient back) and of
// LRN (the LRNGrad op, which, as in TensorFlow, has no gradient of its own: users may register one).
#include "autodiff/gradient_registry.h"
#include "autodiff/unregistered_gradients.h"
#include "ops/nn/lrn_ops.h"
#include "tfpp/space_to_depth.h"

namespace tf::autodiff {
namespace {

constexpr Saves kNothing{.inputs = false, .outputs = false};

Grads space_to_depth_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {nn::depth_to_space(dy[0], ctx.attr<std::int64_t>(0), ctx.attr<std::string>(1))};
}

Grads depth_to_space_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {nn::space_to_depth(dy[0], ctx.attr<std::int64_t>(0), ctx.attr<std::string>(1))};
}

Grads lrn_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {ops::lrn_grad(dy[0], ctx.input(0), ctx.output(0), ctx.attrs())};
}

}  // namespace

TF_REGISTER_GRADIENT("SpaceToDepth", space_to_depth_grad, kNothing);
TF_REGISTER_GRADIENT("DepthToSpace", depth_to_space_grad, kNothing);
TF_REGISTER_GRADIENT("LRN", lrn_grad);
[[maybe_unused]] static const bool kLrnGradLeftToUsers = leave_gradient_to_users("LRNGrad");

}  // namespace tf::autodiff
