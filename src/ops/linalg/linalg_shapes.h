// Shape checks shared by the factorization and solver ops: their inputs are float32/float64
// batches of matrices over the last two dimensions.
#pragma once

#include <cstdint>

#include "ops/op_def.h"

namespace tf::ops::linalg {

/// Checks that input i has a dtype the op has a kernel for and rank >= 2 (when known).
const TensorShape& check_matrices(const OpContext& ctx, std::size_t i);
/// check_matrices, and the last two dimensions are equal (when known).
const TensorShape& check_square_matrices(const OpContext& ctx, std::size_t i);
/// All but the last two dimensions of a shape (unknown rank stays unknown).
TensorShape batch_shape(const TensorShape& s);
/// `batch` followed by `rows` and `cols` (unknown rank stays unknown).
TensorShape with_matrix(const TensorShape& batch, std::int64_t rows, std::int64_t cols);
/// How many matrices a concrete [..., rows, cols] shape holds.
std::int64_t num_matrices(const TensorShape& s);

}  // namespace tf::ops::linalg
