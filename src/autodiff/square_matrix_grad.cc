// Gradients of MatrixInverse, MatrixDeterminant, LogMatrixDeterminant and Cholesky, as
// TensorFlow's linalg_grad.py defines them.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/array_ops.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/matrix_ops.h"

namespace tf::autodiff {
namespace {

// For y = a^-1 (a^-T when adjoint): da = -y^T dy y^T (-y dy^T y with adjoint).
Grads inverse_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const bool adjoint = ctx.attr<bool>(0);
  const Tensor& y = ctx.output(0);
  return {neg(matmul(y, matmul(dy[0], y, {.transpose_a = adjoint, .transpose_b = !adjoint}), {.transpose_a = !adjoint}))};
}

// A [...] tensor as [..., 1, 1], to scale each matrix of a batch.
Tensor per_matrix(const Tensor& t) { return expand_dims(expand_dims(t, -1), -1); }

// d det(a) = det(a) a^-T.
Grads determinant_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {per_matrix(dy[0] * ctx.output(0)) * linalg::inv(ctx.input(0), true)};
}

// d log|det(a)| = a^-T; the sign has no gradient.
Grads log_determinant_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {per_matrix(dy[1]) * linalg::inv(ctx.input(0), true)};
}

// For a = l l^T: da = sym(l^-T phi(l^T dl) l^-1) / 2, where phi keeps the lower triangle and
// halves the diagonal. The two products with l's inverse are triangular solves.
Grads cholesky_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& l = ctx.output(0);
  Tensor middle = matmul(l, dy[0], {.transpose_a = true});
  middle = linalg::band_part(linalg::set_diag(middle, linalg::diag_part(middle) * 0.5), -1, 0);
  const Tensor left = linalg::triangular_solve(l, middle, true, true);                   // l^-T middle
  const Tensor g = linalg::adjoint(linalg::triangular_solve(l, linalg::adjoint(left), true, true));  // ... l^-1
  return {(g + linalg::adjoint(g)) * 0.5};
}

}  // namespace

TF_REGISTER_GRADIENT("MatrixInverse", inverse_grad, {.inputs = false, .outputs = true});
TF_REGISTER_GRADIENT("MatrixDeterminant", determinant_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("LogMatrixDeterminant", log_determinant_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("Cholesky", cholesky_grad, {.inputs = false, .outputs = true});

}  // namespace tf::autodiff
