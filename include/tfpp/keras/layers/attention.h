// MultiHeadAttention (keras.layers.MultiHeadAttention) with Keras 3's weights: query, key and
// value projections of kernel [dim, num_heads, key_dim] and bias [num_heads, key_dim], and
// attention_output of kernel [num_heads, value_dim, output_dim] and bias [output_dim].
//
//   layers::MultiHeadAttention mha(4, 16);
//   tf::Tensor y = mha({query, value});                                    // [batch, T, query_dim]
//   auto [y2, scores] = mha.attend(query, value, {.use_causal_mask = true,
//                                                 .return_attention_scores = true});  // scores: [batch, heads, T, S]
//
// Masks attached to query, value and key (an Embedding with mask_zero, ...) restrict the
// attention as Keras does: query mask [B, T, 1] & value/key mask [B, 1, S] & causal & the
// attention_mask given. Inputs are rank 3 ([batch, time, features]); attention is over time.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "tfpp/keras/layers/query_value_attention.h"

namespace tf::keras::layers {

/// Options of MultiHeadAttention.
struct MultiHeadAttentionOptions {
  std::optional<std::int64_t> value_dim = {};    ///< per-head size of values; default key_dim
  double dropout = 0.0;                          ///< dropout on the attention probabilities while training
  bool use_bias = true;                          ///< biases in the four projections
  std::optional<std::int64_t> output_shape = {}; ///< output features; default the query's
  initializers::Initializer kernel_initializer = {};                  ///< default glorot_uniform
  initializers::Initializer bias_initializer = initializers::Zeros();  ///< default zeros
  std::optional<regularizers::Regularizer> kernel_regularizer = {};
  std::optional<regularizers::Regularizer> bias_regularizer = {};
  std::optional<constraints::Constraint> kernel_constraint = {};
  std::optional<constraints::Constraint> bias_constraint = {};
  std::optional<std::int64_t> seed = {};  ///< seed of the dropout
  TFPP_KERAS_LAYER_OPTIONS
};

/// Scaled dot-product attention over num_heads heads (keras.layers.MultiHeadAttention).
/// Called on {query, value} or {query, value, key}; attend() takes the other arguments.
class MultiHeadAttention : public QueryValueAttention {
 public:
  MultiHeadAttention(std::int64_t num_heads, std::int64_t key_dim, MultiHeadAttentionOptions options = {});
  /// A MultiHeadAttention from get_config()'s output.
  static MultiHeadAttention from_config(const Config& config);
  std::vector<Tensor> call_masked(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks,
                                  bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(MultiHeadAttention)

 private:
  void build_projections(const TensorShape& query, const TensorShape& value, const TensorShape& key) override;
  std::int64_t num_heads_, key_dim_;
  MultiHeadAttentionOptions options_;
};

}  // namespace tf::keras::layers
