// SpectralNormalization: a wrapper that divides a layer's kernel by its largest singular value,
// estimated by power iteration, at every training call (keras.layers.SpectralNormalization,
// Miyato et al. 2018).
//
//   layers::SpectralNormalization sn(layers::Dense(64));
//   tf::Tensor y = sn(x, /*training=*/true);   // kernel <- kernel / sigma, then the Dense
#pragma once

#include <cstdint>
#include <memory>

#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// Options of SpectralNormalization.
struct SpectralNormalizationOptions {
  std::int64_t power_iterations = 1;  ///< power iterations per training call
  TFPP_KERAS_LAYER_OPTIONS
};

/// Wraps a layer with a `kernel` (or `embeddings`) weight. Weight vector_u [1, kernel's last
/// dimension] (non-trainable, truncated normal with stddev 0.02) holds the power iteration's
/// vector. A training call with a kernel not all zero updates vector_u and assigns the kernel
/// divided by its spectral norm (as Keras, the assignment is not differentiated through); every
/// call then runs the wrapped layer.
class SpectralNormalization : public Layer {
 public:
  explicit SpectralNormalization(LayerRef layer, SpectralNormalizationOptions options = {});
  /// A SpectralNormalization from get_config()'s output (the layer made by layers::deserialize).
  static SpectralNormalization from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  /// The wrapped layer.
  Layer& layer() const { return *layer_; }
  /// The wrapped layer's kernel (after build).
  Variable kernel() const;
  TFPP_KERAS_LAYER(SpectralNormalization)

 private:
  std::shared_ptr<Layer> layer_;
  SpectralNormalizationOptions options_;
};

}  // namespace tf::keras::layers
