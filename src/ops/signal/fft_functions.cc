// tf.signal's Fourier transforms (fft_ops.py): the FFT ops with fft_length inferred from the
// input's static shape as TensorFlow's wrappers do, and fftshift / ifftshift.
#include <string>
#include <vector>

#include "ops/signal/fft_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/sequence_ops.h"
#include "tfpp/signal.h"

namespace tf::signal {
namespace {

// The static size of the innermost dimension number `from_end` (1 = last), or an error.
std::int64_t static_dim(const Tensor& x, int k, int from_end, const char* op) {
  const TensorShape& s = x.shape();
  if (s.has_unknown_rank() || s.rank() < k)
    throw InvalidArgumentError(std::string("[") + op + "] input must have rank of at least " + std::to_string(k) +
                               " but got: " + s.debug_string());
  const std::int64_t d = s.dim(s.rank() - from_end);
  if (d == None)
    throw InvalidArgumentError(std::string("[") + op + "] fft_length is needed for an input of unknown size " +
                               s.debug_string());
  return d;
}

Tensor real_transform(const Tensor& x, std::vector<std::int64_t> fft_length, int k, bool inverse) {
  const char* op = inverse ? "IRFFT" : "RFFT";
  if (fft_length.empty()) {  // TensorFlow's _infer_fft_length_for_rfft / _irfft
    for (int a = k; a >= 1; --a) fft_length.push_back(static_dim(x, k, a, op));
    if (inverse) fft_length.back() = std::max<std::int64_t>(0, 2 * (fft_length.back() - 1));
  }
  if (static_cast<int>(fft_length.size()) != k)
    throw InvalidArgumentError(std::string("[") + op + "] fft_length must have " + std::to_string(k) +
                               " elements, got " + std::to_string(fft_length.size()));
  const std::vector<std::int32_t> lengths(fft_length.begin(), fft_length.end());
  return ops::signal::rfft_nd(x, constant(lengths), k, inverse);
}

// fftshift's rolls: half of each axis's size, negated for ifftshift.
Tensor shift(const Tensor& x, const std::optional<std::vector<std::int64_t>>& axes, bool inverse) {
  const TensorShape& s = x.shape();
  if (s.has_unknown_rank()) throw InvalidArgumentError("[fftshift] the input's rank must be known");
  std::vector<std::int64_t> all(s.rank());
  for (int d = 0; d < s.rank(); ++d) all[d] = d;
  const std::vector<std::int64_t>& which = axes ? *axes : all;
  if (which.empty()) return x;
  std::vector<std::int64_t> shifts;
  for (std::int64_t a : which) {
    if (a < -s.rank() || a >= s.rank())
      throw InvalidArgumentError("[fftshift] axis " + std::to_string(a) + " is out of range for shape " + s.debug_string());
    const std::int64_t size = s.dim(static_cast<int>(a < 0 ? a + s.rank() : a));
    if (size == None) throw InvalidArgumentError("[fftshift] the shifted dimensions must be known, got " + s.debug_string());
    shifts.push_back(inverse ? -(size / 2) : size / 2);
  }
  return roll(x, shifts, which);
}

}  // namespace

Tensor fft(const Tensor& input) { return ops::signal::fft_nd(input, 1, false); }
Tensor ifft(const Tensor& input) { return ops::signal::fft_nd(input, 1, true); }
Tensor fft2d(const Tensor& input) { return ops::signal::fft_nd(input, 2, false); }
Tensor ifft2d(const Tensor& input) { return ops::signal::fft_nd(input, 2, true); }
Tensor fft3d(const Tensor& input) { return ops::signal::fft_nd(input, 3, false); }
Tensor ifft3d(const Tensor& input) { return ops::signal::fft_nd(input, 3, true); }

Tensor rfft(const Tensor& input, const std::vector<std::int64_t>& fft_length) { return real_transform(input, fft_length, 1, false); }
Tensor irfft(const Tensor& input, const std::vector<std::int64_t>& fft_length) { return real_transform(input, fft_length, 1, true); }
Tensor rfft2d(const Tensor& input, const std::vector<std::int64_t>& fft_length) { return real_transform(input, fft_length, 2, false); }
Tensor irfft2d(const Tensor& input, const std::vector<std::int64_t>& fft_length) { return real_transform(input, fft_length, 2, true); }
Tensor rfft3d(const Tensor& input, const std::vector<std::int64_t>& fft_length) { return real_transform(input, fft_length, 3, false); }
Tensor irfft3d(const Tensor& input, const std::vector<std::int64_t>& fft_length) { return real_transform(input, fft_length, 3, true); }

Tensor fftshift(const Tensor& x, const std::optional<std::vector<std::int64_t>>& axes) { return shift(x, axes, false); }
Tensor ifftshift(const Tensor& x, const std::optional<std::vector<std::int64_t>>& axes) { return shift(x, axes, true); }

}  // namespace tf::signal
