// Tridiagonal systems, TensorFlow's tf.linalg.tridiagonal_solve: a tridiagonal [..., M, M] matrix
// given by its three diagonals, solved for one ([..., M]) or K ([..., M, K]) right-hand sides by
// Gaussian elimination (LAPACK's gtsv with partial pivoting, or the Thomas algorithm).
//
//   // superdiagonal (last ignored), diagonal, subdiagonal (first ignored)
//   auto d = tf::constant({{1.0f, 1.0f, 0.0f}, {2.0f, 2.0f, 2.0f}, {0.0f, 1.0f, 1.0f}});
//   auto x = tf::linalg::tridiagonal_solve(d, tf::constant({1.0f, 2.0f, 3.0f}));
#pragma once

#include <array>
#include <string_view>

#include "tfpp/tensor.h"

namespace tf::linalg {

/// Options of tridiagonal_solve, TensorFlow's keyword arguments.
struct TridiagonalSolveOptions {
  bool transpose_rhs = false;     ///< rhs is [..., K, M] (no effect on [..., M])
  bool conjugate_rhs = false;     ///< conjugate rhs before solving
  bool partial_pivoting = true;   ///< LAPACK's row interchanges; false is the Thomas algorithm
  bool perturb_singular = false;  ///< perturb tiny pivots (LAPACK's xLAGTS) so singular systems give finite results
};

/// Solves each tridiagonal system (op TridiagonalSolve); `diagonals_format` "compact" reads
/// `diagonals` as [..., 3, M] (superdiagonal, diagonal, subdiagonal rows), "matrix" as [..., M, M]
/// (only its three diagonals). A singular system gives NaN (zeros for complex dtypes, as TensorFlow).
Tensor tridiagonal_solve(const Tensor& diagonals, const Tensor& rhs, std::string_view diagonals_format = "compact",
                         const TridiagonalSolveOptions& options = {});
/// tridiagonal_solve with the "sequence" format: {superdiagonal, diagonal, subdiagonal}, the
/// off-diagonals [..., M] or [..., M - 1].
Tensor tridiagonal_solve(const std::array<Tensor, 3>& diagonals, const Tensor& rhs,
                         const TridiagonalSolveOptions& options = {});

}  // namespace tf::linalg
