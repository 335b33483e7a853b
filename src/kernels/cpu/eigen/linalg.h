// Eigen's dense factorizations and solvers for one row-major matrix at a time, behind a plain
// interface (this header does not include Eigen, so only the sources under this directory see
// Eigen's headers). The ops under src/ops/linalg/ loop these over their batch dimensions.
// Each function is defined for float and double.
#pragma once

#include <cstdint>

namespace tf::kernels::linalg {

/// out = a^-1 (or (a^T)^-1 when `adjoint`) for an n x n `a`, by partial-pivoting LU; false
/// when a pivot is exactly zero (the matrix is not invertible).
template <class T>
bool inverse(const T* a, std::int64_t n, bool adjoint, T* out);

/// The sign (-1, 0 or 1) and log|det(a)| of an n x n `a` by partial-pivoting LU (sign 0 and
/// -inf for a singular matrix).
template <class T>
void sign_log_abs_determinant(const T* a, std::int64_t n, T* sign, T* log_abs_det);

/// x = a^-1 b (or (a^T)^-1 b when `adjoint`) for an n x n `a` and an n x k `b`; false when a
/// pivot of a's LU is exactly zero.
template <class T>
bool solve(const T* a, const T* b, std::int64_t n, std::int64_t k, bool adjoint, T* x);

/// x solving tri(a) x = b (or tri(a)^T x = b when `adjoint`), where tri(a) is a's lower (or
/// upper) triangle; the other triangle is never read. A zero diagonal gives infinities, as in
/// back substitution.
template <class T>
void triangular_solve(const T* a, const T* b, std::int64_t n, std::int64_t k, bool lower, bool adjoint, T* x);

/// The lower Cholesky factor l of an n x n `a` (reading a's lower triangle only); false when
/// `a` is not positive definite (l then holds partial results).
template <class T>
bool cholesky(const T* a, std::int64_t n, T* l);

}  // namespace tf::kernels::linalg
