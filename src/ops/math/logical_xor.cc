#include "tfpp/logical_xor.h"

#include "graph/tracer.h"
#include "tfpp/math_ops.h"

namespace tf::math {

// TensorFlow's composite: its last LogicalAnd is the node named "LogicalXor".
Tensor logical_xor(const Tensor& x, const Tensor& y) {
  const Tensor either = logical_or(x, y);
  const Tensor not_both = logical_not(logical_and(x, y));
  graph::NodeNameOverride name("LogicalXor");
  return logical_and(either, not_both);
}

}  // namespace tf::math
