// Ops that exist for the gradients of array ops (TensorFlow's raw StridedSliceGrad and
// MirrorPadGrad), callable by the autodiff layer.
#pragma once

#include <string>

#include "tfpp/array_ops.h"

namespace tf::ops::array {

/// Zeros of `shape` (an int vector) with `dy` written where strided_slice(begin, end, strides, options) reads.
Tensor strided_slice_grad(const Tensor& shape, const Tensor& begin, const Tensor& end, const Tensor& strides,
                          const Tensor& dy, const StridedSliceOptions& options);

/// The gradient of MirrorPad: `dy` folded back onto the unpadded shape, mirrored elements summed.
/// `mode` is "REFLECT" or "SYMMETRIC".
Tensor mirror_pad_grad(const Tensor& dy, const Tensor& paddings, const std::string& mode);

}  // namespace tf::ops::array
