// Keras 3's image preprocessing and augmentation layers (keras.layers.Resizing, CenterCrop,
// RandomFlip, RandomRotation, RandomZoom, RandomTranslation, RandomContrast, RandomBrightness,
// RandomCrop), with Keras' arguments, config keys and output dtypes. They take one image
// [height, width, channels] or a batch [batch, height, width, channels] ("channels_last"; or
// channels before height and width with data_format "channels_first").
//
// The Random* layers change images when training: in fit, and when called directly without a
// `training` argument (as Keras 3's do); they are the identity in predict, evaluate and with
// training = false. Their numbers come from a tf::random::Generator of their own, seeded
// by `seed` (nondeterministic without one), so a seeded layer repeats its sequence of draws from
// run to run and draws new values at every call; the values differ from Keras' own generator.
// They draw one value per image, also for batches whose size is known only when a traced
// function runs (tf.data pipelines).
//
//   tf::keras::Sequential augment({layers::RandomFlip("horizontal", {.seed = 1}),
//                                  layers::RandomRotation(0.1, {.seed = 2}),
//                                  layers::Resizing(64, 64)});
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

#include "tfpp/keras/layer.h"
#include "tfpp/random_generator.h"

namespace tf::keras::layers {

/// A random factor as Keras takes it: one number f (the range [-f, f], clipped to what the layer
/// allows) or a range {lower, upper} (sorted).
class Factor {
 public:
  /// The range [-|value|, |value|].
  Factor(double value);  // NOLINT(google-explicit-constructor): RandomRotation(0.1)
  /// The range [min(a, b), max(a, b)].
  Factor(double a, double b);
  /// Whether it was given as a range (configs write it back as it was given).
  bool is_range() const { return is_range_; }
  /// The first number given (the only one for a single number).
  double first() const { return first_; }
  /// The second number given (the first for a single number).
  double second() const { return second_; }

 private:
  double first_, second_;
  bool is_range_;
};

/// Options of Resizing.
struct ResizingOptions {
  std::string interpolation = "bilinear";  ///< bilinear, nearest, bicubic, area, lanczos3 or lanczos5
  bool crop_to_aspect_ratio = false;       ///< crop the largest central window of the target aspect ratio first
  bool pad_to_aspect_ratio = false;        ///< pad the short side evenly to the target aspect ratio first
  std::string fill_mode = "constant";      ///< only "constant"
  double fill_value = 0.0;                 ///< the padding value
  bool antialias = false;                  ///< low-pass filter when downsampling
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Resizes images to height x width (keras.layers.Resizing); integer images stay integers
/// (rounded and saturated), float ones come out in the layer's dtype.
class Resizing : public Layer {
 public:
  Resizing(std::int64_t height, std::int64_t width, ResizingOptions options = {});
  /// A Resizing from get_config()'s output.
  static Resizing from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Resizing)

 private:
  std::int64_t height_, width_;
  ResizingOptions options_;
};

/// Options of CenterCrop.
struct CenterCropOptions {
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// The central height x width window of each image (keras.layers.CenterCrop); an image smaller
/// than the window is cropped to its aspect ratio and resized instead. Float output.
class CenterCrop : public Layer {
 public:
  CenterCrop(std::int64_t height, std::int64_t width, CenterCropOptions options = {});
  /// A CenterCrop from get_config()'s output.
  static CenterCrop from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(CenterCrop)

 private:
  std::int64_t height_, width_;
  CenterCropOptions options_;
};

/// Options of RandomFlip.
struct RandomFlipOptions {
  std::optional<std::int64_t> seed = {};  ///< seeds the layer's generator
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// The base of the Random* layers: a call that neither passes `training` nor runs inside a call
/// that decided it trains (Keras 3's `training=True` default of their call).
class RandomAugmentation : public Layer {
 public:
  using Layer::Layer;

 protected:
  bool default_training() const override { return true; }
};

/// Mirrors each image with probability 1/2 (keras.layers.RandomFlip): mode "horizontal",
/// "vertical" or "horizontal_and_vertical" (one draw per image flips both axes, as Keras 3).
class RandomFlip : public RandomAugmentation {
 public:
  explicit RandomFlip(std::string mode = "horizontal_and_vertical", RandomFlipOptions options = {});
  /// A RandomFlip from get_config()'s output.
  static RandomFlip from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomFlip)

 private:
  std::string mode_;
  RandomFlipOptions options_;
  random::Generator generator_;
};

/// Options of RandomRotation, RandomZoom and RandomTranslation.
struct RandomAffineOptions {
  std::string fill_mode = "reflect";       ///< reflect, wrap, constant or nearest
  std::string interpolation = "bilinear";  ///< bilinear or nearest
  std::optional<std::int64_t> seed = {};   ///< seeds the layer's generator
  double fill_value = 0.0;                 ///< the value outside the image with fill_mode "constant"
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Rotates each image about its centre by a random fraction of a full turn drawn from `factor`
/// (in [-1, 1]; counter-clockwise for positive values) (keras.layers.RandomRotation).
class RandomRotation : public RandomAugmentation {
 public:
  explicit RandomRotation(Factor factor, RandomAffineOptions options = {});
  /// A RandomRotation from get_config()'s output.
  static RandomRotation from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomRotation)

 private:
  std::pair<double, double> range_;
  RandomAffineOptions options_;
  random::Generator generator_;
};

/// Zooms each image about its centre (keras.layers.RandomZoom): a factor f in (-1, 1] scales the
/// sampled window by 1 + f (positive: zoom out); the width follows the height's draw unless
/// width_factor is given.
class RandomZoom : public RandomAugmentation {
 public:
  explicit RandomZoom(Factor height_factor, std::optional<Factor> width_factor = std::nullopt, RandomAffineOptions options = {});
  /// RandomZoom({lower, upper}): a height range alone (without this overload the braces could
  /// also make a RandomZoom of two factors to copy, an ambiguous call).
  explicit RandomZoom(std::initializer_list<double> height_range, RandomAffineOptions options = {});
  /// A RandomZoom from get_config()'s output.
  static RandomZoom from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomZoom)

 private:
  Factor height_factor_;
  std::optional<Factor> width_factor_;
  RandomAffineOptions options_;
  random::Generator generator_;
};

/// Shifts each image by random fractions of its height and width, each in [-1, 1]
/// (keras.layers.RandomTranslation).
class RandomTranslation : public RandomAugmentation {
 public:
  RandomTranslation(Factor height_factor, Factor width_factor, RandomAffineOptions options = {});
  /// A RandomTranslation from get_config()'s output.
  static RandomTranslation from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomTranslation)

 private:
  Factor height_factor_, width_factor_;
  RandomAffineOptions options_;
  random::Generator generator_;
};

/// Options of RandomContrast and RandomBrightness.
struct RandomColorOptions {
  std::pair<double, double> value_range = {0, 255};  ///< the pixel range; results are clipped to it
  std::optional<std::int64_t> seed = {};             ///< seeds the layer's generator
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Scales each image's distance to its per-channel mean by a random factor in
/// [1 - lower, 1 + upper] of `factor` (in [0, 1]), then clips to value_range (keras.layers.RandomContrast).
class RandomContrast : public RandomAugmentation {
 public:
  explicit RandomContrast(Factor factor, RandomColorOptions options = {});
  /// A RandomContrast from get_config()'s output.
  static RandomContrast from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomContrast)

 private:
  std::pair<double, double> range_;
  RandomColorOptions options_;
  random::Generator generator_;
};

/// Adds to each image a random fraction of value_range's width drawn from `factor` (in [-1, 1]),
/// then clips to value_range (keras.layers.RandomBrightness).
class RandomBrightness : public RandomAugmentation {
 public:
  explicit RandomBrightness(Factor factor, RandomColorOptions options = {});
  /// A RandomBrightness from get_config()'s output.
  static RandomBrightness from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomBrightness)

 private:
  std::pair<double, double> range_;
  RandomColorOptions options_;
  random::Generator generator_;
};

/// Options of RandomCrop.
struct RandomCropOptions {
  std::optional<std::int64_t> seed = {};  ///< seeds the layer's generator (Keras draws one when absent)
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// A random height x width window, one per call for the whole batch (keras.layers.RandomCrop);
/// images not larger than the window on both axes get Keras' fallback instead: up to
/// height x width from the corner of their central window of the target aspect ratio, resized.
class RandomCrop : public RandomAugmentation {
 public:
  RandomCrop(std::int64_t height, std::int64_t width, RandomCropOptions options = {});
  /// A RandomCrop from get_config()'s output.
  static RandomCrop from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomCrop)

 private:
  std::int64_t height_, width_;
  RandomCropOptions options_;
  random::Generator generator_;
};

}  // namespace tf::keras::layers
