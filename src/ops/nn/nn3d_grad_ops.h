// The raw 3-D convolution and pooling ops that gradient functions call (TensorFlow's
// gen_nn_ops). Each takes the attributes of the forward call it differentiates, in that op's
// order, so a gradient passes them through: convolutions (strides, padding, data_format,
// dilations), pooling (ksize, strides, padding, data_format).
#pragma once

#include <span>

#include "ops/op_def.h"

namespace tf::ops::nn {

/// Conv3D of `input` with `filter`.
Tensor conv3d(const Tensor& input, const Tensor& filter, std::span<const AttrValue> attrs);
/// Conv3DBackpropInputV2: the gradient with respect to the input, of shape `input_sizes` (an int vector).
Tensor conv3d_backprop_input(const Tensor& input_sizes, const Tensor& filter, const Tensor& dy,
                             std::span<const AttrValue> attrs);
/// Conv3DBackpropFilterV2: the gradient with respect to the filter, of shape `filter_sizes` (an int vector).
Tensor conv3d_backprop_filter(const Tensor& input, const Tensor& filter_sizes, const Tensor& dy,
                              std::span<const AttrValue> attrs);

/// AvgPool3D.
Tensor avg_pool3d(const Tensor& input, std::span<const AttrValue> attrs);
/// AvgPool3DGrad: `dy` spread back over an input of shape `input_sizes` (an int vector).
Tensor avg_pool3d_grad(const Tensor& input_sizes, const Tensor& dy, std::span<const AttrValue> attrs);
/// MaxPool3DGrad: each `dy` element added at its window's maxima of `input`.
Tensor max_pool3d_grad(const Tensor& input, const Tensor& output, const Tensor& dy, std::span<const AttrValue> attrs);
/// MaxPool3DGradGrad: each window's `grad` element at the maximum of `input`, in the output's shape.
Tensor max_pool3d_grad_grad(const Tensor& input, const Tensor& output, const Tensor& grad,
                            std::span<const AttrValue> attrs);

}  // namespace tf::ops::nn
