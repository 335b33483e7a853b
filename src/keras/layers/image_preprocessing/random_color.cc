// keras/src/layers/preprocessing/image_preprocessing/random_contrast.py and
// random_brightness.py: one random factor per image, results clipped to value_range.
#include <utility>

#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

namespace {

template <class O>
O color_options(const Config& c, const std::string& layer) {
  O o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  if (auto it = c.find("value_range"); it != c.end() && !it->second.is_null())
    o.value_range = image_util::pair_from(it->second, layer, "value_range");
  return o;
}

Config color_config(Config c, const std::pair<double, double>& factor, const RandomColorOptions& o) {
  c["data_format"] = o.data_format;
  c["factor"] = image_util::pair_config(factor);
  c["value_range"] = image_util::pair_config(o.value_range);
  c["seed"] = image_util::seed_config(o.seed);
  return c;
}

}  // namespace

RandomContrast::RandomContrast(Factor factor, RandomColorOptions options)
    : RandomAugmentation(layer_options(options, "RandomContrast")), range_(image_util::base_factor_range("RandomContrast", factor, 0, 1)),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  image_util::check_data_format(name(), options_.data_format);
}

Tensor RandomContrast::call(const Tensor& inputs, bool training) {
  if (!training) return image_util::autocast(inputs, dtype());
  // Keras adjusts floats only (integer images fail there); tfpp computes them in the layer's dtype.
  const image_util::Nhwc form = image_util::to_nhwc(name(), cast(inputs, dtype()), options_.data_format);
  const Tensor& x = form.images;
  const Tensor factor = image_util::per_image_uniform(generator_, x, {1, 1, 1}, 1.0 - range_.first, 1.0 + range_.second, x.dtype());
  const Tensor mean = reduce_mean(reduce_mean(x, {1}, {.keepdims = true}), {2}, {.keepdims = true});
  const Tensor out = clip_by_value((x - mean) * factor + mean, options_.value_range.first, options_.value_range.second);
  return image_util::from_nhwc(form, out);
}

Config RandomContrast::get_config() const { return color_config(Layer::get_config(), range_, options_); }

RandomContrast RandomContrast::from_config(const Config& c) {
  const ConfigValue& factor = detail::config_at(c, "factor", "RandomContrast");
  return RandomContrast(image_util::factor_from(factor, "RandomContrast"), color_options<RandomColorOptions>(c, "RandomContrast"));
}

RandomBrightness::RandomBrightness(Factor factor, RandomColorOptions options)
    : RandomAugmentation(layer_options(options, "RandomBrightness")), range_(image_util::base_factor_range("RandomBrightness", factor, -1, 1)),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  image_util::check_data_format(name(), options_.data_format);
  auto& [low, high] = options_.value_range;  // Keras sorts it
  if (low > high) std::swap(low, high);
}

Tensor RandomBrightness::call(const Tensor& inputs, bool training) {
  if (!training) return image_util::autocast(inputs, dtype());
  const Tensor x = image_util::autocast(inputs, dtype());
  const image_util::Nhwc form = image_util::to_nhwc(name(), is_floating(x.dtype()) ? x : cast(x, dtype()), options_.data_format);
  const Tensor& images = form.images;
  const double width = options_.value_range.second - options_.value_range.first;
  const Tensor delta = image_util::per_image_uniform(generator_, images, {1, 1, 1}, range_.first, range_.second) * width;
  Tensor out = clip_by_value(images + cast(delta, images.dtype()), options_.value_range.first, options_.value_range.second);
  // Integer images come back in their dtype (Keras adds the delta in it; tfpp adds it in float).
  if (x.dtype() != images.dtype()) out = cast(round(out), x.dtype());
  return image_util::from_nhwc(form, out);
}

Config RandomBrightness::get_config() const { return color_config(Layer::get_config(), range_, options_); }

RandomBrightness RandomBrightness::from_config(const Config& c) {
  const ConfigValue& factor = detail::config_at(c, "factor", "RandomBrightness");
  return RandomBrightness(image_util::factor_from(factor, "RandomBrightness"),
                          color_options<RandomColorOptions>(c, "RandomBrightness"));
}

}  // namespace tf::keras::layers
