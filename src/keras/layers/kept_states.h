// The states a stateful recurrent layer keeps between calls, as Keras' RNN keeps them:
// non-trainable variables "<layer>/rnn_state" (not among the layer's weights), made from the zero
// states at the first call, read as the initial states of every call given none, and assigned
// each call's final states.
#pragma once

#include <string>
#include <vector>

#include "tfpp/tensor.h"
#include "tfpp/variable.h"

namespace tf::keras::layers::detail {

/// The initial states of a stateful layer's call on `sequence` ([batch, time, ...]): `kept`,
/// made from `zeros` at the first call (the batch must be static then).
std::vector<Tensor> read_kept_states(std::vector<Variable>& kept, const std::string& layer, const Tensor& sequence,
                                     const std::vector<Tensor>& zeros);
/// Assigns a call's final states to `kept`.
void keep_final_states(std::vector<Variable>& kept, const std::vector<Tensor>& final_states);
/// Sets the kept states to zeros (Keras' reset_state).
void reset_kept_states(std::vector<Variable>& kept);

}  // namespace tf::keras::layers::detail
