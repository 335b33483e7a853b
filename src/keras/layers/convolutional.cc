#include "tfpp/keras/layers/convolutional.h"

#include "keras/layers/config_util.h"
#include "keras/layers/spatial_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_conv3d.h"

namespace tf::keras::layers {

namespace {

using detail::int_list;

using detail::check_positive;
using detail::check_strides_dilation;
using detail::read_if_present;
using detail::sizes_from;

// A convolution of channels_last x by conv(x, kernel), split into `groups` convolutions when groups > 1.
template <class Conv>
Tensor grouped(const Tensor& x, const Tensor& kernel, std::int64_t groups, Conv conv) {
  if (groups == 1) return conv(x, kernel);
  const std::vector<Tensor> xs = split(x, groups, -1), ks = split(kernel, groups, -1);
  std::vector<Tensor> ys;
  for (std::int64_t g = 0; g < groups; ++g) ys.push_back(conv(xs[g], ks[g]));
  return concat(ys, -1);
}

// A 2-D convolution of channels_last x, grouped.
Tensor grouped_conv2d(const Tensor& x, const Tensor& kernel, const std::vector<std::int64_t>& strides,
                      const std::string& padding, const std::vector<std::int64_t>& dilation, std::int64_t groups) {
  return grouped(x, kernel, groups, [&](const Tensor& xg, const Tensor& kg) {
    return nn::conv2d(xg, kg, nn::Sizes(strides), detail::op_padding(padding), {.dilations = nn::Sizes(dilation)});
  });
}

// A 3-D convolution of channels_last x, grouped.
Tensor grouped_conv3d(const Tensor& x, const Tensor& kernel, const std::vector<std::int64_t>& strides,
                      const std::string& padding, const std::vector<std::int64_t>& dilation, std::int64_t groups) {
  return grouped(x, kernel, groups, [&](const Tensor& xg, const Tensor& kg) {
    return nn::conv3d(xg, kg, nn::Sizes(strides), detail::op_padding(padding), {.dilations = nn::Sizes(dilation)});
  });
}

}  // namespace

// ---- Conv1D / Conv2D / Conv3D --------------------------------------------------------------

BaseConv::BaseConv(int rank, std::int64_t filters, const nn::Sizes& kernel_size, ConvOptions options,
                   const char* class_name)
    : Layer(layer_options(options, class_name)), rank_(rank), filters_(filters), options_(std::move(options)) {
  check_positive(name(), "filters", filters);
  check_positive(name(), "groups", options_.groups);
  kernel_size_ = detail::spatial_tuple(name(), kernel_size, rank, "kernel_size");
  strides_ = detail::spatial_tuple(name(), options_.strides, rank, "strides");
  dilation_ = detail::spatial_tuple(name(), options_.dilation_rate, rank, "dilation_rate");
  padding_ = detail::padding_mode(name(), options_.padding,
                                  rank == 1 ? std::vector<std::string>{"valid", "same", "causal"}
                                            : std::vector<std::string>{"valid", "same"});
  channels_first_ = detail::channels_first(name(), options_.data_format);
  if (filters % options_.groups != 0)
    throw InvalidArgumentError("[" + name() + "] the number of filters must be evenly divisible by the number of groups. "
                               "Received: groups=" + std::to_string(options_.groups) + ", filters=" + std::to_string(filters) + ".");
  check_strides_dilation(name(), strides_, dilation_);
}

void BaseConv::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, rank_ + 2, true);
  const std::int64_t channels = detail::known_channels(name(), input_shape, channels_first_);
  if (channels % options_.groups != 0)
    throw InvalidArgumentError("[" + name() + "] the number of input channels must be evenly divisible by the number of "
                               "groups. Received groups=" + std::to_string(options_.groups) + ", but the input has " +
                               std::to_string(channels) + " channels (full input shape is " + input_shape.to_string() + ").");
  std::vector<std::int64_t> shape = kernel_size_;
  shape.push_back(channels / options_.groups);
  shape.push_back(filters_);
  add_weight("kernel", TensorShape(shape),
             {.initializer = options_.kernel_initializer, .regularizer = options_.kernel_regularizer,
              .constraint = options_.kernel_constraint});
  if (options_.use_bias)
    add_weight("bias", {filters_},
               {.initializer = options_.bias_initializer, .regularizer = options_.bias_regularizer,
                .constraint = options_.bias_constraint});
  set_input_spec({.min_ndim = rank_ + 2, .axes = {{channels_first_ ? 1 : -1, channels}}});
}

Tensor BaseConv::call(const Tensor& inputs, bool) {
  Tensor x = channels_first_ ? detail::to_channels_last(inputs) : inputs;
  Tensor y;
  if (rank_ == 1) {
    // As TensorFlow does: a 1-D convolution is a 2-D one over images of height 1.
    std::string padding = padding_;
    if (padding == "causal") {
      x = pad(x, {{0, 0}, {dilation_[0] * (kernel_size_[0] - 1), 0}, {0, 0}});
      padding = "valid";
    }
    y = grouped_conv2d(expand_dims(x, 1), expand_dims(weight(0), 0), {1, strides_[0]}, padding, {1, dilation_[0]},
                       options_.groups);
    y = squeeze(y, {1});
  } else if (rank_ == 2) {
    y = grouped_conv2d(x, weight(0), strides_, padding_, dilation_, options_.groups);
  } else {
    y = grouped_conv3d(x, weight(0), strides_, padding_, dilation_, options_.groups);
  }
  if (options_.use_bias) y = y + weight(1);
  y = options_.activation(y);
  return channels_first_ ? detail::to_channels_first(y) : y;
}

Config BaseConv::get_config() const {
  Config c = Layer::get_config();
  c["filters"] = filters_;
  c["kernel_size"] = int_list(kernel_size_);
  c["strides"] = int_list(strides_);
  c["padding"] = padding_;
  c["data_format"] = options_.data_format;
  c["dilation_rate"] = int_list(dilation_);
  c["groups"] = options_.groups;
  c["activation"] = options_.activation.name();
  c["use_bias"] = options_.use_bias;
  detail::write_weight_config(c, "kernel", options_.kernel_initializer, options_.kernel_regularizer, options_.kernel_constraint);
  detail::write_weight_config(c, "bias", options_.bias_initializer, options_.bias_regularizer, options_.bias_constraint);
  c["activity_regularizer"] = detail::optional_config(activity_regularizer());
  return c;
}

void BaseConv::read_config(const Config& c, ConvOptions& o) {
  detail::read_common(c, o);
  read_if_present(c, "strides", o.strides, sizes_from);
  read_if_present(c, "padding", o.padding, [](const ConfigValue& v) { return v.get<std::string>(); });
  read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  read_if_present(c, "dilation_rate", o.dilation_rate, sizes_from);
  read_if_present(c, "groups", o.groups, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  read_if_present(c, "activation", o.activation, [](const ConfigValue& v) { return activations::Activation(v.get<std::string>()); });
  read_if_present(c, "use_bias", o.use_bias, [](const ConfigValue& v) { return v.get<bool>(); });
  detail::read_weight_config(c, "kernel", o.kernel_initializer, o.kernel_regularizer, o.kernel_constraint);
  detail::read_weight_config(c, "bias", o.bias_initializer, o.bias_regularizer, o.bias_constraint);
}

Conv1D::Conv1D(std::int64_t filters, const nn::Sizes& kernel_size, ConvOptions options)
    : BaseConv(1, filters, kernel_size, std::move(options), "Conv1D") {}

Conv1D Conv1D::from_config(const Config& c) {
  ConvOptions o;
  read_config(c, o);
  return Conv1D(detail::config_at(c, "filters", "Conv1D").get<std::int64_t>(),
                sizes_from(detail::config_at(c, "kernel_size", "Conv1D")), o);
}

Conv2D::Conv2D(std::int64_t filters, const nn::Sizes& kernel_size, ConvOptions options)
    : BaseConv(2, filters, kernel_size, std::move(options), "Conv2D") {}

Conv2D Conv2D::from_config(const Config& c) {
  ConvOptions o;
  read_config(c, o);
  return Conv2D(detail::config_at(c, "filters", "Conv2D").get<std::int64_t>(),
                sizes_from(detail::config_at(c, "kernel_size", "Conv2D")), o);
}

// ---- Conv2DTranspose -----------------------------------------------------------------------

Conv2DTranspose::Conv2DTranspose(std::int64_t filters, const nn::Sizes& kernel_size, Conv2DTransposeOptions options)
    : Layer(layer_options(options, "Conv2DTranspose")), filters_(filters), options_(std::move(options)) {
  check_positive(name(), "filters", filters);
  kernel_size_ = detail::spatial_tuple(name(), kernel_size, 2, "kernel_size");
  strides_ = detail::spatial_tuple(name(), options_.strides, 2, "strides");
  dilation_ = detail::spatial_tuple(name(), options_.dilation_rate, 2, "dilation_rate");
  padding_ = detail::padding_mode(name(), options_.padding, {"valid", "same"});
  channels_first_ = detail::channels_first(name(), options_.data_format);
  check_strides_dilation(name(), strides_, dilation_);
  if (options_.output_padding) {
    output_padding_ = detail::spatial_tuple(name(), *options_.output_padding, 2, "output_padding", true);
    for (int i = 0; i < 2; ++i)
      if ((*output_padding_)[i] >= strides_[i])
        throw InvalidArgumentError("[" + name() + "] strides must be greater than output padding. Received strides=(" +
                                   std::to_string(strides_[0]) + ", " + std::to_string(strides_[1]) +
                                   "), output_padding=(" + std::to_string((*output_padding_)[0]) + ", " +
                                   std::to_string((*output_padding_)[1]) + ")");
  }
}

void Conv2DTranspose::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, 4);
  const std::int64_t channels = detail::known_channels(name(), input_shape, channels_first_);
  add_weight("kernel", {kernel_size_[0], kernel_size_[1], filters_, channels},
             {.initializer = options_.kernel_initializer, .regularizer = options_.kernel_regularizer,
              .constraint = options_.kernel_constraint});
  if (options_.use_bias)
    add_weight("bias", {filters_},
               {.initializer = options_.bias_initializer, .regularizer = options_.bias_regularizer,
                .constraint = options_.bias_constraint});
  set_input_spec({.ndim = 4, .axes = {{channels_first_ ? 1 : -1, channels}}});
}

Tensor Conv2DTranspose::call(const Tensor& inputs, bool) {
  const Tensor x = channels_first_ ? detail::to_channels_last(inputs) : inputs;
  const TensorShape& s = x.shape();
  if (s[1] < 0 || s[2] < 0)
    throw InvalidArgumentError("[" + name() + "] needs the input's height and width known, got " + s.to_string());
  std::vector<std::int64_t> spatial(2);
  for (int i = 0; i < 2; ++i)
    spatial[i] = detail::conv_transpose_size(s[i + 1], kernel_size_[i], strides_[i], padding_,
                                             output_padding_ ? std::optional((*output_padding_)[i]) : std::nullopt,
                                             dilation_[i]);
  // The batch size is a run-time value when the trace leaves it unknown.
  const Tensor rest = constant(std::vector<std::int32_t>{static_cast<std::int32_t>(spatial[0]),
                                                         static_cast<std::int32_t>(spatial[1]),
                                                         static_cast<std::int32_t>(filters_)});
  const Tensor batch = s[0] >= 0 ? constant(std::vector<std::int32_t>{static_cast<std::int32_t>(s[0])})
                                 : slice(shape(x), {0}, {1});
  Tensor y = nn::conv2d_transpose(x, weight(0), concat({batch, rest}, 0), nn::Sizes(strides_),
                                  detail::op_padding(padding_), {.dilations = nn::Sizes(dilation_)});
  // The static sizes an output_shape computed in a trace hides (a constant batch size too).
  y = reshape(y, {s[0] >= 0 ? s[0] : -1, spatial[0], spatial[1], filters_});
  if (options_.use_bias) y = y + weight(1);
  y = options_.activation(y);
  return channels_first_ ? detail::to_channels_first(y) : y;
}

Config Conv2DTranspose::get_config() const {
  Config c = Layer::get_config();
  c["filters"] = filters_;
  c["kernel_size"] = int_list(kernel_size_);
  c["strides"] = int_list(strides_);
  c["padding"] = padding_;
  c["output_padding"] = output_padding_ ? int_list(*output_padding_) : ConfigValue();
  c["data_format"] = options_.data_format;
  c["dilation_rate"] = int_list(dilation_);
  c["activation"] = options_.activation.name();
  c["use_bias"] = options_.use_bias;
  detail::write_weight_config(c, "kernel", options_.kernel_initializer, options_.kernel_regularizer, options_.kernel_constraint);
  detail::write_weight_config(c, "bias", options_.bias_initializer, options_.bias_regularizer, options_.bias_constraint);
  c["activity_regularizer"] = detail::optional_config(activity_regularizer());
  return c;
}

Conv2DTranspose Conv2DTranspose::from_config(const Config& c) {
  Conv2DTransposeOptions o;
  detail::read_common(c, o);
  read_if_present(c, "strides", o.strides, sizes_from);
  read_if_present(c, "padding", o.padding, [](const ConfigValue& v) { return v.get<std::string>(); });
  if (auto it = c.find("output_padding"); it != c.end() && !it->second.is_null()) o.output_padding = sizes_from(it->second);
  read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  read_if_present(c, "dilation_rate", o.dilation_rate, sizes_from);
  read_if_present(c, "activation", o.activation, [](const ConfigValue& v) { return activations::Activation(v.get<std::string>()); });
  read_if_present(c, "use_bias", o.use_bias, [](const ConfigValue& v) { return v.get<bool>(); });
  detail::read_weight_config(c, "kernel", o.kernel_initializer, o.kernel_regularizer, o.kernel_constraint);
  detail::read_weight_config(c, "bias", o.bias_initializer, o.bias_regularizer, o.bias_constraint);
  return Conv2DTranspose(detail::config_at(c, "filters", "Conv2DTranspose").get<std::int64_t>(),
                         sizes_from(detail::config_at(c, "kernel_size", "Conv2DTranspose")), o);
}

// ---- DepthwiseConv2D -----------------------------------------------------------------------

DepthwiseConv2D::DepthwiseConv2D(const nn::Sizes& kernel_size, DepthwiseConv2DOptions options)
    : Layer(layer_options(options, "DepthwiseConv2D")), options_(std::move(options)) {
  check_positive(name(), "depth_multiplier", options_.depth_multiplier);
  kernel_size_ = detail::spatial_tuple(name(), kernel_size, 2, "kernel_size");
  strides_ = detail::spatial_tuple(name(), options_.strides, 2, "strides");
  dilation_ = detail::spatial_tuple(name(), options_.dilation_rate, 2, "dilation_rate");
  padding_ = detail::padding_mode(name(), options_.padding, {"valid", "same"});
  channels_first_ = detail::channels_first(name(), options_.data_format);
  check_strides_dilation(name(), strides_, dilation_);
}

void DepthwiseConv2D::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, 4);
  const std::int64_t channels = detail::known_channels(name(), input_shape, channels_first_);
  add_weight("kernel", {kernel_size_[0], kernel_size_[1], channels, options_.depth_multiplier},
             {.initializer = options_.depthwise_initializer, .regularizer = options_.depthwise_regularizer,
              .constraint = options_.depthwise_constraint});
  if (options_.use_bias)
    add_weight("bias", {channels * options_.depth_multiplier},
               {.initializer = options_.bias_initializer, .regularizer = options_.bias_regularizer,
                .constraint = options_.bias_constraint});
  set_input_spec({.ndim = 4, .axes = {{channels_first_ ? 1 : -1, channels}}});
}

Tensor DepthwiseConv2D::call(const Tensor& inputs, bool) {
  const Tensor x = channels_first_ ? detail::to_channels_last(inputs) : inputs;
  Tensor y = nn::depthwise_conv2d(x, weight(0), nn::Sizes(strides_), detail::op_padding(padding_),
                                  {.dilations = nn::Sizes(dilation_)});
  if (options_.use_bias) y = y + weight(1);
  y = options_.activation(y);
  return channels_first_ ? detail::to_channels_first(y) : y;
}

Config DepthwiseConv2D::get_config() const {
  Config c = Layer::get_config();
  c["depth_multiplier"] = options_.depth_multiplier;
  c["kernel_size"] = int_list(kernel_size_);
  c["strides"] = int_list(strides_);
  c["padding"] = padding_;
  c["data_format"] = options_.data_format;
  c["dilation_rate"] = int_list(dilation_);
  c["activation"] = options_.activation.name();
  c["use_bias"] = options_.use_bias;
  detail::write_weight_config(c, "depthwise", options_.depthwise_initializer, options_.depthwise_regularizer, options_.depthwise_constraint);
  detail::write_weight_config(c, "bias", options_.bias_initializer, options_.bias_regularizer, options_.bias_constraint);
  c["activity_regularizer"] = detail::optional_config(activity_regularizer());
  return c;
}

DepthwiseConv2D DepthwiseConv2D::from_config(const Config& c) {
  DepthwiseConv2DOptions o;
  detail::read_common(c, o);
  read_if_present(c, "depth_multiplier", o.depth_multiplier, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  read_if_present(c, "strides", o.strides, sizes_from);
  read_if_present(c, "padding", o.padding, [](const ConfigValue& v) { return v.get<std::string>(); });
  read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  read_if_present(c, "dilation_rate", o.dilation_rate, sizes_from);
  read_if_present(c, "activation", o.activation, [](const ConfigValue& v) { return activations::Activation(v.get<std::string>()); });
  read_if_present(c, "use_bias", o.use_bias, [](const ConfigValue& v) { return v.get<bool>(); });
  detail::read_weight_config(c, "depthwise", o.depthwise_initializer, o.depthwise_regularizer, o.depthwise_constraint);
  detail::read_weight_config(c, "bias", o.bias_initializer, o.bias_regularizer, o.bias_constraint);
  return DepthwiseConv2D(sizes_from(detail::config_at(c, "kernel_size", "DepthwiseConv2D")), o);
}

// ---- SeparableConv2D -----------------------------------------------------------------------

SeparableConv2D::SeparableConv2D(std::int64_t filters, const nn::Sizes& kernel_size, SeparableConv2DOptions options)
    : Layer(layer_options(options, "SeparableConv2D")), filters_(filters), options_(std::move(options)) {
  check_positive(name(), "filters", filters);
  check_positive(name(), "depth_multiplier", options_.depth_multiplier);
  kernel_size_ = detail::spatial_tuple(name(), kernel_size, 2, "kernel_size");
  strides_ = detail::spatial_tuple(name(), options_.strides, 2, "strides");
  dilation_ = detail::spatial_tuple(name(), options_.dilation_rate, 2, "dilation_rate");
  padding_ = detail::padding_mode(name(), options_.padding, {"valid", "same"});
  channels_first_ = detail::channels_first(name(), options_.data_format);
  check_strides_dilation(name(), strides_, dilation_);
}

void SeparableConv2D::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, 4);
  const std::int64_t channels = detail::known_channels(name(), input_shape, channels_first_);
  add_weight("depthwise_kernel", {kernel_size_[0], kernel_size_[1], channels, options_.depth_multiplier},
             {.initializer = options_.depthwise_initializer, .regularizer = options_.depthwise_regularizer,
              .constraint = options_.depthwise_constraint});
  add_weight("pointwise_kernel", {1, 1, channels * options_.depth_multiplier, filters_},
             {.initializer = options_.pointwise_initializer, .regularizer = options_.pointwise_regularizer,
              .constraint = options_.pointwise_constraint});
  if (options_.use_bias)
    add_weight("bias", {filters_},
               {.initializer = options_.bias_initializer, .regularizer = options_.bias_regularizer,
                .constraint = options_.bias_constraint});
  set_input_spec({.ndim = 4, .axes = {{channels_first_ ? 1 : -1, channels}}});
}

Tensor SeparableConv2D::call(const Tensor& inputs, bool) {
  const Tensor x = channels_first_ ? detail::to_channels_last(inputs) : inputs;
  const Tensor depthwise = nn::depthwise_conv2d(x, weight(0), nn::Sizes(strides_), detail::op_padding(padding_),
                                                {.dilations = nn::Sizes(dilation_)});
  Tensor y = nn::conv2d(depthwise, weight(1), 1, "VALID");
  if (options_.use_bias) y = y + weight(2);
  y = options_.activation(y);
  return channels_first_ ? detail::to_channels_first(y) : y;
}

Config SeparableConv2D::get_config() const {
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
  detail::write_weight_config(c, "depthwise", options_.depthwise_initializer, options_.depthwise_regularizer, options_.depthwise_constraint);
  detail::write_weight_config(c, "pointwise", options_.pointwise_initializer, options_.pointwise_regularizer, options_.pointwise_constraint);
  detail::write_weight_config(c, "bias", options_.bias_initializer, options_.bias_regularizer, options_.bias_constraint);
  c["activity_regularizer"] = detail::optional_config(activity_regularizer());
  return c;
}

SeparableConv2D SeparableConv2D::from_config(const Config& c) {
  SeparableConv2DOptions o;
  detail::read_common(c, o);
  read_if_present(c, "depth_multiplier", o.depth_multiplier, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  read_if_present(c, "strides", o.strides, sizes_from);
  read_if_present(c, "padding", o.padding, [](const ConfigValue& v) { return v.get<std::string>(); });
  read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  read_if_present(c, "dilation_rate", o.dilation_rate, sizes_from);
  read_if_present(c, "activation", o.activation, [](const ConfigValue& v) { return activations::Activation(v.get<std::string>()); });
  read_if_present(c, "use_bias", o.use_bias, [](const ConfigValue& v) { return v.get<bool>(); });
  detail::read_weight_config(c, "depthwise", o.depthwise_initializer, o.depthwise_regularizer, o.depthwise_constraint);
  detail::read_weight_config(c, "pointwise", o.pointwise_initializer, o.pointwise_regularizer, o.pointwise_constraint);
  detail::read_weight_config(c, "bias", o.bias_initializer, o.bias_regularizer, o.bias_constraint);
  return SeparableConv2D(detail::config_at(c, "filters", "SeparableConv2D").get<std::int64_t>(),
                         sizes_from(detail::config_at(c, "kernel_size", "SeparableConv2D")), o);
}

}  // namespace tf::keras::layers
