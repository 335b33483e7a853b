// Shapes given as 1-D int32/int64 tensors (Fill's dims, RandomUniformInt's shape): their values
// when they run, and the static shape they give while tracing.
#pragma once

#include <cstdint>
#include <vector>

#include "ops/op_def.h"

namespace tf::ops::array {

/// A shape from the values of a 1-D int tensor, each non-negative; fails naming `what` otherwise.
TensorShape shape_from(const OpContext& ctx, const std::vector<std::int64_t>& dims, const char* what);

/// The static shape named by int input i: its values when concrete, else what the traced graph
/// tells of them (graph::shape_value), else unknown dims of the input's length (an unknown rank
/// when that is unknown too).
TensorShape static_shape_of(ShapeContext& ctx, std::size_t i, const char* what);

}  // namespace tf::ops::array
