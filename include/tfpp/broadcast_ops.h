// Broadcasting as its own operation: tf.broadcast_to repeats a tensor along the dimensions that
// NumPy broadcasting stretches (no copy of the rules of elementwise ops: the same shapes are
// accepted), tf.broadcast_static_shape combines two static shapes, and tf.meshgrid builds
// coordinate grids from 1-D tensors.
#pragma once

#include <string>
#include <vector>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf {

/// `input` repeated along the dimensions where it has size 1 (or that it lacks on the left) up to `shape`.
Tensor broadcast_to(const Tensor& input, const IntArray& shape);
/// The NumPy broadcast of two static shapes (unknown dimensions stay unknown unless the other fixes
/// them); raises InvalidArgumentError when they are incompatible.
TensorShape broadcast_static_shape(const TensorShape& a, const TensorShape& b);
/// The broadcast of two 1-D int32/int64 shape tensors (TensorFlow's BroadcastArgs).
Tensor broadcast_dynamic_shape(const Tensor& a, const Tensor& b);
/// Coordinate grids of the 1-D `inputs`: with indexing "xy" (Cartesian) the first two output
/// dimensions are swapped, with "ij" (matrix) output k varies along dimension k.
std::vector<Tensor> meshgrid(const std::vector<Tensor>& inputs, const std::string& indexing = "xy");

}  // namespace tf
