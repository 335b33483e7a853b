// The layers that start a masked sequence: Embedding (integer ids to vectors, with mask_zero)
// and Masking (skips timesteps whose features all equal mask_value) (keras.layers.*).
//
//   layers::Embedding embed(10000, 64, {.mask_zero = true});
//   tf::Tensor x = embed(ids);              // [batch, time, 64]; tf::keras::get_keras_mask(x) == (ids != 0)
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "tfpp/keras/layer.h"
#include "tfpp/keras/layers/lora.h"

namespace tf::keras::layers {

/// Options of Embedding.
struct EmbeddingOptions {
  /// Keras' "uniform": U[-0.05, 0.05).
  initializers::Initializer embeddings_initializer = initializers::RandomUniform();
  std::optional<regularizers::Regularizer> embeddings_regularizer = {};  ///< penalty on the table
  std::optional<constraints::Constraint> embeddings_constraint = {};     ///< applied after updates
  bool mask_zero = false;  ///< id 0 is padding: the output carries the mask ids != 0
  /// Builds with enable_lora(lora_rank) (Keras' lora_rank; Keras' build then uses lora_alpha = rank).
  std::optional<std::int64_t> lora_rank = {};
  std::optional<double> lora_alpha = {};  ///< written to the config; default lora_rank
  TFPP_KERAS_LAYER_OPTIONS
};

/// Looks up rows of an [input_dim, output_dim] table (weight "embeddings") for integer ids of any
/// shape: the output has shape ids.shape + [output_dim] (keras.layers.Embedding).
class Embedding : public Layer {
 public:
  Embedding(std::int64_t input_dim, std::int64_t output_dim, EmbeddingOptions options = {});
  /// An Embedding from get_config()'s output.
  static Embedding from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Tensor compute_mask(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks) override;
  Config get_config() const override;
  /// The [input_dim, output_dim] table (after build).
  Variable embeddings() const { return weight(0); }
  /// Freezes the table and adds the trainable lora_embeddings_a / lora_embeddings_b (after build; lora.h).
  void enable_lora(std::int64_t rank, LoraOptions options = {});
  bool lora_enabled() const;
  /// The LoRA settings and weights (tfpp internals: the .keras weights walker).
  const std::shared_ptr<::tf::keras::detail::LoraState>& lora_state() const { return lora_; }
  TFPP_KERAS_LAYER(Embedding)

 private:
  std::int64_t input_dim_, output_dim_;
  EmbeddingOptions options_;
  std::shared_ptr<::tf::keras::detail::LoraState> lora_;
};

/// Options of Masking.
struct MaskingOptions {
  double mask_value = 0.0;  ///< a timestep whose features all equal it is masked
  TFPP_KERAS_LAYER_OPTIONS
};

/// Masks the timesteps of [batch, time, features] inputs whose features all equal mask_value,
/// and zeroes them in the output (keras.layers.Masking).
class Masking : public Layer {
 public:
  explicit Masking(MaskingOptions options = {});
  static Masking from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Tensor compute_mask(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Masking)

 private:
  MaskingOptions options_;
};

}  // namespace tf::keras::layers
