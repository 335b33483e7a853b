// tf::nn::fractional_max_pool and fractional_avg_pool (Graham, "Fractional Max-Pooling", 2015):
// pooling of an NHWC batch by a non-integer ratio, over windows of sizes k and k + 1 laid out
// at random, as TensorFlow's tf.nn.fractional_max_pool / fractional_avg_pool (version 2).
//
//   auto [pooled, rows, cols] = tf::nn::fractional_max_pool(images, {1.0, 1.44, 1.73, 1.0}, {.seed = 7});
//   // rows = [0, r1, ..., height]: output row i pools input rows [rows[i], rows[i + 1])
//
// With a seed the window boundaries are TensorFlow's for the same seed (its Philox stream and
// its tf.random seed rules); with seed 0 they are drawn afresh on every call.
#pragma once

#include <cstdint>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::nn {

/// Options of fractional_max_pool and fractional_avg_pool.
struct FractionalPoolOptions {
  bool pseudo_random = false;  ///< the paper's pseudorandom boundaries instead of a random shuffle of the window sizes
  bool overlapping = false;    ///< windows also take the row and column where the next window starts
  std::int64_t seed = 0;       ///< 0: new boundaries on each call; else combined with the global seed (tf.random)
};

/// The pooled batch and the boundaries of its windows.
struct FractionalPoolResult {
  Tensor output;                ///< [batch, floor(height / ratio), floor(width / ratio), channels]
  Tensor row_pooling_sequence;  ///< int64, output height + 1 row boundaries from 0 to the input height
  Tensor col_pooling_sequence;  ///< int64, output width + 1 column boundaries from 0 to the input width
};

/// Fractional max pooling of `value` (float32, float64, int32 or int64, [N, H, W, C]) by
/// `pooling_ratio`: one ratio for both spatial dimensions, two (rows, columns), or four with 1 at
/// the batch and channel positions; each at least 1. Gradients flow to each window's first maximum.
FractionalPoolResult fractional_max_pool(const Tensor& value, const std::vector<double>& pooling_ratio,
                                         const FractionalPoolOptions& options = {});
/// Fractional average pooling (integers average with truncating division, as TensorFlow's).
FractionalPoolResult fractional_avg_pool(const Tensor& value, const std::vector<double>& pooling_ratio,
                                         const FractionalPoolOptions& options = {});

}  // namespace tf::nn
