// The raw nn ops that gradient functions call (TensorFlow's gen_nn_ops): the convolution and
// pooling backprops, and Softmax/LogSoftmax over the last axis. Each takes the attributes of
// the forward call it differentiates, in that op's order, so a gradient passes them through.
#pragma once

#include <span>

#include "ops/op_def.h"

namespace tf::ops::nn {

/// Which convolution: Conv2D or DepthwiseConv2dNative (both take strides, padding,
/// explicit_paddings, data_format, dilations).
enum class ConvKind { kConv2D, kDepthwise };

/// Conv2D / DepthwiseConv2dNative of `input` with `filter`.
Tensor conv(ConvKind kind, const Tensor& input, const Tensor& filter, std::span<const AttrValue> attrs);
/// The convolution's gradient with respect to its input, of shape `input_sizes` (an int vector).
Tensor conv_backprop_input(ConvKind kind, const Tensor& input_sizes, const Tensor& filter, const Tensor& dy,
                           std::span<const AttrValue> attrs);
/// The convolution's gradient with respect to its filter, of shape `filter_sizes` (an int vector).
Tensor conv_backprop_filter(ConvKind kind, const Tensor& input, const Tensor& filter_sizes, const Tensor& dy,
                            std::span<const AttrValue> attrs);

/// AvgPool (attrs: ksize, strides, padding, data_format).
Tensor avg_pool(const Tensor& input, std::span<const AttrValue> attrs);
/// AvgPoolGrad: `dy` spread back over an input of shape `input_sizes` (an int vector).
Tensor avg_pool_grad(const Tensor& input_sizes, const Tensor& dy, std::span<const AttrValue> attrs);
/// MaxPoolGrad: each `dy` element added at its window's maximum of `input`.
Tensor max_pool_grad(const Tensor& input, const Tensor& output, const Tensor& dy, std::span<const AttrValue> attrs);
/// MaxPoolGradGrad: each window's `grad` element at the maximum of `input`, in the output's shape.
Tensor max_pool_grad_grad(const Tensor& input, const Tensor& output, const Tensor& grad,
                          std::span<const AttrValue> attrs);
/// _MaxPoolGradWithArgmax: each `dy` element added at its window's `argmax` (from the recorded
/// form of MaxPool), into an input of shape `input_sizes` (an int vector).
Tensor max_pool_grad_with_argmax(const Tensor& input_sizes, const Tensor& dy, const Tensor& argmax,
                                 std::span<const AttrValue> attrs);
/// _MaxPoolGradGradWithArgmax: `grad` (shaped like the input) read at each `argmax`, in the output's shape.
Tensor max_pool_grad_grad_with_argmax(const Tensor& grad, const Tensor& argmax, std::span<const AttrValue> attrs);

/// MaxPoolGradWithArgmax (the gradient of tf.nn.max_pool_with_argmax): each `grad` element added
/// at the element of `input`'s shape its flat `argmax` names (per image unless
/// include_batch_in_index).
Tensor flat_max_pool_grad_with_argmax(const Tensor& input, const Tensor& grad, const Tensor& argmax,
                                      bool include_batch_in_index);
/// MaxPoolGradGradWithArgmax: `grad` (shaped like `input`) read at each flat `argmax`.
Tensor flat_max_pool_grad_grad_with_argmax(const Tensor& input, const Tensor& grad, const Tensor& argmax,
                                           bool include_batch_in_index);

/// Softmax over the last axis.
Tensor softmax(const Tensor& logits);
/// LogSoftmax over the last axis.
Tensor log_softmax(const Tensor& logits);

}  // namespace tf::ops::nn
