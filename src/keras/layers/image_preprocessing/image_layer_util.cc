#include "keras/layers/image_preprocessing/image_layer_util.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <sstream>
#include <vector>

#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/debugging_asserts.h"
#include "tfpp/errors.h"
#include "tfpp/functional_ops.h"
#include "tfpp/image_projective_transform.h"

namespace tf::keras::layers {

Factor::Factor(double value) : first_(value), second_(value), is_range_(false) {}
Factor::Factor(double a, double b) : first_(a), second_(b), is_range_(true) {}

namespace image_util {

namespace {

std::string number(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

std::string factor_text(const Factor& f) {
  return f.is_range() ? "(" + number(f.first()) + ", " + number(f.second()) + ")" : number(f.first());
}

}  // namespace

void check_data_format(const std::string& layer, const std::string& data_format) {
  if (data_format != "channels_last" && data_format != "channels_first")
    throw InvalidArgumentError("[" + layer + "] The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
                               "Received: data_format=" + data_format);
}

void check_image_rank(const std::string& layer, const TensorShape& s) {
  if (s.has_unknown_rank() || (s.rank() != 3 && s.rank() != 4))
    throw InvalidArgumentError("[" + layer + "] Expected image tensor to have rank 3 (single image) or 4 (batch of images). "
                               "Received: data.shape=" + s.to_string());
}

Nhwc to_nhwc(const std::string& layer, const Tensor& x, const std::string& data_format) {
  const TensorShape& s = x.shape();
  check_image_rank(layer, s);
  Nhwc form{x, s.rank() == 3, data_format == "channels_first"};
  if (form.single) form.images = expand_dims(form.images, 0);
  if (form.channels_first) form.images = transpose(form.images, {0, 2, 3, 1});
  return form;
}

Tensor from_nhwc(const Nhwc& form, const Tensor& y) {
  Tensor out = form.channels_first ? transpose(y, {0, 3, 1, 2}) : y;
  return form.single ? squeeze(out, {0}) : out;
}

Tensor autocast(const Tensor& x, DType dtype) { return is_floating(x.dtype()) && x.dtype() != dtype ? cast(x, dtype) : x; }

Tensor per_image_uniform(random::Generator& generator, const Tensor& images, const TensorShape& per_image, double low,
                         double high, DType dtype) {
  const std::int64_t batch = images.shape().dim(0);
  if (batch != None) {
    std::vector<std::int64_t> dims{batch};
    for (int d = 0; d < per_image.rank(); ++d) dims.push_back(per_image.dim(d));
    return generator.uniform(TensorShape(std::span<const std::int64_t>(dims)), low, high, dtype);
  }
  return map_fn([&](const Tensor&) { return generator.uniform(per_image, low, high, dtype); }, images, dtype);
}

void check_choice(const std::string& layer, const std::string& argument, const std::string& name,
                  std::initializer_list<const char*> allowed) {
  std::string list;
  for (const char* a : allowed) {
    if (name == a) return;
    list += (list.empty() ? "" : ", ") + std::string(a);
  }
  throw InvalidArgumentError("[" + layer + "] Unknown `" + argument + "` " + name + ". Expected of one (" + list + ").");
}

random::Generator make_generator(std::optional<std::int64_t> seed) {
  return seed ? random::Generator::from_seed(*seed) : random::Generator::from_non_deterministic_state();
}

std::pair<double, double> base_factor_range(const std::string& layer, const Factor& factor, double low, double high) {
  const auto fail = [&] {
    throw InvalidArgumentError("[" + layer + "] The `factor` argument should be a number (or a list of two numbers) in the range [" +
                               number(low) + ", " + number(high) + "]. Received: factor=" + factor_text(factor));
  };
  if (factor.is_range()) {
    if (factor.first() > high || factor.second() < low) fail();
    return {std::min(factor.first(), factor.second()), std::max(factor.first(), factor.second())};
  }
  if (factor.first() < low || factor.first() > high) fail();
  const double f = std::abs(factor.first());
  return {std::max(-f, low), f};
}

std::pair<double, double> checked_factor_range(const std::string& layer, const std::string& what, const Factor& factor,
                                               double low, double high, bool open_low) {
  for (double v : {factor.first(), factor.second()})
    if (v > high || (open_low ? v <= low : v < low))
      throw InvalidArgumentError("[" + layer + "] The `" + what + "` argument should be a number (or a list of two numbers) in the range " +
                                 (open_low ? "(" : "[") + number(low) + ", " + number(high) + "]. Received: " + what + "=" +
                                 factor_text(factor));
  if (factor.is_range()) return {std::min(factor.first(), factor.second()), std::max(factor.first(), factor.second())};
  const double f = std::abs(factor.first());
  return {-f, f};
}

ConfigValue factor_config(const Factor& factor) {
  if (!factor.is_range()) return factor.first();
  return ConfigValue::List{factor.first(), factor.second()};
}

Factor factor_of(std::initializer_list<double> values, const std::string& layer) {
  if (values.size() == 1) return Factor(*values.begin());
  if (values.size() != 2)
    throw InvalidArgumentError("[" + layer + "] a factor is a number or a list of two numbers, got " + std::to_string(values.size()) +
                               " numbers");
  return Factor(*values.begin(), *(values.begin() + 1));
}

Factor factor_from(const ConfigValue& value, const std::string& layer) {
  if (!value.holds<ConfigValue::List>()) return Factor(value.as_double());
  const ConfigValue::List& list = value.get<ConfigValue::List>();
  if (list.size() != 2)
    throw InvalidArgumentError("[" + layer + "] a factor is a number or a list of two numbers, got a list of " +
                               std::to_string(list.size()));
  return Factor(list[0].as_double(), list[1].as_double());
}

ConfigValue pair_config(const std::pair<double, double>& pair) { return ConfigValue::List{pair.first, pair.second}; }

std::pair<double, double> pair_from(const ConfigValue& value, const std::string& layer, const std::string& key) {
  if (!value.holds<ConfigValue::List>() || value.get<ConfigValue::List>().size() != 2)
    throw InvalidArgumentError("[" + layer + "] The `" + key + "` argument should be a list of two numbers. Received: a " +
                               value.type_name());
  const ConfigValue::List& list = value.get<ConfigValue::List>();
  return {list[0].as_double(), list[1].as_double()};
}

ConfigValue seed_config(const std::optional<std::int64_t>& seed) { return seed ? ConfigValue(*seed) : ConfigValue(); }

Window aspect_window(std::int64_t in_h, std::int64_t in_w, std::int64_t target_h, std::int64_t target_w) {
  Window w{};
  w.height = std::max<std::int64_t>(std::min<std::int64_t>(in_h, static_cast<std::int64_t>(double(in_w * target_h) / double(target_w))), 1);
  w.width = std::max<std::int64_t>(std::min<std::int64_t>(in_w, static_cast<std::int64_t>(double(in_h * target_w) / double(target_h))), 1);
  w.top = static_cast<std::int64_t>(double(in_h - w.height) / 2);
  w.left = static_cast<std::int64_t>(double(in_w - w.width) / 2);
  return w;
}

Tensor crop(const Tensor& images, const Window& window) {
  return slice(images, {0, window.top, window.left, 0}, {-1, window.height, window.width, -1});
}

namespace {

// The images' height and width as int32 scalars of the running function.
std::pair<Tensor, Tensor> run_time_height_width(const Tensor& images) {
  const Tensor s = shape(images);
  return {reshape(slice(s, {1}, {1}), {}), reshape(slice(s, {2}, {1}), {})};
}

Tensor as_float(const Tensor& t) { return cast(t, float32); }

}  // namespace

Tensor crop_to_aspect(const Tensor& images, std::int64_t target_h, std::int64_t target_w) {
  const std::int64_t h = images.shape().dim(1), w = images.shape().dim(2);
  if (h != None && w != None) return crop(images, aspect_window(h, w, target_h, target_w));
  const auto [height, width] = run_time_height_width(images);
  const Tensor crop_h = maximum(minimum(height, cast(as_float(width * target_h) / static_cast<float>(target_w), int32)), 1);
  const Tensor crop_w = maximum(minimum(width, cast(as_float(height * target_w) / static_cast<float>(target_h), int32)), 1);
  const Tensor top = cast(as_float(height - crop_h) / 2.0f, int32), left = cast(as_float(width - crop_w) / 2.0f, int32);
  const Tensor zero = constant(0);
  return slice(images, stack({zero, top, left, zero}), stack({constant(-1), crop_h, crop_w, constant(-1)}));
}

Tensor pad_to_aspect(const Tensor& images, std::int64_t target_h, std::int64_t target_w, double fill_value) {
  const std::int64_t h = images.shape().dim(1), w = images.shape().dim(2);
  if (h != None && w != None) {
    const std::int64_t pad_h = std::max(h, static_cast<std::int64_t>(double(w * target_h) / double(target_w)));
    const std::int64_t pad_w = std::max(w, static_cast<std::int64_t>(double(h * target_w) / double(target_h)));
    const auto top = static_cast<std::int64_t>(double(pad_h - h) / 2), left = static_cast<std::int64_t>(double(pad_w - w) / 2);
    return pad(images, {{0, 0}, {top, top}, {left, left}, {0, 0}}, {.constant_values = fill_value});
  }
  const auto [height, width] = run_time_height_width(images);
  const Tensor pad_h = maximum(height, cast(as_float(width * target_h) / static_cast<float>(target_w), int32));
  const Tensor pad_w = maximum(width, cast(as_float(height * target_w) / static_cast<float>(target_h), int32));
  const Tensor top = cast(as_float(pad_h - height) / 2.0f, int32), left = cast(as_float(pad_w - width) / 2.0f, int32);
  const Tensor none = constant(std::vector<std::int32_t>{0, 0}, TensorShape({2}));
  return pad(images, stack({none, stack({top, top}), stack({left, left}), none}), {.constant_values = fill_value});
}

Tensor center_window(const Tensor& images, std::int64_t height, std::int64_t width) {
  const std::int64_t h = images.shape().dim(1), w = images.shape().dim(2);
  if (h != None && w != None) return crop(images, {(h - height) / 2, (w - width) / 2, height, width});
  const auto [in_h, in_w] = run_time_height_width(images);
  const Tensor zero = constant(0);
  const Tensor window = slice(images, stack({zero, math::floordiv(in_h - height, 2), math::floordiv(in_w - width, 2), zero}),
                              {-1, height, width, -1});
  const TensorShape& s = images.shape();
  return ensure_shape(window, TensorShape({s.dim(0), height, width, s.dim(3)}));
}

std::pair<std::int64_t, std::int64_t> known_height_width(const std::string& layer, const Tensor& images) {
  const std::int64_t h = images.shape().dim(1), w = images.shape().dim(2);
  if (h == None || w == None)
    throw InvalidArgumentError("[" + layer + "] requires the input to have a fully defined height and width. Received: images.shape=" +
                               images.shape().to_string());
  return {h, w};
}

Tensor affine_transform(const Tensor& images, const Tensor& transforms, const std::string& interpolation,
                        const std::string& fill_mode, double fill_value) {
  const TensorShape& s = images.shape();
  const IntArray size = s.dim(1) != None && s.dim(2) != None ? IntArray({s.dim(1), s.dim(2)}) : IntArray(slice(shape(images), {1}, {2}));
  const Tensor out = image::projective_transform(images, cast(transforms, float32), size,
                                                 {.interpolation = interpolation, .fill_mode = fill_mode, .fill_value = fill_value});
  return ensure_shape(out, s);
}

Tensor column(const Tensor& values) { return reshape(cast(values, float32), {-1, 1}); }

}  // namespace image_util
}  // namespace tf::keras::layers
