// tf.image.extract_glimpse: windows of a batch of images at given offsets, one per image, with the
// part outside the image filled with noise or zeros.
//
//   tf::Tensor g = tf::image::extract_glimpse(images, tf::constant({8, 8}), offsets, {.noise = "zero"});
#pragma once

#include <string>

#include "tfpp/tensor.h"

namespace tf::image {

/// How extract_glimpse reads the offsets and fills what lies outside the image (TensorFlow's defaults).
struct GlimpseOptions {
  bool centered = true;           ///< offsets relative to the image's centre ([-1, 1] when normalized)
  bool normalized = true;         ///< offsets as fractions of the image size
  std::string noise = "uniform";  ///< "uniform", "gaussian" or "zero" outside the image
};

/// Glimpses [batch, size[0], size[1], channels] (size: int32 [2]) of float32 images [batch, height, width,
/// channels] at offsets [batch, 2] as (y, x) (op ExtractGlimpseV2).
Tensor extract_glimpse(const Tensor& input, const Tensor& size, const Tensor& offsets, const GlimpseOptions& options = {});

}  // namespace tf::image
