// Attention (Luong-style, keras.layers.Attention) and AdditiveAttention (Bahdanau-style,
// keras.layers.AdditiveAttention): attention of a query over a value without projections,
// computed as Keras 3 computes it.
//
//   layers::Attention attention({.use_scale = true});
//   tf::Tensor y = attention({query, value});                  // [batch, Tq, dim]
//   auto outs = attention.attend(query, value, {.use_causal_mask = true, .return_attention_scores = true});
//   // outs[1]: the [batch, Tq, Tv] attention distribution
//
// Scores are query·keyᵀ (score_mode "dot", times `scale` with use_scale), or
// concat_score_weight * Σ tanh(scale * (query + key)) (score_mode "concat"); AdditiveAttention's
// are Σ scale * tanh(query + key) with a per-feature `scale`. Masks attached to the query and
// value (an Embedding with mask_zero, with_keras_mask, or the call's query_mask / value_mask):
// masked values get no attention, masked query positions output zeros and the output carries
// the query's mask.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// Options of Attention.
struct AttentionOptions {
  bool use_scale = false;          ///< a trainable scalar `scale` multiplies the scores
  std::string score_mode = "dot";  ///< "dot" or "concat"
  double dropout = 0.0;            ///< dropout on the attention distribution while training
  std::optional<std::int64_t> seed = {};  ///< seed of the dropout
  TFPP_KERAS_LAYER_OPTIONS
};

/// Options of AdditiveAttention.
struct AdditiveAttentionOptions {
  bool use_scale = true;  ///< a trainable per-feature `scale` weighs the tanh terms
  double dropout = 0.0;   ///< dropout on the attention distribution while training
  std::optional<std::int64_t> seed = {};  ///< seed of the dropout
  TFPP_KERAS_LAYER_OPTIONS
};

/// What an Attention or AdditiveAttention call takes besides query and value.
struct ScoreAttentionCall {
  Tensor key = {};         ///< [batch, Tv, dim]; default: the value
  Tensor query_mask = {};  ///< bool [batch, Tq]; default: the mask the query carries
  Tensor value_mask = {};  ///< bool [batch, Tv]; default: the mask the value carries
  bool use_causal_mask = false;          ///< query position i attends to value positions <= i only
  bool return_attention_scores = false;  ///< also return the [batch, Tq, Tv] attention distribution
  std::optional<bool> training = {};     ///< default: the enclosing call's
};

/// Dot-product attention (keras.layers.Attention). Called on {query, value} or {query, value, key}.
class Attention : public Layer {
 public:
  explicit Attention(AttentionOptions options = {});
  /// An Attention from get_config()'s output.
  static Attention from_config(const Config& config);
  /// Attention of `query` over `value`: {output} or {output, attention distribution}.
  std::vector<Tensor> attend(const Tensor& query, const Tensor& value, const ScoreAttentionCall& call = {});
  void build_multi(const std::vector<TensorShape>& input_shapes) override;
  std::vector<Tensor> call_multi(const std::vector<Tensor>& inputs, bool training) override;
  std::vector<Tensor> call_masked(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks,
                                  bool training) override;
  Tensor compute_mask(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Attention)

 protected:
  /// For AdditiveAttention: the shared options and the Keras class name.
  Attention(AttentionOptions options, const char* class_name);
  /// The [batch, Tq, Tv] scores of `query` against `key`.
  virtual Tensor scores(const Tensor& query, const Tensor& key);
  /// Checks the inputs' count, ranks and sizes against each other.
  void check_shapes(const std::vector<TensorShape>& shapes) const;

  AttentionOptions options_;

 private:
  // The call flags of attend(), for the one call it makes.
  struct Flags {
    bool use_causal_mask = false;
    bool return_attention_scores = false;
  };
  std::optional<Flags> flags_;
};

/// Additive attention (keras.layers.AdditiveAttention). Called on {query, value} or {query, value, key}.
class AdditiveAttention : public Attention {
 public:
  explicit AdditiveAttention(AdditiveAttentionOptions options = {});
  /// An AdditiveAttention from get_config()'s output.
  static AdditiveAttention from_config(const Config& config);
  void build_multi(const std::vector<TensorShape>& input_shapes) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(AdditiveAttention)

 protected:
  Tensor scores(const Tensor& query, const Tensor& key) override;
};

}  // namespace tf::keras::layers
