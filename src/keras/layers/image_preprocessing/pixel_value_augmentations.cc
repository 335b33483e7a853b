// keras/src/layers/preprocessing/image_preprocessing/solarization.py, random_grayscale.py,
// random_invert.py and random_posterization.py: a random choice per image applied to its pixel
// values, computed in the [0, 255] scale where Keras does.
#include <sstream>

#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/color_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/bitwise_ops.h"
#include "tfpp/broadcast_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/image_augmentation.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"

namespace tf::keras::layers {

namespace {

std::string number_text(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

// Solarization's _set_factor: one number f is [0, f]; every number must lie in [0, 1].
std::pair<double, double> solarization_range(const std::string& layer, const Factor& factor) {
  for (double v : {factor.first(), factor.second()})
    if (v < 0 || v > 1)
      throw InvalidArgumentError("[" + layer + "] The `addition_factor` and `threshold_factor` arguments should be a number (or a list of "
                                 "two numbers) in the range [0, 1]. Received: input_number=" + number_text(v));
  return factor.is_range() ? color_util::sorted({factor.first(), factor.second()}) : std::pair<double, double>{0, factor.first()};
}

Factor factor_at(const Config& c, const char* key, const std::string& layer, Factor fallback) {
  if (auto it = c.find(key); it != c.end() && !it->second.is_null()) return image_util::factor_from(it->second, layer);
  return fallback;
}

template <class O>
O read_color_options(const Config& c, const std::string& layer) {
  O o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  o.value_range = color_util::range_from(c, "value_range", layer, o.value_range);
  return o;
}

// The images as Keras' tf backend casts them: the input dtype kept (uint8 truncated).
Tensor grayscale_like(const Tensor& images) {
  const DType compute = images.dtype() == float64 ? float64 : float32;
  const Tensor weights = cast(constant({0.2989, 0.5870, 0.1140}), compute);
  const Tensor luma = tensordot(cast(images, compute), weights, TensordotAxes{{3}, {0}});
  return cast(expand_dims(luma, -1), images.dtype());
}

}  // namespace

// ---- Solarization ----

Solarization::Solarization(SolarizationOptions options)
    : ImageAugmentation(layer_options(options, "Solarization")),
      addition_(solarization_range(name(), options.addition_factor)), threshold_(solarization_range(name(), options.threshold_factor)),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  options_.value_range = color_util::sorted(options_.value_range);
  image_util::check_data_format(name(), options_.data_format);
}

Tensor Solarization::call(const Tensor& inputs, bool training) {
  const Tensor x = cast(inputs, dtype());
  if (!training) return x;
  // One addition and one threshold per image: the layout of the pixels does not matter.
  const image_util::Nhwc form = image_util::to_nhwc(name(), x, "channels_last");
  const Tensor& images = form.images;
  const Tensor additions = image_util::per_image_uniform(generator_, images, {1, 1, 1}, addition_.first, addition_.second * 255, dtype());
  const Tensor thresholds = image_util::per_image_uniform(generator_, images, {1, 1, 1}, threshold_.first, threshold_.second * 255, dtype());
  Tensor out = clip_by_value(color_util::transform_value_range(images, options_.value_range, {0, 255}, dtype()) + additions, 0.0, 255.0);
  out = where(out < thresholds, out, scalar_like(out, 255.0) - out);
  return image_util::from_nhwc(form, color_util::transform_value_range(out, {0, 255}, options_.value_range, dtype()));
}

Config Solarization::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["value_range"] = color_util::range_config(options_.value_range);
  c["addition_factor"] = color_util::range_config(addition_);
  c["threshold_factor"] = color_util::range_config(threshold_);
  c["seed"] = image_util::seed_config(options_.seed);
  return c;
}

Solarization Solarization::from_config(const Config& c) {
  SolarizationOptions o = read_color_options<SolarizationOptions>(c, "Solarization");
  o.addition_factor = factor_at(c, "addition_factor", "Solarization", o.addition_factor);
  o.threshold_factor = factor_at(c, "threshold_factor", "Solarization", o.threshold_factor);
  return Solarization(o);
}

// ---- RandomGrayscale ----

RandomGrayscale::RandomGrayscale(double factor, RandomGrayscaleOptions options)
    : ImageAugmentation(layer_options(options, "RandomGrayscale")), factor_(factor), options_(std::move(options)),
      generator_(image_util::make_generator(options_.seed)) {
  if (factor_ < 0 || factor_ > 1)
    throw InvalidArgumentError("[" + name() + "] `factor` should be between 0 and 1. Received: factor=" + number_text(factor_));
  image_util::check_data_format(name(), options_.data_format);
}

void RandomGrayscale::build(const TensorShape& input_shape) {
  ImageAugmentation::build(input_shape);
  const std::int64_t channels = input_shape.dim(options_.data_format == "channels_first" ? -3 : -1);
  if (channels != 1 && channels != 3 && channels != None)
    throw InvalidArgumentError("[" + name() + "] Invalid channel size: expected 3 (RGB) or 1 (Grayscale). Received input with shape: images.shape=" +
                               input_shape.to_string());
}

Tensor RandomGrayscale::call(const Tensor& inputs, bool training) {
  const Tensor x = image_util::autocast(inputs, dtype());
  if (!training) return x;
  const image_util::Nhwc form = image_util::to_nhwc(name(), x, options_.data_format);
  const Tensor& images = form.images;
  const std::int64_t channels = images.shape().dim(3);
  if (channels != 1 && channels != 3)
    throw InvalidArgumentError("[" + name() + "] Invalid channel size: expected 3 (RGB) or 1 (Grayscale). Received input with shape: images.shape=" +
                               inputs.shape().to_string());
  const Tensor apply = image_util::per_image_uniform(generator_, images, {1, 1, 1}, 0.0, 1.0) < factor_;
  const Tensor gray = channels == 1 ? images : grayscale_like(images);
  return image_util::from_nhwc(form, where(apply, broadcast_to(gray, shape(images)), images));
}

Config RandomGrayscale::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["factor"] = factor_;
  return c;
}

RandomGrayscale RandomGrayscale::from_config(const Config& c) {
  RandomGrayscaleOptions o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  double factor = 0.5;
  detail::read_if_present(c, "factor", factor, [](const ConfigValue& v) { return v.as_double(); });
  return RandomGrayscale(factor, o);
}

// ---- RandomInvert ----

RandomInvert::RandomInvert(Factor factor, RandomColorOptions options)
    : ImageAugmentation(layer_options(options, "RandomInvert")), range_(image_util::base_factor_range(name(), factor, 0, 1)),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  image_util::check_data_format(name(), options_.data_format);
}

Tensor RandomInvert::call(const Tensor& inputs, bool training) {
  if (!training) return image_util::autocast(inputs, dtype());
  const image_util::Nhwc form = image_util::to_nhwc(name(), cast(inputs, dtype()), "channels_last");
  const Tensor& images = form.images;
  const Tensor probability = image_util::per_image_uniform(generator_, images, {1, 1, 1}, range_.first, range_.second);
  const Tensor apply = image_util::per_image_uniform(generator_, images, {1, 1, 1}, 0.0, 1.0) < probability;
  // Keras subtracts from the range's second number as given (not from low + high).
  return image_util::from_nhwc(form, where(apply, scalar_like(images, options_.value_range.second) - images, images));
}

Config RandomInvert::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["factor"] = color_util::range_config(range_);
  c["value_range"] = color_util::range_config(options_.value_range);
  c["seed"] = image_util::seed_config(options_.seed);
  return c;
}

RandomInvert RandomInvert::from_config(const Config& c) {
  return RandomInvert(factor_at(c, "factor", "RandomInvert", 1.0), read_color_options<RandomColorOptions>(c, "RandomInvert"));
}

// ---- RandomPosterization ----

RandomPosterization::RandomPosterization(Factor factor, RandomColorOptions options)
    : ImageAugmentation(layer_options(options, "RandomPosterization")),
      range_(image_util::base_factor_range(name(), factor, 1, 8)), options_(std::move(options)),
      generator_(image_util::make_generator(options_.seed)) {
  options_.value_range = color_util::sorted(options_.value_range);
  image_util::check_data_format(name(), options_.data_format);
}

Tensor RandomPosterization::call(const Tensor& inputs, bool training) {
  const Tensor x = image_util::autocast(inputs, dtype());
  if (!training) return x;
  const image_util::Nhwc form = image_util::to_nhwc(name(), x, "channels_last");
  const Tensor& images = form.images;
  const auto low = static_cast<std::int64_t>(range_.first), high = static_cast<std::int64_t>(range_.second);
  // Keras draws the bit count from [low, high) unless the two are equal.
  const Tensor bits = low != high ? image_util::per_image_uniform(generator_, images, {1, 1, 1}, double(low), double(high), int32)
                                  : fill({1, 1, 1, 1}, static_cast<int>(low));
  const Tensor shift = cast(8 - bits, uint8);
  const Tensor pixels = cast(color_util::transform_value_range(images, options_.value_range, {0, 255}, dtype()), uint8);
  const Tensor kept = cast(bitwise::left_shift(bitwise::right_shift(pixels, shift), shift), dtype());
  return image_util::from_nhwc(form, color_util::transform_value_range(kept, {0, 255}, options_.value_range, dtype()));
}

Config RandomPosterization::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["factor"] = color_util::range_config(range_);
  c["value_range"] = color_util::range_config(options_.value_range);
  c["seed"] = image_util::seed_config(options_.seed);
  return c;
}

RandomPosterization RandomPosterization::from_config(const Config& c) {
  const ConfigValue& factor = detail::config_at(c, "factor", "RandomPosterization");
  return RandomPosterization(image_util::factor_from(factor, "RandomPosterization"),
                             read_color_options<RandomColorOptions>(c, "RandomPosterization"));
}

}  // namespace tf::keras::layers
