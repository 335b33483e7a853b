// The gradient of RandomGamma with respect to alpha, as TensorFlow's random_grad.py: the
// samples' derivatives d sample / d alpha (RandomGammaGrad), weighted by the incoming gradient
// and summed over the sample dimensions.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "ops/random/random_gamma_grad.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::autodiff {
namespace {

Grads random_gamma_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& alpha = ctx.input(0);
  const Tensor& sample = ctx.output(0);
  const int sample_dims = static_cast<int>(ctx.attr<TensorShape>(0).rank());
  Tensor alpha_broadcastable = alpha;
  std::vector<std::int64_t> axes;
  for (int d = 0; d < sample_dims; ++d) {
    alpha_broadcastable = expand_dims(alpha_broadcastable, 0);
    axes.push_back(d);
  }
  const Tensor partial = ops::random_gamma_grad(alpha_broadcastable, sample);
  return {reduce_sum(multiply(dy[0], partial), axes)};
}

}  // namespace

TF_REGISTER_GRADIENT("RandomGamma", random_gamma_grad);

}  // namespace tf::autodiff
