// The gradient of TridiagonalSolve, as TensorFlow's linalg_grad.py defines it: for A x = b,
// db = A^T \ dy (A^T transposed, not conjugated, also for complex dtypes, as TensorFlow) and dA's
// three diagonals are -db x^T read on those diagonals (O(M K), never forming the M x M product).
#include "autodiff/gradient_registry.h"
#include "ops/linalg/tridiagonal_shifts.h"
#include "ops/linalg/tridiagonal_solve.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::autodiff {
namespace {

using ops::linalg::diagonal_row;
using ops::linalg::shift_along;

// The compact diagonals of A^T: A^T's superdiagonal is A's subdiagonal moved one place left,
// its subdiagonal A's superdiagonal moved one place right.
Tensor transpose_tridiagonal(const Tensor& diagonals) {
  return stack({shift_along(diagonal_row(diagonals, 2), -1, 1), diagonal_row(diagonals, 1),
                shift_along(diagonal_row(diagonals, 0), -1, -1)},
               -2);
}

Grads tridiagonal_solve_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const bool pivoting = ctx.attr<bool>(0), perturb = ctx.attr<bool>(1);
  const Tensor& x = ctx.output(0);
  const Tensor db = ops::linalg::tridiagonal_solve_op(transpose_tridiagonal(ctx.input(0)), dy[0], pivoting, perturb);
  // (db x^T)[i][i + d] = sum_k db[i][k] x[i + d][k] for d = 1, 0, -1.
  const Tensor super = reduce_sum(multiply(db, shift_along(x, -2, 1)), -1);
  const Tensor diag = reduce_sum(multiply(db, x), -1);
  const Tensor sub = reduce_sum(multiply(db, shift_along(x, -2, -1)), -1);
  return {negative(stack({super, diag, sub}, -2)), db};
}

}  // namespace

TF_REGISTER_GRADIENT("TridiagonalSolve", tridiagonal_solve_grad, {.inputs = true, .outputs = true});

}  // namespace tf::autodiff
