// Gradients of the reductions (reduction_ops.h).
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::autodiff {
namespace {

// The input's shape with size 1 in each reduced axis (the keep_dims output shape).
TensorShape kept_shape(const GradientContext& ctx) {
  TensorShape kept = ctx.input_shape(0);
  const auto* axes = std::get_if<std::vector<std::int64_t>>(&ctx.attrs()[0]);
  for (int d = 0; d < kept.rank(); ++d) {
    bool reduced = axes == nullptr;
    if (axes)
      for (std::int64_t a : *axes) reduced |= (a < 0 ? a + kept.rank() : a) == d;
    if (reduced) kept.set_dim(d, 1);
  }
  return kept;
}

// dy reshaped to the keep_dims shape and repeated over the reduced axes.
Tensor spread(const GradientContext& ctx, const Tensor& dy) {
  const TensorShape kept = kept_shape(ctx);
  return broadcast_up(dy.shape() == kept ? dy : reshape(dy, dims_of(kept)), ctx.input_shape(0));
}

Grads sum_grad(const GradientContext& ctx, std::span<const Tensor> dy) { return {spread(ctx, dy[0])}; }

Grads mean_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const std::int64_t out = dy[0].num_elements(), in = ctx.input_shape(0).num_elements();
  const double count = out > 0 && in > 0 ? static_cast<double>(in / out) : 1.0;
  return {divide(spread(ctx, dy[0]), scalar_like(dy[0], count))};
}

}  // namespace

TF_REGISTER_GRADIENT("Sum", sum_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("Mean", mean_grad, {.inputs = false, .outputs = false});

}  // namespace tf::autodiff
