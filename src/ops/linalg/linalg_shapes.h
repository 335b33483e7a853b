// Shape checks and the batch loop shared by the factorization and solver ops: their inputs are
// float32/float64 batches of matrices over the last two dimensions.
#pragma once

#include <cstdint>

#include "kernels/cpu/parallel.h"
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

/// Runs fn(b) for b in [0, count), one matrix of a batch each, on several threads when `cost`
/// (the work per matrix) makes it worth it.
template <class Fn>
void for_each_matrix(std::int64_t count, std::int64_t cost, Fn&& fn) {
  kernels::parallel_for(count, cost, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t b = begin; b < end; ++b) fn(b);
  });
}

}  // namespace tf::ops::linalg
