// keras/src/layers/preprocessing/image_preprocessing/clahe.py: the image (padded symmetrically
// to whole tiles) cut into tile_grid_size tiles; per tile and channel a 256-bin histogram,
// clipped at clip_limit times the mean bin count with the excess spread evenly, whose normalized
// cumulative sum maps pixel values; each pixel's value is interpolated bilinearly between the
// maps of the four nearest tile centres (the border tiles' maps repeated outside).
#include <cstdint>

#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/color_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/counting_ops.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/image_augmentation.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

namespace {

// Per-tile maps [batch, grid_h + 2, grid_w + 2, channels, 256] (float32, in [0, 255]) of
// NHWC images already padded to whole tiles.
Tensor tile_maps(const Tensor& padded, std::int64_t grid_h, std::int64_t grid_w, std::int64_t tile_h, std::int64_t tile_w,
                 std::int64_t channels, double clip_limit) {
  Tensor tiles = reshape(padded, {-1, grid_h, tile_h, grid_w, tile_w, channels});
  tiles = transpose(tiles, {0, 1, 3, 5, 2, 4});
  const Tensor values = clip_by_value(cast(reshape(tiles, {-1, tile_h * tile_w}), int32), 0, 255);
  Tensor hists = cast(math::bincount(values, {.weights = {}, .minlength = 256, .maxlength = 256, .axis = -1}), float32);
  hists = reshape(hists, {-1, grid_h, grid_w, channels, 256});
  if (clip_limit > 0) {
    const float limit = static_cast<float>(clip_limit * double(tile_h * tile_w) / 256.0);
    const Tensor clipped = clip_by_value(hists, 0.0f, limit);
    const Tensor excess = reduce_sum(hists - clipped, {-1}, {.keepdims = true});
    hists = clipped + excess / 256.0f;
  }
  const Tensor cdf = cumsum(hists, -1);
  const Tensor cdf_min = reduce_min(cdf, {-1}, {.keepdims = true});
  const Tensor numerator = (cdf - cdf_min) * 255.0f;
  const Tensor total = static_cast<float>(tile_h * tile_w) - cdf_min;
  const Tensor denominator = where(equal(total, zeros_like(total)), ones_like(total), total);
  const Tensor maps = clip_by_value(numerator / denominator, 0.0f, 255.0f);
  // Repeat the border tiles' maps once on each side.
  const Tensor rows = concat({slice(maps, {0, 0, 0, 0, 0}, {-1, 1, -1, -1, -1}), maps,
                              slice(maps, {0, grid_h - 1, 0, 0, 0}, {-1, 1, -1, -1, -1})}, 1);
  return concat({slice(rows, {0, 0, 0, 0, 0}, {-1, -1, 1, -1, -1}), rows,
                 slice(rows, {0, 0, grid_w - 1, 0, 0}, {-1, -1, 1, -1, -1})}, 2);
}

// For each of `size` pixel rows (or columns): the two neighbouring padded tile indices (int32)
// and the second one's weight (float32), as Keras computes them.
struct Neighbours {
  Tensor first, second, weight;
};

Neighbours neighbours(std::int64_t size, std::int64_t tile, std::int64_t grid) {
  const Tensor position = (range(0.0f, static_cast<float>(size), 1.0f) - static_cast<float>(tile) / 2.0f) / static_cast<float>(tile) + 1.0f;
  const Tensor lower = floor(position);
  const auto clamp = [&](const Tensor& t) { return cast(clip_by_value(t, 0.0f, static_cast<float>(grid + 1)), int32); };
  return {clamp(lower), clamp(lower + 1.0f), position - lower};
}

}  // namespace

ContrastLimitedAdaptiveHistogramEqualization::ContrastLimitedAdaptiveHistogramEqualization(ClaheOptions options)
    : ImageAugmentation(layer_options(options, "ContrastLimitedAdaptiveHistogramEqualization")), options_(std::move(options)) {
  image_util::check_data_format(name(), options_.data_format);
  if (options_.tile_grid_size.first < 1 || options_.tile_grid_size.second < 1)
    throw InvalidArgumentError("[" + name() + "] `tile_grid_size` must be two positive integers. Received: tile_grid_size=(" +
                               std::to_string(options_.tile_grid_size.first) + ", " + std::to_string(options_.tile_grid_size.second) + ")");
}

Tensor ContrastLimitedAdaptiveHistogramEqualization::call(const Tensor& inputs, bool) {
  const image_util::Nhwc form = image_util::to_nhwc(name(), image_util::autocast(inputs, dtype()), options_.data_format);
  const Tensor& images = form.images;
  const auto [height, width] = image_util::known_height_width(name(), images);
  const std::int64_t channels = images.shape().dim(3);
  if (channels == None)
    throw InvalidArgumentError("[" + name() + "] needs a known number of channels. Received: images.shape=" + inputs.shape().to_string());
  const auto [grid_h, grid_w] = options_.tile_grid_size;
  const std::int64_t tile_h = (height + grid_h - 1) / grid_h, tile_w = (width + grid_w - 1) / grid_w;
  const std::int64_t pad_h = tile_h * grid_h - height, pad_w = tile_w * grid_w - width;

  // Keras keeps the input's dtype when value_range is already (0, 255).
  const Tensor scaled = color_util::transform_value_range(images, options_.value_range, {0, 255}, float32);
  const Tensor padded = pad_h == 0 && pad_w == 0 ? scaled : pad(scaled, {{0, 0}, {0, pad_h}, {0, pad_w}, {0, 0}}, {.mode = "SYMMETRIC"});
  const Tensor maps = reshape(tile_maps(padded, grid_h, grid_w, tile_h, tile_w, channels, options_.clip_limit),
                             {-1, (grid_h + 2) * (grid_w + 2) * channels * 256});

  // Per image, flat indices into its maps: tile row, tile column, channel, pixel value.
  const std::int64_t stride_x = 256 * channels, stride_y = stride_x * (grid_w + 2);
  const Tensor pixels = cast(clip_by_value(padded, 0.0, 255.0), int32);
  const Tensor base = reshape(range(0, static_cast<int>(channels), 1), {1, 1, 1, -1}) * 256 + pixels;
  const Neighbours ys = neighbours(tile_h * grid_h, tile_h, grid_h), xs = neighbours(tile_w * grid_w, tile_w, grid_w);
  const auto row = [](const Tensor& t) { return reshape(t, {1, -1, 1, 1}); };
  const auto col = [](const Tensor& t) { return reshape(t, {1, 1, -1, 1}); };
  const auto at = [&](const Tensor& y, const Tensor& x) {
    return gather(maps, base + row(y) * static_cast<int>(stride_y) + col(x) * static_cast<int>(stride_x), {.axis = 1, .batch_dims = 1});
  };
  const Tensor wy = row(ys.weight), wx = col(xs.weight);
  const Tensor top = at(ys.first, xs.first) * (1.0f - wx) + at(ys.first, xs.second) * wx;
  const Tensor bottom = at(ys.second, xs.first) * (1.0f - wx) + at(ys.second, xs.second) * wx;
  Tensor out = slice(top * (1.0f - wy) + bottom * wy, {0, 0, 0, 0}, {-1, height, width, -1});
  out = color_util::transform_value_range(out, {0, 255}, options_.value_range, float32);
  return image_util::from_nhwc(form, cast(out, images.dtype()));
}

Config ContrastLimitedAdaptiveHistogramEqualization::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["value_range"] = color_util::range_config(options_.value_range);
  c["clip_limit"] = options_.clip_limit;
  c["tile_grid_size"] = ConfigValue::List{options_.tile_grid_size.first, options_.tile_grid_size.second};
  return c;
}

ContrastLimitedAdaptiveHistogramEqualization ContrastLimitedAdaptiveHistogramEqualization::from_config(const Config& c) {
  const std::string layer = "ContrastLimitedAdaptiveHistogramEqualization";
  ClaheOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  o.value_range = color_util::range_from(c, "value_range", layer, o.value_range);
  detail::read_if_present(c, "clip_limit", o.clip_limit, [](const ConfigValue& v) { return v.as_double(); });
  if (auto it = c.find("tile_grid_size"); it != c.end() && !it->second.is_null()) {
    const auto [h, w] = image_util::pair_from(it->second, layer, "tile_grid_size");
    o.tile_grid_size = {static_cast<std::int64_t>(h), static_cast<std::int64_t>(w)};
  }
  return ContrastLimitedAdaptiveHistogramEqualization(o);
}

}  // namespace tf::keras::layers
