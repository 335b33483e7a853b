// Banded triangular systems, TensorFlow's tf.linalg.banded_triangular_solve: a triangular
// [..., M, M] matrix stored as its K diagonals [..., K, M] in LAPACK's (cuSPARSE's) LEFT_RIGHT
// alignment, solved by substitution over the band only.
//
//   // lower: row 0 the diagonal, row 1 the subdiagonal (its first element ignored)
//   auto x = tf::linalg::banded_triangular_solve(tf::constant({{2.0f, 3.0f, 4.0f}, {1.0f, 2.0f, 3.0f}}), tf::ones({3, 1}));
#pragma once

#include "tfpp/tensor.h"

namespace tf::linalg {

/// Solves each banded triangular system (op BandedTriangularSolve): bands [..., K, M] (lower: the
/// diagonal then K - 1 subdiagonals; upper: K - 1 superdiagonals down to the diagonal), rhs
/// [..., M, N], batch dimensions broadcast; `adjoint` solves with the conjugate transpose. Differentiable.
Tensor banded_triangular_solve(const Tensor& bands, const Tensor& rhs, bool lower = true, bool adjoint = false);

}  // namespace tf::linalg
