#include "tfpp/keras/layers/activation_layers.h"

#include "keras/layers/config_util.h"
#include "tfpp/errors.h"
#include "tfpp/activation_ops.h"
#include "tfpp/keras/activation_functions.h"

namespace tf::keras::layers {

PReLU::PReLU(PReLUOptions options) : Layer(layer_options(options, "PReLU")), options_(std::move(options)) {
  set_supports_masking();
}

void PReLU::build(const TensorShape& input_shape) {
  const int rank = input_shape.rank();
  if (rank < 2) throw InvalidArgumentError("[" + name() + "] needs inputs of rank >= 2, got " + input_shape.to_string());
  std::vector<std::int64_t> shape;
  for (int i = 1; i < rank; ++i) shape.push_back(input_shape[i]);
  for (const std::int64_t axis : options_.shared_axes) {
    if (axis < 1 || axis >= rank)
      throw InvalidArgumentError("[" + name() + "] shared_axes entry " + std::to_string(axis) +
                                 " is not an input axis after the batch of an input of shape " + input_shape.to_string());
    shape[static_cast<std::size_t>(axis - 1)] = 1;
  }
  for (std::size_t i = 0; i < shape.size(); ++i)
    if (shape[i] < 0)
      throw InvalidArgumentError("[" + name() + "] needs input axis " + std::to_string(i + 1) +
                                 " known or shared, got " + input_shape.to_string());
  add_weight("alpha", TensorShape(shape),
             {.initializer = options_.alpha_initializer, .regularizer = options_.alpha_regularizer,
              .constraint = options_.alpha_constraint});
}

Tensor PReLU::call(const Tensor& x, bool) { return nn::relu(x) - weight(0).read_value() * nn::relu(-x); }

Config PReLU::get_config() const {
  Config c = Layer::get_config();
  detail::write_weight_config(c, "alpha", options_.alpha_initializer, options_.alpha_regularizer, options_.alpha_constraint);
  c["shared_axes"] = options_.shared_axes.empty() ? ConfigValue() : detail::int_list(options_.shared_axes);
  return c;
}

PReLU PReLU::from_config(const Config& c) {
  PReLUOptions o;
  detail::read_common(c, o);
  detail::read_weight_config(c, "alpha", o.alpha_initializer, o.alpha_regularizer, o.alpha_constraint);
  detail::read_if_present(c, "shared_axes", o.shared_axes, [](const ConfigValue& v) {
    return v.holds<ConfigValue::List>() ? detail::int_list_from(v) : std::vector<std::int64_t>{v.get<std::int64_t>()};
  });
  return PReLU(o);
}

ELU::ELU(double alpha, ELUOptions options) : Layer(layer_options(options, "ELU")), alpha_(alpha) { set_supports_masking(); }

Tensor ELU::call(const Tensor& x, bool) { return activations::elu(x, alpha_); }

Config ELU::get_config() const {
  Config c = Layer::get_config();
  c["alpha"] = alpha_;
  return c;
}

ELU ELU::from_config(const Config& c) {
  ELUOptions o;
  detail::read_common(c, o);
  double alpha = 1.0;
  detail::read_if_present(c, "alpha", alpha, [](const ConfigValue& v) { return v.as_double(); });
  return ELU(alpha, o);
}

}  // namespace tf::keras::layers
