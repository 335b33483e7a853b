// The gradient of AddN: each input receives dy unchanged.
#include "autodiff/gradient_registry.h"

namespace tf::autodiff {
namespace {

Grads add_n_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads grads;
  for (std::size_t i = 0; i < ctx.num_inputs(); ++i) grads.push_back(dy[0]);
  return grads;
}

}  // namespace

TF_REGISTER_GRADIENT("AddN", add_n_grad, {.inputs = false, .outputs = false});

}  // namespace tf::autodiff
