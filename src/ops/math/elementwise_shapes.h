// Shape functions of the elementwise op families. Each also checks that the op has a kernel
// for the input dtype, so unsupported dtypes fail with the op's name while tracing too.
#pragma once

#include "ops/op_def.h"

namespace tf::ops {

/// Throws "[Op] does not support dtype X for <what> (supported: ...)" unless `op` has a kernel for `dtype`.
void check_supported_dtype(const OpContext& ctx, DType dtype, const char* what = "its input");
/// One input; output has its dtype and shape.
void unary_elementwise_shape(ShapeContext& ctx);
/// Two inputs of one supported dtype, broadcast together; output has their dtype.
void binary_elementwise_shape(ShapeContext& ctx);
/// Two inputs of one supported dtype, broadcast together; output is bool.
void comparison_shape(ShapeContext& ctx);

}  // namespace tf::ops
