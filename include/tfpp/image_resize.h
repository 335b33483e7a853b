// Resizing images (tf.image.resize): bilinear, nearest-neighbour, bicubic, area, and the
// filtered methods of ScaleAndTranslate (lanczos3/5, gaussian, mitchellcubic, and antialiased
// bilinear/bicubic), on [height, width, channels] images or [batch, height, width, channels]
// batches. As in TensorFlow 2, the result is float32 except for nearest-neighbour, which keeps
// the images' dtype; the ops behind it differentiate as TensorFlow's do.
//
//   tf::Tensor small = tf::image::resize(images, {64, 64});
//   tf::Tensor sharp = tf::image::resize(images, {64, 64}, {.method = tf::image::ResizeMethod::LANCZOS3, .antialias = true});
#pragma once

#include <cstdint>
#include <string>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf::image {

/// The method names tf.image.resize accepts (tf.image.ResizeMethod).
struct ResizeMethod {
  static constexpr const char* BILINEAR = "bilinear";
  static constexpr const char* NEAREST_NEIGHBOR = "nearest";
  static constexpr const char* BICUBIC = "bicubic";
  static constexpr const char* AREA = "area";
  static constexpr const char* LANCZOS3 = "lanczos3";
  static constexpr const char* LANCZOS5 = "lanczos5";
  static constexpr const char* GAUSSIAN = "gaussian";
  static constexpr const char* MITCHELLCUBIC = "mitchellcubic";
};

/// How tf::image::resize samples.
struct ResizeOptions {
  std::string method = ResizeMethod::BILINEAR;  ///< one of ResizeMethod's names
  bool preserve_aspect_ratio = false;           ///< fit inside `size` instead of filling it
  bool antialias = false;                       ///< low-pass filter when downsampling
};

/// Resizes to size = {new_height, new_width} (tf.image.resize).
Tensor resize(const Tensor& images, const IntArray& size, const ResizeOptions& options = {});
/// Resizes keeping the aspect ratio, then zero-pads to target_height x target_width (tf.image.resize_with_pad).
Tensor resize_with_pad(const Tensor& image, std::int64_t target_height, std::int64_t target_width,
                       const std::string& method = ResizeMethod::BILINEAR, bool antialias = false);

}  // namespace tf::image
