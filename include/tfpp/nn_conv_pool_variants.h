// The other shapes of tf.nn's convolution and pooling functions, built on the 2-D ops of
// nn_ops.h as TensorFlow builds them: 1-D convolution and pooling (a 2-D op over an added
// axis of size 1), rank-generic convolution / max_pool / avg_pool (1-D, 2-D or 3-D by rank), and
// separable_conv2d (a depthwise convolution, then a 1x1 convolution).
//
//   tf::nn::conv1d(signals, filters, 2, "SAME");           // [N, W, C] with [w, C, out]
//   tf::nn::max_pool(x, 2, 2, "VALID");                     // rank 3: 1-D, rank 4: 2-D
#pragma once

#include <string>

#include "tfpp/nn_ops.h"
#include "tfpp/tensor.h"

namespace tf::nn {

/// Options of conv1d.
struct Conv1dOptions {
  Sizes dilations = 1;               ///< 1 value, or 3 with 1 at the batch and channel positions
  std::string data_format = "NWC";   ///< "NWC" (or "NHWC") or "NCW" (or "NCHW")
};
/// 1-D convolution (tf.nn.conv1d): input [N, W, C] (NWC) or [N, C, W] (NCW), filters [w, C, out];
/// stride is 1 value, or 3 with 1 at the batch and channel positions.
Tensor conv1d(const Tensor& input, const Tensor& filters, const Sizes& stride, const Padding& padding,
              const Conv1dOptions& options = {});

/// Options of convolution.
struct ConvolutionOptions {
  Sizes strides = 1;          ///< per spatial dimension, or for every dimension
  Sizes dilations = 1;        ///< per spatial dimension, or for every dimension
  std::string data_format;    ///< empty: channels last ("NWC" / "NHWC"); else "NCW" / "NCHW" and the like
};
/// N-D convolution (tf.nn.convolution) for 1, 2 or 3 spatial dimensions, chosen by the filters'
/// rank (3, 4 or 5): conv1d, conv2d or conv3d (nn_conv3d.h; "SAME" or "VALID" padding only).
Tensor convolution(const Tensor& input, const Tensor& filters, const Padding& padding = "VALID",
                   const ConvolutionOptions& options = {});

/// Depthwise convolution by depthwise_filter [h, w, C, multiplier], then a 1x1 convolution by
/// pointwise_filter [1, 1, C * multiplier, out] (tf.nn.separable_conv2d).
Tensor separable_conv2d(const Tensor& input, const Tensor& depthwise_filter, const Tensor& pointwise_filter,
                        const Sizes& strides, const Padding& padding, const ConvOptions& options = {});

/// Max pooling over 1-D windows (tf.nn.max_pool1d); data_format "NWC" or "NCW"; ksize and strides
/// 1 value, or 3 with 1 at the batch and channel positions.
Tensor max_pool1d(const Tensor& input, const Sizes& ksize, const Sizes& strides, const Padding& padding,
                  const std::string& data_format = "NWC");
/// Average pooling over 1-D windows (tf.nn.avg_pool1d); padded positions are not counted.
Tensor avg_pool1d(const Tensor& input, const Sizes& ksize, const Sizes& strides, const Padding& padding,
                  const std::string& data_format = "NWC");
/// max_pool1d for inputs of rank 3, max_pool2d for rank 4, max_pool3d for rank 5 (tf.nn.max_pool);
/// data_format empty: channels last.
Tensor max_pool(const Tensor& input, const Sizes& ksize, const Sizes& strides, const Padding& padding,
                const std::string& data_format = "");
/// avg_pool1d for inputs of rank 3, avg_pool2d for rank 4, avg_pool3d for rank 5 (tf.nn.avg_pool).
Tensor avg_pool(const Tensor& input, const Sizes& ksize, const Sizes& strides, const Padding& padding,
                const std::string& data_format = "");

}  // namespace tf::nn
