// keras/src/layers/preprocessing/image_preprocessing/random_hue.py, random_saturation.py,
// random_color_degeneration.py, random_sharpness.py and random_color_jitter.py: one random
// factor per image, applied through HSV, a blend with the grayscale image or with a 3x3 blur.
#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/color_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/keras/layers/image_augmentation_color.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_ops.h"

namespace tf::keras::layers {

namespace {

template <class O>
O read_color_options(const Config& c, const std::string& layer) {
  O o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  o.value_range = color_util::range_from(c, "value_range", layer, o.value_range);
  return o;
}

Config write_color_config(Config c, const std::pair<double, double>& factor, const RandomColorOptions& o) {
  c["data_format"] = o.data_format;
  c["factor"] = color_util::range_config(factor);
  c["value_range"] = color_util::range_config(o.value_range);
  c["seed"] = image_util::seed_config(o.seed);
  return c;
}

// HSV channels of NHWC float images, `edit`ed as (hue, saturation) -> (hue, saturation), back to RGB.
template <class F>
Tensor edit_hsv(const Tensor& images, F&& edit) {
  const std::vector<Tensor> hsv = unstack(image::rgb_to_hsv(images), 3);
  auto [hue, saturation] = edit(hsv[0], hsv[1]);
  return image::hsv_to_rgb(stack({hue, saturation, hsv[2]}, 3));
}

// Keras' rgb_to_grayscale of float images: the luma in one channel (one-channel images as they are).
Tensor luma(const std::string& layer, const Tensor& images, const TensorShape& input_shape) {
  const std::int64_t channels = images.shape().dim(3);
  if (channels == 1) return images;
  if (channels != 3)
    throw InvalidArgumentError("[" + layer + "] Invalid channel size: expected 3 (RGB) or 1 (Grayscale). Received input with shape: images.shape=" +
                               input_shape.to_string());
  const Tensor weights = cast(constant({0.2989, 0.5870, 0.1140}), images.dtype());
  return expand_dims(tensordot(images, weights, TensordotAxes{{3}, {0}}), 3);
}

std::optional<std::int64_t> step_seed(const std::optional<std::int64_t>& seed, int step) {
  return seed ? std::optional<std::int64_t>(*seed + step) : std::nullopt;
}

}  // namespace

// ---- RandomHue ----

RandomHue::RandomHue(Factor factor, RandomColorOptions options)
    : ImageAugmentation(layer_options(options, "RandomHue")), range_(image_util::base_factor_range(name(), factor, 0, 1)),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  image_util::check_data_format(name(), options_.data_format);
}

Tensor RandomHue::call(const Tensor& inputs, bool training) {
  if (!training) return image_util::autocast(inputs, dtype());
  const image_util::Nhwc form = image_util::to_nhwc(name(), cast(inputs, dtype()), options_.data_format);
  const Tensor images = color_util::transform_value_range(form.images, options_.value_range, {0, 1}, float32);
  const Tensor direction = where(image_util::per_image_uniform(generator_, images, {1, 1}, 0.0, 1.0) > 0.5f, constant(-1.0f), constant(1.0f));
  const Tensor shift = cast(direction * image_util::per_image_uniform(generator_, images, {1, 1}, range_.first, range_.second) * 0.5f,
                            images.dtype());
  Tensor out = edit_hsv(images, [&](const Tensor& h, const Tensor& s) {
    Tensor hue = h + shift;
    hue = where(hue > 1.0f, hue - 1.0f, hue);
    return std::pair{where(hue < 0.0f, hue + 1.0f, hue), s};
  });
  out = color_util::transform_value_range(clip_by_value(out, 0.0, 1.0), {0, 1}, options_.value_range, float32);
  return image_util::from_nhwc(form, cast(out, dtype()));
}

Config RandomHue::get_config() const { return write_color_config(Layer::get_config(), range_, options_); }

RandomHue RandomHue::from_config(const Config& c) {
  return RandomHue(image_util::factor_from(detail::config_at(c, "factor", "RandomHue"), "RandomHue"),
                   read_color_options<RandomColorOptions>(c, "RandomHue"));
}

// ---- RandomSaturation ----

RandomSaturation::RandomSaturation(Factor factor, RandomColorOptions options)
    : ImageAugmentation(layer_options(options, "RandomSaturation")), range_(image_util::base_factor_range(name(), factor, -1, 1)),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  options_.value_range = color_util::sorted(options_.value_range);
  image_util::check_data_format(name(), options_.data_format);
}

Tensor RandomSaturation::call(const Tensor& inputs, bool training) {
  const Tensor x = image_util::autocast(inputs, dtype());
  if (!training) return x;
  if (!is_floating(x.dtype()))
    throw InvalidArgumentError("[" + name() + "] Invalid images dtype: expected float dtype. Received: images.dtype=" +
                               std::string(dtype_name(x.dtype())));
  const image_util::Nhwc form = image_util::to_nhwc(name(), x, options_.data_format);
  const Tensor f = image_util::per_image_uniform(generator_, form.images, {1, 1}, range_.first, range_.second);
  const Tensor scale = cast(f / ((1.0f - f) + 1e-7f), x.dtype());
  const Tensor out = edit_hsv(form.images, [&](const Tensor& h, const Tensor& s) {
    return std::pair{h, clip_by_value(s * scale, options_.value_range.first, options_.value_range.second)};
  });
  return image_util::from_nhwc(form, out);
}

Config RandomSaturation::get_config() const { return write_color_config(Layer::get_config(), range_, options_); }

RandomSaturation RandomSaturation::from_config(const Config& c) {
  return RandomSaturation(image_util::factor_from(detail::config_at(c, "factor", "RandomSaturation"), "RandomSaturation"),
                          read_color_options<RandomColorOptions>(c, "RandomSaturation"));
}

// ---- RandomColorDegeneration ----

RandomColorDegeneration::RandomColorDegeneration(Factor factor, RandomColorOptions options)
    : ImageAugmentation(layer_options(options, "RandomColorDegeneration")),
      range_(image_util::base_factor_range(name(), factor, -1, 1)), options_(std::move(options)),
      generator_(image_util::make_generator(options_.seed)) {
  options_.value_range = color_util::sorted(options_.value_range);
  image_util::check_data_format(name(), options_.data_format);
}

Tensor RandomColorDegeneration::call(const Tensor& inputs, bool training) {
  if (!training) return image_util::autocast(inputs, dtype());
  const image_util::Nhwc form = image_util::to_nhwc(name(), cast(inputs, dtype()), options_.data_format);
  const Tensor& images = form.images;
  const Tensor factor = image_util::per_image_uniform(generator_, images, {1, 1, 1}, range_.first, range_.second, dtype());
  const Tensor out = images + factor * (luma(name(), images, inputs.shape()) - images);
  return image_util::from_nhwc(form, clip_by_value(out, options_.value_range.first, options_.value_range.second));
}

Config RandomColorDegeneration::get_config() const { return write_color_config(Layer::get_config(), range_, options_); }

RandomColorDegeneration RandomColorDegeneration::from_config(const Config& c) {
  return RandomColorDegeneration(image_util::factor_from(detail::config_at(c, "factor", "RandomColorDegeneration"), "RandomColorDegeneration"),
                                 read_color_options<RandomColorOptions>(c, "RandomColorDegeneration"));
}

// ---- RandomSharpness ----

RandomSharpness::RandomSharpness(Factor factor, RandomColorOptions options)
    : ImageAugmentation(layer_options(options, "RandomSharpness")), range_(image_util::base_factor_range(name(), factor, 0, 1)),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  options_.value_range = color_util::sorted(options_.value_range);
  image_util::check_data_format(name(), options_.data_format);
}

Tensor RandomSharpness::call(const Tensor& inputs, bool training) {
  const Tensor x = cast(inputs, dtype());
  if (!training) return x;
  const image_util::Nhwc form = image_util::to_nhwc(name(), x, options_.data_format);
  const Tensor& images = form.images;
  const std::int64_t channels = images.shape().dim(3);
  if (channels == None)
    throw InvalidArgumentError("[" + name() + "] needs a known number of channels. Received: images.shape=" + inputs.shape().to_string());
  const Tensor sharpness = image_util::per_image_uniform(generator_, images, {1, 1, 1}, range_.first, range_.second) * 2.0f;
  // Keras' smoothing kernel: 5/13 at the centre, 1/13 around it, per channel.
  const float a = static_cast<float>(1.0 / 13.0), b = static_cast<float>(5.0 / 13.0);
  const Tensor kernel = tile(reshape(cast(constant({a, a, a, a, b, a, a, a, a}), dtype()), {3, 3, 1, 1}), {1, 1, channels, 1});
  const Tensor smoothed = nn::depthwise_conv2d(images, kernel, {1, 1, 1, 1}, "SAME");
  const Tensor out = images + (1.0f - cast(sharpness, dtype())) * (smoothed - images);
  return image_util::from_nhwc(form, clip_by_value(out, options_.value_range.first, options_.value_range.second));
}

Config RandomSharpness::get_config() const { return write_color_config(Layer::get_config(), range_, options_); }

RandomSharpness RandomSharpness::from_config(const Config& c) {
  return RandomSharpness(image_util::factor_from(detail::config_at(c, "factor", "RandomSharpness"), "RandomSharpness"),
                         read_color_options<RandomColorOptions>(c, "RandomSharpness"));
}

// ---- RandomColorJitter ----

RandomColorJitter::RandomColorJitter(RandomColorJitterOptions options)
    : ImageAugmentation(layer_options(options, "RandomColorJitter")), options_(std::move(options)) {
  image_util::check_data_format(name(), options_.data_format);
  // Keras gives its steps the default data_format; tfpp passes the jitter's on.
  const auto step = [&](int i) {
    return RandomColorOptions{.value_range = options_.value_range, .seed = step_seed(options_.seed, i), .data_format = options_.data_format};
  };
  if (options_.brightness_factor) brightness_.emplace(*options_.brightness_factor, step(0));
  if (options_.contrast_factor) contrast_.emplace(*options_.contrast_factor, step(1));
  if (options_.saturation_factor) saturation_.emplace(*options_.saturation_factor, step(2));
  if (options_.hue_factor) hue_.emplace(*options_.hue_factor, step(3));
}

Tensor RandomColorJitter::call(const Tensor& inputs, bool training) {
  if (!training) return image_util::autocast(inputs, dtype());
  Tensor images = cast(inputs, dtype());
  if (brightness_) images = brightness_->call(images, true);
  if (contrast_) images = contrast_->call(images, true);
  if (saturation_) images = saturation_->call(images, true);
  if (hue_) images = hue_->call(images, true);
  return cast(images, dtype());
}

Config RandomColorJitter::get_config() const {
  Config c = Layer::get_config();
  const auto factor = [](const std::optional<Factor>& f) { return f ? image_util::factor_config(*f) : ConfigValue(); };
  c["data_format"] = options_.data_format;
  c["value_range"] = color_util::range_config(options_.value_range);
  c["brightness_factor"] = factor(options_.brightness_factor);
  c["contrast_factor"] = factor(options_.contrast_factor);
  c["saturation_factor"] = factor(options_.saturation_factor);
  c["hue_factor"] = factor(options_.hue_factor);
  c["seed"] = image_util::seed_config(options_.seed);
  return c;
}

RandomColorJitter RandomColorJitter::from_config(const Config& c) {
  RandomColorJitterOptions o = read_color_options<RandomColorJitterOptions>(c, "RandomColorJitter");
  const auto read = [&](const char* key, std::optional<Factor>& out) {
    if (auto it = c.find(key); it != c.end() && !it->second.is_null()) out = image_util::factor_from(it->second, "RandomColorJitter");
  };
  read("brightness_factor", o.brightness_factor);
  read("contrast_factor", o.contrast_factor);
  read("saturation_factor", o.saturation_factor);
  read("hue_factor", o.hue_factor);
  return RandomColorJitter(o);
}

}  // namespace tf::keras::layers
