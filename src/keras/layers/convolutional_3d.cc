#include "tfpp/keras/layers/convolutional_3d.h"

#include "keras/layers/config_util.h"
#include "keras/layers/spatial_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_conv3d.h"

namespace tf::keras::layers {

using detail::read_if_present;
using detail::sizes_from;

// ---- Conv3D --------------------------------------------------------------------------------

Conv3D::Conv3D(std::int64_t filters, const nn::Sizes& kernel_size, ConvOptions options)
    : BaseConv(3, filters, kernel_size, std::move(options), "Conv3D") {}

Conv3D Conv3D::from_config(const Config& c) {
  ConvOptions o;
  read_config(c, o);
  return Conv3D(detail::config_at(c, "filters", "Conv3D").get<std::int64_t>(),
                sizes_from(detail::config_at(c, "kernel_size", "Conv3D")), o);
}

// ---- Conv1DTranspose / Conv3DTranspose -----------------------------------------------------

BaseConvTranspose::BaseConvTranspose(int rank, std::int64_t filters, const nn::Sizes& kernel_size,
                                     ConvTransposeOptions options, const char* class_name)
    : Layer(layer_options(options, class_name)), rank_(rank), filters_(filters), options_(std::move(options)) {
  detail::check_positive(name(), "filters", filters);
  kernel_size_ = detail::spatial_tuple(name(), kernel_size, rank, "kernel_size");
  strides_ = detail::spatial_tuple(name(), options_.strides, rank, "strides");
  dilation_ = detail::spatial_tuple(name(), options_.dilation_rate, rank, "dilation_rate");
  padding_ = detail::padding_mode(name(), options_.padding, {"valid", "same"});
  channels_first_ = detail::channels_first(name(), options_.data_format);
  detail::check_strides_dilation(name(), strides_, dilation_);
  if (options_.output_padding) {
    output_padding_ = detail::spatial_tuple(name(), *options_.output_padding, rank, "output_padding", true);
    for (int i = 0; i < rank; ++i)
      if ((*output_padding_)[i] >= strides_[i])
        throw InvalidArgumentError("[" + name() + "] strides must be greater than output padding. Received strides=" +
                                   detail::tuple_text(strides_) + ", output_padding=" + detail::tuple_text(*output_padding_));
  }
}

void BaseConvTranspose::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, rank_ + 2);
  const std::int64_t channels = detail::known_channels(name(), input_shape, channels_first_);
  std::vector<std::int64_t> shape = kernel_size_;
  shape.push_back(filters_);
  shape.push_back(channels);
  add_weight("kernel", TensorShape(shape),
             {.initializer = options_.kernel_initializer, .regularizer = options_.kernel_regularizer,
              .constraint = options_.kernel_constraint});
  if (options_.use_bias)
    add_weight("bias", {filters_},
               {.initializer = options_.bias_initializer, .regularizer = options_.bias_regularizer,
                .constraint = options_.bias_constraint});
  set_input_spec({.ndim = rank_ + 2, .axes = {{channels_first_ ? 1 : -1, channels}}});
}

Tensor BaseConvTranspose::call(const Tensor& inputs, bool) {
  Tensor x = channels_first_ ? detail::to_channels_last(inputs) : inputs;
  const TensorShape& s = x.shape();
  std::vector<std::int64_t> out(rank_);
  for (int i = 0; i < rank_; ++i) {
    if (s[i + 1] < 0)
      throw InvalidArgumentError("[" + name() + "] needs the input's spatial sizes known, got " + s.to_string());
    out[i] = detail::conv_transpose_size(s[i + 1], kernel_size_[i], strides_[i], padding_,
                                         output_padding_ ? std::optional((*output_padding_)[i]) : std::nullopt,
                                         dilation_[i]);
  }
  Tensor kernel = weight(0);
  std::vector<std::int64_t> strides = strides_, dilation = dilation_, sizes = out;
  if (rank_ == 1) {  // as TensorFlow does: a 1-D transposed convolution is a 2-D one over images of height 1
    x = expand_dims(x, 1);
    kernel = expand_dims(kernel, 0);
    for (auto* v : {&strides, &dilation, &sizes}) v->insert(v->begin(), 1);
  }
  sizes.push_back(filters_);
  // The batch size is a run-time value when the trace leaves it unknown.
  const Tensor batch = s[0] >= 0 ? constant(std::vector<std::int32_t>{static_cast<std::int32_t>(s[0])})
                                 : slice(shape(x), {0}, {1});
  const Tensor output_shape = concat({batch, constant(std::vector<std::int32_t>(sizes.begin(), sizes.end()))}, 0);
  const std::string padding = detail::op_padding(padding_);
  Tensor y = rank_ == 3 ? nn::conv3d_transpose(x, kernel, output_shape, nn::Sizes(strides), padding,
                                               {.dilations = nn::Sizes(dilation)})
                        : nn::conv2d_transpose(x, kernel, output_shape, nn::Sizes(strides), padding,
                                               {.dilations = nn::Sizes(dilation)});
  // The static sizes an output_shape computed in a trace hides.
  std::vector<std::int64_t> full{s[0] >= 0 ? s[0] : -1};
  full.insert(full.end(), sizes.begin(), sizes.end());
  y = reshape(y, full);
  if (rank_ == 1) y = squeeze(y, {1});
  if (options_.use_bias) y = y + weight(1);
  y = options_.activation(y);
  return channels_first_ ? detail::to_channels_first(y) : y;
}

Config BaseConvTranspose::get_config() const {
  Config c = Layer::get_config();
  c["filters"] = filters_;
  c["kernel_size"] = detail::int_list(kernel_size_);
  c["strides"] = detail::int_list(strides_);
  c["padding"] = padding_;
  c["output_padding"] = output_padding_ ? detail::int_list(*output_padding_) : ConfigValue();
  c["data_format"] = options_.data_format;
  c["dilation_rate"] = detail::int_list(dilation_);
  c["activation"] = options_.activation.name();
  c["use_bias"] = options_.use_bias;
  detail::write_weight_config(c, "kernel", options_.kernel_initializer, options_.kernel_regularizer, options_.kernel_constraint);
  detail::write_weight_config(c, "bias", options_.bias_initializer, options_.bias_regularizer, options_.bias_constraint);
  c["activity_regularizer"] = detail::optional_config(activity_regularizer());
  return c;
}

std::tuple<std::int64_t, nn::Sizes, ConvTransposeOptions> BaseConvTranspose::read_config(const Config& c, const char* who) {
  ConvTransposeOptions o;
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
  return {detail::config_at(c, "filters", who).get<std::int64_t>(), sizes_from(detail::config_at(c, "kernel_size", who)), o};
}

Conv1DTranspose::Conv1DTranspose(std::int64_t filters, const nn::Sizes& kernel_size, ConvTransposeOptions options)
    : BaseConvTranspose(1, filters, kernel_size, std::move(options), "Conv1DTranspose") {}

Conv1DTranspose Conv1DTranspose::from_config(const Config& c) {
  auto [filters, kernel_size, options] = read_config(c, "Conv1DTranspose");
  return Conv1DTranspose(filters, kernel_size, options);
}

Conv3DTranspose::Conv3DTranspose(std::int64_t filters, const nn::Sizes& kernel_size, ConvTransposeOptions options)
    : BaseConvTranspose(3, filters, kernel_size, std::move(options), "Conv3DTranspose") {}

Conv3DTranspose Conv3DTranspose::from_config(const Config& c) {
  auto [filters, kernel_size, options] = read_config(c, "Conv3DTranspose");
  return Conv3DTranspose(filters, kernel_size, options);
}

}  // namespace tf::keras::layers
