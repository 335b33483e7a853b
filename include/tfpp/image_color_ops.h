// Colour tf.image functions: dtype conversion with TensorFlow's scaling rules, colour-space
// conversions (grayscale, HSV, YIQ, YUV) and adjustments (brightness, gamma, saturation, hue),
// and per-image standardization. Images are [..., height, width, channels]; the colour
// conversions read and write the last axis.
//
//   tf::Tensor f = tf::image::convert_image_dtype(jpeg_pixels, tf::float32);   // uint8 -> [0, 1]
//   tf::Tensor hsv = tf::image::rgb_to_hsv(f);
#pragma once

#include "tfpp/tensor.h"

namespace tf::image {

/// Converts between image dtypes, scaling integers to their full range and floats to [0, 1]
/// (tf.image.convert_image_dtype); `saturate` clamps before casting to avoid overflow.
Tensor convert_image_dtype(const Tensor& image, DType dtype, bool saturate = false);
/// Each image scaled to zero mean and unit variance over its pixels and channels, float32 (tf.image.per_image_standardization).
Tensor per_image_standardization(const Tensor& image);
/// Luma of RGB images, keeping a channel axis of size 1 (tf.image.rgb_to_grayscale).
Tensor rgb_to_grayscale(const Tensor& images);
/// Repeats a size-1 channel axis three times (tf.image.grayscale_to_rgb).
Tensor grayscale_to_rgb(const Tensor& images);
/// RGB in [0, 1] to hue, saturation and value in [0, 1], float32/float64 (tf.image.rgb_to_hsv, op RGBToHSV).
Tensor rgb_to_hsv(const Tensor& images);
/// HSV back to RGB (tf.image.hsv_to_rgb, op HSVToRGB).
Tensor hsv_to_rgb(const Tensor& images);
/// RGB to YIQ (tf.image.rgb_to_yiq); float images.
Tensor rgb_to_yiq(const Tensor& images);
/// YIQ to RGB (tf.image.yiq_to_rgb).
Tensor yiq_to_rgb(const Tensor& images);
/// RGB to YUV (tf.image.rgb_to_yuv).
Tensor rgb_to_yuv(const Tensor& images);
/// YUV to RGB (tf.image.yuv_to_rgb).
Tensor yuv_to_rgb(const Tensor& images);
/// Adds `delta` in the [0, 1] float scale, saturating back to the image's dtype (tf.image.adjust_brightness).
Tensor adjust_brightness(const Tensor& image, double delta);
/// gain * image^gamma in the [0, 1] float scale (tf.image.adjust_gamma); gamma must be >= 0.
Tensor adjust_gamma(const Tensor& image, double gamma = 1.0, double gain = 1.0);
/// Multiplies the HSV saturation by `saturation_factor`, clamped to [0, 1] (tf.image.adjust_saturation, op AdjustSaturation).
Tensor adjust_saturation(const Tensor& image, double saturation_factor);
/// Rotates the hue by `delta` turns, delta in [-1, 1] (tf.image.adjust_hue, op AdjustHue).
Tensor adjust_hue(const Tensor& image, double delta);

}  // namespace tf::image
