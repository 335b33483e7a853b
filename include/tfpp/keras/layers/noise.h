// Noise layers, active only while training (the identity in inference): GaussianNoise (additive),
// GaussianDropout (multiplicative, mean 1) and AlphaDropout (dropout that keeps SELU's mean and
// variance), as keras.layers.
//
//   tf::keras::layers::GaussianNoise(0.1, {.seed = 3});
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// Options of the noise layers.
struct NoiseOptions {
  std::optional<std::int64_t> seed;  ///< op seed for reproducible noise
  TFPP_KERAS_LAYER_OPTIONS
};

/// x + N(0, stddev) while training.
class GaussianNoise : public Layer {
 public:
  explicit GaussianNoise(double stddev, NoiseOptions options = {});
  static GaussianNoise from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(GaussianNoise)

 private:
  double stddev_;
  NoiseOptions options_;
};

/// x * N(1, sqrt(rate / (1 - rate))) while training.
class GaussianDropout : public Layer {
 public:
  explicit GaussianDropout(double rate, NoiseOptions options = {});
  static GaussianDropout from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(GaussianDropout)

 private:
  double rate_;
  NoiseOptions options_;
};

/// Options of AlphaDropout.
struct AlphaDropoutOptions {
  std::optional<std::vector<std::int64_t>> noise_shape;  ///< the mask's shape (-1: the input's size)
  std::optional<std::int64_t> seed;                      ///< op seed for reproducible masks
  TFPP_KERAS_LAYER_OPTIONS
};

/// While training, sets inputs to SELU's negative saturation with probability `rate`, then
/// rescales so the mean and variance stay those of the input.
class AlphaDropout : public Layer {
 public:
  explicit AlphaDropout(double rate, AlphaDropoutOptions options = {});
  static AlphaDropout from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  /// rate and seed, and noise_shape when set.
  Config get_config() const override;
  TFPP_KERAS_LAYER(AlphaDropout)

 private:
  double rate_;
  AlphaDropoutOptions options_;
};

}  // namespace tf::keras::layers
