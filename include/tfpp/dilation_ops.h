// Grayscale morphology (tf.nn.dilation2d, tf.nn.erosion2d): a max-plus (min-minus) convolution
// of NHWC images with a per-channel structuring element [filter_h, filter_w, channels].
//
//   tf::Tensor grown = tf::nn::dilation2d(images, kernel, {1, 1, 1, 1}, "SAME", {1, 1, 1, 1});
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::nn {

/// out[b, y, x, c] = max over (dy, dx) of input[b, y*sh + dy*rh - pad, x*sw + dx*rw - pad, c] +
/// filters[dy, dx, c], positions outside the image left out (Dilation2D). strides and dilations
/// are 4 values, 1 in the batch and channel places; padding "SAME" or "VALID".
Tensor dilation2d(const Tensor& input, const Tensor& filters, const std::vector<std::int64_t>& strides,
                  const std::string& padding, const std::vector<std::int64_t>& dilations);

/// -dilation2d(-value, filters mirrored in height and width), as TensorFlow defines erosion2d.
Tensor erosion2d(const Tensor& value, const Tensor& filters, const std::vector<std::int64_t>& strides,
                 const std::string& padding, const std::vector<std::int64_t>& dilations);

}  // namespace tf::nn
