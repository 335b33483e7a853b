// Gradients of MatrixSolve and MatrixTriangularSolve, as TensorFlow's linalg_grad.py defines
// them: for x = a^-1 b, db = a^-T dx and da = -db x^T (transposed when the op solved with a^T).
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/matrix_ops.h"

namespace tf::autodiff {
namespace {

Tensor grad_matrix(const Tensor& db, const Tensor& x, bool adjoint) {
  return neg(adjoint ? matmul(x, db, {.transpose_b = true}) : matmul(db, x, {.transpose_b = true}));
}

Grads solve_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const bool adjoint = ctx.attr<bool>(0);
  const Tensor db = linalg::solve(ctx.input(0), dy[0], !adjoint);
  return {grad_matrix(db, ctx.output(0), adjoint), db};
}

// Only the solved triangle of the matrix gets a gradient; batch dimensions broadcast.
Grads triangular_solve_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const bool lower = ctx.attr<bool>(0), adjoint = ctx.attr<bool>(1);
  const Tensor db = linalg::triangular_solve(ctx.input(0), dy[0], lower, !adjoint);
  const Tensor da = linalg::band_part(grad_matrix(db, ctx.output(0), adjoint), lower ? -1 : 0, lower ? 0 : -1);
  return {unbroadcast(da, ctx, 0, 2), unbroadcast(db, ctx, 1, 2)};
}

}  // namespace

TF_REGISTER_GRADIENT("MatrixSolve", solve_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("MatrixTriangularSolve", triangular_solve_grad, {.inputs = true, .outputs = true});

}  // namespace tf::autodiff
