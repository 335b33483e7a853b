// tf.signal.mdct / inverse_mdct (spectral_ops.py): the modified discrete cosine transform of
// frames of frame_length samples, frame_length / 2 apart, through a type-IV DCT, composed of ops
// as TensorFlow's (so differentiable). With a power-complementary window (the default Vorbis
// window, the Kaiser-Bessel-derived window, or none) inverse_mdct(mdct(x)) gives x back, apart
// from the first and last half frames.
//
//   tf::Tensor coefficients = tf::signal::mdct(signal, /*frame_length=*/256);   // [..., frames, 128]
//   tf::Tensor back = tf::signal::inverse_mdct(coefficients);
#pragma once

#include <cstdint>
#include <string>

#include "tfpp/signal.h"
#include "tfpp/signal_windows.h"
#include "tfpp/tensor.h"

namespace tf::signal {

/// The Vorbis window as a WindowFn (mdct's and inverse_mdct's default).
Tensor default_mdct_window(std::int64_t frame_length, DType dtype);

/// Options of tf::signal::mdct.
struct MdctOptions {
  WindowFn window_fn = default_mdct_window;  ///< empty for a rectangular window scaled by 1 / sqrt(2)
  bool pad_end = false;                      ///< zero-pad the end so that the last frame is whole
  std::string norm = "";                     ///< "" (unnormalized DCT-IV) or "ortho"
};
/// tf.signal.mdct: real signals [..., samples] -> [..., frames, frame_length / 2]; frame_length
/// must be a multiple of 4.
Tensor mdct(const Tensor& signals, std::int64_t frame_length, const MdctOptions& options = {});

/// Options of tf::signal::inverse_mdct.
struct InverseMdctOptions {
  WindowFn window_fn = default_mdct_window;  ///< empty for a rectangular window scaled by 1 / sqrt(2)
  std::string norm = "";                     ///< "" (DCT-IV scaled by 1 / frame_length) or "ortho"
};
/// tf.signal.inverse_mdct: [..., frames, half] -> [..., (frames + 1) * half], the windowed,
/// overlap-added inverse transforms.
Tensor inverse_mdct(const Tensor& mdcts, const InverseMdctOptions& options = {});

}  // namespace tf::signal
