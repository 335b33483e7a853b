// Composite reductions (statistics_ops.h), built from the basic reductions as TensorFlow's
// math_ops.py builds them, so that they need no kernels or gradients of their own (except
// EuclideanNorm, an op in reduce_ops.cc).
#include "tfpp/statistics_ops.h"

#include <limits>
#include <optional>
#include <string>

#include "tfpp/array_ops.h"
#include "tfpp/custom_gradient.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"

namespace tf::math {
namespace {

using MaybeAxes = std::optional<Axes>;  // none: every axis

Tensor sum(const Tensor& x, const MaybeAxes& axis, bool keepdims) {
  return axis ? reduce_sum(x, *axis, {.keepdims = keepdims}) : reduce_sum(x, {.keepdims = keepdims});
}
Tensor mean(const Tensor& x, const MaybeAxes& axis, bool keepdims) {
  return axis ? reduce_mean(x, *axis, {.keepdims = keepdims}) : reduce_mean(x, {.keepdims = keepdims});
}

// t reshaped to `like`'s shape: static when known, else read at run time.
Tensor reshape_like(const Tensor& t, const Tensor& like) {
  const TensorShape& s = like.shape();
  if (s.is_fully_defined()) return reshape(t, std::vector<std::int64_t>(s.dims().begin(), s.dims().end()));
  return reshape(t, IntArray(shape(like)));
}

void require_floating(const char* function, const Tensor& x) {
  if (!is_floating(x.dtype()))
    throw InvalidArgumentError(std::string("[") + function + "] input must be float32 or float64, got " +
                               std::string(dtype_name(x.dtype())) + " " + x.shape().debug_string());
}

// The maximum is subtracted before exp and added back after log; a row whose maximum is not
// finite (all -inf, or holding +inf or NaN) is shifted by 0, which gives -inf, +inf or NaN as
// TensorFlow does. The shift is a constant for the gradient.
Tensor logsumexp(const Tensor& x, const MaybeAxes& axis, bool keepdims) {
  require_floating("ReduceLogSumExp", x);
  const Tensor raw_max = axis ? reduce_max(x, *axis, {.keepdims = true}) : reduce_max(x, {.keepdims = true});
  const Tensor finite = less(abs(raw_max), std::numeric_limits<double>::infinity());
  Tensor shift = stop_gradient(where(finite, raw_max, 0));
  const Tensor result = log(sum(exp(subtract(x, shift)), axis, keepdims));
  if (!keepdims) shift = reshape_like(shift, result);
  return add(result, shift);
}

Tensor variance(const Tensor& x, const MaybeAxes& axis, bool keepdims) {
  require_floating("reduce_variance", x);
  return mean(square(subtract(x, mean(x, axis, true))), axis, keepdims);
}

// not_equal(x, zero) counted in int64, then cast to `dtype`.
Tensor nonzero_count(const Tensor& x, const MaybeAxes& axis, bool keepdims, DType dtype) {
  const Tensor zero = x.dtype() == DType::kString ? constant(std::string()) : scalar_like(x, 0);
  return cast(sum(cast(not_equal(x, zero), DType::kInt64), axis, keepdims), dtype);
}

Axes list(AxisList a) { return Axes(std::vector<std::int64_t>(a)); }

}  // namespace

Tensor reduce_logsumexp(const Tensor& x, const ReduceOptions& o) { return logsumexp(x, std::nullopt, o.keepdims); }
Tensor reduce_logsumexp(const Tensor& x, const Axes& a, const ReduceOptions& o) { return logsumexp(x, a, o.keepdims); }
Tensor reduce_logsumexp(const Tensor& x, AxisList a, const ReduceOptions& o) { return logsumexp(x, list(a), o.keepdims); }
Tensor reduce_variance(const Tensor& x, const ReduceOptions& o) { return variance(x, std::nullopt, o.keepdims); }
Tensor reduce_variance(const Tensor& x, const Axes& a, const ReduceOptions& o) { return variance(x, a, o.keepdims); }
Tensor reduce_variance(const Tensor& x, AxisList a, const ReduceOptions& o) { return variance(x, list(a), o.keepdims); }
Tensor reduce_std(const Tensor& x, const ReduceOptions& o) { return sqrt(variance(x, std::nullopt, o.keepdims)); }
Tensor reduce_std(const Tensor& x, const Axes& a, const ReduceOptions& o) { return sqrt(variance(x, a, o.keepdims)); }
Tensor reduce_std(const Tensor& x, AxisList a, const ReduceOptions& o) { return sqrt(variance(x, list(a), o.keepdims)); }

Tensor count_nonzero(const Tensor& x, const ReduceOptions& o, DType dtype) { return nonzero_count(x, std::nullopt, o.keepdims, dtype); }
Tensor count_nonzero(const Tensor& x, const Axes& a, const ReduceOptions& o, DType dtype) {
  return nonzero_count(x, a, o.keepdims, dtype);
}
Tensor count_nonzero(const Tensor& x, AxisList a, const ReduceOptions& o, DType dtype) {
  return nonzero_count(x, list(a), o.keepdims, dtype);
}

Tensor zero_fraction(const Tensor& value) {
  const Tensor total = size(value, DType::kInt64);
  const Tensor zeros = subtract(total, count_nonzero(value));
  return divide(cast(zeros, DType::kFloat32), cast(total, DType::kFloat32));
}

}  // namespace tf::math
