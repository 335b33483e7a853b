// The gradient of Cross, as TensorFlow's math_grad.py: for c = a x b, da = b x dc, db = dc x a.
#include "autodiff/gradient_registry.h"
#include "tfpp/linalg_vector_ops.h"

namespace tf::autodiff {
namespace {

Grads cross_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {linalg::cross(ctx.input(1), dy[0]), linalg::cross(dy[0], ctx.input(0))};
}

}  // namespace

TF_REGISTER_GRADIENT("Cross", cross_grad, {.inputs = true, .outputs = false});

}  // namespace tf::autodiff
