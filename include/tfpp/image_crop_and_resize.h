// Crops boxes out of a batch of images and resizes each to one size (tf.image.crop_and_resize):
// boxes are [num_boxes, 4] normalized [y1, x1, y2, x2] (0 and 1 are the first and last pixel
// centres; y1 > y2 flips), box_indices name each box's image.
//
//   tf::Tensor crops = tf::image::crop_and_resize(images, boxes, box_indices, {32, 32});
#pragma once

#include <string>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf::image {

/// Options of crop_and_resize.
struct CropAndResizeOptions {
  std::string method = "bilinear";   ///< "bilinear" or "nearest"
  double extrapolation_value = 0.0;  ///< the value of samples outside the image
};

/// [num_boxes, crop_height, crop_width, depth] float32 crops (op CropAndResize); differentiable
/// with respect to the image (float types) and the boxes, as in TensorFlow.
Tensor crop_and_resize(const Tensor& image, const Tensor& boxes, const Tensor& box_indices, const IntArray& crop_size,
                       const CropAndResizeOptions& options = {});

}  // namespace tf::image
