#include "ops/linalg/tridiagonal_shifts.h"

#include <optional>

#include "tfpp/array_ops.h"
#include "tfpp/constant.h"

namespace tf::ops::linalg {
namespace {

// t[..., begin:end] (axis -1) or t[..., begin:end, :] (axis -2); no end runs to the end. The
// ellipsis keeps this independent of the rank, which may be unknown when traced.
Tensor slice_axis(const Tensor& t, int axis, std::int64_t begin, std::optional<std::int64_t> end) {
  StridedSliceOptions options{.end_mask = end ? 0 : 2, .ellipsis_mask = 1};
  if (axis == -1) return strided_slice(t, {0, begin}, {0, end.value_or(0)}, {1, 1}, options);
  options.begin_mask = 4;
  options.end_mask |= 4;
  return strided_slice(t, {0, begin, 0}, {0, end.value_or(0), 0}, {1, 1, 1}, options);
}

}  // namespace

Tensor shift_along(const Tensor& t, int axis, int step) {
  const Tensor zeros = zeros_like(slice_axis(t, axis, 0, 1));
  if (step > 0) return concat({slice_axis(t, axis, 1, std::nullopt), zeros}, axis);
  return concat({zeros, slice_axis(t, axis, 0, -1)}, axis);
}

Tensor diagonal_row(const Tensor& compact, std::int64_t i) {
  return strided_slice(compact, {0, i, 0}, {0, i + 1, 0}, {1, 1, 1},
                       {.begin_mask = 4, .end_mask = 4, .ellipsis_mask = 1, .shrink_axis_mask = 2});
}

}  // namespace tf::ops::linalg
