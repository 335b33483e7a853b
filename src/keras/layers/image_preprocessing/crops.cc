// keras/src/layers/preprocessing/image_preprocessing/center_crop.py and random_crop.py: a
// window of the target size where the image is large enough, else Keras' smart_resize (the
// central window of the target aspect ratio, resized bilinearly).
#include <algorithm>
#include <random>

#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/debugging_asserts.h"
#include "tfpp/errors.h"
#include "tfpp/image_resize.h"
#include "tfpp/math_ops.h"

namespace tf::keras::layers {

namespace {

void check_size(const std::string& layer, std::int64_t height, std::int64_t width) {
  if (height <= 0 || width <= 0)
    throw InvalidArgumentError("[" + layer + "] height and width must be positive, got " + std::to_string(height) + " and " +
                               std::to_string(width));
}

// Keras' smart_resize of NHWC images to target_h x target_w, in `dtype`.
Tensor smart_resize(const Tensor& images, std::int64_t target_h, std::int64_t target_w, DType dtype) {
  return cast(image::resize(image_util::crop_to_aspect(images, target_h, target_w), {target_h, target_w}), dtype);
}

// Keras' RandomCrop draws a seed when given none (make_default_seed) and keeps it in its config.
RandomCropOptions with_seed(RandomCropOptions options) {
  if (!options.seed) {
    std::random_device device;
    options.seed = std::uniform_int_distribution<std::int64_t>(1, 1000000000)(device);
  }
  return options;
}

}  // namespace

CenterCrop::CenterCrop(std::int64_t height, std::int64_t width, CenterCropOptions options)
    : Layer(layer_options(options, "CenterCrop")), height_(height), width_(width), options_(std::move(options)) {
  check_size(name(), height_, width_);
  image_util::check_data_format(name(), options_.data_format);
}

Tensor CenterCrop::call(const Tensor& inputs, bool) {
  const image_util::Nhwc form = image_util::to_nhwc(name(), cast(inputs, dtype()), options_.data_format);
  // As Keras: sizes known only at run time are assumed large enough to crop.
  const std::int64_t h = form.images.shape().dim(1), w = form.images.shape().dim(2);
  if ((h == None || h >= height_) && (w == None || w >= width_))
    return image_util::from_nhwc(form, image_util::center_window(form.images, height_, width_));
  return image_util::from_nhwc(form, smart_resize(form.images, height_, width_, dtype()));
}

Config CenterCrop::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["height"] = height_;
  c["width"] = width_;
  return c;
}

CenterCrop CenterCrop::from_config(const Config& c) {
  CenterCropOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  return CenterCrop(detail::config_at(c, "height", "CenterCrop").get<std::int64_t>(),
                    detail::config_at(c, "width", "CenterCrop").get<std::int64_t>(), o);
}

RandomCrop::RandomCrop(std::int64_t height, std::int64_t width, RandomCropOptions options)
    : RandomAugmentation(layer_options(options, "RandomCrop")), height_(height), width_(width), options_(with_seed(std::move(options))),
      generator_(image_util::make_generator(options_.seed)) {
  check_size(name(), height_, width_);
  image_util::check_data_format(name(), options_.data_format);
}

Tensor RandomCrop::call(const Tensor& inputs, bool training) {
  if (!training) return image_util::autocast(inputs, dtype());
  const image_util::Nhwc form = image_util::to_nhwc(name(), cast(inputs, dtype()), options_.data_format);
  const auto [h, w] = image_util::known_height_width(name(), form.images);
  if (h <= height_ || w <= width_) {
    // Keras slices the target size from the corner of the aspect-ratio window (clipped to the
    // image), then resizes that.
    image_util::Window window = image_util::aspect_window(h, w, height_, width_);
    window.height = std::min(height_, h - window.top);
    window.width = std::min(width_, w - window.left);
    const Tensor cropped = image_util::crop(form.images, window);
    return image_util::from_nhwc(form, cast(image::resize(cropped, {height_, width_}), dtype()));
  }
  // One window for the whole batch, its corner drawn uniformly over the places it fits.
  const Tensor top = cast(generator_.uniform({}, 0.0, static_cast<double>(h - height_ + 1)), int32);
  const Tensor left = cast(generator_.uniform({}, 0.0, static_cast<double>(w - width_ + 1)), int32);
  const Tensor zero = constant(0);
  const Tensor window = slice(form.images, stack({zero, top, left, zero}), {-1, height_, width_, -1});
  const TensorShape& s = form.images.shape();
  return image_util::from_nhwc(form, ensure_shape(window, TensorShape({s.dim(0), height_, width_, s.dim(3)})));
}

Config RandomCrop::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["height"] = height_;
  c["width"] = width_;
  c["seed"] = image_util::seed_config(options_.seed);
  return c;
}

RandomCrop RandomCrop::from_config(const Config& c) {
  RandomCropOptions o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  return RandomCrop(detail::config_at(c, "height", "RandomCrop").get<std::int64_t>(),
                    detail::config_at(c, "width", "RandomCrop").get<std::int64_t>(), o);
}

}  // namespace tf::keras::layers
