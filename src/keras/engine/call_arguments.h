// What a Functional call passes besides its tensors, as Keras 3 writes a node: the "args" and
// "kwargs" of the call with every tensor replaced by a reference to one of the node's inputs.
//
//   {"args": [[q, v]], "kwargs": {"use_causal_mask": true, "mask": [q_mask, null]}}
//
// keeps Node::inputs = {q, v, q_mask} and args [[{"__input__": 0}, {"__input__": 1}]], kwargs
// {"use_causal_mask": true, "mask": [{"__input__": 2}, null]}. Calls with such arguments replay
// through call_with_arguments, which attaches the masks given and passes the attention layers'
// flags and extra tensors; op layers (op_layers.h) read their constants from them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tfpp/keras/config.h"
#include "tfpp/keras/layer.h"

namespace tf::keras::detail {

/// A call's arguments with its tensors as {"__input__": i} (i indexes the node's inputs).
struct CallArguments {
  ConfigValue::List args;  ///< the positional arguments
  Config kwargs;           ///< the keyword arguments
};

/// The placeholder of input `index`.
ConfigValue input_reference(std::size_t index);
/// The input index `value` refers to, or nullopt when it is not a placeholder.
std::optional<std::size_t> referenced_input(const ConfigValue& value);

/// Throws InvalidArgumentError (naming the layer and the argument) unless `layer` can take these
/// arguments: masks for any layer, Attention's and MultiHeadAttention's flags and tensors, and
/// constants for op layers only.
void check_call_arguments(const Layer& layer, const CallArguments& arguments);

/// Calls `layer` on `inputs` (the node's input values) with `arguments`.
std::vector<Tensor> call_with_arguments(Layer& layer, const std::vector<Tensor>& inputs, const CallArguments& arguments,
                                        std::optional<bool> training);

}  // namespace tf::keras::detail
