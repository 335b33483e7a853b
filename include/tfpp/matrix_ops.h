// The structure of (batches of) matrices, TensorFlow's tf.linalg functions: band parts,
// diagonals, the trace and the transpose of the last two axes. A tensor of rank >= 2 is a batch
// of matrices over its last two dimensions.
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::linalg {

/// The band of each matrix: element (i, j) kept where i - j <= num_lower and j - i <= num_upper
/// (a negative bound keeps the whole triangle), zero elsewhere.
Tensor band_part(const Tensor& input, std::int64_t num_lower, std::int64_t num_upper);
/// band_part with the bounds as int32/int64 scalar tensors.
Tensor band_part(const Tensor& input, const Tensor& num_lower, const Tensor& num_upper);
/// Square matrices with `diagonal`'s last dimension on their main diagonal, zero elsewhere.
Tensor diag(const Tensor& diagonal);
/// The main diagonal of each matrix (min(rows, columns) long).
Tensor diag_part(const Tensor& input);
/// `input` with the main diagonal of each matrix replaced by `diagonal`.
Tensor set_diag(const Tensor& input, const Tensor& diagonal);
/// The sum of the main diagonal of each matrix.
Tensor trace(const Tensor& x);
/// Each matrix transposed (the last two axes swapped).
Tensor matrix_transpose(const Tensor& a);
/// The conjugate transpose of each matrix: for tfpp's real dtypes, matrix_transpose.
Tensor adjoint(const Tensor& matrix);

}  // namespace tf::linalg
