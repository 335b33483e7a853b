// Searching sorted sequences (tf.searchsorted) and checking order (tf.math.is_non_decreasing,
// tf.math.is_strictly_increasing).
#pragma once

#include <string>

#include "tfpp/dtype.h"
#include "tfpp/tensor.h"

namespace tf {

/// For each value, the index in its row of `sorted_sequence` (sorted along the last dimension)
/// where inserting it keeps the row sorted: before equal elements with side "left", after them with
/// "right". The leading dimensions of both tensors must match; the result has `values`' shape.
Tensor searchsorted(const Tensor& sorted_sequence, const Tensor& values, const std::string& side = "left",
                    DType out_type = int32);

namespace math {
/// True (a bool scalar) when each element of `x`, flattened, is >= the one before it.
Tensor is_non_decreasing(const Tensor& x);
/// True (a bool scalar) when each element of `x`, flattened, is > the one before it.
Tensor is_strictly_increasing(const Tensor& x);
}  // namespace math

}  // namespace tf
