// tf.sets: set operations along the last dimension of dense tensors and SparseTensors. Each row
// (all indices but the last) holds a set; results are SparseTensors whose rows list the values in
// ascending order, and whose last dimension is the largest result set.
//
//   tf::sets::intersection(tf::constant({{1, 2, 2, 3}}), tf::constant({{2, 3, 9, 9}}));  // [[2, 3]]
//   tf::sets::size(sp);   // int32 counts of distinct values per row (SetSize)
//
// Values are int8, int16, int32, int64, uint8, uint16 or string, as TensorFlow allows.
#pragma once

#include "tfpp/sparse_tensor.h"
#include "tfpp/tensor.h"

namespace tf::sets {

/// Options shared by the set ops.
struct SetOptions {
  bool validate_indices = true;  ///< fail on sparse indices out of row-major order
};

/// The number of distinct values in each row of `a` (SetSize).
Tensor size(const SparseTensor& a, const SetOptions& options = {});

/// The values in both a and b (DenseToDenseSetOperation "intersection").
SparseTensor intersection(const Tensor& a, const Tensor& b, const SetOptions& options = {});
/// The same with b sparse (DenseToSparseSetOperation).
SparseTensor intersection(const Tensor& a, const SparseTensor& b, const SetOptions& options = {});
/// The same with both sparse (SparseToSparseSetOperation).
SparseTensor intersection(const SparseTensor& a, const SparseTensor& b, const SetOptions& options = {});

/// The values in a or b.
SparseTensor set_union(const Tensor& a, const Tensor& b, const SetOptions& options = {});
/// The same with b sparse.
SparseTensor set_union(const Tensor& a, const SparseTensor& b, const SetOptions& options = {});
/// The same with both sparse.
SparseTensor set_union(const SparseTensor& a, const SparseTensor& b, const SetOptions& options = {});

/// The values in a but not b (b but not a when !aminusb).
SparseTensor difference(const Tensor& a, const Tensor& b, bool aminusb = true, const SetOptions& options = {});
/// The same with b sparse.
SparseTensor difference(const Tensor& a, const SparseTensor& b, bool aminusb = true, const SetOptions& options = {});
/// The same with both sparse.
SparseTensor difference(const SparseTensor& a, const SparseTensor& b, bool aminusb = true,
                        const SetOptions& options = {});

}  // namespace tf::sets
