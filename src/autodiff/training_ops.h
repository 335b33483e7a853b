// Optimizer update ops on variable handles (TensorFlow's training_ops): one op applies a whole
// update step to a variable, in place when nothing else holds its value.
#pragma once

#include "ops/op_def.h"

namespace tf::autodiff {

/// ResourceApplyGradientDescent(handle, alpha, delta): variable -= alpha * delta, for float32
/// and float64 variables; alpha is a scalar and delta has the variable's shape. Attributes as
/// every variable op (variable_attrs). The graph's SGD-update fusion creates it.
const ops::OpDef& resource_apply_gradient_descent_op();

}  // namespace tf::autodiff
