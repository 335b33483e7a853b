// keras.layers.AugMix: num_chains chains of up to chain_depth augmentations each, their outputs
// mixed with Dirichlet(alpha) weights, and that mixture blended with the original image by a
// Beta(alpha, alpha) weight, clipped to value_range. As Keras 3, a call without `training` trains.
//
//   layers::AugMix augmix({.value_range = {0, 1}, .num_chains = 3, .chain_depth = 3, .factor = 0.3, .seed = 4});
//   tf::Tensor mixed = augmix(images);                    // float32, same shape
//
// As Keras, the chains' augmentations are picked on the host (Keras uses Python's random module;
// tfpp a generator seeded by `seed`), so inside tf::function they are fixed when it traces, while
// the mixing weights and each augmentation's parameters are drawn at every call.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "tfpp/keras/layers/image_augmentation.h"

namespace tf::keras::layers {

/// Options of AugMix.
struct AugMixOptions {
  std::pair<double, double> value_range = {0, 255};
  std::int64_t num_chains = 3;   ///< chains mixed (at least 1)
  std::int64_t chain_depth = 3;  ///< picks per chain, each an augmentation or none
  Factor factor = 0.3;           ///< the augmentations' strength in [0, 1] (one number f: [0, f])
  double alpha = 1.0;            ///< of the Dirichlet and Beta distributions (positive)
  bool all_ops = true;           ///< also brightness, color degeneration, contrast and sharpness
  std::string interpolation = "bilinear";  ///< of the geometric augmentations
  std::optional<std::int64_t> seed = {};   ///< seeds the picks, the weights and the augmentations
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// One draw of AugMix (Keras' get_random_transformation, without the augmentations' own draws).
struct AugMixTransformation {
  Tensor chain_mixing_weights;  ///< [num_chains], summing to 1
  Tensor weight_sample;         ///< scalar in [0, 1]: the original image's share
  /// Each chain's augmentations by Keras' attribute names ("random_shear", "equalization", ...).
  std::vector<std::vector<std::string>> chain_transforms;
};

/// AugMix (keras.layers.AugMix): float output of the input's shape; the input, cast, in inference.
class AugMix : public ImageAugmentation {
 public:
  explicit AugMix(AugMixOptions options = {});
  /// An AugMix from get_config()'s output.
  static AugMix from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  /// Draws the chains' weights, the original's weight and the chains' augmentations.
  AugMixTransformation get_random_transformation();
  /// Mixes `images` as `transformation` says, each augmentation drawing its own parameters, and
  /// clips to value_range (Keras' transform_images).
  Tensor transform_images(const Tensor& images, const AugMixTransformation& transformation);
  /// The augmentations' names, in Keras' order (seven, or eleven with all_ops).
  std::vector<std::string> augmentation_names() const;
  TFPP_KERAS_LAYER(AugMix)

 private:
  std::pair<double, double> range_;
  AugMixOptions options_;
  std::vector<std::pair<std::string, std::shared_ptr<Layer>>> augmentations_;
  random::Generator generator_;
  std::shared_ptr<std::mt19937_64> picks_;  // shared by copies, as the generator is
};

}  // namespace tf::keras::layers
