// Reductions, scans and sorting: tf::reduce_sum/mean/max/min/prod/any/all, tf::argmax /
// argmin, tf::cumsum, tf::math::cumprod, tf::math::top_k, tf::sort and tf::argsort (the
// reductions, argmax/argmin and cumsum are also in tf::math, as in TensorFlow).
//
// Reductions take no axis (reduce everything, TensorFlow's axis=None), one axis or a list
// of axes; negative axes count from the end and an axis may appear only once:
//
//   tf::reduce_sum(x);                      // a scalar
//   tf::reduce_mean(x, -1, {.keepdims = true});
//   tf::reduce_max(x, {0, 2});
#pragma once

#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "tfpp/tensor.h"

namespace tf {

/// One axis (`1`) or a vector of axes to reduce. (Braced lists such as `{0, -1}` take the
/// initializer_list overloads, so that `{1}` is not mistaken for a ReduceOptions.)
struct Axes {
  /// A single axis (any integer type but bool).
  template <std::integral I>
    requires(!std::same_as<I, bool>)
  Axes(I axis) : values{static_cast<std::int64_t>(axis)} {}
  /// A list of axes.
  Axes(std::vector<std::int64_t> axes) : values(std::move(axes)) {}
  std::vector<std::int64_t> values;  ///< the axes, as given
};
/// A braced list of axes: {0, -1}.
using AxisList = std::initializer_list<std::int64_t>;

/// Options of the reductions.
struct ReduceOptions {
  bool keepdims = false;  ///< keep reduced axes with size 1
};

/// Sum of all elements.
Tensor reduce_sum(const Tensor& input, const ReduceOptions& options = {});
/// Sum over `axis`; the sum of no elements is 0.
Tensor reduce_sum(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
/// The same, with the axes given as a braced list.
Tensor reduce_sum(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Mean of all elements (integer means truncate toward zero, as TensorFlow's do).
Tensor reduce_mean(const Tensor& input, const ReduceOptions& options = {});
/// Mean over `axis`; the mean of no elements is NaN for floats and 0 for integers.
Tensor reduce_mean(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
/// The same, with the axes given as a braced list.
Tensor reduce_mean(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Maximum of all elements.
Tensor reduce_max(const Tensor& input, const ReduceOptions& options = {});
/// Maximum over `axis`; of no elements, -inf for floats and the lowest value for integers.
Tensor reduce_max(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
/// The same, with the axes given as a braced list.
Tensor reduce_max(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Minimum of all elements.
Tensor reduce_min(const Tensor& input, const ReduceOptions& options = {});
/// Minimum over `axis`; of no elements, +inf for floats and the highest value for integers.
Tensor reduce_min(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
/// The same, with the axes given as a braced list.
Tensor reduce_min(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Product of all elements.
Tensor reduce_prod(const Tensor& input, const ReduceOptions& options = {});
/// Product over `axis`; the product of no elements is 1.
Tensor reduce_prod(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
/// The same, with the axes given as a braced list.
Tensor reduce_prod(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Logical or of all elements of a bool tensor.
Tensor reduce_any(const Tensor& input, const ReduceOptions& options = {});
/// Logical or over `axis` of a bool tensor; false for no elements.
Tensor reduce_any(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
/// The same, with the axes given as a braced list.
Tensor reduce_any(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Logical and of all elements of a bool tensor.
Tensor reduce_all(const Tensor& input, const ReduceOptions& options = {});
/// Logical and over `axis` of a bool tensor; true for no elements.
Tensor reduce_all(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
/// The same, with the axes given as a braced list.
Tensor reduce_all(const Tensor& input, AxisList axis, const ReduceOptions& options = {});

/// The index of the largest element along `axis` (the first one, for ties), as int32 or int64.
Tensor argmax(const Tensor& input, std::int64_t axis = 0, DType output_type = int64);
/// The index of the smallest element along `axis` (the first one, for ties), as int32 or int64.
Tensor argmin(const Tensor& input, std::int64_t axis = 0, DType output_type = int64);

/// Options of the cumulative sums and products.
struct ScanOptions {
  bool exclusive = false;  ///< element i combines the elements before i only (the first is 0, or 1 for products)
  bool reverse = false;    ///< accumulate from the end of the axis
};

/// Running sum along `axis`: [a, b, c] -> [a, a + b, a + b + c].
Tensor cumsum(const Tensor& x, std::int64_t axis = 0, const ScanOptions& options = {});

/// Sorts along `axis` (default: the last); `direction` is "ASCENDING" or "DESCENDING".
Tensor sort(const Tensor& values, std::int64_t axis = -1, const std::string& direction = "ASCENDING");
/// The int32 indices that sort `values` along `axis`. The sort is always stable (equal values
/// keep their order), so `stable` is accepted for TensorFlow's signature only.
Tensor argsort(const Tensor& values, std::int64_t axis = -1, const std::string& direction = "ASCENDING",
               bool stable = false);

namespace math {

/// Running product along `axis`: [a, b, c] -> [a, a * b, a * b * c].
Tensor cumprod(const Tensor& x, std::int64_t axis = 0, const ScanOptions& options = {});

/// The result of top_k: values [..., k] and their int32 indices in the last dimension.
struct TopK {
  Tensor values;   ///< the k largest values of each row, largest first
  Tensor indices;  ///< where they were; among equal values the lower index comes first
};
/// The k largest entries of each row (last dimension) of `input`; `sorted` is accepted for
/// TensorFlow's signature, and the result is always sorted.
TopK top_k(const Tensor& input, std::int64_t k = 1, bool sorted = true);
/// top_k with k an int32 or int64 scalar tensor, which may be symbolic inside tf::function (the
/// last dimension of the result is then unknown).
TopK top_k(const Tensor& input, const Tensor& k, bool sorted = true);

using ::tf::argmax;
using ::tf::argmin;
using ::tf::cumsum;
using ::tf::reduce_all;
using ::tf::reduce_any;
using ::tf::reduce_max;
using ::tf::reduce_mean;
using ::tf::reduce_min;
using ::tf::reduce_prod;
using ::tf::reduce_sum;

}  // namespace math
}  // namespace tf
