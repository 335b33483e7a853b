// What MultiHeadAttention and GroupedQueryAttention share as layers called on {query, value} or
// {query, value, key}: attend() with the other arguments of a call (AttentionCall), the layout of
// one call's inputs, the shape checks before building their projections, and the build config
// Keras 3 writes for them.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// What an attention call takes besides query and value.
struct AttentionCall {
  Tensor key = {};             ///< default: the value
  Tensor attention_mask = {};  ///< bool [batch, T, S]: true where a query may attend
  bool use_causal_mask = false;          ///< query position t attends to key positions <= t only
  bool return_attention_scores = false;  ///< also return the [batch, heads, T, S] probabilities
  std::optional<bool> training = {};     ///< default: the enclosing call's
};

/// The base of the attention layers over query, value and key of shape [batch, time, features].
class QueryValueAttention : public Layer {
 public:
  /// Attention of `query` over `value`: {output} or {output, scores [batch, heads, T, S]}.
  std::vector<Tensor> attend(const Tensor& query, const Tensor& value, const AttentionCall& call = {});
  /// Checks the query, value and key shapes, then builds the projections.
  void build_multi(const std::vector<TensorShape>& input_shapes) override;
  std::vector<Tensor> call_multi(const std::vector<Tensor>& inputs, bool training) override;
  /// The output keeps the query's mask.
  Tensor compute_mask(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks) override;
  /// {"shapes_dict": {"query_shape": ..., "value_shape": ...[, "key_shape": ...]}}, as Keras 3 writes it.
  Config get_build_config() const override;
  void build_from_config(const Config& build_config) override;

 protected:
  explicit QueryValueAttention(const LayerOptions& options);

  /// How the inputs of a call are laid out: {query, value[, key][, attention_mask]}.
  struct Layout {
    bool has_key = false;
    bool has_attention_mask = false;
    bool use_causal_mask = false;
    bool return_attention_scores = false;
  };
  /// The layout attend() set for the current call, else {query, value[, key]} by the input count.
  Layout layout(std::size_t input_count) const;
  /// Adds the projections' weights for checked rank-3 shapes with known features.
  virtual void build_projections(const TensorShape& query, const TensorShape& value, const TensorShape& key) = 0;

 private:
  std::optional<Layout> layout_;
  // Whether build() got a key shape; shared by the copies of this handle, as the weights are.
  std::shared_ptr<bool> built_with_key_ = std::make_shared<bool>(false);
};

}  // namespace tf::keras::layers
