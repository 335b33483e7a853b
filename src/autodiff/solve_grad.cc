// Gradients of MatrixSolve, MatrixTriangularSolve and MatrixSolveLs, as TensorFlow's
// linalg_grad.py defines them: for x = a^-1 b, db = a^-T dx and da = -db x^T (transposed when
// the op solved with a^T).
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "ops/linalg/least_squares.h"
#include "tfpp/linalg_factorizations.h"
#include "tfpp/math_ops.h"
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

// fast=True solves the regularized normal equations: x = (a^T a + l2 I)^-1 a^T b for m >= n
// ("first kind"), x = a^T (a a^T + l2 I)^-1 b otherwise; their derivatives.
Grads solve_ls_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  if (!ctx.attr<bool>(0)) throw InvalidArgumentError("[MatrixSolveLs] Gradient not defined for fast=False");
  const TensorShape& s = ctx.input_shape(0);
  if (s.has_unknown_rank() || s.dim(-2) == None || s.dim(-1) == None) fail_unknown_shape(ctx, s, "the matrix's static sizes");
  const Tensor &a = ctx.input(0), &b = ctx.input(1), &g = dy[0];
  const Tensor l2 = cast(ctx.input(2), a.dtype());
  if (s.dim(-2) >= s.dim(-1)) {
    const Tensor z = linalg::cholesky_solve(ops::linalg::regularized_gramian_cholesky(a, l2, true), g);
    const Tensor xzt = matmul(ctx.output(0), z, {.transpose_b = true});
    const Tensor da = matmul(b, z, {.transpose_b = true}) - matmul(a, xzt + linalg::adjoint(xzt));
    return {da, matmul(a, z), Tensor()};
  }
  const Tensor chol = ops::linalg::regularized_gramian_cholesky(a, l2, false);
  const Tensor db = linalg::cholesky_solve(chol, matmul(a, g));
  const Tensor tmp = linalg::cholesky_solve(chol, b);
  const Tensor da = matmul(tmp, g - matmul(a, db, {.transpose_a = true}), {.transpose_b = true}) -
                    matmul(db, matmul(tmp, a, {.transpose_a = true}));
  return {da, db, Tensor()};
}

}  // namespace

TF_REGISTER_GRADIENT("MatrixSolveLs", solve_ls_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("MatrixSolve", solve_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("MatrixTriangularSolve", triangular_solve_grad, {.inputs = true, .outputs = true});

}  // namespace tf::autodiff
