// keras/src/layers/regularization/gaussian_noise.py, gaussian_dropout.py and alpha_dropout.py.
#include "tfpp/keras/layers/noise.h"

#include <cmath>

#include "keras/layers/config_util.h"
#include "tfpp/errors.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/random_ops.h"

namespace tf::keras::layers {

namespace {

void check_rate(const std::string& layer, double rate) {
  if (!(rate >= 0 && rate <= 1))
    throw InvalidArgumentError("[" + layer + "] Invalid value received for argument `rate`. Expected a float value "
                               "between 0 and 1. Received: rate=" + std::to_string(rate));
}

// The input's shape, for the random draws (which need it fully known, as Dropout's).
TensorShape noise_shape_of(const std::string& layer, const Tensor& x) {
  if (!x.shape().is_fully_defined())
    throw InvalidArgumentError("[" + layer + "] needs a fully defined input shape for its noise, got " +
                               x.shape().debug_string());
  return x.shape();
}

ConfigValue optional_seed(const std::optional<std::int64_t>& seed) { return seed ? ConfigValue(*seed) : ConfigValue(); }

template <class O>
O noise_options(const Config& c) {
  O o;
  detail::read_common(c, o);
  detail::read_if_present(c, "seed", o.seed, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  return o;
}

}  // namespace

GaussianNoise::GaussianNoise(double stddev, NoiseOptions options)
    : Layer(layer_options(options, "GaussianNoise")), stddev_(stddev), options_(std::move(options)) {
  if (!(stddev >= 0))
    throw InvalidArgumentError("[" + name() + "] Invalid value received for argument `stddev`. Expected a float value "
                               ">= 0. Received: stddev=" + std::to_string(stddev));
  set_supports_masking();
}
Tensor GaussianNoise::call(const Tensor& x, bool training) {
  if (!training || stddev_ == 0) return x;
  return x + random::stateless_normal(noise_shape_of(name(), x), next_seed(options_.seed), {.mean = 0.0, .stddev = stddev_, .dtype = x.dtype()});
}
Config GaussianNoise::get_config() const {
  Config c = Layer::get_config();
  c["stddev"] = stddev_;
  c["seed"] = optional_seed(options_.seed);
  return c;
}
GaussianNoise GaussianNoise::from_config(const Config& c) {
  return GaussianNoise(detail::config_at(c, "stddev", "GaussianNoise").as_double(), noise_options<NoiseOptions>(c));
}

GaussianDropout::GaussianDropout(double rate, NoiseOptions options)
    : Layer(layer_options(options, "GaussianDropout")), rate_(rate), options_(std::move(options)) {
  check_rate(name(), rate);
  set_supports_masking();
}
Tensor GaussianDropout::call(const Tensor& x, bool training) {
  if (!training || rate_ == 0) return x;
  const double stddev = std::sqrt(rate_ / (1.0 - rate_));
  return x * random::stateless_normal(noise_shape_of(name(), x), next_seed(options_.seed), {.mean = 1.0, .stddev = stddev, .dtype = x.dtype()});
}
Config GaussianDropout::get_config() const {
  Config c = Layer::get_config();
  c["rate"] = rate_;
  c["seed"] = optional_seed(options_.seed);
  return c;
}
GaussianDropout GaussianDropout::from_config(const Config& c) {
  return GaussianDropout(detail::config_at(c, "rate", "GaussianDropout").as_double(), noise_options<NoiseOptions>(c));
}

AlphaDropout::AlphaDropout(double rate, AlphaDropoutOptions options)
    : Layer(layer_options(options, "AlphaDropout")), rate_(rate), options_(std::move(options)) {
  check_rate(name(), rate);
  set_supports_masking();
}
Tensor AlphaDropout::call(const Tensor& x, bool training) {
  if (!training || rate_ == 0) return x;
  // SELU's constants: dropped units go to its negative saturation -alpha * scale.
  constexpr double kAlpha = 1.6732632423543772848170429916717, kScale = 1.0507009873554804934193349852946;
  constexpr double alpha_p = -kAlpha * kScale;
  TensorShape shape = noise_shape_of(name(), x);
  if (options_.noise_shape) {
    std::vector<std::int64_t> dims = *options_.noise_shape;
    if (static_cast<int>(dims.size()) != shape.rank())
      throw InvalidArgumentError("[" + name() + "] noise_shape has " + std::to_string(dims.size()) +
                                 " entries for an input of shape " + shape.to_string());
    for (std::size_t i = 0; i < dims.size(); ++i)
      if (dims[i] < 0) dims[i] = shape[static_cast<int>(i)];
    shape = TensorShape(dims);
  }
  const Tensor kept = cast(random::stateless_uniform(shape, next_seed(options_.seed), {.minval = 0.0, .maxval = 1.0, .dtype = x.dtype()}) >= rate_,
                           x.dtype());
  const double a = std::pow((1.0 - rate_) * (1.0 + rate_ * alpha_p * alpha_p), -0.5);
  const double b = -a * alpha_p * rate_;
  return (x * kept + (1.0 - kept) * alpha_p) * a + b;
}
Config AlphaDropout::get_config() const {
  Config c = Layer::get_config();
  c["rate"] = rate_;
  c["seed"] = optional_seed(options_.seed);
  // tf.keras' AlphaDropout (Keras' legacy class) writes no noise_shape; a set one is kept, as Keras 3's writes it.
  if (options_.noise_shape) c["noise_shape"] = detail::int_list(*options_.noise_shape);
  return c;
}
AlphaDropout AlphaDropout::from_config(const Config& c) {
  auto o = noise_options<AlphaDropoutOptions>(c);
  detail::read_if_present(c, "noise_shape", o.noise_shape, [](const ConfigValue& v) { return detail::int_list_from(v); });
  return AlphaDropout(detail::config_at(c, "rate", "AlphaDropout").as_double(), o);
}

}  // namespace tf::keras::layers
