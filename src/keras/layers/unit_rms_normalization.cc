// UnitNormalization and RMSNormalization: per-sample normalizations by a norm over some axes,
// without batch statistics.
#include <algorithm>

#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/rms_normalization.h"
#include "tfpp/keras/layers/unit_normalization.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

namespace {

std::vector<std::int64_t> axis_list(const AxisOrAxes& axis) {
  if (const auto* one = std::get_if<std::int64_t>(&axis)) return {*one};
  return std::get<std::vector<std::int64_t>>(axis);
}

// The axes in [0, rank), sorted, or an InvalidArgumentError naming the layer (Keras' ValueError).
std::vector<std::int64_t> resolved_axes(const std::string& layer, const AxisOrAxes& axis, const TensorShape& shape) {
  if (shape.has_unknown_rank()) throw InvalidArgumentError("[" + layer + "] needs inputs of known rank");
  std::vector<std::int64_t> axes;
  for (std::int64_t a : axis_list(axis)) {
    if (a >= shape.rank() || a < -shape.rank())
      throw InvalidArgumentError("[" + layer + "] Axis " + std::to_string(a) + " is out of bounds for input shape " +
                                 shape.to_string() + ".");
    axes.push_back(a < 0 ? a + shape.rank() : a);
  }
  std::sort(axes.begin(), axes.end());
  return axes;
}

ConfigValue axis_config(const AxisOrAxes& axis) {
  if (const auto* one = std::get_if<std::int64_t>(&axis)) return *one;
  ConfigValue::List list;  // negative axes stay negative (int_list would write None for -1)
  for (std::int64_t a : std::get<std::vector<std::int64_t>>(axis)) list.emplace_back(a);
  return list;
}

AxisOrAxes axis_from(const ConfigValue& value) {
  if (value.holds<std::int64_t>()) return value.get<std::int64_t>();
  std::vector<std::int64_t> axes;
  for (const ConfigValue& a : value.get<ConfigValue::List>()) axes.push_back(a.get<std::int64_t>());
  return axes;
}

}  // namespace

// ---- UnitNormalization ---------------------------------------------------------------------

UnitNormalization::UnitNormalization(UnitNormalizationOptions options)
    : Layer(layer_options(options, "UnitNormalization")), options_(std::move(options)) {
  set_supports_masking();
}

Tensor UnitNormalization::call(const Tensor& inputs, bool) {
  const Tensor x = is_floating(inputs.dtype()) ? inputs : cast(inputs, dtype());
  const std::vector<std::int64_t> axes = resolved_axes(name(), options_.axis, x.shape());
  // keras.ops.normalize(order=2, epsilon=1e-12): the inverse norm capped at 1 / epsilon.
  const Tensor square_sum = reduce_sum(math::square(x), axes, {.keepdims = true});
  return x * math::minimum(math::rsqrt(square_sum), cast(constant(1e12), x.dtype()));
}

Config UnitNormalization::get_config() const {
  Config c = Layer::get_config();
  c["axis"] = axis_config(options_.axis);
  return c;
}

UnitNormalization UnitNormalization::from_config(const Config& c) {
  UnitNormalizationOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "axis", o.axis, axis_from);
  return UnitNormalization(o);
}

// ---- RMSNormalization ----------------------------------------------------------------------

RMSNormalization::RMSNormalization(RMSNormalizationOptions options)
    : Layer(layer_options(options, "RMSNormalization")), options_(std::move(options)) {}

void RMSNormalization::build(const TensorShape& input_shape) {
  std::vector<std::int64_t> scale_shape;
  for (std::int64_t a : resolved_axes(name(), options_.axis, input_shape)) {
    if (input_shape[a] < 0)
      throw InvalidArgumentError("[" + name() + "] axis " + std::to_string(a) +
                                 " of the input shape must be known, got input shape " + input_shape.to_string());
    scale_shape.push_back(input_shape[a]);
  }
  add_weight("scale", TensorShape(scale_shape), {.initializer = initializers::Ones()});
}

Tensor RMSNormalization::call(const Tensor& inputs, bool) {
  // keras.ops.rms_normalization: float32 at least, the result in the input's dtype.
  const DType out_dtype = is_floating(inputs.dtype()) ? inputs.dtype() : dtype();
  const DType compute = out_dtype == float64 ? float64 : float32;
  const Tensor x = inputs.dtype() == compute ? inputs : cast(inputs, compute);
  const TensorShape& shape = x.shape();
  const std::vector<std::int64_t> axes = resolved_axes(name(), options_.axis, shape);
  const Tensor mean_square = reduce_mean(math::square(x), axes, {.keepdims = true});
  const Tensor normalized = x * math::rsqrt(mean_square + cast(constant(options_.epsilon), compute));
  // The scale has the normalized axes' sizes: size 1 on the others to broadcast.
  Tensor scale = weight(0).dtype() == compute ? Tensor(weight(0)) : cast(weight(0), compute);
  if (!(axes.size() == 1 && axes[0] == shape.rank() - 1)) {
    std::vector<std::int64_t> dims(static_cast<std::size_t>(shape.rank()), 1);
    for (std::int64_t a : axes) dims[static_cast<std::size_t>(a)] = shape[a];
    scale = reshape(scale, dims);
  }
  const Tensor y = normalized * scale;
  return y.dtype() == out_dtype ? y : cast(y, out_dtype);
}

Config RMSNormalization::get_config() const {
  Config c = Layer::get_config();
  // Keras' build turns the axis into a sorted list.
  if (built()) {
    std::vector<std::int64_t> axes = axis_list(options_.axis);
    std::sort(axes.begin(), axes.end());
    c["axis"] = axis_config(axes);
  } else {
    c["axis"] = axis_config(options_.axis);
  }
  c["epsilon"] = options_.epsilon;
  return c;
}

RMSNormalization RMSNormalization::from_config(const Config& c) {
  RMSNormalizationOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "axis", o.axis, axis_from);
  detail::read_if_present(c, "epsilon", o.epsilon, [](const ConfigValue& v) { return v.as_double(); });
  return RMSNormalization(o);
}

}  // namespace tf::keras::layers
