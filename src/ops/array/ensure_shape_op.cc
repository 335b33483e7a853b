// tf::ensure_shape, over the EnsureShape op (gradient_shape_ops.cc).
#include "ops/array/gradient_shape_ops.h"
#include "tfpp/debugging_asserts.h"

namespace tf {

Tensor ensure_shape(const Tensor& x, const TensorShape& shape) { return ops::array::ensure_shape(x, shape); }

}  // namespace tf
