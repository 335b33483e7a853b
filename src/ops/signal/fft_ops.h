// The FFT ops by rank, for tf::signal's functions and the FFTs' own gradients.
#pragma once

#include "tfpp/tensor.h"

namespace tf::ops::signal {

/// FFT / FFT2D / FFT3D (IFFT... when `inverse`) of the innermost `rank` dimensions of complex x.
Tensor fft_nd(const Tensor& x, int rank, bool inverse);
/// RFFT / RFFT2D / RFFT3D of real x (IRFFT... of complex x when `inverse`), fft_length an int32 vector of `rank` sizes.
Tensor rfft_nd(const Tensor& x, const Tensor& fft_length, int rank, bool inverse);

}  // namespace tf::ops::signal
