#include "autodiff/grad_utils.h"

#include "ops/array/array_common.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::autodiff {

std::vector<std::int64_t> dims_of(const TensorShape& shape) {
  return std::vector<std::int64_t>(shape.dims().begin(), shape.dims().end());
}

std::vector<std::int64_t> int_values(const Tensor& t) { return ops::array::int_values(t); }

Tensor unbroadcast(const Tensor& grad, const TensorShape& shape) {
  const TensorShape& g = grad.shape();
  if (g == shape) return grad;
  const int lead = g.rank() - shape.rank();
  std::vector<std::int64_t> axes;
  for (int d = 0; d < g.rank(); ++d)
    if (d < lead || (shape.dim(d - lead) == 1 && g.dim(d) != 1)) axes.push_back(d);
  Tensor summed = axes.empty() ? grad : reduce_sum(grad, Axes(axes));
  return summed.shape() == shape ? summed : reshape(summed, dims_of(shape));
}

Tensor broadcast_up(const Tensor& t, const TensorShape& shape) {
  if (t.shape() == shape) return t;
  std::vector<std::int64_t> multiples;
  for (int d = 0; d < shape.rank(); ++d) multiples.push_back(t.shape().dim(d) == shape.dim(d) ? 1 : shape.dim(d));
  return tile(t, multiples);
}

Tensor neg(const Tensor& t) { return multiply(t, scalar_like(t, -1.0)); }

}  // namespace tf::autodiff
