// tf.sparse: ops on SparseTensors (sparse_tensor.h), each a graph op with TensorFlow's name, so
// they run eagerly and inside tf::function, and the differentiable ones carry gradients to the
// values (and to dense operands).
//
//   tf::SparseTensor st = tf::sparse::from_dense(tf::constant({{1.0f, 0.0f}, {0.0f, 2.0f}}));
//   tf::sparse::to_dense(tf::sparse::add(st, st));             // SparseAdd, then SparseToDense
//   tf::sparse::sparse_dense_matmul(st, tf::ones({2, 3}));      // SparseTensorDenseMatMul
//   tf::sparse::reduce_sum(st, {1});                            // SparseReduceSum: [1, 2]
//
// Most ops expect indices in row-major order, as TensorFlow's do; reorder() sorts them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/array_ops.h"
#include "tfpp/sparse_tensor.h"
#include "tfpp/tensor.h"

namespace tf::sparse {

/// Options of to_dense.
struct ToDenseOptions {
  Tensor default_value;           ///< where no value is given (zero / "" when undefined)
  bool validate_indices = true;   ///< fail on out-of-order or repeated indices
};

/// The dense tensor of `sp` (SparseToDense).
Tensor to_dense(const SparseTensor& sp, const ToDenseOptions& options = {});
/// The non-zero (non-empty for strings) elements of `dense` (a composite of Where and GatherNd).
SparseTensor from_dense(const Tensor& dense);
/// `sp` with its indices in row-major order (SparseReorder).
SparseTensor reorder(const SparseTensor& sp);

/// a + b; sums whose magnitude is below `threshold` are dropped (SparseAdd).
SparseTensor add(const SparseTensor& a, const SparseTensor& b, const Tensor& threshold = Tensor());
/// The dense tensor a + b, b dense of a's shape (SparseTensorDenseAdd).
Tensor add(const SparseTensor& a, const Tensor& b);

/// Options of sparse_dense_matmul.
struct MatMulOptions {
  bool adjoint_a = false;  ///< use the transpose of the sparse matrix
  bool adjoint_b = false;  ///< use the transpose of the dense matrix
};
/// The dense product of a rank-2 SparseTensor and a dense matrix (SparseTensorDenseMatMul).
Tensor sparse_dense_matmul(const SparseTensor& a, const Tensor& b, const MatMulOptions& options = {});

/// Options of the reductions.
struct ReduceOptions {
  bool keepdims = false;  ///< keep reduced dimensions with length 1
};
/// The dense sum over `axes` (all when empty) (SparseReduceSum).
Tensor reduce_sum(const SparseTensor& sp, const std::vector<std::int64_t>& axes = {}, const ReduceOptions& options = {});
/// The sum as a SparseTensor (SparseReduceSumSparse).
SparseTensor reduce_sum_sparse(const SparseTensor& sp, const std::vector<std::int64_t>& axes = {},
                               const ReduceOptions& options = {});
/// The dense maximum over `axes` of the given values (SparseReduceMax).
Tensor reduce_max(const SparseTensor& sp, const std::vector<std::int64_t>& axes = {}, const ReduceOptions& options = {});
/// The maximum as a SparseTensor (SparseReduceMaxSparse).
SparseTensor reduce_max_sparse(const SparseTensor& sp, const std::vector<std::int64_t>& axes = {},
                               const ReduceOptions& options = {});

/// The SparseTensors joined along `axis` (SparseConcat); the other dimensions must match.
SparseTensor concat(std::int64_t axis, const std::vector<SparseTensor>& inputs);
/// The values inside the box [start, start + size), re-based at start (SparseSlice).
SparseTensor slice(const SparseTensor& sp, const std::vector<std::int64_t>& start, const std::vector<std::int64_t>& size);
/// `sp` reshaped to `shape` (one dimension may be -1) (SparseReshape).
SparseTensor reshape(const SparseTensor& sp, const std::vector<std::int64_t>& shape);
/// `num_split` pieces along `axis`; the first (size % num_split) are one longer (SparseSplit).
std::vector<SparseTensor> split(const SparseTensor& sp, std::int64_t num_split, std::int64_t axis);
/// The dimensions permuted by `perm` (reversed when empty), in row-major order (a composite with SparseReorder).
SparseTensor transpose(const SparseTensor& sp, const std::vector<std::int64_t>& perm = {});
/// A dimension of length 1 inserted at `axis` (-1: last) (a composite).
SparseTensor expand_dims(const SparseTensor& sp, std::int64_t axis = -1);
/// A [num_rows, num_columns] SparseTensor with ones of `dtype` on the diagonal (a composite).
SparseTensor eye(std::int64_t num_rows, std::int64_t num_columns, DType dtype = float32);
/// `sp` with dense shape `new_shape` (at least the old one in every dimension) (a composite).
SparseTensor reset_shape(const SparseTensor& sp, const Tensor& new_shape);
/// A bool [..., vocab_size] tensor, True at [..., v] for each value v of each row of an integer `sp`.
Tensor to_indicator(const SparseTensor& sp, std::int64_t vocab_size);
/// `op` applied to the values of `sp`, with its indices and dense shape (tf.sparse.map_values).
SparseTensor map_values(const std::function<Tensor(const Tensor&)>& op, const SparseTensor& sp);
/// The values where the bool vector `to_retain` is true (a composite of Where and Gather).
SparseTensor retain(const SparseTensor& sp, const Tensor& to_retain);

/// What fill_empty_rows returns.
struct FillEmptyRowsResult {
  SparseTensor output;        ///< `sp` with [row, 0, ...] = default_value added for each empty row
  Tensor empty_row_indicator; ///< bool [rows]: which rows were empty
};
/// Fills each empty row with one default value (SparseFillEmptyRows).
FillEmptyRowsResult fill_empty_rows(const SparseTensor& sp, const Tensor& default_value);

/// The softmax of each innermost row of values, as if absent values were -inf (SparseSoftmax).
SparseTensor softmax(const SparseTensor& sp);
/// The elementwise maximum of two SparseTensors of one shape (SparseSparseMaximum).
SparseTensor maximum(const SparseTensor& a, const SparseTensor& b);
/// The elementwise minimum of two SparseTensors of one shape (SparseSparseMinimum).
SparseTensor minimum(const SparseTensor& a, const SparseTensor& b);

/// sp * dense, dense broadcast to sp's shape, at sp's indices (SparseDenseCwiseMul).
SparseTensor multiply(const SparseTensor& sp, const Tensor& dense);
/// sp / dense at sp's indices (SparseDenseCwiseDiv).
SparseTensor divide(const SparseTensor& sp, const Tensor& dense);
/// sp + dense at sp's indices only, a SparseTensor (SparseDenseCwiseAdd; tf.sparse.add gives the
/// dense sum instead).
SparseTensor add_dense_at_indices(const SparseTensor& sp, const Tensor& dense);

/// Options of the sparse segment reductions.
struct SegmentOptions {
  std::optional<std::int64_t> num_segments;  ///< output rows (default: last segment id + 1)
};
/// Sum of the rows `indices` of data, grouped by sorted `segment_ids` (SparseSegmentSum).
Tensor segment_sum(const Tensor& data, const IntArray& indices, const IntArray& segment_ids,
                   const SegmentOptions& options = {});
/// Mean of each segment (SparseSegmentMean).
Tensor segment_mean(const Tensor& data, const IntArray& indices, const IntArray& segment_ids,
                    const SegmentOptions& options = {});
/// Sum divided by the square root of the segment's size (SparseSegmentSqrtN).
Tensor segment_sqrt_n(const Tensor& data, const IntArray& indices, const IntArray& segment_ids,
                      const SegmentOptions& options = {});

/// Options of bincount.
struct BincountOptions {
  Tensor weights;                ///< summed per value instead of counting (values' shape); undefined: counts
  std::int64_t minlength = -1;   ///< the last output dimension is at least this
  std::int64_t maxlength = -1;   ///< values >= maxlength are dropped (-1: none)
  bool binary_output = false;    ///< 1 for each value present instead of counts
};
/// How often each value occurs in a 1-D `values`, or in each row of a 2-D one, as a SparseTensor
/// (DenseCountSparseOutput); counts take the values' dtype, sums the weights'.
SparseTensor bincount(const Tensor& values, const BincountOptions& options = {});
/// The same for the values of a SparseTensor (SparseCountSparseOutput).
SparseTensor bincount(const SparseTensor& values, const BincountOptions& options = {});

/// Every combination, per batch row, of one feature of each input (the sparse inputs, then the
/// dense ones; int or string, all rank 2), joined by `separator` (SparseCrossV2).
SparseTensor cross(const std::vector<SparseTensor>& sparse, const std::vector<Tensor>& dense = {},
                   const std::string& separator = "_X_");
/// The same combinations hashed (FingerprintCat64 chained from `hash_key`), modulo num_buckets
/// when it is positive (SparseCross with hashed_output).
SparseTensor cross_hashed(const std::vector<SparseTensor>& sparse, const std::vector<Tensor>& dense = {},
                          std::int64_t num_buckets = 0, std::int64_t hash_key = 0xDECAFCAFFE);

}  // namespace tf::sparse
