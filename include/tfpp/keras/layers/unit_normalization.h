// UnitNormalization: scales each sample to unit L2 norm over the given axes (keras.layers.UnitNormalization).
//
//   tf::keras::layers::UnitNormalization();                                     // over the last axis
//   tf::keras::layers::UnitNormalization({.axis = std::vector<std::int64_t>{1, 2}});
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// One axis or several, kept as given: Keras' config writes an int or a list accordingly.
using AxisOrAxes = std::variant<std::int64_t, std::vector<std::int64_t>>;

/// Options of UnitNormalization.
struct UnitNormalizationOptions {
  AxisOrAxes axis = std::int64_t{-1};  ///< the axes whose L2 norm becomes 1 (-1: the last)
  TFPP_KERAS_LAYER_OPTIONS
};

/// x * min(1 / sqrt(sum(x^2 over axis)), 1e12), keras.ops.normalize's arithmetic; no weights,
/// passes masks on.
class UnitNormalization : public Layer {
 public:
  explicit UnitNormalization(UnitNormalizationOptions options = {});
  /// A UnitNormalization from get_config()'s output.
  static UnitNormalization from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(UnitNormalization)

 private:
  UnitNormalizationOptions options_;
};

}  // namespace tf::keras::layers
