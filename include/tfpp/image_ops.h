// Image ops (tf.image): images are [..., height, width, channels] tensors.
//
//   tf::Tensor out = tf::image::adjust_contrast(images, 2.0f);   // (x - mean) * 2 + mean per channel
#pragma once

#include "tfpp/tensor.h"

namespace tf::image {

/// Scales each channel of each image away from (factor > 1) or towards (factor < 1) its mean
/// over height and width (tf.image.adjust_contrast, op AdjustContrastv2). Images of any dtype are
/// computed in float32 and saturated back to their dtype, as TensorFlow does; the factor is a
/// float32 scalar.
/// TensorFlow registers no gradient for this op: register one with tf::RegisterGradient.
Tensor adjust_contrast(const Tensor& images, const Tensor& contrast_factor);

}  // namespace tf::image
