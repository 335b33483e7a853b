#include "tfpp/keras/layers/regularization.h"

#include "keras/layers/config_util.h"
#include "keras/layers/spatial_util.h"
#include "tfpp/errors.h"
#include "tfpp/nn_ops.h"

namespace tf::keras::layers {

SpatialDropout::SpatialDropout(int spatial_rank, double rate, SpatialDropoutOptions options, const char* class_name)
    : Layer(layer_options(options, class_name)), spatial_rank_(spatial_rank), rate_(rate), options_(std::move(options)) {
  if (!(rate >= 0 && rate <= 1))
    throw InvalidArgumentError("[" + name() + "] invalid value received for argument `rate`. Expected a float value "
                               "between 0 and 1. Received: rate=" + std::to_string(rate));
  if (options_.activity_regularizer)
    throw InvalidArgumentError("[" + name() + "] " + class_name + " takes no activity_regularizer (as in Keras)");
  channels_first_ = spatial_rank > 1 && detail::channels_first(name(), options_.data_format);
}

void SpatialDropout::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, spatial_rank_ + 2);
  set_input_spec({.ndim = spatial_rank_ + 2});
}

Tensor SpatialDropout::call(const Tensor& x, bool training) {
  if (!training || rate_ == 0) return x;
  if (rate_ == 1) return x * 0.0;
  // One draw per (sample, channel), broadcast over the feature map (Keras' _get_noise_shape).
  std::vector<std::int64_t> noise(static_cast<std::size_t>(spatial_rank_ + 2), 1);
  noise.front() = -1;
  noise[channels_first_ ? 1 : noise.size() - 1] = -1;
  return nn::stateless_dropout(x, rate_, next_seed(options_.seed), noise);
}

Config SpatialDropout::get_config() const {
  Config c{{"name", name()}, {"dtype", std::string(dtype_name(dtype()))}, {"rate", rate_}};
  c["seed"] = options_.seed ? ConfigValue(*options_.seed) : ConfigValue();
  if (spatial_rank_ > 1) c["data_format"] = options_.data_format;
  return c;
}

SpatialDropoutOptions SpatialDropout::options_from_config(const Config& c) {
  SpatialDropoutOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  detail::read_if_present(c, "seed", o.seed, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  return o;
}

SpatialDropout1D::SpatialDropout1D(double rate, SpatialDropoutOptions options)
    : SpatialDropout(1, rate, std::move(options), "SpatialDropout1D") {}
SpatialDropout1D SpatialDropout1D::from_config(const Config& c) {
  return SpatialDropout1D(detail::config_at(c, "rate", "SpatialDropout1D").as_double(), options_from_config(c));
}

SpatialDropout2D::SpatialDropout2D(double rate, SpatialDropoutOptions options)
    : SpatialDropout(2, rate, std::move(options), "SpatialDropout2D") {}
SpatialDropout2D SpatialDropout2D::from_config(const Config& c) {
  return SpatialDropout2D(detail::config_at(c, "rate", "SpatialDropout2D").as_double(), options_from_config(c));
}

SpatialDropout3D::SpatialDropout3D(double rate, SpatialDropoutOptions options)
    : SpatialDropout(3, rate, std::move(options), "SpatialDropout3D") {}
SpatialDropout3D SpatialDropout3D::from_config(const Config& c) {
  return SpatialDropout3D(detail::config_at(c, "rate", "SpatialDropout3D").as_double(), options_from_config(c));
}

}  // namespace tf::keras::layers
