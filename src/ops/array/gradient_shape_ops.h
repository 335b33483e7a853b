// Ops that gradient functions use when static shapes are not fully known (inside a
// tf::function traced with tf::None dimensions): Fill with a run-time shape, SumToShape,
// which undoes broadcasting to a run-time shape, and EnsureShape, which gives a gradient
// computed from run-time shapes its input's static shape back (checked when it runs).
#pragma once

#include "tfpp/tensor.h"

namespace tf::ops::array {

/// A tensor of shape `dims` (a 1-D int32/int64 tensor, known only at run time) filled with the scalar `value`.
Tensor fill(const Tensor& dims, const Tensor& value);

/// A tensor of t's shape filled with the scalar `value`: a constant when that shape is fully
/// known, else a Fill over t's run-time shape.
Tensor fill_like(const Tensor& t, const Tensor& value);

/// `grad` summed over the dimensions that broadcasting added or stretched from `shape` (a 1-D
/// int32/int64 tensor), so the result has that shape. TensorFlow builds this from
/// BroadcastGradientArgs, Sum and Reshape; tfpp's Sum takes its axes as an attribute, so one op
/// does it here.
Tensor sum_to_shape(const Tensor& grad, const Tensor& shape);

/// `t` (sharing its buffer) with the static shape `shape` merged into its own; raises when the
/// run-time shape is not compatible with `shape` (TensorFlow's tf.ensure_shape).
Tensor ensure_shape(const Tensor& t, const TensorShape& shape);

}  // namespace tf::ops::array
