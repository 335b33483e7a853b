// Scattering into a copy of an existing tensor (tf.tensor_scatter_nd_*): the slices of `tensor`
// addressed by the index tuples in the last dimension of `indices` are replaced by, or combined
// with, the matching slices of `updates` (shape indices.shape[:-1] + tensor.shape[k:]). Repeated
// tuples apply in order: for update the last one wins, add/sub/max/min accumulate.
#pragma once

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf {

/// A copy of `tensor` with the addressed slices replaced by `updates` (TensorScatterUpdate).
Tensor tensor_scatter_nd_update(const Tensor& tensor, const IntArray& indices, const Tensor& updates);
/// A copy of `tensor` with `updates` added at the addressed slices (TensorScatterAdd).
Tensor tensor_scatter_nd_add(const Tensor& tensor, const IntArray& indices, const Tensor& updates);
/// A copy of `tensor` with `updates` subtracted at the addressed slices (TensorScatterSub).
Tensor tensor_scatter_nd_sub(const Tensor& tensor, const IntArray& indices, const Tensor& updates);
/// A copy of `tensor` holding the maximum of it and `updates` at the addressed slices (TensorScatterMax).
Tensor tensor_scatter_nd_max(const Tensor& tensor, const IntArray& indices, const Tensor& updates);
/// A copy of `tensor` holding the minimum of it and `updates` at the addressed slices (TensorScatterMin).
Tensor tensor_scatter_nd_min(const Tensor& tensor, const IntArray& indices, const Tensor& updates);

}  // namespace tf
