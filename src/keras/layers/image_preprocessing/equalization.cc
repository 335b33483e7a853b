// keras/src/layers/preprocessing/image_preprocessing/equalization.py: per channel, one
// histogram over the whole batch in the [0, 255] scale, its cumulative counts as a lookup table.
// Keras rescales from value_range even when it is (0, 255) (it compares a list with a tuple);
// the rescaling is exact there, and the table's float64 arithmetic is Keras' too.
#include <cstdint>
#include <limits>
#include <vector>

#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/color_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/counting_ops.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/image_augmentation.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/statistics_ops.h"

namespace tf::keras::layers {

namespace {

// Keras' _scale_values: values * scale + offset with the scale computed in double, then applied
// in the values' dtype.
Tensor scale_values(const Tensor& values, const std::pair<double, double>& source, const std::pair<double, double>& target) {
  const double scale = (target.second - target.first) / (source.second - source.first);
  const double offset = target.first - source.first * scale;
  return values * scalar_like(values, scale) + scalar_like(values, offset);
}

// One channel [batch, height, width] (float32) equalized, as float64.
Tensor equalize_channel(const Tensor& channel, const std::pair<double, double>& value_range, std::int64_t bins) {
  const Tensor x = scale_values(channel, value_range, {0, 255});
  const Tensor bin = clip_by_value(cast(x * static_cast<float>(bins - 1) / 255.0f, int32), 0, static_cast<int>(bins - 1));
  const Tensor hist = math::bincount(reshape(bin, {-1}), {.weights = {}, .minlength = bins, .maxlength = bins});
  const Tensor cdf = cast(cumsum(hist), float64);
  // The first nonzero cumulative count (counts never decrease).
  const Tensor cdf_min = reduce_min(where(cdf > 0.0, cdf, scalar_like(cdf, std::numeric_limits<double>::max())));
  const Tensor total = slice(cdf, {bins - 1}, {1}) - cdf_min;
  const Tensor denominator = where(equal(total, scalar_like(total, 0.0)), scalar_like(total, 1.0), total);
  const Tensor table = clip_by_value(round((cdf - cdf_min) * 255.0 / denominator), 0.0, 255.0);
  const Tensor index = cast(clip_by_value(x / 255.0f * static_cast<float>(bins - 1), 0.0f, static_cast<float>(bins - 1)), int32);
  const Tensor equalized = gather(table, index);
  const Tensor flat = math::count_nonzero(hist, ReduceOptions{}, int32) <= 1;
  return scale_values(where(flat, cast(x, float64), equalized), {0, 255}, value_range);
}

}  // namespace

Equalization::Equalization(EqualizationOptions options)
    : ImageAugmentation(layer_options(options, "Equalization")), options_(std::move(options)) {
  options_.value_range = color_util::sorted(options_.value_range);
  image_util::check_data_format(name(), options_.data_format);
  if (options_.bins < 1) throw InvalidArgumentError("[" + name() + "] `bins` must be positive. Received: bins=" + std::to_string(options_.bins));
}

Tensor Equalization::call(const Tensor& inputs, bool training) {
  if (!training) return image_util::autocast(inputs, dtype());
  const image_util::Nhwc form = image_util::to_nhwc(name(), cast(inputs, dtype()), options_.data_format);
  const std::int64_t channels = form.images.shape().dim(3);
  if (channels == None)
    throw InvalidArgumentError("[" + name() + "] needs a known number of channels. Received: images.shape=" + inputs.shape().to_string());
  std::vector<Tensor> equalized;
  for (const Tensor& channel : unstack(form.images, 3)) equalized.push_back(equalize_channel(channel, options_.value_range, options_.bins));
  return image_util::from_nhwc(form, cast(stack(equalized, 3), dtype()));
}

Config Equalization::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["bins"] = options_.bins;
  c["value_range"] = color_util::range_config(options_.value_range);
  return c;
}

Equalization Equalization::from_config(const Config& c) {
  EqualizationOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  detail::read_if_present(c, "bins", o.bins, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  o.value_range = color_util::range_from(c, "value_range", "Equalization", o.value_range);
  return Equalization(o);
}

}  // namespace tf::keras::layers
