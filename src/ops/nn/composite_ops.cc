// tf.nn functions composed from other ops, as TensorFlow composes them: batch_normalization
// (elementwise math) and dropout (a uniform draw, a comparison and a multiply). They need no
// kernels or gradients of their own.
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_ops.h"
#include "tfpp/random_ops.h"

namespace tf::nn {

Tensor batch_normalization(const Tensor& x, const Tensor& mean, const Tensor& variance, const Tensor& offset,
                           const Tensor& scale, double variance_epsilon) {
  Tensor inv = math::rsqrt(variance + variance_epsilon);
  if (scale.defined()) inv = inv * scale;
  const Tensor shift = offset.defined() ? offset - mean * inv : 0.0 - mean * inv;
  return x * inv + shift;
}

namespace {

// The shape of dropout's random draw: noise_shape with -1 entries taken from x, checked to
// broadcast against x (tf.nn.dropout's _get_noise_shape).
TensorShape noise_shape(const Tensor& x, const std::vector<std::int64_t>& given) {
  const TensorShape& xs = x.shape();
  if (given.empty()) return xs;
  TensorShape out{std::span<const std::int64_t>(given)};
  bool ok = static_cast<int>(given.size()) == xs.rank();
  for (int i = 0; ok && i < xs.rank(); ++i) {
    if (given[i] == -1) out.set_dim(i, xs[i]);
    else ok = given[i] == 1 || given[i] == xs[i];
  }
  if (!ok)
    throw InvalidArgumentError("[Dropout] noise_shape " + TensorShape(std::span<const std::int64_t>(given)).to_string() +
                               " does not broadcast to x's shape " + xs.to_string());
  return out;
}

}  // namespace

Tensor dropout(const Tensor& x, double rate, const DropoutOptions& options) {
  if (!(rate >= 0 && rate < 1)) throw InvalidArgumentError("[Dropout] rate must be in [0, 1), got " + std::to_string(rate));
  if (!is_floating(x.dtype()))
    throw InvalidArgumentError("[Dropout] x has dtype " + std::string(dtype_name(x.dtype())) + "; expected float32 or float64");
  if (rate == 0) return x;
  if (!x.shape().is_fully_defined())
    throw InvalidArgumentError("[Dropout] x needs a fully defined shape for its random mask, got " + x.shape().debug_string());
  const Tensor uniform = random::uniform(noise_shape(x, options.noise_shape), {.minval = 0.0, .maxval = 1.0, .dtype = x.dtype(), .seed = options.seed});
  const Tensor keep = cast(greater_equal(uniform, scalar_like(uniform, rate)), x.dtype());
  return x * (1.0 / (1.0 - rate)) * keep;
}

}  // namespace tf::nn
