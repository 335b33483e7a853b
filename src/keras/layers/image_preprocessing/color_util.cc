#include "keras/layers/image_preprocessing/color_util.h"

#include <cmath>
#include <cstdint>

#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/constant.h"
#include "tfpp/keras/layers/image_augmentation.h"
#include "tfpp/math_ops.h"

namespace tf::keras::layers {

void ImageAugmentation::build(const TensorShape& input_shape) { image_util::check_image_rank(name(), input_shape); }

namespace color_util {

Tensor transform_value_range(const Tensor& images, const std::pair<double, double>& original,
                             const std::pair<double, double>& target, DType dtype) {
  if (original == target) return images;
  // Keras casts each bound to `dtype` first and subtracts them there.
  const auto bound = [&](double v) { return cast(constant(v), dtype); };
  const Tensor unit = (cast(images, dtype) - bound(original.first)) / (bound(original.second) - bound(original.first));
  return unit * (bound(target.second) - bound(target.first)) + bound(target.first);
}

ConfigValue number_config(double value) {
  if (std::isfinite(value) && value == std::trunc(value) && std::abs(value) < 9.0e15)
    return static_cast<std::int64_t>(value);
  return value;
}

ConfigValue range_config(const std::pair<double, double>& range) {
  return ConfigValue::List{number_config(range.first), number_config(range.second)};
}

std::pair<double, double> sorted(std::pair<double, double> range) {
  if (range.first > range.second) std::swap(range.first, range.second);
  return range;
}

std::pair<double, double> range_from(const Config& config, const char* key, const std::string& layer,
                                     std::pair<double, double> fallback) {
  if (auto it = config.find(key); it != config.end() && !it->second.is_null()) return image_util::pair_from(it->second, layer, key);
  return fallback;
}

}  // namespace color_util
}  // namespace tf::keras::layers
