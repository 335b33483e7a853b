// tf.nn.moments, weighted_moments and normalize_moments, composed as TensorFlow composes them.
#include "tfpp/nn_moments.h"

#include "ops/array/gradient_shape_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/custom_gradient.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::nn {
namespace {

Moments squeezed(Moments m, const std::vector<std::int64_t>& axes, bool keepdims) {
  if (keepdims) return m;
  return {squeeze(m.mean, axes), squeeze(m.variance, axes)};
}

// num / den, and 0 where den is 0 (TensorFlow's div_no_nan; the inner where keeps the
// gradient finite there).
Tensor div_or_zero(const Tensor& num, const Tensor& den) {
  const Tensor zero = equal(den, scalar_like(den, 0.0));
  return where(zero, scalar_like(num, 0.0), num / where(zero, scalar_like(den, 1.0), den));
}


}  // namespace

Moments moments(const Tensor& x, const std::vector<std::int64_t>& axes, bool keepdims) {
  const Tensor mean = reduce_mean(x, Axes(axes), {.keepdims = true});
  const Tensor variance = reduce_mean(math::squared_difference(x, stop_gradient(mean)), Axes(axes), {.keepdims = true});
  return squeezed({mean, variance}, axes, keepdims);
}

Moments weighted_moments(const Tensor& x, const std::vector<std::int64_t>& axes, const Tensor& frequency_weights,
                         bool keepdims) {
  const Tensor w = frequency_weights.dtype() == x.dtype() ? frequency_weights : cast(frequency_weights, x.dtype());
  const Tensor weighted_input_sum = reduce_sum(w * x, Axes(axes), {.keepdims = true});
  const Tensor sum_of_weights = reduce_sum(w + zeros_like(x), Axes(axes), {.keepdims = true});
  const Tensor mean = div_or_zero(weighted_input_sum, sum_of_weights);
  const Tensor distsq = reduce_sum(w * math::squared_difference(x, mean), Axes(axes), {.keepdims = true});
  return squeezed({mean, div_or_zero(distsq, sum_of_weights)}, axes, keepdims);
}

Moments normalize_moments(const Tensor& counts, const Tensor& mean_ss, const Tensor& variance_ss, const Tensor& shift) {
  const Tensor divisor = math::reciprocal(counts);
  const Tensor shifted_mean = mean_ss * divisor;
  const Tensor mean = shift.defined() ? shifted_mean + shift : shifted_mean;
  return {mean, variance_ss * divisor - math::square(shifted_mean)};
}

}  // namespace tf::nn
