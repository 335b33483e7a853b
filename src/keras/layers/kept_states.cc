#include "keras/layers/kept_states.h"

#include "keras/engine/call_context.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"

namespace tf::keras::layers::detail {

std::vector<Tensor> read_kept_states(std::vector<Variable>& kept, const std::string& layer, const Tensor& sequence,
                                     const std::vector<Tensor>& zeros) {
  if (kept.empty()) {
    if (sequence.shape()[0] < 0)
      throw InvalidArgumentError("[" + layer + "] When using `stateful=True` in a RNN, the batch size must be static. "
                                 "Found dynamic batch size: sequence.shape=" + sequence.shape().to_string());
    for (const Tensor& z : zeros) {
      if (!z.shape().is_fully_defined())
        throw InvalidArgumentError("[" + layer + "] a stateful layer needs its states' shape known, got " +
                                   z.shape().to_string());
      keras::detail::InitScope init;  // created eagerly, also when a trace makes the first call
      kept.emplace_back(tf::zeros(z.shape(), z.dtype()), VariableOptions{.name = layer + "/rnn_state", .trainable = false});
    }
  }
  const std::int64_t batch = sequence.shape()[0], kept_batch = kept.front().shape()[0];
  if (batch >= 0 && batch != kept_batch)
    throw InvalidArgumentError("[" + layer + "] If an RNN is stateful, the batch size of the input sequences must be the "
                               "same as the batch size of the initial state.\n- Expected batch size: " +
                               std::to_string(kept_batch) + "\n- Received batch size: " + std::to_string(batch));
  std::vector<Tensor> states;
  for (const Variable& v : kept) states.push_back(v.read_value());
  return states;
}

void keep_final_states(std::vector<Variable>& kept, const std::vector<Tensor>& final_states) {
  for (std::size_t k = 0; k < kept.size(); ++k) kept[k].assign(final_states[k]);
}

void reset_kept_states(std::vector<Variable>& kept) {
  for (Variable& v : kept) v.assign(zeros_like(v.read_value()));
}

}  // namespace tf::keras::layers::detail
