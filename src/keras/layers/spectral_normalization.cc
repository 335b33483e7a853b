// SpectralNormalization: Keras 3's power iteration (normalize with epsilon 1e-7 as
// keras.ops.normalize) and its training-time assignment of the normalized kernel.
#include "tfpp/keras/layers/spectral_normalization.h"

#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/deserialize.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

namespace {

// keras.ops.normalize(x, axis=None): x * min(rsqrt(sum(x^2)), 1 / epsilon).
Tensor normalized(const Tensor& x) {
  const Tensor inverse_norm = math::rsqrt(reduce_sum(math::square(x)));
  return x * math::minimum(inverse_norm, cast(constant(1e7), x.dtype()));
}

}  // namespace

SpectralNormalization::SpectralNormalization(LayerRef layer, SpectralNormalizationOptions options)
    : Layer(layer_options(options, "SpectralNormalization")), layer_(layer.ptr()), options_(std::move(options)) {
  if (options_.power_iterations <= 0)
    throw InvalidArgumentError("[" + name() + "] `power_iterations` should be greater than zero. Received: power_iterations=" +
                               std::to_string(options_.power_iterations));
  track_state(layer_->shared_layer_state(), layer_);
}

Variable SpectralNormalization::kernel() const {
  for (const Variable& w : layer_->weights()) {
    const std::string& n = w.name();
    const std::string base = n.substr(0, n.rfind(':'));
    if (base == layer_->name() + "/kernel" || base.ends_with("/" + layer_->name() + "/kernel") ||
        base == layer_->name() + "/embeddings" || base.ends_with("/" + layer_->name() + "/embeddings"))
      return w;
  }
  throw InvalidArgumentError("[" + name() + "] " + layer_->class_name() + " object has no attribute 'kernel' nor 'embeddings'");
}

void SpectralNormalization::build(const TensorShape& input_shape) {
  if (!layer_->built()) layer_->build_for({input_shape});
  const Variable k = kernel();
  // Keras' layer keeps the kernel as its own attribute too: it comes first in `weights`, before
  // vector_u and the wrapped layer's other weights (its regularizer and constraint stay the layer's).
  layer_state().weights.push_back({.variable = k, .trainable = true, .regularizer = {}, .constraint = {}});
  add_weight("vector_u", {1, k.shape()[-1]},
             {.initializer = initializers::TruncatedNormal({.stddev = 0.02}), .trainable = false, .dtype = k.dtype()});
  if (input_shape.rank() >= 1 && input_shape[-1] >= 0) set_input_spec({.min_ndim = 1, .axes = {{-1, input_shape[-1]}}});
}

Tensor SpectralNormalization::call(const Tensor& inputs, bool training) {
  if (training) {
    Variable k = kernel();
    Variable u_var = weight(1);
    const Tensor w = reshape(k, {-1, k.shape()[-1]});
    Tensor u = u_var.read_value();
    Tensor v;
    for (std::int64_t i = 0; i < options_.power_iterations; ++i) {
      v = normalized(matmul(u, w, {.transpose_b = true}));
      u = normalized(matmul(v, w));
    }
    const Tensor sigma = matmul(matmul(v, w), u, {.transpose_b = true});  // [1, 1]
    const std::vector<std::int64_t> kernel_shape(k.shape().dims().begin(), k.shape().dims().end());
  const Tensor new_kernel = reshape(Tensor(k) / sigma, kernel_shape);
    // An all-zero kernel stays as it is (its sigma is 0), as Keras' cond keeps it.
    const Tensor zero = reduce_all(equal(k, zeros_like(k)));
    u_var.assign(where(zero, u_var.read_value(), u));
    k.assign(where(zero, k.read_value(), new_kernel));
  }
  Tensor y = layer_->call_all({inputs}, training)[0];
  return y.dtype() == inputs.dtype() ? y : cast(y, inputs.dtype());
}

Config SpectralNormalization::get_config() const {
  Config c = Layer::get_config();
  c["layer"] = serialize(*layer_);
  c["power_iterations"] = options_.power_iterations;
  return c;
}

SpectralNormalization SpectralNormalization::from_config(const Config& c) {
  SpectralNormalizationOptions o;
  keras::detail::read_common(c, o);
  keras::detail::read_if_present(c, "power_iterations", o.power_iterations,
                                 [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  return SpectralNormalization(LayerRef(deserialize(keras::detail::config_at(c, "layer", "SpectralNormalization"))), o);
}

}  // namespace tf::keras::layers
