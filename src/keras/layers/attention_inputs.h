// What MultiHeadAttention and GroupedQueryAttention share about their inputs: the build config
// Keras writes for them (shapes_dict of query, value and key shapes), the checks of the query,
// value and key tensors, and the boolean [batch, T, S] mask their inputs' Keras masks make.
#pragma once

#include <string>
#include <vector>

#include "tfpp/keras/layer.h"

namespace tf::keras::detail {

/// {"shapes_dict": {"query_shape", "value_shape"[, "key_shape"]}} for a layer built on `shapes`.
Config attention_build_config(const std::vector<TensorShape>& shapes, bool with_key);

/// The input shapes attention_build_config wrote; empty when build_config has no shapes_dict.
std::vector<TensorShape> attention_build_shapes(const Config& build_config, const std::string& layer);

/// The query, value and key of a call (key is value when not given), checked to be rank 3 with
/// key and value of one length; `expected` is the number of inputs the call's layout takes.
struct AttentionInputs {
  Tensor query, value, key;
};
AttentionInputs attention_inputs(const std::vector<Tensor>& inputs, bool has_key, std::size_t expected,
                                 const std::string& layer);

/// Keras' _compute_attention_mask without the causal part: the query mask along S, the value's and
/// key's along T, joined by logical and; undefined when no input has a mask.
Tensor attention_padding_mask(const std::vector<Tensor>& masks, bool has_key);

}  // namespace tf::keras::detail
