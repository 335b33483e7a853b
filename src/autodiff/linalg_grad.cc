// Gradients of the matrix products (linalg_ops.h). Each product of the gradient reads its
// operands through matmul's transpose flags, never through a materialized transpose.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/linalg_ops.h"

namespace tf::autodiff {
namespace {

// For c = op_a(a) op_b(b) with op_x = transpose when t_x (TensorFlow's _MatMulGrad):
//   (ta, tb) = (F, F): da = dc b^T,   db = a^T dc
//   (F, T):            da = dc b,     db = dc^T a
//   (T, F):            da = b dc^T,   db = a dc
//   (T, T):            da = b^T dc^T, db = dc^T a^T
// BatchMatMulV2 broadcasts batch dimensions, so its gradients are summed back to each input's.
Grads matmul_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const bool ta = ctx.attr<bool>(0), tb = ctx.attr<bool>(1);
  const Tensor &a = ctx.input(0), &b = ctx.input(1), &dc = dy[0];
  Grads g(2);
  if (ctx.needs_gradient(0)) {
    const Tensor da = !ta ? matmul(dc, b, {.transpose_b = !tb}) : matmul(b, dc, {.transpose_a = tb, .transpose_b = true});
    g[0] = unbroadcast(da, ctx, 0, 2);
  }
  if (ctx.needs_gradient(1)) {
    const Tensor db = !tb ? matmul(a, dc, {.transpose_a = !ta}) : matmul(dc, a, {.transpose_a = true, .transpose_b = ta});
    g[1] = unbroadcast(db, ctx, 1, 2);
  }
  return g;
}

}  // namespace

TF_REGISTER_GRADIENT("MatMul", matmul_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("BatchMatMulV2", matmul_grad, {.inputs = true, .outputs = false});

}  // namespace tf::autodiff
