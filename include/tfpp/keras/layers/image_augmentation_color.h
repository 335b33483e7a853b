// Keras 3's random color layers beyond image_preprocessing.h: RandomHue, RandomSaturation,
// RandomColorDegeneration, RandomSharpness and RandomColorJitter (brightness, contrast,
// saturation and hue in turn), with Keras' arguments, config keys and output dtypes. Images are
// [height, width, channels] or batches of them (channels last, or first with data_format
// "channels_first"); the layers draw one factor per image when training (a call without
// `training` trains, as in Keras 3) and are the identity otherwise. Their draws come from a
// tf::random::Generator per layer, seeded by `seed`, not from Keras' generator.
//
//   tf::keras::Sequential augment({layers::RandomColorJitter({.brightness_factor = 0.2, .hue_factor = 0.1, .seed = 1})});
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "tfpp/keras/layers/image_augmentation.h"

namespace tf::keras::layers {

/// Shifts each image's hue by a random fraction of a half turn drawn from `factor` (in [0, 1];
/// one number f: [0, f]), in a random direction (keras.layers.RandomHue). Float output.
class RandomHue : public ImageAugmentation {
 public:
  explicit RandomHue(Factor factor, RandomColorOptions options = {});
  /// A RandomHue from get_config()'s output.
  static RandomHue from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomHue)

 private:
  std::pair<double, double> range_;
  RandomColorOptions options_;
  random::Generator generator_;
};

/// Scales each image's HSV saturation by f / (1 - f) for f drawn from `factor` (in [-1, 1]; one
/// number f: [-f, f]) (keras.layers.RandomSaturation). As Keras, the saturation is clipped to
/// value_range, not to [0, 1], and the images must be floats.
class RandomSaturation : public ImageAugmentation {
 public:
  explicit RandomSaturation(Factor factor, RandomColorOptions options = {});
  /// A RandomSaturation from get_config()'s output.
  static RandomSaturation from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomSaturation)

 private:
  std::pair<double, double> range_;
  RandomColorOptions options_;
  random::Generator generator_;
};

/// Moves each image towards its grayscale version by a fraction drawn from `factor` (in [-1, 1];
/// one number f: [-f, f]), clipped to value_range (keras.layers.RandomColorDegeneration).
class RandomColorDegeneration : public ImageAugmentation {
 public:
  explicit RandomColorDegeneration(Factor factor, RandomColorOptions options = {});
  /// A RandomColorDegeneration from get_config()'s output.
  static RandomColorDegeneration from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomColorDegeneration)

 private:
  std::pair<double, double> range_;
  RandomColorOptions options_;
  random::Generator generator_;
};

/// Blends each image with its 3x3-smoothed version: x + (1 - 2f) * (smoothed - x) for f drawn
/// from `factor` (in [0, 1]; one number f: [0, f]), clipped to value_range (keras.layers.RandomSharpness).
/// Float output, also in inference.
class RandomSharpness : public ImageAugmentation {
 public:
  explicit RandomSharpness(Factor factor, RandomColorOptions options = {});
  /// A RandomSharpness from get_config()'s output.
  static RandomSharpness from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomSharpness)

 private:
  std::pair<double, double> range_;
  RandomColorOptions options_;
  random::Generator generator_;
};

/// Options of RandomColorJitter: the factors of the steps to run (absent: skipped).
struct RandomColorJitterOptions {
  std::pair<double, double> value_range = {0, 255};
  std::optional<Factor> brightness_factor = {};  ///< RandomBrightness's factor
  std::optional<Factor> contrast_factor = {};    ///< RandomContrast's factor
  std::optional<Factor> saturation_factor = {};  ///< RandomSaturation's factor
  std::optional<Factor> hue_factor = {};         ///< RandomHue's factor
  std::optional<std::int64_t> seed = {};         ///< seeds the steps' generators (seed, seed + 1, ...)
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// RandomBrightness, RandomContrast, RandomSaturation and RandomHue in this order, each where its
/// factor is given (keras.layers.RandomColorJitter). Float output when training.
class RandomColorJitter : public ImageAugmentation {
 public:
  explicit RandomColorJitter(RandomColorJitterOptions options = {});
  /// A RandomColorJitter from get_config()'s output.
  static RandomColorJitter from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomColorJitter)

 private:
  RandomColorJitterOptions options_;
  std::optional<RandomBrightness> brightness_;
  std::optional<RandomContrast> contrast_;
  std::optional<RandomSaturation> saturation_;
  std::optional<RandomHue> hue_;
};

}  // namespace tf::keras::layers
