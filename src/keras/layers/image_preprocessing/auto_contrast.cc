// keras/src/layers/preprocessing/image_preprocessing/auto_contrast.py: per image and channel,
// (x - min) * 255 / (max - min) in the [0, 255] scale, clipped; channels whose range is empty
// (NaN results) keep their input.
#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/color_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/float_classification_ops.h"
#include "tfpp/keras/layers/image_augmentation.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

AutoContrast::AutoContrast(AutoContrastOptions options)
    : ImageAugmentation(layer_options(options, "AutoContrast")), options_(std::move(options)) {
  options_.value_range = color_util::sorted(options_.value_range);
  image_util::check_data_format(name(), options_.data_format);
}

Tensor AutoContrast::call(const Tensor& inputs, bool) {
  // Keras takes the minimum and maximum over axes 1 and 2 of the batch whatever the data_format,
  // so the images are never transposed here (the form only adds and removes the batch axis).
  const image_util::Nhwc form = image_util::to_nhwc(name(), inputs, "channels_last");
  const Tensor original = cast(form.images, dtype());
  const Tensor x = cast(color_util::transform_value_range(original, options_.value_range, {0, 255}, dtype()), dtype());
  const Tensor low = reduce_min(x, {1, 2}, {.keepdims = true});
  const Tensor high = reduce_max(x, {1, 2}, {.keepdims = true});
  const Tensor scale = scalar_like(x, 255.0) / (high - low);
  const Tensor offset = -low * scale;
  Tensor out = clip_by_value(x * scale + offset, 0.0, 255.0);
  out = color_util::transform_value_range(out, {0, 255}, options_.value_range, dtype());
  return image_util::from_nhwc(form, where(math::is_nan(out), original, out));
}

Config AutoContrast::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["value_range"] = color_util::range_config(options_.value_range);
  return c;
}

AutoContrast AutoContrast::from_config(const Config& c) {
  AutoContrastOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  o.value_range = color_util::range_from(c, "value_range", "AutoContrast", o.value_range);
  return AutoContrast(o);
}

}  // namespace tf::keras::layers
