// 3-D convolution and pooling (tf.nn.conv3d, conv3d_transpose, max_pool3d, avg_pool3d) over
// volumes [batch, depth, height, width, channels] (NDHWC, or NCDHW by data_format), with
// filters [depth, height, width, in_channels, out_channels] (DHWIO). Padding is "SAME" or
// "VALID"; strides, dilations and ksize are 1 value, 3 (depth, height, width) or 5 (every
// dimension, 1 at the batch and channel positions).
//
//   tf::nn::conv3d(x, w, 1, "SAME");                        // x [N, D, H, W, C], w [d, h, w, C, out]
//   tf::nn::max_pool3d(x, 2, 2, "VALID");
#pragma once

#include <string>

#include "tfpp/nn_ops.h"
#include "tfpp/tensor.h"

namespace tf::nn {

/// Options of conv3d and conv3d_transpose.
struct Conv3dOptions {
  Sizes dilations = 1;                ///< spacing between filter taps
  std::string data_format = "NDHWC";  ///< "NDHWC" or "NCDHW"
};

/// 3-D convolution (tf.nn.conv3d, TensorFlow's Conv3D op): input NDHWC, filters DHWIO.
Tensor conv3d(const Tensor& input, const Tensor& filters, const Sizes& strides, const std::string& padding,
              const Conv3dOptions& options = {});
/// The transpose of conv3d (tf.nn.conv3d_transpose, TensorFlow's Conv3DBackpropInputV2 op):
/// filters [d, h, w, output_channels, input_channels]; output_shape is the int32/int64 vector of
/// the result's 5 sizes, which conv3d with the same strides and padding maps back to input's shape.
Tensor conv3d_transpose(const Tensor& input, const Tensor& filters, const Tensor& output_shape, const Sizes& strides,
                        const std::string& padding = "SAME", const Conv3dOptions& options = {});

/// Max pooling over 3-D windows (tf.nn.max_pool3d); data_format "NDHWC" or "NCDHW".
Tensor max_pool3d(const Tensor& input, const Sizes& ksize, const Sizes& strides, const std::string& padding,
                  const std::string& data_format = "NDHWC");
/// Average pooling over 3-D windows (tf.nn.avg_pool3d); padded positions are not counted.
Tensor avg_pool3d(const Tensor& input, const Sizes& ksize, const Sizes& strides, const std::string& padding,
                  const std::string& data_format = "NDHWC");

}  // namespace tf::nn
