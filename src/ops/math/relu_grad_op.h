// ReluGrad: the gradient of Relu as one elementwise pass (TensorFlow's op of that name).
#pragma once

#include "ops/op_def.h"

namespace tf::ops {

/// Inputs gradients and features (or Relu's outputs) of one shape and float dtype; the
/// output is gradients where features > 0, else 0. Internal: used by Relu's gradient.
const OpDef& relu_grad_op();

}  // namespace tf::ops
