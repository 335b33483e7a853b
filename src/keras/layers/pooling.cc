#include "tfpp/keras/layers/pooling.h"

#include "keras/layers/config_util.h"
#include "keras/layers/spatial_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_conv3d.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

// ---- Windowed pooling ----------------------------------------------------------------------

BasePooling::BasePooling(int rank, bool max, const nn::Sizes& pool_size, PoolingOptions options, const char* class_name)
    : Layer(layer_options(options, class_name)), rank_(rank), max_(max), options_(std::move(options)) {
  pool_size_ = detail::spatial_tuple(name(), pool_size, rank, "pool_size");
  strides_ = options_.strides ? detail::spatial_tuple(name(), *options_.strides, rank, "strides") : pool_size_;
  padding_ = detail::padding_mode(name(), options_.padding, {"valid", "same"});
  channels_first_ = detail::channels_first(name(), options_.data_format);
}

void BasePooling::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, rank_ + 2);
  set_input_spec({.ndim = rank_ + 2});
}

Tensor BasePooling::call(const Tensor& inputs, bool) {
  Tensor x = channels_first_ ? detail::to_channels_last(inputs) : inputs;
  // As TensorFlow does: 1-D pooling is 2-D pooling over images of height 1.
  std::vector<std::int64_t> window = pool_size_, strides = strides_;
  if (rank_ == 1) {
    x = expand_dims(x, 1);
    window.insert(window.begin(), 1);
    strides.insert(strides.begin(), 1);
  }
  const std::string padding = detail::op_padding(padding_);
  Tensor y;
  if (rank_ == 3)
    y = max_ ? nn::max_pool3d(x, nn::Sizes(window), nn::Sizes(strides), padding)
             : nn::avg_pool3d(x, nn::Sizes(window), nn::Sizes(strides), padding);
  else
    y = max_ ? nn::max_pool2d(x, nn::Sizes(window), nn::Sizes(strides), padding)
             : nn::avg_pool2d(x, nn::Sizes(window), nn::Sizes(strides), padding);
  if (rank_ == 1) y = squeeze(y, {1});
  return channels_first_ ? detail::to_channels_first(y) : y;
}

Config BasePooling::get_config() const {
  Config c = Layer::get_config();
  c["pool_size"] = detail::int_list(pool_size_);
  c["padding"] = padding_;
  c["strides"] = detail::int_list(strides_);
  c["data_format"] = options_.data_format;
  return c;
}

std::pair<nn::Sizes, PoolingOptions> BasePooling::read_config(const Config& c) {
  PoolingOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "strides", o.strides, detail::sizes_from);
  detail::read_if_present(c, "padding", o.padding, [](const ConfigValue& v) { return v.get<std::string>(); });
  detail::read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  return {detail::sizes_from(detail::config_at(c, "pool_size", "Pooling")), o};
}

MaxPooling1D::MaxPooling1D(const nn::Sizes& pool_size, PoolingOptions options)
    : BasePooling(1, true, pool_size, std::move(options), "MaxPooling1D") {}
MaxPooling1D MaxPooling1D::from_config(const Config& c) {
  auto [pool_size, options] = read_config(detail::with_max_pooling_default(c));
  return MaxPooling1D(pool_size, options);
}

MaxPooling2D::MaxPooling2D(const nn::Sizes& pool_size, PoolingOptions options)
    : BasePooling(2, true, pool_size, std::move(options), "MaxPooling2D") {}
MaxPooling2D MaxPooling2D::from_config(const Config& c) {
  auto [pool_size, options] = read_config(detail::with_max_pooling_default(c));
  return MaxPooling2D(pool_size, options);
}

AveragePooling1D::AveragePooling1D(const nn::Sizes& pool_size, PoolingOptions options)
    : BasePooling(1, false, pool_size, std::move(options), "AveragePooling1D") {}
AveragePooling1D AveragePooling1D::from_config(const Config& c) {
  auto [pool_size, options] = read_config(c);
  return AveragePooling1D(pool_size, options);
}

AveragePooling2D::AveragePooling2D(const nn::Sizes& pool_size, PoolingOptions options)
    : BasePooling(2, false, pool_size, std::move(options), "AveragePooling2D") {}
AveragePooling2D AveragePooling2D::from_config(const Config& c) {
  auto [pool_size, options] = read_config(c);
  return AveragePooling2D(pool_size, options);
}

// ---- Global pooling ------------------------------------------------------------------------

BaseGlobalPooling::BaseGlobalPooling(int rank, bool max, GlobalPoolingOptions options, const char* class_name)
    : Layer(layer_options(options, class_name)), rank_(rank), max_(max), options_(std::move(options)) {
  channels_first_ = detail::channels_first(name(), options_.data_format);
}

void BaseGlobalPooling::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, rank_ + 2);
  set_input_spec({.ndim = rank_ + 2});
}

Tensor BaseGlobalPooling::call(const Tensor& x, bool) {
  std::vector<std::int64_t> axes;
  for (int i = 0; i < rank_; ++i) axes.push_back(channels_first_ ? 2 + i : 1 + i);
  const ReduceOptions options{.keepdims = options_.keepdims};
  if (max_) return reduce_max(x, axes, options);
  // The mean of integers is a float in Keras (its ops.mean promotes them).
  return reduce_mean(is_floating(x.dtype()) ? x : cast(x, dtype()), axes, options);
}

Config BaseGlobalPooling::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["keepdims"] = options_.keepdims;
  return c;
}

GlobalPoolingOptions BaseGlobalPooling::read_config(const Config& c) {
  GlobalPoolingOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  detail::read_if_present(c, "keepdims", o.keepdims, [](const ConfigValue& v) { return v.get<bool>(); });
  return o;
}

GlobalMaxPooling1D::GlobalMaxPooling1D(GlobalPoolingOptions options)
    : BaseGlobalPooling(1, true, std::move(options), "GlobalMaxPooling1D") {}
GlobalMaxPooling1D GlobalMaxPooling1D::from_config(const Config& c) { return GlobalMaxPooling1D(read_config(c)); }

GlobalMaxPooling2D::GlobalMaxPooling2D(GlobalPoolingOptions options)
    : BaseGlobalPooling(2, true, std::move(options), "GlobalMaxPooling2D") {}
GlobalMaxPooling2D GlobalMaxPooling2D::from_config(const Config& c) { return GlobalMaxPooling2D(read_config(c)); }

GlobalAveragePooling1D::GlobalAveragePooling1D(GlobalPoolingOptions options)
    : BaseGlobalPooling(1, false, std::move(options), "GlobalAveragePooling1D") {}
GlobalAveragePooling1D GlobalAveragePooling1D::from_config(const Config& c) { return GlobalAveragePooling1D(read_config(c)); }

GlobalAveragePooling2D::GlobalAveragePooling2D(GlobalPoolingOptions options)
    : BaseGlobalPooling(2, false, std::move(options), "GlobalAveragePooling2D") {}
GlobalAveragePooling2D GlobalAveragePooling2D::from_config(const Config& c) { return GlobalAveragePooling2D(read_config(c)); }

}  // namespace tf::keras::layers
