// Reductions composed from the basic ones (reduction_ops.h): log-sum-exp, variance, standard
// deviation, Euclidean norm, counting nonzeros and the fraction of zeros; and the running
// log-sum-exp.
// They take no axis (every axis), one axis, or a list of axes, and keepdims, as the basic ones:
//
//   tf::math::reduce_logsumexp(logits, -1);         // log(sum(exp(x))), stable for large x
//   tf::math::count_nonzero(x, 0, {}, tf::int32);
#pragma once

#include <cstdint>

#include "tfpp/reduction_ops.h"
#include "tfpp/tensor.h"

namespace tf {
namespace math {

/// log(sum(exp(x))) over every axis, computed after subtracting the (finite) maximum.
Tensor reduce_logsumexp(const Tensor& input, const ReduceOptions& options = {});
/// log(sum(exp(x))) over `axis`; rows of -inf give -inf, rows holding +inf give +inf.
Tensor reduce_logsumexp(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
/// The same, with the axes given as a braced list.
Tensor reduce_logsumexp(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Population variance of every element (floating-point input).
Tensor reduce_variance(const Tensor& input, const ReduceOptions& options = {});
/// mean((x - mean(x))^2) over `axis` (floating-point input).
Tensor reduce_variance(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
/// The same, with the axes given as a braced list.
Tensor reduce_variance(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// Population standard deviation of every element (floating-point input).
Tensor reduce_std(const Tensor& input, const ReduceOptions& options = {});
/// sqrt(reduce_variance) over `axis`.
Tensor reduce_std(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
/// The same, with the axes given as a braced list.
Tensor reduce_std(const Tensor& input, AxisList axis, const ReduceOptions& options = {});
/// sqrt(sum(x^2)) of every element (TensorFlow's EuclideanNorm op; integers truncate the root).
Tensor reduce_euclidean_norm(const Tensor& input, const ReduceOptions& options = {});
/// sqrt(sum(x^2)) over `axis`.
Tensor reduce_euclidean_norm(const Tensor& input, const Axes& axis, const ReduceOptions& options = {});
/// The same, with the axes given as a braced list.
Tensor reduce_euclidean_norm(const Tensor& input, AxisList axis, const ReduceOptions& options = {});

/// The number of nonzero (true, non-empty) elements, as `dtype` (int64 by default).
Tensor count_nonzero(const Tensor& input, const ReduceOptions& options = {}, DType dtype = int64);
/// The number of nonzero elements over `axis`, as `dtype`.
Tensor count_nonzero(const Tensor& input, const Axes& axis, const ReduceOptions& options = {}, DType dtype = int64);
/// The same, with the axes given as a braced list.
Tensor count_nonzero(const Tensor& input, AxisList axis, const ReduceOptions& options = {}, DType dtype = int64);
/// Running log(sum(exp(x))) along `axis` (TensorFlow's CumulativeLogsumexp; floating point);
/// an exclusive scan starts from -inf.
Tensor cumulative_logsumexp(const Tensor& x, std::int64_t axis = 0, const ScanOptions& options = {});
/// The fraction of zero elements, a float32 scalar (NaN for an empty input).
Tensor zero_fraction(const Tensor& value);

}  // namespace math

using math::reduce_logsumexp;

namespace nn {
using ::tf::math::zero_fraction;
}  // namespace nn
}  // namespace tf
