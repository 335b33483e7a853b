// tf::nn::local_response_normalization (tf.nn.lrn): each channel of an NHWC float32 batch
// divided by a power of the sum of squares of its neighbouring channels, as TensorFlow's LRN op
// (whose gradient is the LRNGrad op).
//
//   tf::nn::local_response_normalization(x, {.depth_radius = 2, .alpha = 1e-4, .beta = 0.75});
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::nn {

/// Options of local_response_normalization (TensorFlow's defaults).
struct LrnOptions {
  std::int64_t depth_radius = 5;  ///< channels on each side in the sum
  double bias = 1;                ///< added to the scaled sum
  double alpha = 1;               ///< scale of the sum of squares
  double beta = 0.5;              ///< exponent
};

/// input / (bias + alpha * sum(input[..., d - r : d + r + 1] ** 2)) ** beta over the last
/// dimension of a 4-D float32 input (bias, alpha and beta taken as float32, as TensorFlow's attributes).
Tensor local_response_normalization(const Tensor& input, const LrnOptions& options = {});
/// Another name of local_response_normalization.
Tensor lrn(const Tensor& input, const LrnOptions& options = {});

}  // namespace tf::nn
