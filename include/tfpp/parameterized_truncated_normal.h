// Normal values truncated to [minval, maxval] with a mean, standard deviation and bounds per
// batch member: tf.random.stateless_parameterized_truncated_normal (broadcast parameters, numbers
// that depend only on the seed) and TensorFlow's stateful ParameterizedTruncatedNormal op.
//
//   auto x = tf::random::stateless_parameterized_truncated_normal({10, 3}, {7, 17}, tf::constant(0.0f),
//                                                                 tf::constant({1.0f, 2.0f, 3.0f}),
//                                                                 tf::constant(-1.0f), tf::constant(4.0f));
//
// The numbers are TensorFlow's for the same seed when TensorFlow's thread pool here has as many
// threads as this process has CPUs (its default): TensorFlow's shards restart the Philox stream
// at counters that depend on their boundaries, and tfpp draws with the same boundaries.
#pragma once

#include <cstdint>
#include <optional>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf::random {

/// Truncated normal values of `shape` (which must end with the broadcast shape of the four
/// parameters, float32 or float64 of one dtype) that depend only on `seed`, two int32/int64 values
/// (tf.random.stateless_parameterized_truncated_normal). Differentiable in all four parameters
/// (implicit reparameterization, as TensorFlow's gradient).
Tensor stateless_parameterized_truncated_normal(const TensorShape& shape, const IntArray& seed, const Tensor& means,
                                                const Tensor& stddevs, const Tensor& minvals, const Tensor& maxvals);

/// TensorFlow's ParameterizedTruncatedNormal op: samples of `shape` (at least one dimension) whose
/// batches along the first dimension use the parameters' entries (each a scalar or a vector of
/// length 1 or shape[0]); `seed` combines with the global seed as in tf.random. Not differentiable.
Tensor parameterized_truncated_normal(const TensorShape& shape, const Tensor& means, const Tensor& stddevs,
                                      const Tensor& minvals, const Tensor& maxvals,
                                      std::optional<std::int64_t> seed = std::nullopt);

}  // namespace tf::random
