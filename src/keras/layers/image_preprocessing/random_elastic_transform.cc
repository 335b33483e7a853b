// keras/src/layers/preprocessing/image_preprocessing/random_elastic_transform.py and the
// TensorFlow backend's elastic_transform and map_coordinates: normal noise per image (one draw
// for x and y alike, as Keras' shared seed makes it), blurred by a Gaussian of 6 * int(sigma) | 1 taps, scaled by alpha and added to the pixel
// grid; the images sampled there (bilinear or nearest, Keras' fill modes on the indices).
#include <cmath>

#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/color_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/bitwise_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/functional_ops.h"
#include "tfpp/keras/layers/image_augmentation_geometry.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

namespace {

// [batch, h, w] standard normal noise, also when the batch size is known only at run time.
Tensor noise(random::Generator& generator, const Tensor& images, std::int64_t h, std::int64_t w) {
  const std::int64_t batch = images.shape().dim(0);
  if (batch != None) return generator.normal({batch, h, w}, 0.0, 1.0, images.dtype());
  return map_fn([&](const Tensor&) { return generator.normal({h, w}, 0.0, 1.0, images.dtype()); }, images, images.dtype());
}

// Keras' gaussian_blur of [batch, h, w] with a square kernel of `size` taps (a scalar int32 tensor) and `sigma`.
Tensor blur(const Tensor& x, const Tensor& size, const Tensor& sigma) {
  const Tensor taps = cast(size, x.dtype());
  const Tensor offsets = cast(range(constant(0), size, constant(1)), x.dtype()) - (taps - 1.0f) / 2.0f;
  const Tensor scaled = offsets / sigma;
  Tensor kernel = exp(-0.5f * scaled * scaled);
  kernel = kernel / reduce_sum(kernel);
  // The outer product by broadcasting: the size is known only when the call runs.
  const Tensor kernel_2d = expand_dims(expand_dims(reshape(kernel, {-1, 1}) * reshape(kernel, {1, -1}), -1), -1);
  return squeeze(nn::depthwise_conv2d(expand_dims(x, -1), kernel_2d, {1, 1, 1, 1}, "SAME"), {-1});
}

// Keras' process_coordinates: integer indices along an axis of `size` under fill_mode, and which are inside.
std::pair<Tensor, Tensor> fill_indices(const Tensor& index, std::int64_t size, const std::string& fill_mode) {
  const Tensor n = scalar_like(index, static_cast<double>(size));
  if (fill_mode == "constant")
    return {clip_by_value(index, 0, static_cast<int>(size - 1)), logical_and(index >= 0, index < static_cast<int>(size))};
  const Tensor all = ones_like(index) > 0;
  if (fill_mode == "nearest") return {clip_by_value(index, 0, static_cast<int>(size - 1)), all};
  if (fill_mode == "wrap") return {math::floormod(index, n), all};
  const Tensor mod = math::floormod(abs(index), 2 * n);
  const Tensor under = mod < static_cast<int>(size);
  Tensor coords = where(under, mod, 2 * n - mod);
  if (fill_mode == "reflect") coords = where(logical_not(under), coords - 1, coords);
  return {coords, all};
}

// The images [batch, h, w, c] sampled at rows `ys` and columns `xs` ([batch, h, w] float).
Tensor sample(const Tensor& images, const Tensor& ys, const Tensor& xs, const RandomElasticTransformOptions& o, std::int64_t h,
              std::int64_t w) {
  struct Node {
    Tensor index, weight;
  };
  const auto nodes = [&](const Tensor& coordinate) {
    if (o.interpolation == "nearest") return std::vector<Node>{{cast(round(coordinate), int32), ones_like(coordinate)}};
    const Tensor lower = floor(coordinate);
    const Tensor upper_weight = coordinate - lower;
    const Tensor index = cast(lower, int32);
    return std::vector<Node>{{index, 1.0f - upper_weight}, {index + 1, upper_weight}};
  };
  const std::int64_t channels = images.shape().dim(3);
  const Tensor flat = reshape(images, {-1, h * w, channels});
  Tensor result;
  for (const Node& y : nodes(ys)) {
    for (const Node& x : nodes(xs)) {
      const auto [yi, y_inside] = fill_indices(y.index, h, o.fill_mode);
      const auto [xi, x_inside] = fill_indices(x.index, w, o.fill_mode);
      Tensor values = gather(flat, reshape(yi * static_cast<int>(w) + xi, {-1, h * w}), {.axis = 1, .batch_dims = 1});
      values = reshape(values, {-1, h, w, channels});
      if (o.fill_mode == "constant")
        values = where(expand_dims(logical_and(y_inside, x_inside), -1), values, scalar_like(values, o.fill_value));
      const Tensor term = expand_dims(y.weight * x.weight, -1) * values;
      result = result.defined() ? result + term : term;
    }
  }
  return result;
}

}  // namespace

RandomElasticTransform::RandomElasticTransform(RandomElasticTransformOptions options)
    : ImageAugmentation(layer_options(options, "RandomElasticTransform")),
      factor_(image_util::base_factor_range(name(), options.factor, 0, 1)), scale_(image_util::base_factor_range(name(), options.scale, 0, 1)),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  image_util::check_choice(name(), "interpolation", options_.interpolation, {"nearest", "bilinear"});
  image_util::check_choice(name(), "fill_mode", options_.fill_mode, {"constant", "nearest", "wrap", "reflect"});
  image_util::check_data_format(name(), options_.data_format);
}

Tensor RandomElasticTransform::call(const Tensor& inputs, bool training) {
  const Tensor x = cast(inputs, dtype());
  // Keras draws nothing (and does not clip) when the scale or the probability is 0.
  if (!training || scale_.second == 0 || factor_.second == 0) return x;
  const image_util::Nhwc form = image_util::to_nhwc(name(), x, options_.data_format);
  const Tensor& images = form.images;
  const auto [h, w] = image_util::known_height_width(name(), images);
  const Tensor probability = image_util::per_image_uniform(generator_, images, {1, 1, 1}, factor_.first, factor_.second);
  const Tensor apply = image_util::per_image_uniform(generator_, images, {1, 1, 1}, 0.0, 1.0) < probability;
  const Tensor distortion = generator_.uniform({}, scale_.first, scale_.second, dtype());
  const Tensor alpha = static_cast<float>(std::max(h, w)) * (0.1f * distortion);
  const Tensor sigma = static_cast<float>(std::min(h, w)) * (0.05f * distortion);
  const Tensor taps = bitwise::bitwise_or(6 * cast(sigma, int32), 1);  // Keras: 6 * int(sigma) | 1
  // Keras draws x's and y's noise with the same seed, so both displacements are the same.
  const Tensor dx = blur(noise(generator_, images, h, w) * sigma, taps, sigma), dy = dx;
  const Tensor grid_x = reshape(range(0.0, double(w), 1.0, dtype()), {1, 1, w});
  const Tensor grid_y = reshape(range(0.0, double(h), 1.0, dtype()), {1, h, 1});
  const Tensor warped = sample(images, grid_y + alpha * dy, grid_x + alpha * dx, options_, h, w);
  const Tensor out = clip_by_value(where(apply, warped, images), options_.value_range.first, options_.value_range.second);
  return image_util::from_nhwc(form, out);
}

Config RandomElasticTransform::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["factor"] = color_util::range_config(factor_);
  c["scale"] = color_util::range_config(scale_);
  c["interpolation"] = options_.interpolation;
  c["fill_mode"] = options_.fill_mode;
  c["fill_value"] = options_.fill_value;
  c["value_range"] = color_util::range_config(options_.value_range);
  c["seed"] = image_util::seed_config(options_.seed);
  return c;
}

RandomElasticTransform RandomElasticTransform::from_config(const Config& c) {
  RandomElasticTransformOptions o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  o.value_range = color_util::range_from(c, "value_range", "RandomElasticTransform", o.value_range);
  if (auto it = c.find("factor"); it != c.end() && !it->second.is_null()) o.factor = image_util::factor_from(it->second, "RandomElasticTransform");
  if (auto it = c.find("scale"); it != c.end() && !it->second.is_null()) o.scale = image_util::factor_from(it->second, "RandomElasticTransform");
  const auto text = [](const ConfigValue& v) { return v.get<std::string>(); };
  detail::read_if_present(c, "interpolation", o.interpolation, text);
  detail::read_if_present(c, "fill_mode", o.fill_mode, text);
  detail::read_if_present(c, "fill_value", o.fill_value, [](const ConfigValue& v) { return v.as_double(); });
  return RandomElasticTransform(o);
}

}  // namespace tf::keras::layers
