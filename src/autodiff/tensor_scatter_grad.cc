// Gradients of TensorScatterUpdate / Add / Sub / Max / Min, as TensorFlow's array_grad.py: an
// update's gradient is the output gradient at its index tuple; a replaced element of `tensor`
// gets none; max and min split the gradient evenly between tied winners.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/constant.h"
#include "tfpp/scatter_ops.h"

namespace tf::autodiff {
namespace {

Grads tensor_scatter_update_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& indices = ctx.input(1);
  const Tensor updates_grad = gather_nd(dy[0], indices);
  return {tensor_scatter_nd_update(dy[0], indices, zeros_like(updates_grad)), Tensor(), updates_grad};
}

Grads tensor_scatter_add_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {dy[0], Tensor(), gather_nd(dy[0], ctx.input(1))};
}

Grads tensor_scatter_sub_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {dy[0], Tensor(), neg(gather_nd(dy[0], ctx.input(1)))};
}

Grads tensor_scatter_min_max_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  const Tensor& indices = ctx.input(1);
  const Tensor& y = ctx.input(2);
  const Tensor& out = ctx.output(0);
  const Tensor x_wins = cast(equal(x, out), dy[0].dtype());
  const Tensor y_wins = cast(equal(y, gather_nd(out, indices)), dy[0].dtype());
  const Tensor winners = x_wins + scatter_nd(indices, y_wins, IntArray(shape(x, indices.dtype())));  // each >= 1
  return {dy[0] * x_wins / winners, Tensor(), gather_nd(dy[0] / winners, indices) * y_wins};
}

constexpr Saves kNothing{.inputs = false, .outputs = false};

}  // namespace

TF_REGISTER_GRADIENT("TensorScatterUpdate", tensor_scatter_update_grad, kNothing);
TF_REGISTER_GRADIENT("TensorScatterAdd", tensor_scatter_add_grad, kNothing);
TF_REGISTER_GRADIENT("TensorScatterSub", tensor_scatter_sub_grad, kNothing);
TF_REGISTER_GRADIENT("TensorScatterMax", tensor_scatter_min_max_grad);
TF_REGISTER_GRADIENT("TensorScatterMin", tensor_scatter_min_max_grad);

}  // namespace tf::autodiff
