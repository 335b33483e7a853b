// Keras 3's pixel-value image layers beyond image_preprocessing.h: AutoContrast, Equalization,
// ContrastLimitedAdaptiveHistogramEqualization and MaxNumBoundingBoxes (deterministic), and
// Solarization, RandomGrayscale, RandomInvert and RandomPosterization (random), with Keras'
// arguments, config keys and output dtypes. Images are [height, width, channels] or batches of
// them ("channels_last"), or channels first with data_format "channels_first".
//
// As in Keras 3, a call without a `training` argument counts as training (the random layers
// change images; Equalization, Solarization and the Random* ones are the identity with
// training = false), while AutoContrast and the adaptive equalization always apply. Random
// draws come from a tf::random::Generator per layer, seeded by `seed`: a seeded layer repeats
// its draws from run to run, but they are not Keras' draws.
//
//   tf::keras::Sequential augment({layers::AutoContrast(), layers::RandomGrayscale(0.2, {.seed = 1})});
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "tfpp/keras/layers/image_preprocessing.h"

namespace tf::keras::layers {

/// The base of the augmentation layers of image_augmentation*.h: a RandomAugmentation whose build
/// rejects inputs that are not images or batches of images (rank 3 or 4), as Keras' call does.
class ImageAugmentation : public RandomAugmentation {
 public:
  using RandomAugmentation::RandomAugmentation;
  void build(const TensorShape& input_shape) override;
};

/// Options of AutoContrast.
struct AutoContrastOptions {
  std::pair<double, double> value_range = {0, 255};  ///< the pixel range stretched over (sorted)
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Stretches each image's channels linearly so that their minimum and maximum become value_range's
/// ends (keras.layers.AutoContrast); constant channels are kept. Float output, in training and
/// inference alike.
class AutoContrast : public ImageAugmentation {
 public:
  explicit AutoContrast(AutoContrastOptions options = {});
  /// An AutoContrast from get_config()'s output.
  static AutoContrast from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(AutoContrast)

 private:
  AutoContrastOptions options_;
};

/// Options of Equalization.
struct EqualizationOptions {
  std::pair<double, double> value_range = {0, 255};  ///< the pixel range (sorted)
  std::int64_t bins = 256;                           ///< histogram bins
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Histogram equalization per channel (keras.layers.Equalization): as Keras, one histogram per
/// channel over the whole batch; a channel with values in a single bin is kept. Float output when
/// training, the input unchanged otherwise.
class Equalization : public ImageAugmentation {
 public:
  explicit Equalization(EqualizationOptions options = {});
  /// An Equalization from get_config()'s output.
  static Equalization from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Equalization)

 private:
  EqualizationOptions options_;
};

/// Options of ContrastLimitedAdaptiveHistogramEqualization.
struct ClaheOptions {
  std::pair<double, double> value_range = {0, 255};            ///< the pixel range
  double clip_limit = 4.0;                                     ///< histogram clip, times the mean bin count (<= 0: none)
  std::pair<std::int64_t, std::int64_t> tile_grid_size = {8, 8};  ///< tiles along height and width
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Contrast-limited adaptive histogram equalization (keras.layers.ContrastLimitedAdaptiveHistogramEqualization):
/// clipped histograms per tile and channel, their mappings interpolated bilinearly between tile
/// centres. Keeps the input's dtype (floats in the layer's), in training and inference alike.
class ContrastLimitedAdaptiveHistogramEqualization : public ImageAugmentation {
 public:
  explicit ContrastLimitedAdaptiveHistogramEqualization(ClaheOptions options = {});
  /// A ContrastLimitedAdaptiveHistogramEqualization from get_config()'s output.
  static ContrastLimitedAdaptiveHistogramEqualization from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(ContrastLimitedAdaptiveHistogramEqualization)

 private:
  ClaheOptions options_;
};

/// Options of MaxNumBoundingBoxes.
struct MaxNumBoundingBoxesOptions {
  std::int64_t fill_value = -1;  ///< padding of boxes and labels (Keras leaves it out of the config)
  std::optional<std::string> bounding_box_format = {};  ///< "xyxy", ... (written to the config when given)
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Pads or cuts bounding boxes to max_number per image (keras.layers.MaxNumBoundingBoxes); images
/// pass through unchanged.
class MaxNumBoundingBoxes : public ImageAugmentation {
 public:
  explicit MaxNumBoundingBoxes(std::int64_t max_number, MaxNumBoundingBoxesOptions options = {});
  /// A MaxNumBoundingBoxes from get_config()'s output.
  static MaxNumBoundingBoxes from_config(const Config& config);
  /// The images, unchanged.
  Tensor call(const Tensor& inputs, bool training) override;
  /// Boxes [batch, n, 4] and labels [batch, n] as [batch, max_number, 4] and [batch, max_number].
  std::pair<Tensor, Tensor> transform_bounding_boxes(const Tensor& boxes, const Tensor& labels) const;
  Config get_config() const override;
  TFPP_KERAS_LAYER(MaxNumBoundingBoxes)

 private:
  std::int64_t max_number_;
  MaxNumBoundingBoxesOptions options_;
};

/// Options of Solarization.
struct SolarizationOptions {
  Factor addition_factor = 0.0;   ///< a number f (the range [0, f]) or a range, in [0, 1]
  Factor threshold_factor = 0.0;  ///< the same for the threshold
  std::pair<double, double> value_range = {0, 255};
  std::optional<std::int64_t> seed = {};
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Adds a random amount to each image, then inverts the pixels at or above a random threshold
/// (keras.layers.Solarization), in the [0, 255] scale. As Keras, the amounts are drawn from
/// [lower, upper * 255] of each factor's range. Float output.
class Solarization : public ImageAugmentation {
 public:
  explicit Solarization(SolarizationOptions options = {});
  /// A Solarization from get_config()'s output.
  static Solarization from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Solarization)

 private:
  std::pair<double, double> addition_, threshold_;
  SolarizationOptions options_;
  random::Generator generator_;
};

/// Options of RandomGrayscale.
struct RandomGrayscaleOptions {
  std::optional<std::int64_t> seed = {};  ///< seeds the layer's generator (Keras leaves it out of the config)
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Turns each RGB image to gray (all three channels the luma) with probability `factor`
/// (keras.layers.RandomGrayscale); keeps the input's dtype.
class RandomGrayscale : public ImageAugmentation {
 public:
  explicit RandomGrayscale(double factor = 0.5, RandomGrayscaleOptions options = {});
  /// A RandomGrayscale from get_config()'s output.
  static RandomGrayscale from_config(const Config& config);
  /// Also rejects images with neither 3 nor 1 channels.
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomGrayscale)

 private:
  double factor_;
  RandomGrayscaleOptions options_;
  random::Generator generator_;
};

/// Replaces each image x by value_range[1] - x with a probability drawn from `factor` (in [0, 1];
/// one number f: [0, f]) (keras.layers.RandomInvert). Float output when training.
class RandomInvert : public ImageAugmentation {
 public:
  explicit RandomInvert(Factor factor = 1.0, RandomColorOptions options = {});
  /// A RandomInvert from get_config()'s output.
  static RandomInvert from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomInvert)

 private:
  std::pair<double, double> range_;
  RandomColorOptions options_;
  random::Generator generator_;
};

/// Keeps the top b bits of each 8-bit pixel value, b drawn per image from `factor` (in [1, 8];
/// one number f: [1, f)) (keras.layers.RandomPosterization). Float output when training.
class RandomPosterization : public ImageAugmentation {
 public:
  explicit RandomPosterization(Factor factor, RandomColorOptions options = {});
  /// A RandomPosterization from get_config()'s output.
  static RandomPosterization from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandomPosterization)

 private:
  std::pair<double, double> range_;
  RandomColorOptions options_;
  random::Generator generator_;
};

}  // namespace tf::keras::layers
