// The gradient of RandomGamma and StatelessRandomGammaV2 with respect to alpha, as TensorFlow's random_grad.py: the
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

// Alpha is input `kAlpha`: 0 for RandomGamma, 1 (after the seed) for StatelessRandomGammaV2.
template <int kAlpha>
Grads random_gamma_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& alpha = ctx.input(kAlpha);
  const Tensor& sample = ctx.output(0);
  const int sample_dims = sample.rank() - alpha.rank();  // the leading dimensions alpha lacks
  Tensor alpha_broadcastable = alpha;
  std::vector<std::int64_t> axes;
  for (int d = 0; d < sample_dims; ++d) {
    alpha_broadcastable = expand_dims(alpha_broadcastable, 0);
    axes.push_back(d);
  }
  const Tensor partial = ops::random_gamma_grad(alpha_broadcastable, sample);
  Grads g(kAlpha + 1);
  g[kAlpha] = reduce_sum(multiply(dy[0], partial), axes);
  return g;
}

}  // namespace

TF_REGISTER_GRADIENT("RandomGamma", random_gamma_grad<0>);
TF_REGISTER_GRADIENT("StatelessRandomGammaV2", random_gamma_grad<1>);

}  // namespace tf::autodiff
