// GroupedQueryAttention (keras.layers.GroupQueryAttention): attention whose num_query_heads query
// heads share num_key_value_heads key and value heads (each key/value head serves
// num_query_heads / num_key_value_heads query heads). Keras 3's weights: query [dim, query heads,
// head_dim], key and value [dim, key/value heads, head_dim] (biases without the dim), and
// attention_output [query heads, head_dim, query dim] with bias [query dim].
//
//   layers::GroupedQueryAttention gqa(16, 8, 2);                 // head_dim, query heads, key/value heads
//   tf::Tensor y = gqa({query, value});                           // [batch, T, query_dim]
//   auto outs = gqa.attend(query, value, {.use_causal_mask = true, .return_attention_scores = true});
//
// Masks attached to the inputs, use_causal_mask, sliding_window and attention_mask combine as in
// MultiHeadAttention (attention.h), and attend() takes an AttentionCall
// (query_value_attention.h).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "tfpp/keras/layers/attention.h"

namespace tf::keras::layers {

/// Options of GroupedQueryAttention.
struct GroupedQueryAttentionOptions {
  double dropout = 0.0;                             ///< dropout on the attention probabilities while training
  bool use_bias = true;                             ///< biases in the projections
  std::optional<std::int64_t> sliding_window = {};  ///< attend only to keys fewer than this many positions away
  bool use_gate = false;                            ///< multiply the heads by a sigmoid gate of the query
  initializers::Initializer kernel_initializer = {};                   ///< default glorot_uniform
  initializers::Initializer bias_initializer = initializers::Zeros();  ///< default zeros
  std::optional<regularizers::Regularizer> kernel_regularizer = {};
  std::optional<regularizers::Regularizer> bias_regularizer = {};
  std::optional<constraints::Constraint> kernel_constraint = {};
  std::optional<constraints::Constraint> bias_constraint = {};
  std::optional<std::int64_t> seed = {};  ///< seed of the dropout
  TFPP_KERAS_LAYER_OPTIONS
};

/// Scaled dot-product attention with grouped key/value heads. Called on {query, value} or
/// {query, value, key}; attend() takes the other arguments.
class GroupedQueryAttention : public QueryValueAttention {
 public:
  GroupedQueryAttention(std::int64_t head_dim, std::int64_t num_query_heads, std::int64_t num_key_value_heads,
                        GroupedQueryAttentionOptions options = {});
  /// A GroupedQueryAttention from get_config()'s output.
  static GroupedQueryAttention from_config(const Config& config);
  std::vector<Tensor> call_masked(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks,
                                  bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(GroupedQueryAttention)

 private:
  void build_projections(const TensorShape& query, const TensorShape& value, const TensorShape& key) override;
  std::int64_t head_dim_, num_query_heads_, num_key_value_heads_;
  GroupedQueryAttentionOptions options_;
};

}  // namespace tf::keras::layers
