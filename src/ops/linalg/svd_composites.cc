// Functions of the singular values: pinv and matrix_rank, composites as in TensorFlow's
// linalg_impl.py (pinv's gradient comes from Svd's).
#include <limits>

#include "ops/math/python_name_scope.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_factorizations.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::linalg {
namespace {

double epsilon(DType dtype) {
  return dtype == float64 ? std::numeric_limits<double>::epsilon() : double(std::numeric_limits<float>::epsilon());
}

// max(rows, cols) of a's matrices in a's dtype: a number when both are static, else from tf.shape.
Tensor larger_dim(const Tensor& a, const char* function) {
  const TensorShape& s = a.shape();
  if (s.has_unknown_rank()) throw InvalidArgumentError(std::string("[") + function + "] the rank of a must be known");
  if (s.rank() < 2)
    throw InvalidArgumentError(std::string("[") + function + "] Input `a` must have at least 2 dimensions (saw: " +
                               std::to_string(s.rank()) + ").");
  if (s.dim(-1) != None && s.dim(-2) != None) return constant(double(std::max(s.dim(-1), s.dim(-2))), a.dtype());
  return cast(reduce_max(strided_slice(shape(a), {-2}, {0}, {1}, {.end_mask = 1})), a.dtype());
}

void check_float(const Tensor& a, const char* function) {
  if (a.dtype() != float32 && a.dtype() != float64)
    throw InvalidArgumentError(std::string("[") + function + "] Input `a` must have `float`-like `dtype` (saw " +
                               std::string(dtype_name(a.dtype())) + ").");
}

}  // namespace

Tensor pinv(const Tensor& a, const std::optional<Tensor>& rcond) {
  check_float(a, "pinv");
  return ops::with_python_scope("pinv", [&](graph::OpNameScope*) {
    const Tensor cut = rcond ? cast(*rcond, a.dtype()) : larger_dim(a, "pinv") * (10.0 * epsilon(a.dtype()));
    const auto [s, u, v] = svd(a);
    const Tensor cutoff = cut * reduce_max(s, -1);
    const Tensor kept = where(math::greater(s, expand_dims(cutoff, -1)), s, std::numeric_limits<double>::infinity());
    return matmul(v / expand_dims(kept, -2), u, {.transpose_b = true});
  });
}

Tensor matrix_rank(const Tensor& a, const std::optional<Tensor>& tol) {
  check_float(a, "matrix_rank");
  return ops::with_python_scope("matrix_rank", [&](graph::OpNameScope*) {
    const Tensor s = singular_values(a);
    const Tensor threshold = tol ? cast(*tol, a.dtype())
                                 : larger_dim(a, "matrix_rank") * epsilon(a.dtype()) * reduce_max(s, -1, {.keepdims = true});
    return reduce_sum(cast(math::greater(s, threshold), int32), -1);
  });
}

}  // namespace tf::linalg
