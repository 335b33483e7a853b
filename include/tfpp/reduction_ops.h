// Reductions, scans and sorting: tf::reduce_sum/mean/max/min/prod/any/all, tf::argmax /
// argmin, tf::cumsum, tf::math::top_k, tf::sort and tf::argsort.
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
using AxisList = std::initializer_list<std::int64_t>;

/// Options of the reductions.
struct ReduceOptions {
  bool keepdims = false;  ///< keep reduced axes with size 1
};

/// Sum of all elements.
Tensor reduce_sum(const Tensor& input, const ReduceOptions& options = {});
/// Sum over `axis`; the sum of no elements is 0.
Tensor reduce_sum(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
Tensor reduce_sum(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Mean of all elements (integer means truncate toward zero, as TensorFlow's do).
Tensor reduce_mean(const Tensor& input, const ReduceOptions& options = {});
/// Mean over `axis`; the mean of no elements is NaN for floats and 0 for integers.
Tensor reduce_mean(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
Tensor reduce_mean(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Maximum of all elements.
Tensor reduce_max(const Tensor& input, const ReduceOptions& options = {});
/// Maximum over `axis`; of no elements, -inf for floats and the lowest value for integers.
Tensor reduce_max(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
Tensor reduce_max(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Minimum of all elements.
Tensor reduce_min(const Tensor& input, const ReduceOptions& options = {});
/// Minimum over `axis`; of no elements, +inf for floats and the highest value for integers.
Tensor reduce_min(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
Tensor reduce_min(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Product of all elements.
Tensor reduce_prod(const Tensor& input, const ReduceOptions& options = {});
/// Product over `axis`; the product of no elements is 1.
Tensor reduce_prod(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
Tensor reduce_prod(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Logical or of all elements of a bool tensor.
Tensor reduce_any(const Tensor& input, const ReduceOptions& options = {});
/// Logical or over `axis` of a bool tensor; false for no elements.
Tensor reduce_any(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
Tensor reduce_any(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Logical and of all elements of a bool tensor.
Tensor reduce_all(const Tensor& input, const ReduceOptions& options = {});
/// Logical and over `axis` of a bool tensor; true for no elements.
Tensor reduce_all(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
Tensor reduce_all(const Tensor& input, AxisList axis, const ReduceOptions& options = {});

}  // namespace tf
