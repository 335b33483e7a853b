// Image measures and filters of tf.image: total variation, finite-difference and Sobel
// gradients, and the PSNR and SSIM similarity of two images, composed from other ops as
// TensorFlow composes them (so they differentiate the same way).
//
//   tf::Tensor quality = tf::image::ssim(reference, distorted, 1.0);   // per image, in [-1, 1]
#pragma once

#include <cstdint>
#include <utility>

#include "tfpp/tensor.h"

namespace tf::image {

/// Sum of absolute differences of neighbouring pixels: a scalar for one image, one per image of a batch (tf.image.total_variation).
Tensor total_variation(const Tensor& images);
/// (dy, dx): each pixel's difference to the next pixel down and right, 0 at the last row / column (tf.image.image_gradients).
std::pair<Tensor, Tensor> image_gradients(const Tensor& image);
/// Vertical and horizontal Sobel responses per channel, [batch, h, w, channels, 2] (tf.image.sobel_edges).
Tensor sobel_edges(const Tensor& image);
/// Peak signal-to-noise ratio per image, in dB, for pixels in [0, max_val] (tf.image.psnr).
Tensor psnr(const Tensor& a, const Tensor& b, double max_val);

/// The Gaussian window and constants of SSIM (TensorFlow's defaults).
struct SsimOptions {
  std::int64_t filter_size = 11;
  double filter_sigma = 1.5;
  double k1 = 0.01;
  double k2 = 0.03;
  bool return_index_map = false;  ///< the per-pixel SSIM map instead of its mean
};
/// Structural similarity per image, averaged over channels (tf.image.ssim).
Tensor ssim(const Tensor& img1, const Tensor& img2, double max_val, const SsimOptions& options = {});

}  // namespace tf::image
