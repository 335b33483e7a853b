// Regularization layers beyond Dropout (layers/core.h): SpatialDropout1D/2D/3D, which drop
// whole feature maps (Dropout with a noise_shape of 1 along the spatial axes).
//
//   tf::keras::layers::SpatialDropout2D(0.2);
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// Options of SpatialDropout1D/2D/3D.
struct SpatialDropoutOptions {
  std::string data_format = "channels_last";  ///< or "channels_first" (2D and 3D)
  std::optional<std::int64_t> seed = {};      ///< op seed for reproducible masks
  TFPP_KERAS_LAYER_OPTIONS
};

/// While training, zeroes whole feature maps (one draw per sample and channel) with probability
/// `rate` and scales the rest by 1 / (1 - rate); the identity in inference. The base of
/// SpatialDropout1D/2D/3D (Keras' BaseSpatialDropout).
class SpatialDropout : public Layer {
 public:
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  /// rate, seed, name and dtype (and data_format for 2D and 3D), as Keras writes them.
  Config get_config() const override;
  /// The fraction of feature maps dropped.
  double rate() const { return rate_; }

 protected:
  /// A layer for inputs with `spatial_rank` axes between the batch and the channels.
  SpatialDropout(int spatial_rank, double rate, SpatialDropoutOptions options, const char* class_name);
  /// The options a from_config of this family reads from `config`.
  static SpatialDropoutOptions options_from_config(const Config& config);

 private:
  int spatial_rank_;
  double rate_;
  bool channels_first_;
  SpatialDropoutOptions options_;
};

/// SpatialDropout over [batch, steps, channels] (keras.layers.SpatialDropout1D).
class SpatialDropout1D : public SpatialDropout {
 public:
  explicit SpatialDropout1D(double rate, SpatialDropoutOptions options = {});
  /// A SpatialDropout1D from get_config()'s output.
  static SpatialDropout1D from_config(const Config& config);
  TFPP_KERAS_LAYER(SpatialDropout1D)
};

/// SpatialDropout over [batch, rows, cols, channels] or channels first (keras.layers.SpatialDropout2D).
class SpatialDropout2D : public SpatialDropout {
 public:
  explicit SpatialDropout2D(double rate, SpatialDropoutOptions options = {});
  /// A SpatialDropout2D from get_config()'s output.
  static SpatialDropout2D from_config(const Config& config);
  TFPP_KERAS_LAYER(SpatialDropout2D)
};

/// SpatialDropout over [batch, d1, d2, d3, channels] or channels first (keras.layers.SpatialDropout3D).
class SpatialDropout3D : public SpatialDropout {
 public:
  explicit SpatialDropout3D(double rate, SpatialDropoutOptions options = {});
  /// A SpatialDropout3D from get_config()'s output.
  static SpatialDropout3D from_config(const Config& config);
  TFPP_KERAS_LAYER(SpatialDropout3D)
};

}  // namespace tf::keras::layers
