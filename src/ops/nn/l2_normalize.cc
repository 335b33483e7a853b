// l2_normalize: x * rsqrt(max(sum(x^2, axis, keepdims), epsilon)), as TensorFlow composes it.
#include "tfpp/l2_normalize.h"

#include <vector>

#include "tfpp/math_ops.h"

namespace tf::math {
namespace {

Tensor normalize(const Tensor& x, const Tensor& square_sum, double epsilon) {
  return multiply(x, rsqrt(maximum(square_sum, epsilon)));
}

}  // namespace

Tensor l2_normalize(const Tensor& x, const L2NormalizeOptions& o) {
  return normalize(x, reduce_sum(square(x), {.keepdims = true}), o.epsilon);
}
Tensor l2_normalize(const Tensor& x, const Axes& axis, const L2NormalizeOptions& o) {
  return normalize(x, reduce_sum(square(x), axis, {.keepdims = true}), o.epsilon);
}
Tensor l2_normalize(const Tensor& x, AxisList axis, const L2NormalizeOptions& o) {
  return l2_normalize(x, Axes(std::vector<std::int64_t>(axis)), o);
}

}  // namespace tf::math
