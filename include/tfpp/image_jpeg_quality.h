// JPEG round trips as image augmentation (tf.image.adjust_jpeg_quality and its random forms):
// the image is encoded as a JPEG of the given quality and decoded again, in its own dtype.
//
//   tf::Tensor blocky = tf::image::adjust_jpeg_quality(image, tf::constant(20));
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf::image {

/// A [height, width, 1 or 3] uint8 image as a JPEG of `quality` (int32 scalar, 0-100) (op EncodeJpegVariableQuality).
Tensor encode_jpeg_variable_quality(const Tensor& images, const Tensor& quality);

/// The image (any dtype convert_image_dtype takes) after a JPEG round trip at `jpeg_quality` (int32 scalar).
Tensor adjust_jpeg_quality(const Tensor& image, const Tensor& jpeg_quality, const std::string& dct_method = "");

/// adjust_jpeg_quality at a quality drawn uniformly from [min_jpeg_quality, max_jpeg_quality) (tf.image.random_jpeg_quality).
Tensor random_jpeg_quality(const Tensor& image, std::int64_t min_jpeg_quality, std::int64_t max_jpeg_quality,
                           std::optional<std::int64_t> seed = {});

/// random_jpeg_quality with the quality drawn from a [2] seed (tf.image.stateless_random_jpeg_quality).
Tensor stateless_random_jpeg_quality(const Tensor& image, std::int64_t min_jpeg_quality, std::int64_t max_jpeg_quality, const IntArray& seed);

}  // namespace tf::image
