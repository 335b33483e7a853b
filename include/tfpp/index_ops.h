// Arithmetic on integer indices: inverting a permutation (tf.math.invert_permutation) and turning
// flat indices into coordinates (tf.unravel_index).
#pragma once

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf {

/// The coordinates of each flat index into an array of shape `dims`: [len(dims)] for a scalar
/// index, [len(dims), n] for n indices, in the indices' dtype.
Tensor unravel_index(const Tensor& indices, const IntArray& dims);

namespace math {
/// y[x[i]] = i for a permutation x of 0..n-1 (int32 or int64).
Tensor invert_permutation(const Tensor& x);
}  // namespace math

}  // namespace tf
