// Geometric tf.image functions: flips, rotations by quarter turns, transposition, and cropping
// or padding to a box. Images are [height, width, channels] or batches
// [batch, height, width, channels] of any dtype; each function is composed from array ops as
// TensorFlow's image_ops_impl.py composes it, so it traces and differentiates like them.
//
//   tf::Tensor mirrored = tf::image::flip_left_right(image);
//   tf::Tensor box = tf::image::crop_to_bounding_box(image, 1, 2, 8, 8);   // rows 1..8, cols 2..9
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::image {

/// Mirrors the width axis (tf.image.flip_left_right).
Tensor flip_left_right(const Tensor& image);
/// Mirrors the height axis (tf.image.flip_up_down).
Tensor flip_up_down(const Tensor& image);
/// Rotates counter-clockwise by k quarter turns (tf.image.rot90); k may be negative.
Tensor rot90(const Tensor& image, std::int64_t k = 1);
/// Swaps height and width (tf.image.transpose).
Tensor transpose(const Tensor& image);
/// Keeps the central `central_fraction` (in (0, 1]) of height and width (tf.image.central_crop).
Tensor central_crop(const Tensor& image, double central_fraction);
/// The target_height x target_width box whose top-left corner is at the offsets (tf.image.crop_to_bounding_box).
Tensor crop_to_bounding_box(const Tensor& image, std::int64_t offset_height, std::int64_t offset_width,
                            std::int64_t target_height, std::int64_t target_width);
/// Zero-pads to target_height x target_width with the image's top-left at the offsets (tf.image.pad_to_bounding_box).
Tensor pad_to_bounding_box(const Tensor& image, std::int64_t offset_height, std::int64_t offset_width,
                           std::int64_t target_height, std::int64_t target_width);
/// Centrally crops and/or zero-pads to target_height x target_width (tf.image.resize_with_crop_or_pad).
Tensor resize_with_crop_or_pad(const Tensor& image, std::int64_t target_height, std::int64_t target_width);

}  // namespace tf::image
