// Random image augmentations of tf.image: flips, brightness, contrast, saturation, hue and
// crops, each drawing its parameters as TensorFlow does. The stateless_* versions depend only on
// their two-integer seed and give TensorFlow's results bit for bit; the others draw from the
// global and op seeds (tf::random::set_seed) as tf.random.uniform does.
//
//   tf::Tensor out = tf::image::stateless_random_brightness(image, 0.2, {1, 2});
#pragma once

#include <cstdint>
#include <optional>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf::image {

/// Mirrors width with probability 1/2, per image of a batch (tf.image.random_flip_left_right).
Tensor random_flip_left_right(const Tensor& image, std::optional<std::int64_t> seed = std::nullopt);
/// Mirrors height with probability 1/2, per image of a batch (tf.image.random_flip_up_down).
Tensor random_flip_up_down(const Tensor& image, std::optional<std::int64_t> seed = std::nullopt);
/// adjust_brightness by a delta uniform in [-max_delta, max_delta) (tf.image.random_brightness).
Tensor random_brightness(const Tensor& image, double max_delta, std::optional<std::int64_t> seed = std::nullopt);
/// adjust_contrast by a factor uniform in [lower, upper) (tf.image.random_contrast).
Tensor random_contrast(const Tensor& image, double lower, double upper, std::optional<std::int64_t> seed = std::nullopt);
/// adjust_saturation by a factor uniform in [lower, upper) (tf.image.random_saturation).
Tensor random_saturation(const Tensor& image, double lower, double upper, std::optional<std::int64_t> seed = std::nullopt);
/// adjust_hue by a delta uniform in [-max_delta, max_delta), max_delta <= 0.5 (tf.image.random_hue).
Tensor random_hue(const Tensor& image, double max_delta, std::optional<std::int64_t> seed = std::nullopt);
/// A random `size` slice of `value`, any rank (tf.image.random_crop).
Tensor random_crop(const Tensor& value, const IntArray& size, std::optional<std::int64_t> seed = std::nullopt);

/// random_flip_left_right drawn from a two-integer seed (tf.image.stateless_random_flip_left_right).
Tensor stateless_random_flip_left_right(const Tensor& image, const IntArray& seed);
/// random_flip_up_down drawn from a seed (tf.image.stateless_random_flip_up_down).
Tensor stateless_random_flip_up_down(const Tensor& image, const IntArray& seed);
/// random_brightness drawn from a seed (tf.image.stateless_random_brightness).
Tensor stateless_random_brightness(const Tensor& image, double max_delta, const IntArray& seed);
/// random_contrast drawn from a seed (tf.image.stateless_random_contrast).
Tensor stateless_random_contrast(const Tensor& image, double lower, double upper, const IntArray& seed);
/// random_saturation drawn from a seed (tf.image.stateless_random_saturation).
Tensor stateless_random_saturation(const Tensor& image, double lower, double upper, const IntArray& seed);
/// random_hue drawn from a seed (tf.image.stateless_random_hue).
Tensor stateless_random_hue(const Tensor& image, double max_delta, const IntArray& seed);
/// random_crop drawn from a seed (tf.image.stateless_random_crop).
Tensor stateless_random_crop(const Tensor& value, const IntArray& size, const IntArray& seed);

}  // namespace tf::image
