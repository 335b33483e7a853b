// Mean and variance of a tensor over some axes (tf.nn.moments), weighted by frequencies
// (tf.nn.weighted_moments), or from sufficient statistics (tf.nn.normalize_moments).
//
//   auto [mean, variance] = tf::nn::moments(x, {0, 1, 2});     // per channel of an NHWC batch
//   tf::nn::batch_normalization(x, mean, variance, beta, gamma, 1e-3);
#pragma once

#include <cstdint>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::nn {

/// A mean and a variance.
struct Moments {
  Tensor mean;      ///< the mean
  Tensor variance;  ///< the (biased) variance
};

/// Mean and variance of x over `axes` (reduced axes kept with size 1 when keepdims). As in
/// TensorFlow, no gradient flows through the mean used inside the variance.
Moments moments(const Tensor& x, const std::vector<std::int64_t>& axes, bool keepdims = false);
/// The mean and variance of x over `axes` with each element counted frequency_weights times
/// (broadcast against x; cast to x's dtype); 0 where the weights sum to 0.
Moments weighted_moments(const Tensor& x, const std::vector<std::int64_t>& axes, const Tensor& frequency_weights,
                         bool keepdims = false);
/// From a count, a (shifted) sum and sum of squares: mean = mean_ss / counts + shift and
/// variance = variance_ss / counts - (mean_ss / counts)^2; shift may be undefined (None).
Moments normalize_moments(const Tensor& counts, const Tensor& mean_ss, const Tensor& variance_ss, const Tensor& shift);

}  // namespace tf::nn
