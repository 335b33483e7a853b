// Keras 3's batch-mixing augmentations (keras.layers.MixUp and CutMix): each image is mixed with
// another image of the batch (a random permutation), and so are the labels when they are passed
// with the images (Keras' {"images", "labels"} input). When training (a call without `training`
// trains, as in Keras 3); the identity otherwise. Their draws come from a tf::random::Generator
// per layer, seeded by `seed`, not from Keras' generator.
//
//   layers::MixUp mix({.alpha = 0.2, .seed = 1});
//   auto [images, labels] = mix.call_with_labels(x, one_hot_y, true);
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "tfpp/keras/layers/image_augmentation.h"

namespace tf::keras::layers {

/// Options of MixUp.
struct MixUpOptions {
  double alpha = 0.2;                     ///< the Beta(alpha, alpha) distribution of the mixing weights
  std::optional<std::int64_t> seed = {};  ///< seeds the layer's generator
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// w * x + (1 - w) * x[permutation] per image, w ~ Beta(alpha, alpha) (keras.layers.MixUp).
/// Float output when training.
class MixUp : public ImageAugmentation {
 public:
  explicit MixUp(MixUpOptions options = {});
  /// A MixUp from get_config()'s output.
  static MixUp from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  /// Images and labels [batch, ...] mixed with the same weights and permutation.
  std::pair<Tensor, Tensor> call_with_labels(const Tensor& images, const Tensor& labels, bool training = true);
  Config get_config() const override;
  TFPP_KERAS_LAYER(MixUp)

 private:
  MixUpOptions options_;
  random::Generator generator_;
};

/// Options of CutMix.
struct CutMixOptions {
  std::optional<std::int64_t> seed = {};  ///< seeds the layer's generator
  std::string data_format = "channels_last";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Pastes into each image a box of another image of the batch (keras.layers.CutMix): the box
/// covers 1 - w of the image for w ~ Beta(a, a), a drawn once per call from `factor` (in [0, 1];
/// one number f: [0, f]); labels mix with the box's actual area. Single images pass unchanged.
/// Float output.
class CutMix : public ImageAugmentation {
 public:
  explicit CutMix(Factor factor = 1.0, CutMixOptions options = {});
  /// A CutMix from get_config()'s output.
  static CutMix from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  /// Images and labels [batch, ...] mixed with the same boxes and permutation.
  std::pair<Tensor, Tensor> call_with_labels(const Tensor& images, const Tensor& labels, bool training = true);
  Config get_config() const override;
  TFPP_KERAS_LAYER(CutMix)

 private:
  std::pair<double, double> range_;
  CutMixOptions options_;
  random::Generator generator_;
};

}  // namespace tf::keras::layers
