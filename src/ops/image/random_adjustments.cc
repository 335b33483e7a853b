// tf.image's random augmentations, as image_ops_impl.py and random_crop_ops.py compose them:
// one uniform draw (a scalar, or one per image for batched flips) feeds the deterministic
// adjustment. Each function is written once over a "draw" that is either the stateful
// tf.random.uniform or the stateless one.
#include "tfpp/image_random_ops.h"

#include <functional>
#include <limits>
#include <string>

#include "ops/image/adjustments.h"
#include "ops/image/image_checks.h"
#include "tfpp/constant.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/image_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/random_ops.h"

namespace tf::image {
namespace {

using detail::adjust_brightness_by;
using detail::adjust_hue_by;
using detail::adjust_saturation_by;
using detail::fail;

// Uniform values of `shape` in [minval, maxval) of `dtype`, from one of the two generators.
using Draw = std::function<Tensor(const TensorShape& shape, double minval, double maxval, DType dtype)>;

Draw stateful(std::optional<std::int64_t> seed) {
  return [seed](const TensorShape& shape, double minval, double maxval, DType dtype) {
    return random::uniform(shape, {.minval = minval, .maxval = maxval, .dtype = dtype, .seed = seed});
  };
}

Draw stateless(const IntArray& seed) {
  return [seed](const TensorShape& shape, double minval, double maxval, DType dtype) {
    return random::stateless_uniform(shape, seed, {.minval = minval, .maxval = maxval, .dtype = dtype});
  };
}

Tensor random_flip(const char* function, const Tensor& image, int axis, const Draw& draw) {
  detail::check_at_least_3d(function, image.shape());
  const TensorShape& s = image.shape();
  if (s.rank() == 3) {
    const Tensor mirror = less(draw(TensorShape({}), 0.0, 1.0, float32), constant(0.5f));
    return where(mirror, reverse(image, {axis}), image);
  }
  if (s.rank() != 4) fail(function, "'image' (shape " + s.to_string() + ") must have either 3 or 4 dimensions.");
  if (s.dim(0) == None) fail(function, "the batch size must be known when traced, got shape " + s.to_string());
  // One rounded draw per image: 1 flips it, 0 keeps it.
  const Tensor flips = cast(round(reshape(draw(TensorShape({s.dim(0)}), 0.0, 1.0, float32), {s.dim(0), 1, 1, 1})), image.dtype());
  return flips * reverse(image, {axis + 1}) + (scalar_like(flips, 1.0) - flips) * image;
}

Tensor brightness(const char* function, const Tensor& image, double max_delta, const Draw& draw) {
  if (max_delta < 0) fail(function, "max_delta must be non-negative.");
  return adjust_brightness_by(image, draw(TensorShape({}), -max_delta, max_delta, float32));
}

void check_range(const char* function, double lower, double upper) {
  if (upper <= lower) fail(function, "upper must be > lower.");
  if (lower < 0) fail(function, "lower must be non-negative.");
}

Tensor hue(const char* function, const Tensor& image, double max_delta, const Draw& draw) {
  if (max_delta > 0.5) fail(function, "max_delta must be <= 0.5.");
  if (max_delta < 0) fail(function, "max_delta must be non-negative.");
  return adjust_hue_by(image, draw(TensorShape({}), -max_delta, max_delta, float32));
}

Tensor crop(const char* function, const Tensor& value, const IntArray& size, const Draw& draw) {
  Tensor sizes = size.tensor();
  if (sizes.dtype() != int32) sizes = cast(sizes, int32);
  const Tensor dims = shape(value);
  if (value.shape().is_fully_defined() && !sizes.is_symbolic()) {
    const std::vector<std::int32_t> want = sizes.numpy<std::int32_t>();
    bool fits = static_cast<int>(want.size()) == value.shape().rank();
    for (std::size_t i = 0; fits && i < want.size(); ++i) fits = want[i] <= value.shape().dim(static_cast<int>(i));
    if (!fits)
      fail(function, "Need value.shape >= size, got " + value.shape().to_string() + " and " + sizes.shape().to_string() + " size " +
                         [&] {
                           std::string s;
                           for (std::int32_t w : want) s += (s.empty() ? "" : ", ") + std::to_string(w);
                           return "[" + s + "]";
                         }());
  }
  const Tensor limit = dims - sizes + 1;
  const auto rank = static_cast<std::int64_t>(value.shape().rank());
  const Tensor offset = math::floormod(draw(TensorShape({rank}), 0.0, std::numeric_limits<std::int32_t>::max(), int32), limit);
  return slice(value, offset, sizes);
}

}  // namespace

Tensor random_flip_left_right(const Tensor& image, std::optional<std::int64_t> seed) {
  return random_flip("random_flip_left_right", image, 1, stateful(seed));
}
Tensor random_flip_up_down(const Tensor& image, std::optional<std::int64_t> seed) {
  return random_flip("random_flip_up_down", image, 0, stateful(seed));
}
Tensor random_brightness(const Tensor& image, double max_delta, std::optional<std::int64_t> seed) {
  return brightness("random_brightness", image, max_delta, stateful(seed));
}
Tensor random_contrast(const Tensor& image, double lower, double upper, std::optional<std::int64_t> seed) {
  check_range("random_contrast", lower, upper);
  return adjust_contrast(image, stateful(seed)(TensorShape({}), lower, upper, float32));
}
Tensor random_saturation(const Tensor& image, double lower, double upper, std::optional<std::int64_t> seed) {
  check_range("random_saturation", lower, upper);
  return adjust_saturation_by(image, stateful(seed)(TensorShape({}), lower, upper, float32));
}
Tensor random_hue(const Tensor& image, double max_delta, std::optional<std::int64_t> seed) {
  return hue("random_hue", image, max_delta, stateful(seed));
}
Tensor random_crop(const Tensor& value, const IntArray& size, std::optional<std::int64_t> seed) {
  return crop("random_crop", value, size, stateful(seed));
}

Tensor stateless_random_flip_left_right(const Tensor& image, const IntArray& seed) {
  return random_flip("stateless_random_flip_left_right", image, 1, stateless(seed));
}
Tensor stateless_random_flip_up_down(const Tensor& image, const IntArray& seed) {
  return random_flip("stateless_random_flip_up_down", image, 0, stateless(seed));
}
Tensor stateless_random_brightness(const Tensor& image, double max_delta, const IntArray& seed) {
  return brightness("stateless_random_brightness", image, max_delta, stateless(seed));
}
Tensor stateless_random_contrast(const Tensor& image, double lower, double upper, const IntArray& seed) {
  check_range("stateless_random_contrast", lower, upper);
  return adjust_contrast(image, stateless(seed)(TensorShape({}), lower, upper, float32));
}
Tensor stateless_random_saturation(const Tensor& image, double lower, double upper, const IntArray& seed) {
  check_range("stateless_random_saturation", lower, upper);
  return adjust_saturation_by(image, stateless(seed)(TensorShape({}), lower, upper, float32));
}
Tensor stateless_random_hue(const Tensor& image, double max_delta, const IntArray& seed) {
  return hue("stateless_random_hue", image, max_delta, stateless(seed));
}
Tensor stateless_random_crop(const Tensor& value, const IntArray& size, const IntArray& seed) {
  return crop("stateless_random_crop", value, size, stateless(seed));
}

}  // namespace tf::image
