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

}  // namespace tf::linalg
