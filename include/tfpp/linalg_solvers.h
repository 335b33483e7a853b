// Inverses and linear solvers over (batches of) matrices, TensorFlow's tf.linalg.inv, solve,
// triangular_solve, cholesky_solve. A tensor of rank >= 2 is a batch of matrices over its last
// two dimensions; float32/float64.
#pragma once

#include "tfpp/tensor.h"

namespace tf::linalg {

/// The inverse of each square matrix (of its transpose when `adjoint`); InvalidArgumentError
/// "Input is not invertible." for an exactly singular matrix.
Tensor inv(const Tensor& input, bool adjoint = false);
/// x with matrix x = rhs (matrix^T x = rhs when `adjoint`), matrix [..., n, n], rhs [..., n, k]
/// with the same batch dimensions.
Tensor solve(const Tensor& matrix, const Tensor& rhs, bool adjoint = false);
/// x with tri(matrix) x = rhs (tri(matrix)^T x = rhs when `adjoint`), where tri(matrix) is the
/// lower (`lower`) or upper triangle of matrix; batch dimensions broadcast.
Tensor triangular_solve(const Tensor& matrix, const Tensor& rhs, bool lower = true, bool adjoint = false);
/// x with (chol chol^T) x = rhs, for chol the lower Cholesky factor (tf.linalg.cholesky).
Tensor cholesky_solve(const Tensor& chol, const Tensor& rhs);

/// The least-squares solution x of matrix x = rhs for each [m, n] matrix and [m, k] rhs.
/// fast: from the normal equations with l2 regularization, (a^T a + l2 I)^-1 a^T rhs (or
/// a^T (a a^T + l2 I)^-1 rhs when m < n), by Cholesky; otherwise the minimum-norm solution by a
/// complete orthogonal decomposition (op MatrixSolveLs; l2_regularizer unused, no gradient).
Tensor lstsq(const Tensor& matrix, const Tensor& rhs, double l2_regularizer = 0.0, bool fast = true);

}  // namespace tf::linalg
