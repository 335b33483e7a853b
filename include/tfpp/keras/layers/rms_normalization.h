// RMSNormalization: divides each sample by its root mean square over the given axes and scales
// it by a learned weight (keras.layers.RMSNormalization, Zhang & Sennrich 2019).
//
//   tf::keras::layers::RMSNormalization();                     // axis -1, epsilon 1e-6
#pragma once

#include "tfpp/keras/layers/unit_normalization.h"

namespace tf::keras::layers {

/// Options of RMSNormalization.
struct RMSNormalizationOptions {
  AxisOrAxes axis = std::int64_t{-1};  ///< the axes normalized over (and the scale's shape)
  double epsilon = 1e-6;               ///< added to the mean square
  TFPP_KERAS_LAYER_OPTIONS
};

/// x * rsqrt(mean(x^2 over axis) + epsilon) * scale, computed in float32 at least and returned in
/// the input's dtype. Weights: scale (ones), of the normalized axes' sizes. As Keras' build does,
/// building turns the config's axis into a sorted list.
class RMSNormalization : public Layer {
 public:
  explicit RMSNormalization(RMSNormalizationOptions options = {});
  /// An RMSNormalization from get_config()'s output.
  static RMSNormalization from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RMSNormalization)

 private:
  RMSNormalizationOptions options_;
};

}  // namespace tf::keras::layers
