// tf.math.l2_normalize (also tf.nn and tf.linalg): x / sqrt(max(sum(x^2), epsilon)) over every
// axis or the given axes, a composite as in TensorFlow:
//
//   tf::math::l2_normalize(x, -1);
//   tf::nn::l2_normalize(x, {.epsilon = 1e-6});     // every axis
#pragma once

#include "tfpp/reduction_ops.h"
#include "tfpp/tensor.h"

namespace tf {
namespace math {
/// Options of l2_normalize.
struct L2NormalizeOptions {
  double epsilon = 1e-12;  ///< the smallest squared norm divided by
};
/// x divided by its L2 norm over every axis.
Tensor l2_normalize(const Tensor& x, const L2NormalizeOptions& options = {});
/// x divided by its L2 norm over `axis`.
Tensor l2_normalize(const Tensor& x, const Axes& axis, const L2NormalizeOptions& options = {});
/// The same, with the axes given as a braced list.
Tensor l2_normalize(const Tensor& x, AxisList axis, const L2NormalizeOptions& options = {});
}  // namespace math
namespace nn {
using ::tf::math::l2_normalize;
}  // namespace nn
namespace linalg {
using ::tf::math::l2_normalize;
}  // namespace linalg
}  // namespace tf
