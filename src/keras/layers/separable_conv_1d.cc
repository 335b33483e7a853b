// DepthwiseConv1D and SeparableConv1D run TensorFlow's 2-D depthwise convolution on the sequence
// as an image of height 1, as Keras' TensorFlow backend does.
#include "tfpp/keras/layers/separable_conv_1d.h"

#include "keras/layers/config_util.h"
#include "keras/layers/spatial_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"

namespace tf::keras::layers {

namespace {

using detail::int_list;
using detail::read_if_present;
using detail::sizes_from;

// [batch, steps, channels] (channels_last) as the [batch, 1, steps, channels] image.
Tensor as_image(const Tensor& inputs, bool channels_first) {
  return expand_dims(channels_first ? detail::to_channels_last(inputs) : inputs, 1);
}

// The image result back as a sequence in the layer's data format.
Tensor as_sequence(const Tensor& image, bool channels_first) {
  const Tensor y = squeeze(image, {1});
  return channels_first ? detail::to_channels_first(y) : y;
}

// The depthwise convolution of a 1-D layer: kernel [k, in, multiplier] as [1, k, in, multiplier].
Tensor depthwise_1d(const Tensor& image, const Tensor& kernel, std::int64_t stride, std::int64_t dilation,
                    const std::string& padding) {
  return nn::depthwise_conv2d(image, expand_dims(kernel, 0), nn::Sizes({1, stride}), detail::op_padding(padding),
                              {.dilations = nn::Sizes({1, dilation})});
}

template <class O>
void read_spatial_options(const Config& c, O& o) {
  detail::read_common(c, o);
  read_if_present(c, "depth_multiplier", o.depth_multiplier, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  read_if_present(c, "strides", o.strides, sizes_from);
  read_if_present(c, "padding", o.padding, [](const ConfigValue& v) { return v.get<std::string>(); });
  read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  read_if_present(c, "dilation_rate", o.dilation_rate, sizes_from);
  read_if_present(c, "activation", o.activation,
                  [](const ConfigValue& v) { return activations::Activation(v.get<std::string>()); });
  read_if_present(c, "use_bias", o.use_bias, [](const ConfigValue& v) { return v.get<bool>(); });
  detail::read_weight_config(c, "depthwise", o.depthwise_initializer, o.depthwise_regularizer, o.depthwise_constraint);
  detail::read_weight_config(c, "bias", o.bias_initializer, o.bias_regularizer, o.bias_constraint);
}

}  // namespace

// ---- DepthwiseConv1D -----------------------------------------------------------------------

DepthwiseConv1D::DepthwiseConv1D(const nn::Sizes& kernel_size, DepthwiseConv1DOptions options)
    : Layer(layer_options(options, "DepthwiseConv1D")), options_(std::move(options)) {
  detail::check_positive(name(), "depth_multiplier", options_.depth_multiplier);
  kernel_size_ = detail::spatial_tuple(name(), kernel_size, 1, "kernel_size");
  strides_ = detail::spatial_tuple(name(), options_.strides, 1, "strides");
  dilation_ = detail::spatial_tuple(name(), options_.dilation_rate, 1, "dilation_rate");
  padding_ = detail::padding_mode(name(), options_.padding, {"valid", "same"});
  channels_first_ = detail::channels_first(name(), options_.data_format);
  detail::check_strides_dilation(name(), strides_, dilation_);
}

void DepthwiseConv1D::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, 3);
  const std::int64_t channels = detail::known_channels(name(), input_shape, channels_first_);
  add_weight("kernel", {kernel_size_[0], channels, options_.depth_multiplier},
             {.initializer = options_.depthwise_initializer, .regularizer = options_.depthwise_regularizer,
              .constraint = options_.depthwise_constraint});
  if (options_.use_bias)
    add_weight("bias", {channels * options_.depth_multiplier},
               {.initializer = options_.bias_initializer, .regularizer = options_.bias_regularizer,
                .constraint = options_.bias_constraint});
  set_input_spec({.ndim = 3, .axes = {{channels_first_ ? 1 : -1, channels}}});
}

Tensor DepthwiseConv1D::call(const Tensor& inputs, bool) {
  Tensor y = depthwise_1d(as_image(inputs, channels_first_), weight(0), strides_[0], dilation_[0], padding_);
  if (options_.use_bias) y = y + weight(1);
  return as_sequence(options_.activation(y), channels_first_);
}

Config DepthwiseConv1D::get_config() const {
  Config c = Layer::get_config();
  c["depth_multiplier"] = options_.depth_multiplier;
  c["kernel_size"] = int_list(kernel_size_);
  c["strides"] = int_list(strides_);
  c["padding"] = padding_;
  c["data_format"] = options_.data_format;
  c["dilation_rate"] = int_list(dilation_);
  c["activation"] = options_.activation.name();
  c["use_bias"] = options_.use_bias;
  detail::write_weight_config(c, "depthwise", options_.depthwise_initializer, options_.depthwise_regularizer,
                              options_.depthwise_constraint);
  detail::write_weight_config(c, "bias", options_.bias_initializer, options_.bias_regularizer, options_.bias_constraint);
  c["activity_regularizer"] = detail::optional_config(activity_regularizer());
  return c;
}

DepthwiseConv1D DepthwiseConv1D::from_config(const Config& c) {
  DepthwiseConv1DOptions o;
  read_spatial_options(c, o);
  return DepthwiseConv1D(sizes_from(detail::config_at(c, "kernel_size", "DepthwiseConv1D")), o);
}

// ---- SeparableConv1D -----------------------------------------------------------------------

SeparableConv1D::SeparableConv1D(std::int64_t filters, const nn::Sizes& kernel_size, SeparableConv1DOptions options)
    : Layer(layer_options(options, "SeparableConv1D")), filters_(filters), options_(std::move(options)) {
  detail::check_positive(name(), "filters", filters);
  detail::check_positive(name(), "depth_multiplier", options_.depth_multiplier);
  kernel_size_ = detail::spatial_tuple(name(), kernel_size, 1, "kernel_size");
  strides_ = detail::spatial_tuple(name(), options_.strides, 1, "strides");
  dilation_ = detail::spatial_tuple(name(), options_.dilation_rate, 1, "dilation_rate");
  padding_ = detail::padding_mode(name(), options_.padding, {"valid", "same"});
  channels_first_ = detail::channels_first(name(), options_.data_format);
  detail::check_strides_dilation(name(), strides_, dilation_);
}

void SeparableConv1D::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, 3);
  const std::int64_t channels = detail::known_channels(name(), input_shape, channels_first_);
  add_weight("depthwise_kernel", {kernel_size_[0], channels, options_.depth_multiplier},
             {.initializer = options_.depthwise_initializer, .regularizer = options_.depthwise_regularizer,
              .constraint = options_.depthwise_constraint});
  add_weight("pointwise_kernel", {1, channels * options_.depth_multiplier, filters_},
             {.initializer = options_.pointwise_initializer, .regularizer = options_.pointwise_regularizer,
              .constraint = options_.pointwise_constraint});
  if (options_.use_bias)
    add_weight("bias", {filters_},
               {.initializer = options_.bias_initializer, .regularizer = options_.bias_regularizer,
                .constraint = options_.bias_constraint});
  set_input_spec({.ndim = 3, .axes = {{channels_first_ ? 1 : -1, channels}}});
}

Tensor SeparableConv1D::call(const Tensor& inputs, bool) {
  const Tensor depthwise = depthwise_1d(as_image(inputs, channels_first_), weight(0), strides_[0], dilation_[0], padding_);
  Tensor y = nn::conv2d(depthwise, expand_dims(weight(1), 0), 1, "VALID");
  if (options_.use_bias) y = y + weight(2);
  return as_sequence(options_.activation(y), channels_first_);
}

Config SeparableConv1D::get_config() const {
  Config c = Layer::get_config();
  c["depth_multiplier"] = options_.depth_multiplier;
  c["filters"] = filters_;
  c["kernel_size"] = int_list(kernel_size_);
  c["strides"] = int_list(strides_);
  c["padding"] = padding_;
  c["data_format"] = options_.data_format;
  c["dilation_rate"] = int_list(dilation_);
  c["activation"] = options_.activation.name();
  c["use_bias"] = options_.use_bias;
  detail::write_weight_config(c, "depthwise", options_.depthwise_initializer, options_.depthwise_regularizer,
                              options_.depthwise_constraint);
  detail::write_weight_config(c, "pointwise", options_.pointwise_initializer, options_.pointwise_regularizer,
                              options_.pointwise_constraint);
  detail::write_weight_config(c, "bias", options_.bias_initializer, options_.bias_regularizer, options_.bias_constraint);
  c["activity_regularizer"] = detail::optional_config(activity_regularizer());
  return c;
}

SeparableConv1D SeparableConv1D::from_config(const Config& c) {
  SeparableConv1DOptions o;
  read_spatial_options(c, o);
  detail::read_weight_config(c, "pointwise", o.pointwise_initializer, o.pointwise_regularizer, o.pointwise_constraint);
  return SeparableConv1D(detail::config_at(c, "filters", "SeparableConv1D").get<std::int64_t>(),
                         sizes_from(detail::config_at(c, "kernel_size", "SeparableConv1D")), o);
}

}  // namespace tf::keras::layers
