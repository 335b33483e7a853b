// Determinants of (batches of) square matrices, TensorFlow's tf.linalg.det, slogdet and logdet.
// A tensor of rank >= 2 is a batch of matrices over its last two dimensions; float32/float64.
#pragma once

#include "tfpp/tensor.h"

namespace tf::linalg {

/// The determinant of each matrix ([..., n, n] -> [...]), from a partial-pivoting LU.
Tensor det(const Tensor& input);

/// slogdet's result: det = sign * exp(log_abs_determinant).
struct SignLogDeterminant {
  Tensor sign;                 ///< -1, 1, or 0 for a singular matrix
  Tensor log_abs_determinant;  ///< log|det|, -inf for a singular matrix
};
/// The sign and log of the absolute value of each matrix's determinant (op LogMatrixDeterminant).
SignLogDeterminant slogdet(const Tensor& input);
/// log(det) of each Hermitian positive-definite matrix, as 2 * sum(log(diag(cholesky(matrix)))).
Tensor logdet(const Tensor& matrix);

}  // namespace tf::linalg
