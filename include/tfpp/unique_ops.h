// The distinct elements of a 1-D tensor in order of first appearance (tf.unique and
// tf.unique_with_counts), with each element's position among them and, optionally, counts.
#pragma once

#include "tfpp/dtype.h"
#include "tfpp/tensor.h"

namespace tf {

/// tf.unique's results: x == gather(y, idx).
struct UniqueResult {
  Tensor y;    ///< the distinct elements, in order of first appearance
  Tensor idx;  ///< for each element of x, its position in y (out_idx dtype)
};
/// tf.unique_with_counts's results.
struct UniqueWithCountsResult {
  Tensor y;      ///< the distinct elements, in order of first appearance
  Tensor idx;    ///< for each element of x, its position in y
  Tensor count;  ///< how often each element of y occurs in x
};

/// The distinct elements of the 1-D `x` and each element's index among them (int32 or int64).
UniqueResult unique(const Tensor& x, DType out_idx = int32);
/// As unique, with the number of occurrences of each distinct element.
UniqueWithCountsResult unique_with_counts(const Tensor& x, DType out_idx = int32);

}  // namespace tf
