// Ops that gradient functions use when static shapes are not fully known (inside a
// tf::function traced with tf::None dimensions): Fill with a run-time shape, and SumToShape,
// which undoes broadcasting to a run-time shape.
#pragma once

#include "tfpp/tensor.h"

namespace tf::ops::array {

/// A tensor of shape `dims` (a 1-D int32/int64 tensor, known only at run time) filled with the scalar `value`.
Tensor fill(const Tensor& dims, const Tensor& value);

/// `grad` summed over the dimensions that broadcasting added or stretched from `shape` (a 1-D
/// int32/int64 tensor), so the result has that shape. TensorFlow builds this from
/// BroadcastGradientArgs, Sum and Reshape; tfpp's Sum takes its axes as an attribute, so one op
/// does it here.
Tensor sum_to_shape(const Tensor& grad, const Tensor& shape);

}  // namespace tf::ops::array
