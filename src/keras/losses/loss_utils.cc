#include "keras/losses/loss_utils.h"

#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"

namespace tf::keras::detail {

std::string describe(const Tensor& t) {
  if (!t.defined()) return "undefined";
  return t.shape().debug_string() + " " + std::string(dtype_name(t.dtype()));
}

Tensor divide_no_nan(const Tensor& x, const Tensor& y) {
  const Tensor is_zero = math::equal(y, scalar_like(y, 0.0));
  const Tensor quotient = x / where(is_zero, 1.0, y);
  return where(is_zero, 0.0, quotient);
}

Tensor divide_no_nan_value(const Tensor& x, const Tensor& y) {
  return where(math::equal(y, scalar_like(y, 0.0)), 0.0, x / y);
}

Tensor num_elements_as(const Tensor& t, DType dtype) {
  if (t.shape().is_fully_defined()) return constant(static_cast<double>(t.num_elements()), dtype);
  return cast(size(t, int64), dtype);
}

Tensor last_dim_as(const Tensor& t) {
  const std::int64_t n = t.rank() > 0 ? t.shape().dim(-1) : -1;
  if (n >= 0) return constant(static_cast<double>(n), t.dtype());
  return cast(strided_slice(shape(t), {-1}, {0}, {1}, {.end_mask = 1, .shrink_axis_mask = 1}), t.dtype());
}

Tensor cast_if_needed(const Tensor& x, DType dtype) { return x.dtype() == dtype ? x : cast(x, dtype); }

}  // namespace tf::keras::detail
