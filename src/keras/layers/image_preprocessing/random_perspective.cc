// keras/src/layers/preprocessing/image_preprocessing/random_perspective.py and the TensorFlow
// backend's perspective_transform: per image, the homography (8 coefficients from an 8 x 8
// linear system, as compute_homography_matrix sets it up) mapping the moved corners back to the
// original ones, applied by ImageProjectiveTransformV3 with a constant fill.
#include <sstream>

#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/color_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/image_augmentation_geometry.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/math_ops.h"

namespace tf::keras::layers {

namespace {

// [batch, 8] homographies taking output points `end` to input points `start` ([batch, 4, 2] each).
Tensor homography(const Tensor& start, const Tensor& end) {
  const auto coordinate = [](const Tensor& points, int corner, int axis) {
    return reshape(slice(points, {0, corner, axis}, {-1, 1, 1}), {-1});
  };
  std::vector<Tensor> rows, targets;
  for (int corner = 0; corner < 4; ++corner) {
    const Tensor sx = coordinate(start, corner, 0), sy = coordinate(start, corner, 1);
    const Tensor ex = coordinate(end, corner, 0), ey = coordinate(end, corner, 1);
    const Tensor one = ones_like(ex), zero = zeros_like(ex);
    rows.push_back(stack({ex, ey, one, zero, zero, zero, -sx * ex, -sx * ey}, -1));
    rows.push_back(stack({zero, zero, zero, ex, ey, one, -sy * ex, -sy * ey}, -1));
    targets.push_back(sx);
    targets.push_back(sy);
  }
  const Tensor solution = linalg::solve(stack(rows, 1), expand_dims(stack(targets, -1), -1));
  return reshape(solution, {-1, 8});
}

std::string number_text(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

}  // namespace

RandomPerspective::RandomPerspective(RandomPerspectiveOptions options)
    : ImageAugmentation(layer_options(options, "RandomPerspective")), factor_(image_util::base_factor_range(name(), options.factor, 0, 1)),
      options_(std::move(options)), generator_(image_util::make_generator(options_.seed)) {
  if (options_.scale < 0.0 || options_.scale > 1.0)
    throw InvalidArgumentError("[" + name() + "] The `scale` argument should be a number in the range [0,1]. Received: scale=" +
                               number_text(options_.scale));
  image_util::check_choice(name(), "interpolation", options_.interpolation, {"nearest", "bilinear"});
  image_util::check_data_format(name(), options_.data_format);
}

Tensor RandomPerspective::call(const Tensor& inputs, bool training) {
  const Tensor x = cast(inputs, dtype());
  if (!training) return x;
  const image_util::Nhwc form = image_util::to_nhwc(name(), x, options_.data_format);
  const Tensor& images = form.images;
  const auto [height, width] = image_util::known_height_width(name(), images);
  const Tensor probability = image_util::per_image_uniform(generator_, images, {1, 1, 1}, factor_.first, factor_.second);
  const Tensor apply = image_util::per_image_uniform(generator_, images, {1, 1, 1}, 0.0, 1.0) < probability;
  const Tensor moves = image_util::per_image_uniform(generator_, images, {4, 2}, -0.5 * options_.scale, 0.5 * options_.scale);
  const float w = static_cast<float>(width - 1), h = static_cast<float>(height - 1);
  const Tensor corners = reshape(constant({0.0f, 0.0f, w, 0.0f, 0.0f, h, w, h}), {1, 4, 2});
  const Tensor start = corners * ones_like(moves);
  const Tensor transforms = homography(start, start + start * moves);
  const Tensor warped = image_util::affine_transform(images, transforms, options_.interpolation, "constant", options_.fill_value);
  return image_util::from_nhwc(form, where(apply, warped, images));
}

Config RandomPerspective::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  c["factor"] = color_util::range_config(factor_);
  c["scale"] = options_.scale;
  c["interpolation"] = options_.interpolation;
  c["fill_value"] = options_.fill_value;
  c["seed"] = image_util::seed_config(options_.seed);
  return c;
}

RandomPerspective RandomPerspective::from_config(const Config& c) {
  RandomPerspectiveOptions o;
  detail::read_common(c, o);
  image_util::read_seed_and_format(c, o);
  if (auto it = c.find("factor"); it != c.end() && !it->second.is_null()) o.factor = image_util::factor_from(it->second, "RandomPerspective");
  const auto number = [](const ConfigValue& v) { return v.as_double(); };
  detail::read_if_present(c, "scale", o.scale, number);
  detail::read_if_present(c, "fill_value", o.fill_value, number);
  detail::read_if_present(c, "interpolation", o.interpolation, [](const ConfigValue& v) { return v.get<std::string>(); });
  return RandomPerspective(o);
}

}  // namespace tf::keras::layers
