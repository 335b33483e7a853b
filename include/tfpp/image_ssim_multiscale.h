// Multi-scale structural similarity of two images (tf.image.ssim_multiscale): SSIM's contrast-
// structure term at successively 2x average-pooled scales and its full SSIM at the coarsest,
// combined as a weighted geometric mean, composed from other ops as TensorFlow composes it (so it
// differentiates the same way).
//
//   tf::Tensor quality = tf::image::ssim_multiscale(reference, distorted, 1.0);  // per image
#pragma once

#include <vector>

#include "tfpp/image_metrics.h"
#include "tfpp/tensor.h"

namespace tf::image {

/// TensorFlow's _MSSSIM_WEIGHTS: the exponents of the five scales, finest first.
inline const std::vector<double> kMsSsimPowerFactors = {0.0448, 0.2856, 0.3001, 0.2363, 0.1333};

/// MS-SSIM per image, averaged over channels; one scale per power factor, each halving the
/// height and width (rounding up), which must stay at least filter_size (so 161 pixels or more
/// with the defaults).
Tensor ssim_multiscale(const Tensor& img1, const Tensor& img2, double max_val,
                       const std::vector<double>& power_factors = kMsSsimPowerFactors, const SsimOptions& options = {});

}  // namespace tf::image
