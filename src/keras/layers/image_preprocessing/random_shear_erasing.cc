// keras/src/layers/preprocessing/image_preprocessing/random_shear.py and random_erasing.py:
// a shear of the sampling grid through ImageProjectiveTransformV3, and a box of each image
// replaced by a fill, drawn per image.
#include <sstream>

#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/color_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/broadcast_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/functional_ops.h"
#include "tfpp/keras/layers/image_augmentation_geometry.h"
#include "tfpp/math_ops.h"

namespace tf::keras::layers {

namespace {

std::string number_text(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

// RandomShear's factors: numbers in [0, 1]; one number f is [-f, f].
std::pair<double, double> shear_range(const std::string& layer, const Factor& factor) {
  for (double v : {factor.first(), factor.second()})
    if (v < 0 || v > 1)
      throw InvalidArgumentError("[" + layer + "] The `factor` argument should be a number (or a list of two numbers) in the range [0, 1.0]. "
                                 "Received: input_number=" + number_text(v));
  if (factor.is_range()) return color_util::sorted({factor.first(), factor.second()});
  return {-factor.first(), factor.first()};
}

// RandomErasing's scale: Keras' _set_factor within [0, 1] under the name `scale`.
std::pair<double, double> scale_range(const std::string& layer, const Factor& scale) {
  const bool bad = scale.is_range() ? scale.first() > 1 || scale.second() < 0 : scale.first() < 0 || scale.first() > 1;
  if (bad) {
    const std::string given = scale.is_range() ? "(" + number_text(scale.first()) + ", " + number_text(scale.second()) + ")" : number_text(scale.first());
    throw InvalidArgumentError("[" + layer + "] The `scale` argument should be a number (or a list of two numbers) in the range [0, 1]. "
                               "Received: factor=" + given);
  }
  if (scale.is_range()) return color_util::sorted({scale.first(), scale.second()});
  return {0, scale.first()};
}

// Standard normal noise of the images' shape, also when the batch size is known only at run time.
Tensor normal_like(random::Generator& generator, const Tensor& images) {
  const TensorShape& s = images.shape();
  if (s.is_fully_defined()) return generator.normal(s, 0.0, 1.0, images.dtype());
  const TensorShape image({s.dim(1), s.dim(2), s.dim(3)});
  return map_fn([&](const Tensor&) { return generator.normal(image, 0.0, 1.0, images.dtype()); }, images, images.dtype());
}

// Keras' _compute_crop_bounds: a window of ratio * length starting at a uniform fraction of the rest.
std::pair<Tensor, Tensor> crop_bounds(random::Generator& generator, const Tensor& images, const Tensor& ratio, std::int64_t length) {
  const Tensor size = ratio * static_cast<float>(length);
  const Tensor start = image_util::per_image_uniform(generator, images, {}, 0.0, 1.0) * (static_cast<float>(length) - size);
  return {start, start + size};
}

}  // namespace

// ---- RandomShear ----

RandomShear::RandomShear(Factor x_factor, Factor y_factor, RandomAffineOptions options)
    : ImageAugmentation(layer_options(options, "RandomShear")), x_range_(shear_range(name(), x_factor)),
      y_range_(shear_range(name(), y_factor)), options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  image_util::check_choice(name(), "fill_mode", options_.fill_mode, {"reflect", "wrap", "constant", "nearest"});
  image_util::check_choice(name(), "interpolation", options_.interpolation, {"nearest", "bilinear"});
  image_util::check_data_format(name(), options_.data_format);
}

Tensor RandomShear::call(const Tensor& inputs, bool training) {
  const Tensor x = cast(inputs, dtype());
  if (!training) return x;
  const image_util::Nhwc form = image_util::to_nhwc(name(), x, options_.data_format);
  const Tensor& images = form.images;
  const Tensor sign = where(image_util::per_image_uniform(generator_, images, {1}, 0.0, 1.0) > 0.5f, constant(-1.0f), constant(1.0f));
  const Tensor shear_y = image_util::per_image_uniform(generator_, images, {1}, y_range_.first, y_range_.second) * sign;
  const Tensor shear_x = image_util::per_image_uniform(generator_, images, {1}, x_range_.first, x_range_.second) * sign;
  const Tensor one = ones_like(shear_x), zero = zeros_like(shear_x);
  const Tensor transforms = concat({one, shear_x, zero, shear_y, one, zero, zero, zero}, 1);
  return image_util::from_nhwc(form, image_util::affine_transform(images, transforms, options_.interpolation, options_.fill_mode,
                                                                  options_.fill_value));
}

Config RandomShear::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["x_factor"] = color_util::range_config(x_range_);
  c["y_factor"] = color_util::range_config(y_range_);
  c["fill_mode"] = options_.fill_mode;
  c["interpolation"] = options_.interpolation;
  c["seed"] = image_util::seed_config(options_.seed);
  c["fill_value"] = options_.fill_value;
  return c;
}

RandomShear RandomShear::from_config(const Config& c) {
  RandomAffineOptions o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  const auto text = [](const ConfigValue& v) { return v.get<std::string>(); };
  detail::read_if_present(c, "fill_mode", o.fill_mode, text);
  detail::read_if_present(c, "interpolation", o.interpolation, text);
  detail::read_if_present(c, "fill_value", o.fill_value, [](const ConfigValue& v) { return v.as_double(); });
  // Keras writes a number f as [-f, f], which its own from_config rejects; tfpp reads it back as f.
  const auto factor = [&](const char* key) {
    auto it = c.find(key);
    if (it == c.end() || it->second.is_null()) return Factor(0.0);
    const Factor f = image_util::factor_from(it->second, "RandomShear");
    return f.is_range() && f.first() < 0 && f.first() == -f.second() ? Factor(f.second()) : f;
  };
  return RandomShear(factor("x_factor"), factor("y_factor"), o);
}

// ---- RandomErasing ----

RandomErasing::RandomErasing(RandomErasingOptions options)
    : ImageAugmentation(layer_options(options, "RandomErasing")), factor_(image_util::base_factor_range(name(), options.factor, 0, 1)),
      scale_(scale_range(name(), options.scale)), options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  image_util::check_data_format(name(), options_.data_format);
  if (options_.fill_value && options_.fill_value->size() != 1 && options_.fill_value->size() != 3)
    throw InvalidArgumentError("[" + name() + "] The `fill_value` argument should be a number (or a list of three numbers) ");
}

Tensor RandomErasing::call(const Tensor& inputs, bool training) {
  const Tensor x = cast(inputs, dtype());
  if (!training) return x;
  const image_util::Nhwc form = image_util::to_nhwc(name(), x, options_.data_format);
  const Tensor& images = form.images;
  const auto [height, width] = image_util::known_height_width(name(), images);
  // The box: sqrt of an area fraction of each side, at a uniform place.
  const Tensor ratios = sqrt(image_util::per_image_uniform(generator_, images, {2}, scale_.first, scale_.second, dtype()));
  const auto [x0, x1] = crop_bounds(generator_, images, reshape(slice(ratios, {0, 0}, {-1, 1}), {-1}), width);
  const auto [y0, y1] = crop_bounds(generator_, images, reshape(slice(ratios, {0, 1}, {-1, 1}), {-1}), height);
  const auto column = [](const Tensor& t) { return reshape(t, {-1, 1, 1, 1}); };
  const Tensor grid_x = reshape(range(0.0, static_cast<double>(width), 1.0, dtype()), {1, 1, -1, 1});
  const Tensor grid_y = reshape(range(0.0, static_cast<double>(height), 1.0, dtype()), {1, -1, 1, 1});
  const Tensor in_box = logical_and(logical_and(grid_x >= column(x0), grid_x < column(x1)),
                                    logical_and(grid_y >= column(y0), grid_y < column(y1)));
  const Tensor probability = image_util::per_image_uniform(generator_, images, {1, 1, 1}, factor_.first, factor_.second);
  const Tensor erase = image_util::per_image_uniform(generator_, images, {1, 1, 1}, 0.0, 1.0) < probability;
  Tensor fill;
  if (!options_.fill_value) {
    fill = normal_like(generator_, images) * static_cast<float>(options_.value_range.second);
  } else {
    std::vector<float> values(options_.fill_value->begin(), options_.fill_value->end());
    fill = cast(constant(values), dtype());
  }
  fill = clip_by_value(fill, options_.value_range.first, options_.value_range.second);
  const Tensor out = where(logical_and(in_box, erase), broadcast_to(fill, shape(images)), images);
  return image_util::from_nhwc(form, out);
}

Config RandomErasing::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["factor"] = color_util::range_config(factor_);
  c["scale"] = color_util::range_config(scale_);
  if (!options_.fill_value) {
    c["fill_value"] = ConfigValue();
  } else if (options_.fill_value->size() == 1) {
    c["fill_value"] = color_util::number_config(options_.fill_value->front());
  } else {
    ConfigValue::List list;
    for (double v : *options_.fill_value) list.push_back(color_util::number_config(v));
    c["fill_value"] = list;
  }
  c["value_range"] = color_util::range_config(options_.value_range);
  c["seed"] = image_util::seed_config(options_.seed);
  return c;
}

RandomErasing RandomErasing::from_config(const Config& c) {
  RandomErasingOptions o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  o.value_range = color_util::range_from(c, "value_range", "RandomErasing", o.value_range);
  if (auto it = c.find("factor"); it != c.end() && !it->second.is_null()) o.factor = image_util::factor_from(it->second, "RandomErasing");
  if (auto it = c.find("scale"); it != c.end() && !it->second.is_null()) o.scale = image_util::factor_from(it->second, "RandomErasing");
  if (auto it = c.find("fill_value"); it != c.end() && !it->second.is_null()) {
    std::vector<double> values;
    if (it->second.holds<ConfigValue::List>()) {
      for (const ConfigValue& v : it->second.get<ConfigValue::List>()) values.push_back(v.as_double());
    } else {
      values.push_back(it->second.as_double());
    }
    o.fill_value = values;
  }
  return RandomErasing(o);
}

}  // namespace tf::keras::layers
