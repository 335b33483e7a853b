// The functions of an LU factorization (tf::linalg::lu): lu_reconstruct, lu_solve and
// lu_matrix_inverse, composites of triangular solves and products as in TensorFlow (so their
// gradients come from those ops). TensorFlow gathers rows by the permutation; here the
// permutation is a 0/1 matrix product, which also broadcasts batch dimensions.
#include "ops/math/python_name_scope.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/linalg_factorizations.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/math_ops.h"
#include "tfpp/matrix_ops.h"

namespace tf::linalg {
namespace {

// P[..., i, j] = 1 where perm[..., i] == j, so that P a = L U.
Tensor permutation_matrix(const Tensor& perm, DType dtype) {
  const Tensor n = strided_slice(shape(perm, perm.dtype()), {-1}, {0}, {1}, {.end_mask = 1, .shrink_axis_mask = 1});
  const Tensor columns = range(cast(constant(0), perm.dtype()), n, cast(constant(1), perm.dtype()));
  return cast(math::equal(expand_dims(perm, -1), columns), dtype);
}

// L: the strictly lower part of lu with ones on the diagonal.
Tensor unit_lower(const Tensor& lower_upper) {
  const Tensor diagonal = diag_part(lower_upper);
  return set_diag(band_part(lower_upper, -1, 0), diagonal * 0.0 + 1.0);
}

// x with L U x = P rhs.
Tensor solve_permuted(const Tensor& lower_upper, const Tensor& permuted_rhs) {
  return triangular_solve(lower_upper, triangular_solve(unit_lower(lower_upper), permuted_rhs), false);
}

}  // namespace

Tensor lu_reconstruct(const Tensor& lower_upper, const Tensor& perm) {
  return ops::with_python_scope("lu_reconstruct", [&](graph::OpNameScope*) {
    const Tensor product = matmul(unit_lower(lower_upper), band_part(lower_upper, 0, -1));
    return matmul(permutation_matrix(perm, lower_upper.dtype()), product, {.transpose_a = true});
  });
}

Tensor lu_solve(const Tensor& lower_upper, const Tensor& perm, const Tensor& rhs) {
  return ops::with_python_scope("lu_solve", [&](graph::OpNameScope*) {
    return solve_permuted(lower_upper, matmul(permutation_matrix(perm, rhs.dtype()), rhs));
  });
}

Tensor lu_matrix_inverse(const Tensor& lower_upper, const Tensor& perm) {
  return ops::with_python_scope("lu_matrix_inverse", [&](graph::OpNameScope*) {
    return solve_permuted(lower_upper, permutation_matrix(perm, lower_upper.dtype()));
  });
}

}  // namespace tf::linalg
