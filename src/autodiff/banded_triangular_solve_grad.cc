// The gradient of BandedTriangularSolve, as TensorFlow's linalg_grad.py defines it: for
// x = a^-1 b, db = a^-H dy (the banded solve with the other adjoint) and da = -db x^H (-x db^H
// when the op solved with a^H), read back into the band storage; batch dimensions unbroadcast.
#include <algorithm>

#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "ops/linalg/tridiagonal_shifts.h"
#include "tfpp/array_ops.h"
#include "tfpp/complex_ops.h"
#include "tfpp/linalg_banded.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/matrix_ops.h"

namespace tf::autodiff {
namespace {

// TensorFlow's matrix_diag_part(m, k=(-(K-1), 0) or (0, K-1), align='LEFT_RIGHT'): the K
// diagonals of each matrix in band storage; a diagonal d away from the main one is the main
// diagonal of the matrix with its columns shifted d places (zeros where the shift leaves none).
Tensor band_storage(const Tensor& m, std::int64_t bands, bool lower) {
  std::vector<Tensor> rows;
  Tensor shifted = m;
  for (std::int64_t d = 0; d < bands; ++d) {
    rows.push_back(linalg::diag_part(shifted));
    shifted = ops::linalg::shift_along(shifted, -1, lower ? -1 : 1);
  }
  if (!lower) std::reverse(rows.begin(), rows.end());  // the superdiagonals above the diagonal
  return stack(rows, -2);
}

Grads banded_triangular_solve_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const bool lower = ctx.attr<bool>(0), adjoint = ctx.attr<bool>(1);
  const TensorShape& s = ctx.input_shape(0);
  if (s.has_unknown_rank() || s.dim(-2) == None) fail_unknown_shape(ctx, s, "the number of bands");
  const Tensor& x = ctx.output(0);
  const Tensor db = linalg::banded_triangular_solve(ctx.input(0), dy[0], lower, !adjoint);
  const auto adjoint_of = [](const Tensor& t) { return math::conj(linalg::matrix_transpose(t)); };
  const Tensor da = neg(adjoint ? matmul(x, adjoint_of(db)) : matmul(db, adjoint_of(x)));
  return {unbroadcast(band_storage(da, s.dim(-2), lower), ctx, 0, 2), unbroadcast(db, ctx, 1, 2)};
}

}  // namespace

TF_REGISTER_GRADIENT("BandedTriangularSolve", banded_triangular_solve_grad, {.inputs = true, .outputs = true});

}  // namespace tf::autodiff
