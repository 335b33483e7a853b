// tf.signal's Kaiser, Kaiser-Bessel-derived and Vorbis windows (window_ops.py), with TensorFlow's
// names, defaults and values; the last two are the power-complementary windows mdct and
// inverse_mdct (<tfpp/signal_mdct.h>) reconstruct with.
//
//   tf::Tensor w = tf::signal::kaiser_window(64, {.beta = 8.0});
//   tf::Tensor v = tf::signal::vorbis_window(256, tf::float64);
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::signal {

/// Options of the Kaiser windows (TensorFlow's defaults).
struct KaiserWindowOptions {
  double beta = 12.0;             ///< the shape parameter: larger is narrower
  DType dtype = DType::kFloat32;  ///< a floating point dtype
};

/// tf.signal.kaiser_window: I0(beta sqrt(1 - (2n / (N - 1) - 1)^2)) / I0(beta), n = 0 .. N - 1.
Tensor kaiser_window(std::int64_t window_length, const KaiserWindowOptions& options = {});
/// tf.signal.kaiser_bessel_derived_window: the square roots of the normalized cumulative sums of
/// a Kaiser window of window_length / 2 + 1, mirrored (2 (window_length / 2) samples, as TensorFlow's).
Tensor kaiser_bessel_derived_window(std::int64_t window_length, const KaiserWindowOptions& options = {});
/// tf.signal.vorbis_window: sin(pi / 2 sin^2(pi (n + 1/2) / N)).
Tensor vorbis_window(std::int64_t window_length, DType dtype = DType::kFloat32);

}  // namespace tf::signal
