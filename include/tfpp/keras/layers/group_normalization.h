// GroupNormalization: normalizes each sample over groups of channels (and every other
// non-batch axis), with Keras 3's arguments, weight names (gamma, beta) and config.
//
//   tf::keras::layers::GroupNormalization({.groups = 4});   // channels_last input, 4 groups
#pragma once

#include <cstdint>
#include <optional>

#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// Options of GroupNormalization.
struct GroupNormalizationOptions {
  std::int64_t groups = 32;  ///< channel groups (the channels must divide into them); -1: one per channel
  std::int64_t axis = -1;    ///< the channel axis
  double epsilon = 1e-3;     ///< added to the variance
  bool center = true;        ///< learn an offset beta
  bool scale = true;         ///< learn a scale gamma
  initializers::Initializer beta_initializer = initializers::Zeros();
  initializers::Initializer gamma_initializer = initializers::Ones();
  std::optional<regularizers::Regularizer> beta_regularizer = {};
  std::optional<regularizers::Regularizer> gamma_regularizer = {};
  std::optional<constraints::Constraint> beta_constraint = {};
  std::optional<constraints::Constraint> gamma_constraint = {};
  TFPP_KERAS_LAYER_OPTIONS
};

/// Splits the channels into groups and normalizes each sample's group to mean 0 and variance 1
/// over the group's channels and every other non-batch axis, then scales by gamma and shifts by
/// beta per channel (keras.layers.GroupNormalization). Weights: gamma, beta.
class GroupNormalization : public Layer {
 public:
  explicit GroupNormalization(GroupNormalizationOptions options = {});
  /// A GroupNormalization from get_config()'s output.
  static GroupNormalization from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(GroupNormalization)

 private:
  GroupNormalizationOptions options_;
};

}  // namespace tf::keras::layers
