// Activation layers with a parameter: PReLU (a learned slope per unit) and ELU (a fixed alpha),
// as keras.layers.PReLU and keras.layers.ELU (weight names and configs as Keras 3).
//
//   tf::keras::layers::PReLU({.shared_axes = {1, 2}});   // one slope per channel of [b, h, w, c]
//   tf::keras::layers::ELU(0.5);
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "tfpp/keras/constraints.h"
#include "tfpp/keras/initializers.h"
#include "tfpp/keras/layer.h"
#include "tfpp/keras/regularizers.h"

namespace tf::keras::layers {

/// Options of PReLU.
struct PReLUOptions {
  initializers::Initializer alpha_initializer = "zeros";       ///< the slopes' initial values
  std::optional<regularizers::Regularizer> alpha_regularizer;  ///< penalty on the slopes
  std::optional<constraints::Constraint> alpha_constraint;     ///< applied after updates
  std::vector<std::int64_t> shared_axes;  ///< input axes (1 = first after the batch) sharing one slope
  TFPP_KERAS_LAYER_OPTIONS
};

/// max(x, 0) - alpha * max(-x, 0) with a learned alpha shaped as the input without the batch
/// (size 1 along shared_axes): weight "alpha".
class PReLU : public Layer {
 public:
  explicit PReLU(PReLUOptions options = {});
  static PReLU from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(PReLU)

 private:
  PReLUOptions options_;
};

/// Options of ELU.
struct ELUOptions {
  TFPP_KERAS_LAYER_OPTIONS
};

/// x > 0 ? x : alpha * (exp(x) - 1) (keras.layers.ELU).
class ELU : public Layer {
 public:
  explicit ELU(double alpha = 1.0, ELUOptions options = {});
  static ELU from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(ELU)

 private:
  double alpha_;
};

}  // namespace tf::keras::layers
