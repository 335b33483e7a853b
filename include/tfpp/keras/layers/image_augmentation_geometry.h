// Keras 3's random shear, perspective, elastic, erasing and blur layers (keras.layers.RandomShear,
// RandomPerspective, RandomElasticTransform, RandomErasing, RandomGaussianBlur), with
// Keras' arguments, config keys and output dtypes. Images are [height, width, channels] or
// batches of them (channels last, or first with data_format "channels_first"); the layers draw
// per image when training (a call without `training` trains, as in Keras 3) and are the identity
// otherwise. Their draws come from a tf::random::Generator per layer, seeded by `seed`, not from
// Keras' generator.
//
//   layers::RandomShear(0.2, 0.1, {.fill_mode = "constant", .seed = 1});
//   layers::RandomErasing({.factor = 0.5, .scale = {0.05, 0.2}, .fill_value = std::vector<double>{0}, .seed = 2});
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tfpp/keras/layers/image_augmentation.h"

namespace tf::keras::layers {

/// Shears each image about its top-left corner (keras.layers.RandomShear): x += sx * y and
/// y += sy * x in the sampling grid, sx and sy drawn from x_factor and y_factor (numbers in [0, 1];
/// one number f: [-f, f]) and both negated for a random half of the images.
class RandomShear : public ImageAugmentation {
 public:
  explicit RandomShear(Factor x_factor = 0.0, Factor y_factor = 0.0, RandomAffineOptions options = {});
  /// A RandomShear from get_config()'s output.
  static RandomShear from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomShear)

 private:
  std::pair<double, double> x_range_, y_range_;
  RandomAffineOptions options_;
  random::Generator generator_;
};

/// Options of RandomPerspective.
struct RandomPerspectiveOptions {
  Factor factor = 1.0;                     ///< the probability of a transform, drawn from this range (one number f: [0, f])
  double scale = 1.0;                      ///< corners move by up to scale / 2 of their coordinates, in [0, 1]
  std::string interpolation = "bilinear";  ///< bilinear or nearest
  double fill_value = 0.0;                 ///< the value outside the image
  std::optional<std::int64_t> seed = {};
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Warps each image, with a probability drawn from `factor`, by the homography that moves its
/// four corners (x, y) to (x, y) * (1 + u) for u uniform in [-scale / 2, scale / 2] per
/// coordinate (keras.layers.RandomPerspective). Float output.
class RandomPerspective : public ImageAugmentation {
 public:
  explicit RandomPerspective(RandomPerspectiveOptions options = {});
  /// A RandomPerspective from get_config()'s output.
  static RandomPerspective from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomPerspective)

 private:
  std::pair<double, double> factor_;
  RandomPerspectiveOptions options_;
  random::Generator generator_;
};

/// Options of RandomElasticTransform.
struct RandomElasticTransformOptions {
  Factor factor = 1.0;                      ///< the probability of a transform, drawn from this range (one number f: [0, f])
  Factor scale = 1.0;                       ///< the distortion's range, in [0, 1] (one number s: [0, s])
  std::string interpolation = "bilinear";   ///< bilinear or nearest
  std::string fill_mode = "reflect";        ///< constant, nearest, wrap or reflect
  double fill_value = 0.0;                  ///< the value outside the image with fill_mode "constant"
  std::pair<double, double> value_range = {0, 255};  ///< transformed calls are clipped to it
  std::optional<std::int64_t> seed = {};
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Displaces each pixel's sampling point by Gaussian-smoothed noise (keras.layers.RandomElasticTransform):
/// for a distortion d drawn per call from `scale`, noise of deviation sigma = min(h, w) / 20 * d,
/// blurred with a Gaussian of that sigma and scaled by alpha = max(h, w) / 10 * d; applied to each
/// image with a probability drawn from `factor`, then clipped to value_range. Float output.
class RandomElasticTransform : public ImageAugmentation {
 public:
  explicit RandomElasticTransform(RandomElasticTransformOptions options = {});
  /// A RandomElasticTransform from get_config()'s output.
  static RandomElasticTransform from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomElasticTransform)

 private:
  std::pair<double, double> factor_, scale_;
  RandomElasticTransformOptions options_;
  random::Generator generator_;
};

/// Options of RandomErasing.
struct RandomErasingOptions {
  Factor factor = 1.0;                                  ///< erasing probability, drawn from this range (one number f: [0, f])
  Factor scale = Factor(0.02, 0.33);                    ///< the box's area fraction range (the box is sqrt(area) of each side)
  std::optional<std::vector<double>> fill_value = {};   ///< one value or one per channel; absent: normal noise * value_range[1]
  std::pair<double, double> value_range = {0, 255};     ///< the fill is clipped to it
  std::optional<std::int64_t> seed = {};
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Fills a random box of each image, with a probability drawn from `factor`
/// (keras.layers.RandomErasing). Float output.
class RandomErasing : public ImageAugmentation {
 public:
  explicit RandomErasing(RandomErasingOptions options = {});
  /// A RandomErasing from get_config()'s output.
  static RandomErasing from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomErasing)

 private:
  std::pair<double, double> factor_, scale_;
  RandomErasingOptions options_;
  random::Generator generator_;
};

/// Options of RandomGaussianBlur.
struct RandomGaussianBlurOptions {
  Factor factor = 1.0;                                     ///< blur probability, drawn from this range (one number f: [0, f])
  std::pair<std::int64_t, std::int64_t> kernel_size = {3, 3};  ///< odd sizes (Keras' two numbers)
  Factor sigma = 1.0;                                      ///< the range of the two sigmas, in [0, 1] (one number s: [0, s])
  std::pair<double, double> value_range = {0, 255};        ///< every output is clipped to it
  std::optional<std::int64_t> seed = {};
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Blurs each image with probability drawn from `factor` by a Gaussian kernel whose two sigmas
/// are drawn once per call (keras.layers.RandomGaussianBlur); the kernel is built as Keras'
/// TensorFlow backend builds it. Float output.
class RandomGaussianBlur : public ImageAugmentation {
 public:
  explicit RandomGaussianBlur(RandomGaussianBlurOptions options = {});
  /// A RandomGaussianBlur from get_config()'s output.
  static RandomGaussianBlur from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomGaussianBlur)

 private:
  std::pair<double, double> factor_, sigma_;
  RandomGaussianBlurOptions options_;
  random::Generator generator_;
};

}  // namespace tf::keras::layers
