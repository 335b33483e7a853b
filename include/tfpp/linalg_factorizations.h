// Factorizations of (batches of) matrices, TensorFlow's tf.linalg.cholesky, qr, eigh, eigvalsh,
// svd and lu, and the functions that use an LU factorization (lu_solve, lu_reconstruct,
// lu_matrix_inverse). A tensor of rank >= 2 is a batch of matrices over its last two
// dimensions; float32/float64.
//
//   auto [q, r] = tf::linalg::qr(a);          // a = q r
//   auto [e, v] = tf::linalg::eigh(a);        // a v = v diag(e), e ascending
//   auto [s, u, v] = tf::linalg::svd(a);      // a = u diag(s) v^T, s descending
#pragma once

#include <optional>

#include "tfpp/dtype.h"
#include "tfpp/tensor.h"

namespace tf::linalg {

/// The lower-triangular l with l l^T = input for each symmetric positive-definite matrix (only
/// the lower triangle of `input` is read). A matrix that is not positive definite gets NaN in
/// its factor's lower triangle, as in TensorFlow.
Tensor cholesky(const Tensor& input);

/// qr's result.
struct QR {
  Tensor q;  ///< [..., m, p] with orthonormal columns (p = min(m, n), or m with full_matrices)
  Tensor r;  ///< [..., p, n], upper triangular
};
/// The QR decomposition of each [m, n] matrix by Householder reflections (op Qr).
QR qr(const Tensor& input, bool full_matrices = false);

/// eigh's result.
struct Eigh {
  Tensor e;  ///< [..., n] eigenvalues, ascending
  Tensor v;  ///< [..., n, n] eigenvectors, one per column
};
/// The eigen decomposition of each symmetric matrix, of which only the lower triangle is read
/// (op SelfAdjointEigV2).
Eigh eigh(const Tensor& tensor);
/// The eigenvalues of each symmetric matrix (SelfAdjointEigV2 without eigenvectors).
Tensor eigvalsh(const Tensor& tensor);

/// svd's result, in TensorFlow's order.
struct SVD {
  Tensor s;  ///< [..., p] singular values, descending (p = min(m, n))
  Tensor u;  ///< [..., m, p] left singular vectors ([..., m, m] with full_matrices)
  Tensor v;  ///< [..., n, p] right singular vectors ([..., n, n] with full_matrices)
};
/// The singular value decomposition a = u diag(s) v^T of each matrix (op Svd).
SVD svd(const Tensor& tensor, bool full_matrices = false);
/// Only the singular values: tf.linalg.svd(tensor, compute_uv=False).
Tensor singular_values(const Tensor& tensor);

/// The Moore-Penrose pseudo-inverse of each matrix from its SVD, singular values at most
/// rcond * max(s) counted as zero (default rcond: 10 * max(rows, cols) * eps of the dtype).
Tensor pinv(const Tensor& a, const std::optional<Tensor>& rcond = std::nullopt);
/// The number of singular values of each matrix above `tol` (default: eps * max(rows, cols) *
/// max(s)), as int32.
Tensor matrix_rank(const Tensor& a, const std::optional<Tensor>& tol = std::nullopt);

/// lu's result.
struct LU {
  Tensor lu;  ///< [..., n, n]: L below the diagonal (unit diagonal implied), U on and above it
  Tensor p;   ///< [..., n]: row i of L U is row p[i] of the input
};
/// The partial-pivoting LU decomposition of each square matrix (op Lu); InvalidArgumentError
/// "Input is not invertible." for an exactly singular matrix.
LU lu(const Tensor& input, DType output_idx_type = int32);
/// The matrix L U of an lu result with its rows put back in the input's order.
Tensor lu_reconstruct(const Tensor& lower_upper, const Tensor& perm);
/// x with a x = rhs, for a given by its lu result; batch dimensions broadcast.
Tensor lu_solve(const Tensor& lower_upper, const Tensor& perm, const Tensor& rhs);
/// The inverse of a matrix given by its lu result.
Tensor lu_matrix_inverse(const Tensor& lower_upper, const Tensor& perm);

}  // namespace tf::linalg
