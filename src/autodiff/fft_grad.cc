// Gradients of the FFT ops, as TensorFlow's fft_ops.py defines them (Note [Gradients of complex
// numbers] in complex_gradients.h): an FFT's is the inverse transform times the number of
// points; an RFFT's is the real part of the inverse transform of the zero-padded half
// spectrum times the number of points; an IRFFT's is the RFFT of dy, with the bins that
// stand for two conjugate bins doubled, divided by the number of points.
#include <array>
#include <vector>

#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "ops/signal/fft_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/complex_ops.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"

namespace tf::autodiff {
namespace {

constexpr Saves kNothing{.inputs = false, .outputs = false};

// The product of the innermost k dimensions of a static shape.
std::int64_t points(const GradientContext& ctx, const TensorShape& shape, int k) {
  if (shape.has_unknown_rank()) fail_unknown_shape(ctx, shape, "the transformed dimensions");
  std::int64_t n = 1;
  for (int a = shape.rank() - k; a < shape.rank(); ++a) {
    if (shape.dim(a) == None) fail_unknown_shape(ctx, shape, "the transformed dimensions");
    n *= shape.dim(a);
  }
  return n;
}

template <int k, bool kInverse>
Grads fft_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const double n = static_cast<double>(points(ctx, ctx.input_shape(0), k));
  const Tensor t = ops::signal::fft_nd(dy[0], k, !kInverse);
  return {multiply(t, scalar_like(t, kInverse ? 1.0 / n : n))};
}

// Crops or zero-pads the innermost k dimensions of t to those of `shape` (static).
Tensor fit_to(const GradientContext& ctx, const Tensor& t, const TensorShape& shape, int k) {
  const TensorShape& s = t.shape();
  if (s.has_unknown_rank() || shape.has_unknown_rank()) fail_unknown_shape(ctx, shape, "static ranks");
  std::vector<std::int64_t> begin(s.rank(), 0), size(s.rank(), -1);
  std::vector<std::array<std::int64_t, 2>> paddings(s.rank(), {0, 0});
  bool crop = false, pad_end = false;
  for (int a = s.rank() - k; a < s.rank(); ++a) {
    if (s.dim(a) == None || shape.dim(a) == None) fail_unknown_shape(ctx, shape, "static transformed dimensions");
    if (s.dim(a) > shape.dim(a)) size[a] = shape.dim(a), crop = true;
    if (s.dim(a) < shape.dim(a)) paddings[a][1] = shape.dim(a) - s.dim(a), pad_end = true;
  }
  Tensor out = crop ? slice(t, begin, size) : t;
  return pad_end ? pad(out, paddings) : out;
}

template <int k>
Grads rfft_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const std::vector<std::int64_t> lengths = input_ints(ctx, 1, "fft_length");
  const std::int64_t n = lengths.back();
  std::int64_t total = 1;
  for (std::int64_t l : lengths) total *= l;
  // The half spectrum's gradient, zero-padded to the full length of the last dimension.
  const Tensor& g = dy[0];
  std::vector<std::array<std::int64_t, 2>> paddings(g.shape().rank(), {0, 0});
  paddings.back()[1] = n - (n / 2 + 1);
  const Tensor full = n > 1 ? pad(g, paddings) : g;
  const Tensor x = math::real(ops::signal::fft_nd(full, k, /*inverse=*/true));
  return {fit_to(ctx, multiply(x, scalar_like(x, static_cast<double>(total))), ctx.input_shape(0), k), Tensor()};
}

template <int k>
Grads irfft_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const std::vector<std::int64_t> lengths = input_ints(ctx, 1, "fft_length");
  const std::int64_t n = lengths.back(), m = n / 2 + 1;
  std::int64_t total = 1;
  for (std::int64_t l : lengths) total *= l;
  std::vector<double> mask(static_cast<std::size_t>(m), 2.0 / static_cast<double>(total));
  mask.front() = 1.0 / static_cast<double>(total);
  if (n % 2 == 0) mask.back() = 1.0 / static_cast<double>(total);
  const Tensor spectrum = ops::signal::rfft_nd(dy[0], constant(std::vector<std::int32_t>(lengths.begin(), lengths.end())), k, false);
  const Tensor weights = cast(constant(mask), spectrum.dtype());
  return {fit_to(ctx, multiply(spectrum, weights), ctx.input_shape(0), k), Tensor()};
}

TF_REGISTER_GRADIENT("FFT", (fft_grad<1, false>), kNothing);
TF_REGISTER_GRADIENT("FFT2D", (fft_grad<2, false>), kNothing);
TF_REGISTER_GRADIENT("FFT3D", (fft_grad<3, false>), kNothing);
TF_REGISTER_GRADIENT("IFFT", (fft_grad<1, true>), kNothing);
TF_REGISTER_GRADIENT("IFFT2D", (fft_grad<2, true>), kNothing);
TF_REGISTER_GRADIENT("IFFT3D", (fft_grad<3, true>), kNothing);
TF_REGISTER_GRADIENT("RFFT", rfft_grad<1>);
TF_REGISTER_GRADIENT("RFFT2D", rfft_grad<2>);
TF_REGISTER_GRADIENT("RFFT3D", rfft_grad<3>);
TF_REGISTER_GRADIENT("IRFFT", irfft_grad<1>);
TF_REGISTER_GRADIENT("IRFFT2D", irfft_grad<2>);
TF_REGISTER_GRADIENT("IRFFT3D", irfft_grad<3>);

}  // namespace
}  // namespace tf::autodiff
