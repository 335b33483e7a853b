// keras/src/layers/preprocessing/image_preprocessing/random_rotation.py, random_zoom.py and
// random_translation.py: a random affine map per image (float32 [batch, 8] rows mapping output
// pixels to input points, built as Keras builds them), applied by ImageProjectiveTransformV3.
#include <numbers>

#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"

namespace tf::keras::layers {

namespace {

void check_affine_options(const std::string& layer, const RandomAffineOptions& o) {
  image_util::check_choice(layer, "fill_mode", o.fill_mode, {"reflect", "wrap", "constant", "nearest"});
  image_util::check_choice(layer, "interpolation", o.interpolation, {"nearest", "bilinear"});
  image_util::check_data_format(layer, o.data_format);
}

RandomAffineOptions affine_options(const Config& c) {
  RandomAffineOptions o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  auto text = [](const ConfigValue& v) { return v.get<std::string>(); };
  detail::read_if_present(c, "fill_mode", o.fill_mode, text);
  detail::read_if_present(c, "interpolation", o.interpolation, text);
  detail::read_if_present(c, "fill_value", o.fill_value, [](const ConfigValue& v) { return v.as_double(); });
  return o;
}

void write_affine_options(Config& c, const RandomAffineOptions& o) {
  c["data_format"] = o.data_format;
  c["fill_mode"] = o.fill_mode;
  c["fill_value"] = o.fill_value;
  c["interpolation"] = o.interpolation;
  c["seed"] = image_util::seed_config(o.seed);
}

// Runs `transforms_for(images)` ([batch, 8]) on the images in NHWC form, when training.
template <class F>
Tensor transform_images(const Layer& layer, const Tensor& inputs, bool training, const RandomAffineOptions& o, F&& transforms_for) {
  const Tensor x = cast(inputs, layer.dtype());
  if (!training) return x;
  const image_util::Nhwc form = image_util::to_nhwc(layer.name(), x, o.data_format);
  const Tensor transforms = transforms_for(form.images);
  return image_util::from_nhwc(form, image_util::affine_transform(form.images, transforms, o.interpolation, o.fill_mode, o.fill_value));
}

// The float32 size of axis `axis` of the images, as a scalar tensor.
Tensor axis_size(const Tensor& images, int axis) {
  const std::int64_t n = images.shape().dim(axis);
  return n != None ? constant(static_cast<float>(n)) : cast(slice(shape(images), {axis}, {1}), float32);
}

std::pair<double, double> zoom_range(const std::string& what, const Factor& f) {
  return image_util::checked_factor_range("RandomZoom", what, f, -1, 1, true);
}

std::pair<double, double> translation_range(const std::string& what, const Factor& f) {
  return image_util::checked_factor_range("RandomTranslation", what, f, -1, 1, false);
}

}  // namespace

RandomRotation::RandomRotation(Factor factor, RandomAffineOptions options)
    : RandomAugmentation(layer_options(options, "RandomRotation")), range_(image_util::base_factor_range("RandomRotation", factor, -1, 1)),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  check_affine_options(name(), options_);
}

Tensor RandomRotation::call(const Tensor& inputs, bool training) {
  return transform_images(*this, inputs, training, options_, [&](const Tensor& images) {
    // Keras' _compute_affine_matrix with no shear, scale 1 and the centre ((w - 1) / 2, (h - 1) / 2).
    const Tensor degrees = image_util::per_image_uniform(generator_, images, {}, range_.first * 360.0, range_.second * 360.0);
    const Tensor angle = image_util::column(degrees * constant(static_cast<float>(std::numbers::pi / 180.0)));
    const Tensor cx = 0.5f * (axis_size(images, 2) - 1.0f), cy = 0.5f * (axis_size(images, 1) - 1.0f);
    const Tensor cos_a = cos(angle), sin_a = sin(angle);
    const Tensor a0 = cos_a, a1 = -sin_a, b0 = sin_a, b1 = cos_a;
    const Tensor a2 = cx - cx * a0 - cy * a1, b2 = cy - cx * b0 - cy * b1;
    const Tensor zero = zeros_like(a0);
    return concat({a0, a1, a2, b0, b1, b2, zero, zero}, 1);
  });
}

Config RandomRotation::get_config() const {
  Config c = Layer::get_config();
  c["factor"] = image_util::pair_config(range_);
  write_affine_options(c, options_);
  return c;
}

RandomRotation RandomRotation::from_config(const Config& c) {
  return RandomRotation(image_util::factor_from(detail::config_at(c, "factor", "RandomRotation"), "RandomRotation"), affine_options(c));
}

RandomZoom::RandomZoom(Factor height_factor, std::optional<Factor> width_factor, RandomAffineOptions options)
    : RandomAugmentation(layer_options(options, "RandomZoom")), height_factor_(height_factor), width_factor_(width_factor),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  zoom_range("height_factor", height_factor_);
  if (width_factor_) zoom_range("width_factor", *width_factor_);
  check_affine_options(name(), options_);
}

RandomZoom::RandomZoom(std::initializer_list<double> height_range, RandomAffineOptions options)
    : RandomZoom(image_util::factor_of(height_range, "RandomZoom"), std::nullopt, std::move(options)) {}

Tensor RandomZoom::call(const Tensor& inputs, bool training) {
  return transform_images(*this, inputs, training, options_, [&](const Tensor& images) {
    const auto [h_low, h_high] = zoom_range("height_factor", height_factor_);
    const Tensor zy = image_util::per_image_uniform(generator_, images, {1}, 1.0 + h_low, 1.0 + h_high);
    Tensor zx = zy;
    if (width_factor_) {
      const auto [w_low, w_high] = zoom_range("width_factor", *width_factor_);
      zx = image_util::per_image_uniform(generator_, images, {1}, 1.0 + w_low, 1.0 + w_high);
    }
    // Scaling about the centre: the offsets keep the middle pixel in place.
    const Tensor x_offset = ((axis_size(images, 2) - 1.0f) / 2.0f) * (1.0f - zx);
    const Tensor y_offset = ((axis_size(images, 1) - 1.0f) / 2.0f) * (1.0f - zy);
    const Tensor zero = zeros_like(zx);
    return concat({zx, zero, x_offset, zero, zy, y_offset, zero, zero}, 1);
  });
}

Config RandomZoom::get_config() const {
  Config c = Layer::get_config();
  c["height_factor"] = image_util::factor_config(height_factor_);
  c["width_factor"] = width_factor_ ? image_util::factor_config(*width_factor_) : ConfigValue();
  write_affine_options(c, options_);
  return c;
}

RandomZoom RandomZoom::from_config(const Config& c) {
  std::optional<Factor> width;
  if (auto it = c.find("width_factor"); it != c.end() && !it->second.is_null()) width = image_util::factor_from(it->second, "RandomZoom");
  return RandomZoom(image_util::factor_from(detail::config_at(c, "height_factor", "RandomZoom"), "RandomZoom"), width, affine_options(c));
}

RandomTranslation::RandomTranslation(Factor height_factor, Factor width_factor, RandomAffineOptions options)
    : RandomAugmentation(layer_options(options, "RandomTranslation")), height_factor_(height_factor), width_factor_(width_factor),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  translation_range("height_factor", height_factor_);
  translation_range("width_factor", width_factor_);
  check_affine_options(name(), options_);
}

Tensor RandomTranslation::call(const Tensor& inputs, bool training) {
  return transform_images(*this, inputs, training, options_, [&](const Tensor& images) {
    const auto [h_low, h_high] = translation_range("height_factor", height_factor_);
    const auto [w_low, w_high] = translation_range("width_factor", width_factor_);
    const Tensor dy = image_util::per_image_uniform(generator_, images, {1}, h_low, h_high) * axis_size(images, 1);
    const Tensor dx = image_util::per_image_uniform(generator_, images, {1}, w_low, w_high) * axis_size(images, 2);
    const Tensor one = ones_like(dy), zero = zeros_like(dy);
    return concat({one, zero, -dx, zero, one, -dy, zero, zero}, 1);
  });
}

Config RandomTranslation::get_config() const {
  Config c = Layer::get_config();
  c["height_factor"] = image_util::factor_config(height_factor_);
  c["width_factor"] = image_util::factor_config(width_factor_);
  write_affine_options(c, options_);
  return c;
}

RandomTranslation RandomTranslation::from_config(const Config& c) {
  return RandomTranslation(image_util::factor_from(detail::config_at(c, "height_factor", "RandomTranslation"), "RandomTranslation"),
                           image_util::factor_from(detail::config_at(c, "width_factor", "RandomTranslation"), "RandomTranslation"),
                           affine_options(c));
}

}  // namespace tf::keras::layers
