// Optimizer update ops on variable handles (TensorFlow's training_ops): one op applies a whole
// update step to a variable, in place when nothing else holds its value.
#pragma once

#include "ops/op_def.h"

namespace tf::autodiff {

/// ResourceApplyGradientDescent(handle, alpha, delta): variable -= alpha * delta, for float32
/// and float64 variables; alpha is a scalar and delta has the variable's shape. Attributes as
/// every variable op (variable_attrs). The graph's SGD-update fusion creates it.
const ops::OpDef& resource_apply_gradient_descent_op();
/// _ResourceApplyGradientDescentMatMul(handle, alpha, a, b): variable -= alpha * a @ b for a
/// float32 variable, a and b float32 matrices (attributes: the variable's, then transpose_a and
/// transpose_b), with the product accumulated straight into the variable's buffer. The SGD-update
/// fusion creates it when the gradient is a matrix product read by nothing else.
const ops::OpDef& resource_apply_gradient_descent_matmul_op();

}  // namespace tf::autodiff
