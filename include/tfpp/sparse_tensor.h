// tf::SparseTensor: a tensor given by the positions and values of its non-default elements.
//
//   tf::SparseTensor st(tf::constant(std::vector<std::int64_t>{0, 0, 1, 2}, {2, 2}),  // indices [N, rank]
//                       tf::constant({1.0f, 2.0f}),                                   // values [N]
//                       tf::constant(std::vector<std::int64_t>{3, 4}, {2}));            // dense_shape [rank]
//   tf::sparse::to_dense(st);   // [[1,0,0,0],[0,0,2,0],[0,0,0,0]]
//
// It is a plain value of three tensors, as TensorFlow's: the tf::sparse ops (sparse_ops.h) take
// and return its components, eagerly and inside tf::function alike. Indices are int64 and, for
// most ops, in row-major order (tf::sparse::reorder puts them there).
#pragma once

#include "tfpp/tensor.h"

namespace tf {

/// A sparse tensor: `values[i]` sits at `indices[i]` of a tensor of shape `dense_shape`.
struct SparseTensor {
  Tensor indices;      ///< int64 [N, rank]
  Tensor values;       ///< [N], any dtype
  Tensor dense_shape;  ///< int64 [rank]

  /// The dtype of the values.
  DType dtype() const { return values.dtype(); }
};

}  // namespace tf
