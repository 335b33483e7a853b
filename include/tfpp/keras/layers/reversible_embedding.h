// ReversibleEmbedding: an Embedding that also projects vectors back to logits over the
// vocabulary with its table transposed (or a separate reverse table), as language models tie
// their input and output embeddings (keras.layers.ReversibleEmbedding).
//
//   layers::ReversibleEmbedding embed(32000, 512);
//   tf::Tensor h = embed(ids);             // [batch, time, 512]
//   tf::Tensor logits = embed.reverse(h);  // [batch, time, 32000] = h · embeddingsᵀ
#pragma once

#include <cstdint>
#include <optional>

#include "tfpp/keras/layers/embedding.h"

namespace tf::keras::layers {

/// Options of ReversibleEmbedding.
struct ReversibleEmbeddingOptions {
  bool tie_weights = true;  ///< reverse with the transposed table; else a "reverse_embeddings" weight
  /// Keras' "uniform": U[-0.05, 0.05) (also for reverse_embeddings).
  initializers::Initializer embeddings_initializer = initializers::RandomUniform();
  std::optional<regularizers::Regularizer> embeddings_regularizer = {};  ///< penalty on the table
  std::optional<constraints::Constraint> embeddings_constraint = {};     ///< applied after updates
  bool mask_zero = false;                 ///< id 0 is padding: the forward output carries ids != 0
  std::optional<DType> reverse_dtype = {};     ///< dtype of the reverse matmul (default: the inputs')
  std::optional<double> logit_soft_cap = {};  ///< reverse logits become tanh(logits / cap) * cap
  TFPP_KERAS_LAYER_OPTIONS
};

/// Forward: rows of the [input_dim, output_dim] table "embeddings" for integer ids. reverse():
/// [..., output_dim] inputs times the transposed table (or "reverse_embeddings" [output_dim,
/// input_dim] without tie_weights), optionally soft-capped.
class ReversibleEmbedding : public Layer {
 public:
  ReversibleEmbedding(std::int64_t input_dim, std::int64_t output_dim, ReversibleEmbeddingOptions options = {});
  /// A ReversibleEmbedding from get_config()'s output.
  static ReversibleEmbedding from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Tensor compute_mask(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks) override;
  /// Keras' call(inputs, reverse=True): logits over the vocabulary for [..., output_dim] inputs.
  Tensor reverse(const Tensor& inputs);
  /// The same call in a Functional model: a node whose config has kwargs {"reverse": true}.
  KerasTensor reverse(const KerasTensor& inputs);
  Config get_config() const override;
  /// The [input_dim, output_dim] table (after build).
  Variable embeddings() const { return weight(0); }
  TFPP_KERAS_LAYER(ReversibleEmbedding)

 private:
  std::int64_t input_dim_, output_dim_;
  ReversibleEmbeddingOptions options_;
};

}  // namespace tf::keras::layers
