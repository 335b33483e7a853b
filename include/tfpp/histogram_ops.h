// tf.histogram_fixed_width and tf.histogram_fixed_width_bins: equal-width bins over a value range.
//
//   tf::Tensor v = tf::constant({-1.0f, 0.0f, 1.5f, 2.0f, 5.0f, 15.0f});
//   tf::histogram_fixed_width(v, tf::constant({0.0f, 5.0f}), 5);        // [2, 1, 1, 0, 2]
//   tf::histogram_fixed_width_bins(v, tf::constant({0.0f, 5.0f}), 5);   // [0, 0, 1, 2, 4, 4]
//
// Values below the range count in the first bin, values at or above its end in the last.
#pragma once

#include <cstdint>

#include "tfpp/dtype.h"
#include "tfpp/tensor.h"

namespace tf {

/// How many of `values` fall in each of `nbins` equal bins over value_range [lo, hi]
/// (HistogramFixedWidth); the result has dtype `dtype` (int32 or int64).
Tensor histogram_fixed_width(const Tensor& values, const Tensor& value_range, std::int64_t nbins = 100,
                             DType dtype = int32);

/// The int32 bin of each of `values`, of values' shape (TensorFlow's composite of ops).
Tensor histogram_fixed_width_bins(const Tensor& values, const Tensor& value_range, std::int64_t nbins = 100);

}  // namespace tf
