// tf.math.l2_normalize (also tf.nn and tf.linalg): x / sqrt(max(sum(x^2), epsilon)) over the
// given axes, a composite as in TensorFlow.
#pragma once

#include "tfpp/reduction_ops.h"
#include "tfpp/tensor.h"

namespace tf {
namespace math {
/// x divided by its L2 norm over every axis (the squared norm at least `epsilon`).
Tensor l2_normalize(const Tensor& x);
/// x divided by its L2 norm over `axis` (the squared norm at least `epsilon`).
Tensor l2_normalize(const Tensor& x, const Axes& axis, double epsilon = 1e-12);
/// The same, with the axes given as a braced list.
Tensor l2_normalize(const Tensor& x, AxisList axis, double epsilon = 1e-12);
}  // namespace math
namespace nn {
using ::tf::math::l2_normalize;
}  // namespace nn
namespace linalg {
using ::tf::math::l2_normalize;
}  // namespace linalg
}  // namespace tf
