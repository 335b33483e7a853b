// tf.math.add_n: the elementwise sum of a list of tensors of one dtype and one shape (no
// broadcasting), in one op (TensorFlow's AddN).
#pragma once

#include <vector>

#include "tfpp/tensor.h"

namespace tf {
namespace math {
/// inputs[0] + inputs[1] + ...; at least one tensor, all of the same dtype and shape.
Tensor add_n(const std::vector<Tensor>& inputs);
}  // namespace math
using math::add_n;
}  // namespace tf
