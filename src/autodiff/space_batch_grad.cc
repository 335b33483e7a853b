// Gradients of SpaceToBatchND and BatchToSpaceND (TensorFlow's array_grad.py): each moves the
// gradient back with the other, the paddings and crops trading places.
#include "autodiff/gradient_registry.h"
#include "tfpp/space_batch_ops.h"

namespace tf::autodiff {
namespace {

Grads space_to_batch_grad(const GradientContext& ctx, std::span<const Tensor> grads) {
  return {batch_to_space_nd(grads[0], IntArray(ctx.input(1)), IntArray(ctx.input(2))), Tensor(), Tensor()};
}

Grads batch_to_space_grad(const GradientContext& ctx, std::span<const Tensor> grads) {
  return {space_to_batch_nd(grads[0], IntArray(ctx.input(1)), IntArray(ctx.input(2))), Tensor(), Tensor()};
}

}  // namespace

TF_REGISTER_GRADIENT("SpaceToBatchND", space_to_batch_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("BatchToSpaceND", batch_to_space_grad, {.inputs = false, .outputs = false});

}  // namespace tf::autodiff
