#include "tfpp/keras/layers/group_normalization.h"

#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_moments.h"

namespace tf::keras::layers {

namespace {

// The channel axis in [0, rank).
std::int64_t channel_axis(const std::string& layer, std::int64_t axis, const TensorShape& shape) {
  const std::int64_t a = axis < 0 ? axis + shape.rank() : axis;
  if (a < 1 || a >= shape.rank())
    throw InvalidArgumentError("[" + layer + "] axis " + std::to_string(axis) + " is out of bounds for an input of shape " +
                               shape.to_string());
  return a;
}

// `shape` with dimension a split into (groups, shape[a] / groups): static when every
// non-batch size is known, else read from the tensor's run-time shape.
IntArray grouped_shape(const Tensor& x, std::int64_t a, std::int64_t groups) {
  const TensorShape& s = x.shape();
  bool known = true;
  for (int i = 1; i < s.rank(); ++i) known = known && s[i] >= 0;
  if (known) {
    std::vector<std::int64_t> dims{-1};
    for (int i = 1; i < s.rank(); ++i) {
      if (i == a) dims.push_back(groups);
      dims.push_back(i == a ? s[i] / groups : s[i]);
    }
    return dims;
  }
  const Tensor runtime = shape(x, int64);
  const Tensor split = constant(std::vector<std::int64_t>{groups, s[a] / groups});
  return concat({slice(runtime, {0}, {a}), split, slice(runtime, {a + 1}, {s.rank() - a - 1})}, 0);
}

}  // namespace

GroupNormalization::GroupNormalization(GroupNormalizationOptions options)
    : Layer(layer_options(options, "GroupNormalization")), options_(std::move(options)) {}

void GroupNormalization::build(const TensorShape& input_shape) {
  if (input_shape.has_unknown_rank()) throw InvalidArgumentError("[" + name() + "] needs inputs of known rank");
  const std::int64_t a = channel_axis(name(), options_.axis, input_shape), dim = input_shape[a];
  if (dim < 0)
    throw InvalidArgumentError("[" + name() + "] Axis " + std::to_string(options_.axis) + " of input tensor should have a "
                               "defined dimension but the layer received an input with shape " + input_shape.to_string() + ".");
  if (options_.groups == -1) options_.groups = dim;
  if (dim < options_.groups)
    throw InvalidArgumentError("[" + name() + "] Number of groups (" + std::to_string(options_.groups) +
                               ") cannot be more than the number of channels (" + std::to_string(dim) + ").");
  if (options_.groups <= 0 || dim % options_.groups != 0)
    throw InvalidArgumentError("[" + name() + "] Number of groups (" + std::to_string(options_.groups) +
                               ") must be a multiple of the number of channels (" + std::to_string(dim) + ").");
  if (options_.scale)
    add_weight("gamma", {dim},
               {.initializer = options_.gamma_initializer, .regularizer = options_.gamma_regularizer,
                .constraint = options_.gamma_constraint});
  if (options_.center)
    add_weight("beta", {dim},
               {.initializer = options_.beta_initializer, .regularizer = options_.beta_regularizer,
                .constraint = options_.beta_constraint});
  set_input_spec({.ndim = input_shape.rank(), .axes = {{static_cast<int>(options_.axis), dim}}});
}

Tensor GroupNormalization::call(const Tensor& inputs, bool) {
  // Keras' arithmetic: moments over each group's channels and the other non-batch axes, then
  // x * inv + (beta - mean * inv) with inv = gamma / sqrt(variance + epsilon).
  const Tensor x = is_floating(inputs.dtype()) ? inputs : cast(inputs, dtype());
  const TensorShape& s = x.shape();
  const std::int64_t a = channel_axis(name(), options_.axis, s), groups = options_.groups;
  const Tensor grouped = reshape(x, grouped_shape(x, a, groups));
  std::vector<std::int64_t> axes;
  for (std::int64_t i = 1; i <= s.rank(); ++i)
    if (i != a) axes.push_back(i);
  const nn::Moments m = nn::moments(grouped, axes, true);
  // The weights as [1, ..., groups, channels / groups, 1, ...] to broadcast against the groups.
  std::vector<std::int64_t> weight_shape(static_cast<std::size_t>(s.rank() + 1), 1);
  weight_shape[a] = groups;
  weight_shape[a + 1] = s[a] / groups;
  Tensor inv = math::rsqrt(m.variance + options_.epsilon);
  if (options_.scale) inv = inv * reshape(weight(0), weight_shape);
  Tensor shift = -m.mean * inv;
  if (options_.center) shift = shift + reshape(weight(options_.scale ? 1 : 0), weight_shape);
  const Tensor y = grouped * inv + shift;
  bool known = true;
  for (int i = 1; i < s.rank(); ++i) known = known && s[i] >= 0;
  if (known) {
    std::vector<std::int64_t> dims{-1};
    for (int i = 1; i < s.rank(); ++i) dims.push_back(s[i]);
    return reshape(y, dims);
  }
  return reshape(y, shape(x));
}

Config GroupNormalization::get_config() const {
  Config c = Layer::get_config();
  c["groups"] = options_.groups;
  c["axis"] = options_.axis;
  c["epsilon"] = options_.epsilon;
  c["center"] = options_.center;
  c["scale"] = options_.scale;
  detail::write_weight_config(c, "beta", options_.beta_initializer, options_.beta_regularizer, options_.beta_constraint);
  detail::write_weight_config(c, "gamma", options_.gamma_initializer, options_.gamma_regularizer, options_.gamma_constraint);
  return c;
}

GroupNormalization GroupNormalization::from_config(const Config& c) {
  GroupNormalizationOptions o;
  detail::read_common(c, o);
  const auto as_int = [](const ConfigValue& v) { return v.get<std::int64_t>(); };
  const auto as_bool = [](const ConfigValue& v) { return v.get<bool>(); };
  detail::read_if_present(c, "groups", o.groups, as_int);
  detail::read_if_present(c, "axis", o.axis, as_int);
  detail::read_if_present(c, "epsilon", o.epsilon, [](const ConfigValue& v) { return v.as_double(); });
  detail::read_if_present(c, "center", o.center, as_bool);
  detail::read_if_present(c, "scale", o.scale, as_bool);
  detail::read_weight_config(c, "beta", o.beta_initializer, o.beta_regularizer, o.beta_constraint);
  detail::read_weight_config(c, "gamma", o.gamma_initializer, o.gamma_regularizer, o.gamma_constraint);
  return GroupNormalization(o);
}

}  // namespace tf::keras::layers
