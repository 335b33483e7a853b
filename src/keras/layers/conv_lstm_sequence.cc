// ConvLSTM1D / 2D / 3D's time loop as Keras 3's RNN runs it: initial states (given, kept by a
// stateful layer, or zeros), and a mask [batch, time] whose false steps keep the previous output
// (zeros before the first step) and the previous states.
#include <algorithm>

#include "keras/layers/kept_states.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/conv_lstm.h"
#include "tfpp/math_ops.h"

namespace tf::keras::layers {

namespace {

// One step of the mask with trailing axes added up to `rank`, as Keras' _expand_mask: a [batch,
// time] mask selects whole steps, Masking's [batch, time, spatial...] mask single positions.
Tensor step_mask(const Tensor& mask_t, int rank) {
  Tensor m = cast(mask_t, bool_);
  while (m.shape().rank() < rank) m = expand_dims(m, -1);
  return m;
}

}  // namespace

std::vector<Tensor> ConvLSTM::call_multi(const std::vector<Tensor>& inputs, bool training) {
  return call_masked(inputs, {}, training);
}

std::vector<Tensor> ConvLSTM::call_masked(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks, bool training) {
  const Tensor& x = inputs.at(0);
  if (x.shape().rank() != rank_ + 3)
    throw InvalidArgumentError("[" + name() + "] expects inputs of rank " + std::to_string(rank_ + 3) + ", got " +
                               x.shape().to_string());
  if (x.shape()[1] < 0)
    throw InvalidArgumentError("[" + name() + "] needs a known number of timesteps when traced, got " +
                               x.shape().to_string());
  if (x.shape()[1] == 0) throw InvalidArgumentError("[" + name() + "] got a sequence of 0 timesteps: " + x.shape().to_string());
  std::vector<Tensor> steps = unstack(x, 1);
  const Tensor mask = masks.empty() ? Tensor() : masks[0];
  std::vector<Tensor> step_masks;
  if (mask.defined()) {
    if (mask.shape().rank() < 2 || mask.shape().rank() > rank_ + 2 || (mask.shape()[1] >= 0 && mask.shape()[1] != x.shape()[1]))
      throw InvalidArgumentError("[" + name() + "] expects a mask of shape [batch, " + std::to_string(x.shape()[1]) +
                                 ", ...] for inputs of shape " + x.shape().to_string() + ", got " + mask.shape().to_string());
    step_masks = unstack(mask, 1);
  }
  if (options_.go_backwards) {
    std::reverse(steps.begin(), steps.end());
    std::reverse(step_masks.begin(), step_masks.end());
  }
  const std::vector<Tensor> zeros = cell_->get_initial_state(steps[0]);
  std::vector<Tensor> states(inputs.begin() + 1, inputs.end());
  if (options_.stateful) {
    std::vector<Tensor> kept = detail::read_kept_states(*states_, name(), x, zeros);
    if (states.empty()) states = std::move(kept);
  }
  if (states.empty()) {
    states = zeros;
  } else if (states.size() != 2) {
    throw InvalidArgumentError("[" + name() + "] the cell has 2 states (h and c), but " + std::to_string(states.size()) +
                               " initial state(s) were given");
  }
  const TensorShape want = zeros[0].shape();
  for (std::size_t k = 0; k < states.size(); ++k) {
    if (!states[k].shape().is_compatible_with(want))
      throw InvalidArgumentError("[" + name() + "] " + std::string(options_.stateful ? "the kept state " : "initial state ") +
                                 std::to_string(k) + " must have shape " + want.to_string() + ", got " +
                                 states[k].shape().to_string() +
                                 (options_.stateful ? " (a stateful layer keeps its first batch size)" : ""));
    if (states[k].dtype() != x.dtype()) states[k] = cast(states[k], x.dtype());
  }
  cell_->begin_sequence(steps[0], states, training);
  std::vector<Tensor> outputs;
  try {
    Tensor previous;
    for (std::size_t t = 0; t < steps.size(); ++t) {
      auto [output, next] = cell_->step(steps[t], states, training);
      if (!step_masks.empty()) {
        const Tensor keep = step_mask(step_masks[t], output.shape().rank());
        output = where(keep, output, previous.defined() ? previous : zeros_like(output));
        for (std::size_t k = 0; k < next.size(); ++k) next[k] = where(keep, next[k], states[k]);
      }
      states = std::move(next);
      previous = output;
      outputs.push_back(output);
    }
  } catch (...) {
    cell_->end_sequence();
    throw;
  }
  cell_->end_sequence();
  // As Keras, a stateful layer keeps the final states, also of a call given initial states.
  if (options_.stateful) detail::keep_final_states(*states_, states);
  std::vector<Tensor> out{options_.return_sequences ? stack(outputs, 1) : outputs.back()};
  if (options_.return_state) out.insert(out.end(), states.begin(), states.end());
  return out;
}

Tensor ConvLSTM::compute_mask(const std::vector<Tensor>&, const std::vector<Tensor>& masks) {
  if (!options_.return_sequences || masks.empty()) return {};
  return masks[0];
}

void ConvLSTM::reset_states() { detail::reset_kept_states(*states_); }

}  // namespace tf::keras::layers
