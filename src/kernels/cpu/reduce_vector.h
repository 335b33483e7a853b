// SIMD float32/float64 reductions (Highway, instruction set picked at run time): the inner
// loops of kernels/cpu/reduce.cc for sum, product, max and min.
//
// Note [Reduction numerics]: float32 sums stay in float32, as TensorFlow's do, but are blocked
// so that no accumulator sees a long sequential chain: a row is summed in blocks of 2048
// elements (several vector accumulators each) whose results are combined pairwise; a column sum
// adds rows four at a time into a partial row per block of 256 rows. Rows are read four at a time
// (and one long row as four quarters) because a core's bandwidth grows with the number of
// sequential streams it reads. Max and min propagate NaN
// (a NaN anywhere gives NaN), as NumPy's and PyTorch's do.
#pragma once

#include <cstdint>

#include "kernels/cpu/reduce.h"

namespace tf::kernels {

/// out[r] = reduction of the contiguous row in[r * n, r * n + n) for r in [0, rows);
/// op is kSum, kProd, kMax or kMin.
void reduce_rows_vector(ReduceOp op, const float* in, float* out, std::int64_t rows, std::int64_t n);
/// The same for float64.
void reduce_rows_vector(ReduceOp op, const double* in, double* out, std::int64_t rows, std::int64_t n);

/// acc[b] = op(acc[b], reduction over r in [0, rows) of in[r * stride + b]) for b in [0, n):
/// vertical SIMD over whole rows, no transposes.
void accumulate_rows_vector(ReduceOp op, const float* in, std::int64_t stride, float* acc, std::int64_t rows,
                            std::int64_t n);
/// The same for float64.
void accumulate_rows_vector(ReduceOp op, const double* in, std::int64_t stride, double* acc, std::int64_t rows,
                            std::int64_t n);

}  // namespace tf::kernels
