// Eigen's QR, symmetric eigen, singular value and LU decompositions for one row-major matrix at
// a time, behind a plain interface (no Eigen types), as TensorFlow's CPU kernels compute them.
// Each function is defined for float and double.
#pragma once

#include <cstdint>

namespace tf::kernels::linalg {

/// a = q r for an m x n `a` by Householder reflections: q is m x p and r is p x n (upper
/// triangular), where p = min(m, n), or m when `full`.
template <class T>
void qr(const T* a, std::int64_t m, std::int64_t n, bool full, T* q, T* r);

/// The eigenvalues e (n, ascending) and, when v is not null, the eigenvectors v (n x n, one per
/// column) of the symmetric n x n `a`, of which only the lower triangle is read; false when
/// the iteration fails (non-finite input).
template <class T>
bool self_adjoint_eig(const T* a, std::int64_t n, T* e, T* v);

/// The singular values s (p = min(m, n), descending) of an m x n `a` and, when u and v are not
/// null, its singular vectors: u m x p and v n x p, or m x m and n x n when `full`.
template <class T>
void svd(const T* a, std::int64_t m, std::int64_t n, bool full, T* s, T* u, T* v);

/// The partial-pivoting LU decomposition of an n x n `a`: lu holds L below the diagonal (with
/// an implicit unit diagonal) and U on and above it, and row i of L U is row perm[i] of a;
/// false when a pivot is exactly zero (the matrix is not invertible).
template <class T, class Index>
bool lu(const T* a, std::int64_t n, T* lu, Index* perm);

/// The least-squares solution x (n x k) of a x = b for an m x n `a` and an m x k `b`. `fast`:
/// from the normal equations with l2 regularization, (a^T a + l2 I)^-1 a^T b (or
/// a^T (a a^T + l2 I)^-1 b when m < n) by Cholesky, false when that Gramian is not positive
/// definite; otherwise the minimum-norm solution by a complete orthogonal decomposition
/// (rank-revealing; l2 unused).
template <class T>
bool least_squares(const T* a, const T* b, std::int64_t m, std::int64_t n, std::int64_t k, T l2, bool fast, T* x);

}  // namespace tf::kernels::linalg
