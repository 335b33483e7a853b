// Projective (and affine) transforms of images (op ImageProjectiveTransformV3, which Keras 3's
// RandomRotation, RandomZoom and RandomTranslation run on TensorFlow). Each row of `transforms`
// is [a0, a1, a2, b0, b1, b2, c0, c1]: it maps the OUTPUT pixel (x, y) to the input point
// ((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k), k = c0 x + c1 y + 1, which is then sampled
// (nearest or bilinear) after points outside the image are mapped back by the fill mode.
//
//   // shift right by 2 pixels, zeros coming in from the left
//   tf::Tensor moved = tf::image::projective_transform(images, tf::constant({1.f, 0.f, -2.f, 0.f, 1.f, 0.f, 0.f, 0.f}, {1, 8}),
//                                                      {height, width});
#pragma once

#include <string>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf::image {

/// How projective_transform samples and fills (the op's attributes; names in any case).
struct ProjectiveTransformOptions {
  std::string interpolation = "BILINEAR";  ///< "NEAREST" or "BILINEAR"
  std::string fill_mode = "CONSTANT";      ///< "CONSTANT", "REFLECT", "WRAP" or "NEAREST"
  double fill_value = 0.0;                 ///< the value of points outside the image (CONSTANT)
};

/// Transforms [batch, height, width, channels] images by `transforms` (float32 [1 or batch, 8])
/// into output_shape = {out_height, out_width} (a list, or an int32 tensor known only when a
/// traced function runs), keeping the dtype (op ImageProjectiveTransformV3).
/// Differentiable with respect to the images as in TensorFlow: the gradient transforms the
/// incoming gradient by the inverse transforms (exact for invertible nearest-pixel maps).
Tensor projective_transform(const Tensor& images, const Tensor& transforms, const IntArray& output_shape,
                            const ProjectiveTransformOptions& options = {});

}  // namespace tf::image
