// tf::nn::isotonic_regression: the monotone sequence nearest (in squared distance) to each vector
// along an axis, by the pool-adjacent-violators algorithm, as TensorFlow's tf.nn.isotonic_regression.
//
//   auto [fit, segments] = tf::nn::isotonic_regression(tf::constant({3.0f, 1.0f, 2.0f}));
//   // fit = [3, 1.5, 1.5] (non-increasing), segments = [0, 1, 1]
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::nn {

/// Options of isotonic_regression.
struct IsotonicRegressionOptions {
  bool decreasing = true;  ///< fit a non-increasing sequence (false: non-decreasing)
  std::int64_t axis = -1;  ///< the axis the vectors lie along
};

/// The fitted values and, for each, the index of its run of equal values within its vector.
struct IsotonicRegressionResult {
  Tensor output;    ///< float32 for float32, int8 and int16 inputs, float16 / bfloat16 for themselves, else float64
  Tensor segments;  ///< int32, 0, 1, ... along each vector
};

/// Isotonic regression of every vector of `inputs` along `options.axis` (tf.nn.isotonic_regression).
/// Differentiable in the inputs: the gradient of an element is the mean of the output gradients of its run.
IsotonicRegressionResult isotonic_regression(const Tensor& inputs, const IsotonicRegressionOptions& options = {});

}  // namespace tf::nn
