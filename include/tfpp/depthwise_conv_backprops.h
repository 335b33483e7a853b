// tf.nn.depthwise_conv2d_backprop_input / _filter: the two gradients of depthwise_conv2d as ops
// of their own (TensorFlow's DepthwiseConv2dNativeBackpropInput / ...Filter), for code that
// calls them directly.
#pragma once

#include "tfpp/nn_ops.h"

namespace tf::nn {

/// The gradient of depthwise_conv2d(input, filter) with respect to an input of shape
/// `input_sizes` (an int vector) for the output gradient `out_backprop`.
Tensor depthwise_conv2d_backprop_input(const Tensor& input_sizes, const Tensor& filter, const Tensor& out_backprop,
                                       const Sizes& strides, const Padding& padding, const ConvOptions& options = {});

/// The gradient of depthwise_conv2d(input, filter) with respect to a filter of shape
/// `filter_sizes` (an int vector) for the output gradient `out_backprop`.
Tensor depthwise_conv2d_backprop_filter(const Tensor& input, const Tensor& filter_sizes, const Tensor& out_backprop,
                                        const Sizes& strides, const Padding& padding, const ConvOptions& options = {});

}  // namespace tf::nn
