// Gradients of FractionalMaxPool and FractionalAvgPool (TensorFlow's nn_grad.py): through the
// pooled values only, to the windows the forward call's row and column sequences bound. The
// sequences are integers and get no gradient; the backprops themselves have none (as in TensorFlow).
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "ops/nn/fractional_pool.h"
#include "tfpp/math_ops.h"

namespace tf::autodiff {
namespace {

constexpr std::size_t kOverlapping = 2;  // FractionalMaxPool / FractionalAvgPool's attribute

Grads fractional_max_pool_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {ops::nn::fractional_max_pool_grad(ctx.input(0), ctx.output(0), dy[0], ctx.output(1), ctx.output(2),
                                            ctx.attr<bool>(kOverlapping))};
}

Grads fractional_avg_pool_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {ops::nn::fractional_avg_pool_grad(cast(input_shape_tensor(ctx, 0), int64), dy[0], ctx.output(1),
                                            ctx.output(2), ctx.attr<bool>(kOverlapping))};
}

}  // namespace

TF_REGISTER_GRADIENT("FractionalMaxPool", fractional_max_pool_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("FractionalAvgPool", fractional_avg_pool_grad, {.inputs = true, .outputs = true});

}  // namespace tf::autodiff
