// Keras 3's layers that run other augmentation layers: keras.layers.Pipeline (a list of layers
// applied in turn, outside any model's layer graph) and keras.layers.RandAugment (num_ops of
// eleven augmentations picked at random per call). Both train in a call without `training`, as
// in Keras 3, and pass `training` on.
//
//   layers::Pipeline augment({layers::RandomFlip("horizontal", {.seed = 1}), layers::RandomHue(0.1, {.seed = 2})});
//   layers::RandAugment rand({.num_ops = 2, .factor = 0.3, .seed = 3});
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tfpp/keras/layers/core.h"
#include "tfpp/keras/layers/image_augmentation.h"

namespace tf::keras::layers {

/// Applies its layers one after the other (keras.layers.Pipeline); they become its sublayers.
/// Its config is Keras': the serialized layers and the name only.
class Pipeline : public RandomAugmentation {
 public:
  explicit Pipeline(std::vector<LayerRef> layers, BasicOptions options = {});
  /// A Pipeline from get_config()'s output (the layers rebuilt with layers::deserialize).
  static Pipeline from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  /// The layers, in order.
  const std::vector<std::shared_ptr<Layer>>& layers() const { return layers_; }
  TFPP_KERAS_LAYER(Pipeline)

 private:
  std::vector<std::shared_ptr<Layer>> layers_;
};

/// Options of RandAugment.
struct RandAugmentOptions {
  std::pair<double, double> value_range = {0, 255};
  std::int64_t num_ops = 2;               ///< augmentations applied per call (possibly the same twice)
  Factor factor = 0.5;                    ///< the augmentations' strength, in [0, 1] (one number f: [0, f])
  std::string interpolation = "bilinear";  ///< of the geometric augmentations
  std::optional<std::int64_t> seed = {};   ///< seeds the choice and the augmentations
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Applies num_ops augmentations picked at random per call, for the whole batch, among RandomShear,
/// RandomTranslation, RandomRotation, RandomBrightness, RandomColorDegeneration, RandomContrast,
/// RandomSharpness, RandomPosterization, Solarization, AutoContrast and Equalization, built with
/// `factor` as Keras builds them (keras.layers.RandAugment). Float output.
class RandAugment : public ImageAugmentation {
 public:
  explicit RandAugment(RandAugmentOptions options = {});
  /// A RandAugment from get_config()'s output.
  static RandAugment from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RandAugment)

 private:
  std::pair<double, double> range_;
  RandAugmentOptions options_;
  std::vector<std::shared_ptr<Layer>> augmentations_;
  random::Generator generator_;
};

}  // namespace tf::keras::layers
