// tf.nn functions composed from other ops, as TensorFlow composes them: batch_normalization
// (elementwise math) and dropout (a uniform draw, a comparison and a select). They need no
// kernels or gradients of their own.
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
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
// broadcast against x (tf.nn.dropout's _get_noise_shape). Dimensions unknown while tracing (a
// batch of any size) come from x's shape when the graph runs.
IntArray noise_shape(const Tensor& x, const std::vector<std::int64_t>& given) {
  const TensorShape& xs = x.shape();
  if (given.empty()) return xs.is_fully_defined() ? IntArray(xs) : IntArray(shape(x, int64));
  TensorShape out{std::span<const std::int64_t>(given)};
  bool ok = xs.has_unknown_rank() || static_cast<int>(given.size()) == xs.rank();
  for (int i = 0; ok && !xs.has_unknown_rank() && i < xs.rank(); ++i) {
    if (given[i] == -1) out.set_dim(i, xs[i]);
    else ok = given[i] == 1 || given[i] == xs[i] || xs[i] < 0;
  }
  if (!ok)
    throw InvalidArgumentError("[Dropout] noise_shape " + TensorShape(std::span<const std::int64_t>(given)).to_string() +
                               " does not broadcast to x's shape " + xs.to_string());
  if (out.is_fully_defined()) return IntArray(out);
  std::vector<Tensor> dims;
  for (int i = 0; i < out.rank(); ++i)
    dims.push_back(out[i] >= 0 ? constant(std::vector<std::int64_t>{out[i]}) : slice(shape(x, int64), {i}, {1}));
  return IntArray(concat(dims, 0));
}

// Checks dropout's arguments; false when nothing is dropped (rate 0).
bool needs_draw(const Tensor& x, double rate) {
  if (!(rate >= 0 && rate < 1)) throw InvalidArgumentError("[Dropout] rate must be in [0, 1), got " + std::to_string(rate));
  if (!is_floating(x.dtype()))
    throw InvalidArgumentError("[Dropout] x has dtype " + std::string(dtype_name(x.dtype())) + "; expected float32 or float64");
  return rate != 0;
}

// x scaled by 1 / (1 - rate) where the uniform draw is at least `rate`, zero elsewhere (a
// select, as TensorFlow's, so an infinite x dropped gives 0, not NaN).
Tensor keep_drawn(const Tensor& x, double rate, const Tensor& draw) {
  return where(greater_equal(draw, scalar_like(draw, rate)), x * (1.0 / (1.0 - rate)), scalar_like(x, 0.0));
}

}  // namespace

Tensor dropout(const Tensor& x, double rate, const DropoutOptions& options) {
  if (!needs_draw(x, rate)) return x;
  return keep_drawn(x, rate, random::uniform(noise_shape(x, options.noise_shape),
                                             {.minval = 0.0, .maxval = 1.0, .dtype = x.dtype(), .seed = options.seed}));
}

Tensor stateless_dropout(const Tensor& x, double rate, const Tensor& seed, const std::vector<std::int64_t>& noise_shape) {
  if (!needs_draw(x, rate)) return x;
  return keep_drawn(x, rate, random::stateless_uniform(nn::noise_shape(x, noise_shape), seed, {.dtype = x.dtype()}));
}

}  // namespace tf::nn
