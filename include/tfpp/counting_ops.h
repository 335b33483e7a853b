// Counting: tf.math.bincount (TensorFlow's DenseBincount), tf.math.confusion_matrix and
// tf.math.in_top_k (InTopKV2; also tf.nn.in_top_k, which in TensorFlow 2 takes the same
// arguments in the same order: targets first).
//
//   tf::math::bincount(ids, {.minlength = 10});                 // int32 counts of 0..9 and up
//   tf::math::confusion_matrix(labels, predictions, {.num_classes = 3});
//   tf::math::in_top_k(targets, logits, 5);                     // bool [batch]
#pragma once

#include <cstdint>
#include <optional>

#include "tfpp/tensor.h"

namespace tf {
namespace math {

/// Options of bincount, with TensorFlow's defaults.
struct BincountOptions {
  Tensor weights;                        ///< one weight per value (same shape as arr), or undefined for counts
  std::optional<std::int64_t> minlength;  ///< at least this many bins
  std::optional<std::int64_t> maxlength;  ///< at most this many bins (larger values are not counted)
  DType dtype = int32;                   ///< the result's dtype without weights (with weights: theirs)
  int axis = 0;                          ///< 0: count over every value; -1: per row of a 2-D arr
  bool binary_output = false;            ///< 1 where a value occurs, instead of its count
};
/// Counts of each value of the non-negative integers `arr` (floats are cast to int32): bin i holds
/// the number of i's (or the sum of their weights); max(arr) + 1 bins, bounded by min/maxlength.
Tensor bincount(const Tensor& arr, const BincountOptions& options = {});

/// Options of confusion_matrix.
struct ConfusionMatrixOptions {
  std::optional<std::int64_t> num_classes;  ///< default: max(labels, predictions) + 1
  Tensor weights;                           ///< one weight per pair, or undefined for counts
  DType dtype = int32;                      ///< the result's dtype
};
/// The [num_classes, num_classes] matrix whose (i, j) entry counts (or sums the weights of) the
/// pairs with label i and prediction j. Negative or out-of-bound classes raise InvalidArgumentError.
Tensor confusion_matrix(const Tensor& labels, const Tensor& predictions, const ConfusionMatrixOptions& options = {});

/// Whether targets[i] (int32/int64) is among the k largest of predictions[i] (float32 [batch,
/// classes]): fewer than k entries are strictly larger, so ties count in; out-of-range targets
/// and rows holding a non-finite prediction give false. TensorFlow's argument order (targets first).
Tensor in_top_k(const Tensor& targets, const Tensor& predictions, std::int64_t k);

}  // namespace math

namespace nn {
using ::tf::math::in_top_k;
}  // namespace nn
}  // namespace tf
