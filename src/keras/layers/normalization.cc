#include "tfpp/keras/layers/normalization.h"

#include <algorithm>

#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

namespace {

// `axis` in [0, rank), or an InvalidArgumentError naming the layer and the shape.
std::int64_t normalized_axis(const std::string& layer, std::int64_t axis, const TensorShape& shape) {
  const std::int64_t a = axis < 0 ? axis + shape.rank() : axis;
  if (a < 0 || a >= shape.rank())
    throw InvalidArgumentError("[" + layer + "] axis " + std::to_string(axis) + " is out of bounds for an input of shape " +
                               shape.to_string());
  if (shape[a] < 0)
    throw InvalidArgumentError("[" + layer + "] axis " + std::to_string(axis) +
                               " of the input shape must be known, got input shape " + shape.to_string());
  return a;
}

// A weight of the normalized dimensions' shape, reshaped to broadcast against a rank-`rank`
// input (size 1 on the other axes); unchanged when the axes are just the last one.
Tensor broadcastable(const Tensor& w, const std::vector<std::int64_t>& axes, const TensorShape& input) {
  const int rank = input.rank();
  if (axes.size() == 1 && axes[0] == rank - 1) return w;
  std::vector<std::int64_t> shape(static_cast<std::size_t>(rank), 1);
  for (std::int64_t a : axes) shape[static_cast<std::size_t>(a)] = input[static_cast<int>(a)];
  return reshape(w, shape);
}

}  // namespace

// ---- BatchNormalization --------------------------------------------------------------------

BatchNormalization::BatchNormalization(BatchNormalizationOptions options)
    : Layer(layer_options(options, "BatchNormalization")), options_(std::move(options)) {}

void BatchNormalization::build(const TensorShape& input_shape) {
  if (input_shape.has_unknown_rank()) throw InvalidArgumentError("[" + name() + "] needs inputs of known rank");
  const std::int64_t axis = normalized_axis(name(), options_.axis, input_shape);
  const std::int64_t size = input_shape[static_cast<int>(axis)];
  if (options_.scale)
    add_weight("gamma", {size},
               {.initializer = options_.gamma_initializer, .regularizer = options_.gamma_regularizer,
                .constraint = options_.gamma_constraint});
  if (options_.center)
    add_weight("beta", {size},
               {.initializer = options_.beta_initializer, .regularizer = options_.beta_regularizer,
                .constraint = options_.beta_constraint});
  add_weight("moving_mean", {size}, {.initializer = options_.moving_mean_initializer, .trainable = false});
  add_weight("moving_variance", {size}, {.initializer = options_.moving_variance_initializer, .trainable = false});
  set_input_spec({.ndim = input_shape.rank(), .axes = {{axis, size}}});
}

Variable BatchNormalization::moving_mean() const { return weight(std::size_t{options_.scale} + options_.center); }
Variable BatchNormalization::moving_variance() const { return weight(std::size_t{options_.scale} + options_.center + 1); }

Tensor BatchNormalization::call(const Tensor& inputs, bool training) {
  // Integer inputs become the layer's dtype, as Keras' arithmetic with its float weights promotes them.
  const Tensor x = is_floating(inputs.dtype()) ? inputs : cast(inputs, dtype());
  const TensorShape& shape = x.shape();
  const std::vector<std::int64_t> feature{normalized_axis(name(), options_.axis, shape)};
  std::vector<std::int64_t> reduce;
  for (std::int64_t i = 0; i < shape.rank(); ++i)
    if (i != feature[0]) reduce.push_back(i);
  const auto bcast = [&](const Tensor& w) { return broadcastable(w, feature, shape); };
  Variable moving_mean = this->moving_mean(), moving_variance = this->moving_variance();
  Tensor mean, variance;
  if (training && trainable()) {
    // Keras' moments: the biased variance of the batch, then the moving averages' update.
    const Tensor batch_mean = reduce_mean(x, reduce);
    const Tensor batch_variance = reduce_mean(math::squared_difference(x, bcast(batch_mean)), reduce);
    const double m = options_.momentum;
    moving_mean.assign(moving_mean.read_value() * m + batch_mean * (1.0 - m));
    moving_variance.assign(moving_variance.read_value() * m + batch_variance * (1.0 - m));
    mean = batch_mean, variance = batch_variance;
  } else {
    mean = moving_mean.read_value(), variance = moving_variance.read_value();
  }
  const Tensor gamma = options_.scale ? bcast(weight(0)) : Tensor();
  const Tensor beta = options_.center ? bcast(weight(std::size_t{options_.scale})) : Tensor();
  return nn::batch_normalization(x, bcast(mean), bcast(variance), beta, gamma, options_.epsilon);
}

Config BatchNormalization::get_config() const {
  Config c = Layer::get_config();
  c["axis"] = options_.axis;
  c["momentum"] = options_.momentum;
  c["epsilon"] = options_.epsilon;
  c["center"] = options_.center;
  c["scale"] = options_.scale;
  detail::write_weight_config(c, "beta", options_.beta_initializer, options_.beta_regularizer, options_.beta_constraint);
  detail::write_weight_config(c, "gamma", options_.gamma_initializer, options_.gamma_regularizer, options_.gamma_constraint);
  c["moving_mean_initializer"] =
      detail::object_config(options_.moving_mean_initializer);
  c["moving_variance_initializer"] = detail::object_config(options_.moving_variance_initializer);
  c["synchronized"] = false;
  c["renorm"] = false;
  c["renorm_clipping"] = ConfigValue();
  c["renorm_momentum"] = 0.99;
  return c;
}

BatchNormalization BatchNormalization::from_config(const Config& c) {
  BatchNormalizationOptions o;
  detail::read_common(c, o);
  const auto as_double = [](const ConfigValue& v) { return v.as_double(); };
  const auto as_bool = [](const ConfigValue& v) { return v.get<bool>(); };
  detail::read_if_present(c, "axis", o.axis, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  detail::read_if_present(c, "momentum", o.momentum, as_double);
  detail::read_if_present(c, "epsilon", o.epsilon, as_double);
  detail::read_if_present(c, "center", o.center, as_bool);
  detail::read_if_present(c, "scale", o.scale, as_bool);
  detail::read_weight_config(c, "beta", o.beta_initializer, o.beta_regularizer, o.beta_constraint);
  detail::read_weight_config(c, "gamma", o.gamma_initializer, o.gamma_regularizer, o.gamma_constraint);
  detail::read_if_present(c, "moving_mean_initializer", o.moving_mean_initializer, detail::initializer_from);
  detail::read_if_present(c, "moving_variance_initializer", o.moving_variance_initializer, detail::initializer_from);
  if (auto it = c.find("renorm"); it != c.end() && it->second.holds<bool>() && it->second.get<bool>())
    throw InvalidArgumentError("[BatchNormalization] renorm=True is not supported");
  return BatchNormalization(o);
}

// ---- LayerNormalization --------------------------------------------------------------------

LayerNormalization::LayerNormalization(LayerNormalizationOptions options)
    : Layer(layer_options(options, "LayerNormalization")), options_(std::move(options)) {
  if (options_.axis.empty()) throw InvalidArgumentError("[" + name() + "] axis must name at least one axis");
}

void LayerNormalization::build(const TensorShape& input_shape) {
  if (input_shape.has_unknown_rank()) throw InvalidArgumentError("[" + name() + "] needs inputs of known rank");
  std::vector<std::int64_t> axes;
  for (std::int64_t a : options_.axis) axes.push_back(normalized_axis(name(), a, input_shape));
  std::sort(axes.begin(), axes.end());
  std::vector<std::int64_t> shape;
  InputSpec spec{.ndim = input_shape.rank()};
  for (std::int64_t a : axes) {
    shape.push_back(input_shape[static_cast<int>(a)]);
    spec.axes[static_cast<int>(a)] = shape.back();
  }
  if (options_.scale || options_.rms_scaling)
    add_weight("gamma", TensorShape(shape),
               {.initializer = options_.gamma_initializer, .regularizer = options_.gamma_regularizer,
                .constraint = options_.gamma_constraint});
  if (options_.center && !options_.rms_scaling)
    add_weight("beta", TensorShape(shape),
               {.initializer = options_.beta_initializer, .regularizer = options_.beta_regularizer,
                .constraint = options_.beta_constraint});
  set_input_spec(spec);
}

Tensor LayerNormalization::call(const Tensor& inputs, bool) {
  // Keras casts the inputs to the layer's compute dtype.
  const Tensor x = is_floating(inputs.dtype()) ? inputs : cast(inputs, dtype());
  const TensorShape& shape = x.shape();
  std::vector<std::int64_t> axes;
  for (std::int64_t a : options_.axis) axes.push_back(normalized_axis(name(), a, shape));
  std::sort(axes.begin(), axes.end());
  const bool has_gamma = options_.scale || options_.rms_scaling, has_beta = options_.center && !options_.rms_scaling;
  const ReduceOptions keep{.keepdims = true};
  // keras.ops.layer_normalization's arithmetic (its rms_scaling divides by the standard deviation).
  const Tensor mean = reduce_mean(x, axes, keep);
  const Tensor variance = reduce_mean(math::squared_difference(x, mean), axes, keep);
  Tensor inv = math::rsqrt(variance + options_.epsilon);
  if (options_.rms_scaling) return has_gamma ? x * inv * broadcastable(weight(0), axes, shape) : x * inv;
  if (has_gamma) inv = inv * broadcastable(weight(0), axes, shape);
  Tensor shift = -mean * inv;
  if (has_beta) shift = shift + broadcastable(weight(has_gamma ? 1 : 0), axes, shape);
  return x * inv + shift;
}

Config LayerNormalization::get_config() const {
  Config c = Layer::get_config();
  ConfigValue::List axis;  // negative axes stay negative (int_list would write None)
  for (std::int64_t a : options_.axis) axis.emplace_back(a);
  c["axis"] = axis;
  c["epsilon"] = options_.epsilon;
  c["center"] = options_.center;
  c["scale"] = options_.scale;
  c["rms_scaling"] = options_.rms_scaling;
  detail::write_weight_config(c, "beta", options_.beta_initializer, options_.beta_regularizer, options_.beta_constraint);
  detail::write_weight_config(c, "gamma", options_.gamma_initializer, options_.gamma_regularizer, options_.gamma_constraint);
  return c;
}

LayerNormalization LayerNormalization::from_config(const Config& c) {
  LayerNormalizationOptions o;
  detail::read_common(c, o);
  const auto as_bool = [](const ConfigValue& v) { return v.get<bool>(); };
  if (auto it = c.find("axis"); it != c.end())
    o.axis = it->second.holds<std::int64_t>() ? std::vector<std::int64_t>{it->second.get<std::int64_t>()}
                                              : detail::int_list_from(it->second);
  detail::read_if_present(c, "epsilon", o.epsilon, [](const ConfigValue& v) { return v.as_double(); });
  detail::read_if_present(c, "center", o.center, as_bool);
  detail::read_if_present(c, "scale", o.scale, as_bool);
  detail::read_if_present(c, "rms_scaling", o.rms_scaling, as_bool);
  detail::read_weight_config(c, "beta", o.beta_initializer, o.beta_regularizer, o.beta_constraint);
  detail::read_weight_config(c, "gamma", o.gamma_initializer, o.gamma_regularizer, o.gamma_constraint);
  return LayerNormalization(o);
}

}  // namespace tf::keras::layers
