// keras/src/layers/preprocessing/image_preprocessing/resizing.py over Keras' TensorFlow resize
// (backend/tensorflow/image.py): an optional crop or pad to the target aspect ratio, then
// tf.image.resize; integer images are rounded and saturated back to their dtype.
#include <limits>

#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/image_resize.h"
#include "tfpp/math_ops.h"

namespace tf::keras::layers {

namespace {

// Keras' _saturate_cast: clipped to the integer dtype's range, then cast.
Tensor saturate_to(const Tensor& x, DType dtype) {
  double lo = 0, hi = 0;
  if (dtype == uint8) hi = 255;
  else if (dtype == int32) lo = std::numeric_limits<std::int32_t>::min(), hi = std::numeric_limits<std::int32_t>::max();
  else lo = static_cast<double>(std::numeric_limits<std::int64_t>::min()), hi = static_cast<double>(std::numeric_limits<std::int64_t>::max());
  return cast(clip_by_value(x, lo, hi), dtype);
}

}  // namespace

Resizing::Resizing(std::int64_t height, std::int64_t width, ResizingOptions options)
    : Layer(layer_options(options, "Resizing")), height_(height), width_(width), options_(std::move(options)) {
  if (height_ <= 0 || width_ <= 0)
    throw InvalidArgumentError("[" + name() + "] height and width must be positive, got " + std::to_string(height_) + " and " +
                               std::to_string(width_));
  image_util::check_data_format(name(), options_.data_format);
  image_util::check_choice(name(), "interpolation", options_.interpolation,
                           {"bilinear", "nearest", "lanczos3", "lanczos5", "bicubic", "area"});
  if (options_.fill_mode != "constant")
    throw InvalidArgumentError("[" + name() + "] Invalid value for argument `fill_mode`. Only `'constant'` is supported. Received: fill_mode=" +
                               options_.fill_mode);
}

Tensor Resizing::call(const Tensor& inputs, bool) {
  // Checked at the call, as Keras checks it.
  if (options_.crop_to_aspect_ratio && options_.pad_to_aspect_ratio)
    throw InvalidArgumentError("[" + name() + "] Only one of `pad_to_aspect_ratio` & `crop_to_aspect_ratio` can be `True`.");
  const image_util::Nhwc form = image_util::to_nhwc(name(), image_util::autocast(inputs, dtype()), options_.data_format);
  Tensor images = form.images;
  if (options_.crop_to_aspect_ratio) images = image_util::crop_to_aspect(images, height_, width_);
  if (options_.pad_to_aspect_ratio) images = image_util::pad_to_aspect(images, height_, width_, options_.fill_value);
  Tensor resized = image::resize(images, {height_, width_}, {.method = options_.interpolation, .antialias = options_.antialias});
  if (resized.dtype() != images.dtype() && !is_floating(images.dtype()))
    resized = saturate_to(round(resized), images.dtype());
  else if (resized.dtype() != images.dtype())
    resized = cast(resized, images.dtype());
  return image_util::from_nhwc(form, resized);
}

Config Resizing::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["height"] = height_;
  c["width"] = width_;
  c["interpolation"] = options_.interpolation;
  c["crop_to_aspect_ratio"] = options_.crop_to_aspect_ratio;
  c["pad_to_aspect_ratio"] = options_.pad_to_aspect_ratio;
  c["fill_mode"] = options_.fill_mode;
  c["fill_value"] = options_.fill_value;
  c["antialias"] = options_.antialias;
  return c;
}

Resizing Resizing::from_config(const Config& c) {
  ResizingOptions o;
  detail::read_common(c, o);
  auto text = [](const ConfigValue& v) { return v.get<std::string>(); };
  auto flag = [](const ConfigValue& v) { return v.get<bool>(); };
  detail::read_if_present(c, "interpolation", o.interpolation, text);
  detail::read_if_present(c, "crop_to_aspect_ratio", o.crop_to_aspect_ratio, flag);
  detail::read_if_present(c, "pad_to_aspect_ratio", o.pad_to_aspect_ratio, flag);
  detail::read_if_present(c, "fill_mode", o.fill_mode, text);
  detail::read_if_present(c, "fill_value", o.fill_value, [](const ConfigValue& v) { return v.as_double(); });
  detail::read_if_present(c, "antialias", o.antialias, flag);
  detail::read_if_present(c, "data_format", o.data_format, text);
  return Resizing(detail::config_at(c, "height", "Resizing").get<std::int64_t>(),
                  detail::config_at(c, "width", "Resizing").get<std::int64_t>(), o);
}

}  // namespace tf::keras::layers
