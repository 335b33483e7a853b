// Layers that return their input unchanged: Identity, and ActivityRegularization, which adds
// an L1 / L2 penalty on it to the layer's losses (keras.layers).
//
//   tf::keras::layers::ActivityRegularization(0.0, 0.01);
#pragma once

#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// Options of Identity and ActivityRegularization.
struct PassThroughOptions {
  TFPP_KERAS_LAYER_OPTIONS
};

/// The input, unchanged (keras.layers.Identity).
class Identity : public Layer {
 public:
  explicit Identity(PassThroughOptions options = {});
  static Identity from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  TFPP_KERAS_LAYER(Identity)
};

/// The input, unchanged, with l1 * sum(|x|) + l2 * sum(x^2) (divided by the batch size) added to
/// losses() at each call (keras.layers.ActivityRegularization).
class ActivityRegularization : public Layer {
 public:
  explicit ActivityRegularization(double l1 = 0.0, double l2 = 0.0, PassThroughOptions options = {});
  static ActivityRegularization from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  /// name, trainable, dtype, l1 and l2 (the regularizer it makes is not written).
  Config get_config() const override;
  TFPP_KERAS_LAYER(ActivityRegularization)

 private:
  double l1_, l2_;
};

}  // namespace tf::keras::layers
