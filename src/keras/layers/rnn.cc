// The RNN layer: the time loop over a cell, with masks, initial states, go_backwards and the
// return options (Note [RNN time loop]).
#include "keras/layers/kept_states.h"
#include "keras/layers/recurrent_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/control_flow.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/deserialize.h"
#include "tfpp/keras/layers/stacked_rnn_cells.h"
#include "tfpp/math_ops.h"
#include "tfpp/tensor_array.h"

#include <optional>

namespace tf::keras::layers {

// Note [RNN time loop]: the sequence is made time-major ([time, batch, features]), reversed for
// go_backwards, and stepped through with the previous output and the states as loop state.
// Eagerly (and with unroll on a static length) the loop is a C++ loop over the unstacked
// timesteps; while tracing it is one While node reading the inputs (and the mask) from
// TensorArrays and writing the outputs to one, so the graph does not grow with the length.
// At a masked timestep the states keep their old values and the output repeats the previous
// output (zeros before the first step, and always with zero_output_for_mask), as Keras' rnn does.

namespace {

struct LoopResult {
  Tensor last_output;
  Tensor outputs;  // [batch, time, units] with return_sequences
  std::vector<Tensor> states;
};

// Applies the mask of one timestep ([batch] bool) to a step's output and states.
void apply_step_mask(const Tensor& mask_t, bool zero_output, const Tensor& prev_output, Tensor& output,
                     const std::vector<Tensor>& old_states, std::vector<Tensor>& new_states) {
  const Tensor m = expand_dims(mask_t, -1);
  output = where(m, output, zero_output ? zeros_like(output) : prev_output);
  for (std::size_t k = 0; k < new_states.size(); ++k) new_states[k] = where(m, new_states[k], old_states[k]);
}

LoopResult run_unrolled(RNNCell& cell, const Tensor& seq, const Tensor& mask_seq, std::vector<Tensor> states,
                        const Tensor& zero_output, const RNNOptions& o, bool training) {
  const std::vector<Tensor> steps = unstack(seq, 0);
  const std::vector<Tensor> mask_steps = mask_seq.defined() ? unstack(mask_seq, 0) : std::vector<Tensor>{};
  std::vector<Tensor> outputs;
  Tensor prev = zero_output;
  for (std::size_t t = 0; t < steps.size(); ++t) {
    auto [output, next] = cell.step(steps[t], states, training);
    if (mask_seq.defined()) apply_step_mask(mask_steps[t], o.zero_output_for_mask, prev, output, states, next);
    states = std::move(next);
    prev = output;
    if (o.return_sequences) outputs.push_back(output);
  }
  LoopResult r{prev, Tensor(), std::move(states)};
  if (o.return_sequences) r.outputs = stack(outputs, 1);
  return r;
}

LoopResult run_while(RNNCell& cell, const Tensor& seq, const Tensor& mask_seq, const std::vector<Tensor>& states,
                     const Tensor& zero_output, const RNNOptions& o, bool training) {
  const std::int64_t static_steps = seq.shape()[0];
  const TensorShape step_shape{seq.shape()[1], seq.shape()[2]};
  auto array = [&](DType dtype, const TensorShape& element) {
    return TensorArray(dtype, {.size = std::max<std::int64_t>(static_steps, 0),
                               .dynamic_size = static_steps < 0,
                               .clear_after_read = false,
                               .element_shape = element});
  };
  const TensorArray inputs = array(seq.dtype(), step_shape).unstack(seq);
  std::optional<TensorArray> mask_array;
  if (mask_seq.defined()) mask_array = array(bool_, {seq.shape()[1]}).unstack(mask_seq);
  const TensorArray outputs_like = array(seq.dtype(), {seq.shape()[1], cell.output_size()});
  const Tensor steps = strided_slice(shape(seq), {0}, {1}, {1}, {.shrink_axis_mask = 1});

  // Loop variables: time, the outputs' flow (with return_sequences), the previous output, the states.
  const std::size_t first_state = o.return_sequences ? 3 : 2;
  std::vector<Tensor> vars{constant(std::int32_t{0})};
  if (o.return_sequences) vars.push_back(outputs_like.flow());
  vars.push_back(zero_output);
  vars.insert(vars.end(), states.begin(), states.end());

  tf::detail::FlatFn cond = [&](const std::vector<Tensor>& v, std::vector<std::string>&) {
    return std::vector<Tensor>{v[0] < steps};
  };
  tf::detail::FlatFn body = [&](const std::vector<Tensor>& v, std::vector<std::string>&) {
    const Tensor& t = v[0];
    const Tensor& prev = v[first_state - 1];
    const std::vector<Tensor> old_states(v.begin() + static_cast<std::ptrdiff_t>(first_state), v.end());
    auto [output, next] = cell.step(inputs.read(t), old_states, training);
    if (mask_seq.defined()) apply_step_mask(mask_array->read(t), o.zero_output_for_mask, prev, output, old_states, next);
    std::vector<Tensor> out{t + 1};
    if (o.return_sequences) out.push_back(outputs_like.with_flow(v[1]).write(t, output).flow());
    out.push_back(output);
    out.insert(out.end(), next.begin(), next.end());
    return out;
  };
  std::vector<Tensor> result = tf::detail::while_flat(cond, body, vars, {});
  LoopResult r;
  r.last_output = result[first_state - 1];
  r.states.assign(result.begin() + static_cast<std::ptrdiff_t>(first_state), result.end());
  if (o.return_sequences) {
    // The stacked array's length is unknown to shape inference; restore the static dims known.
    Tensor stacked = outputs_like.with_flow(result[1]).stack();
    const std::int64_t batch = seq.shape()[1];
    if (static_steps >= 0) stacked = reshape(stacked, {static_steps, batch >= 0 ? batch : -1, cell.output_size()});
    r.outputs = transpose(stacked, {1, 0, 2});
  }
  return r;
}

}  // namespace

RNN::RNN(std::shared_ptr<RNNCell> cell, const RNNOptions& options, const LayerOptions& layer_options)
    : Layer(layer_options), cell_(std::move(cell)), rnn_options_(options) {
  if (!cell_) throw InvalidArgumentError("[" + name() + "] needs a cell");
  track_state(cell_->shared_layer_state(), cell_);
  set_supports_masking();
}

void RNN::build_multi(const std::vector<TensorShape>& input_shapes) {
  const TensorShape& shape = input_shapes.at(0);
  if (shape.has_unknown_rank() || shape.rank() != 3)
    throw InvalidArgumentError("[" + name() + "] expects inputs of shape (batch, timesteps, features), got " +
                               shape.to_string());
  if (!cell_->built()) cell_->build_for({TensorShape{shape[0], shape[2]}});
}

std::vector<Tensor> RNN::call_multi(const std::vector<Tensor>& inputs, bool training) {
  return call_masked(inputs, std::vector<Tensor>(inputs.size()), training);
}

std::vector<Tensor> RNN::call_masked(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks,
                                     bool training) {
  const Tensor& x = inputs.at(0);
  RNNCell& cell = *cell_;
  const std::vector<std::int64_t> sizes = cell.state_size();
  if (x.rank() != 3)
    throw InvalidArgumentError("[" + name() + "] expects inputs of shape (batch, timesteps, features), got " +
                               x.shape().to_string());
  const std::int64_t features = cell.build_input_shapes().empty() ? -1 : cell.build_input_shapes()[0][-1];
  if (features >= 0 && x.shape()[2] >= 0 && x.shape()[2] != features)
    throw InvalidArgumentError("[" + name() + "] input 0 is incompatible with the layer: expected axis -1 of input shape to have value " +
                               std::to_string(features) + ", but received input with shape " + x.shape().to_string());
  if (x.shape()[1] == 0) throw InvalidArgumentError("[" + name() + "] got a sequence of 0 timesteps: " + x.shape().to_string());
  const Tensor seq_major = transpose(x, {1, 0, 2});
  Tensor first_input = squeeze(slice(seq_major, {0, 0, 0}, {1, -1, -1}), {0});
  std::vector<Tensor> states(inputs.begin() + 1, inputs.end());
  if (rnn_options_.stateful) {
    std::vector<Tensor> kept = detail::read_kept_states(*states_, name(), x, cell.get_initial_state(first_input));
    if (states.empty()) states = std::move(kept);
  }
  if (states.empty()) {
    states = cell.get_initial_state(first_input);
  } else if (states.size() != sizes.size()) {
    throw InvalidArgumentError("[" + name() + "] the cell has " + std::to_string(sizes.size()) + " state(s), but " +
                               std::to_string(states.size()) + " initial state(s) were given");
  }
  for (std::size_t k = 0; k < states.size(); ++k) {
    const TensorShape& s = states[k].shape();
    if (s.rank() != 2 || (s[1] >= 0 && s[1] != sizes[k]) || (s[0] >= 0 && x.shape()[0] >= 0 && s[0] != x.shape()[0]))
      throw InvalidArgumentError("[" + name() + "] initial state " + std::to_string(k) + " must have shape (" +
                                 std::to_string(x.shape()[0]) + ", " + std::to_string(sizes[k]) + "), got " +
                                 s.to_string());
    if (states[k].dtype() != x.dtype()) states[k] = cast(states[k], x.dtype());
  }
  Tensor mask = masks.empty() ? Tensor() : masks[0];
  Tensor mask_seq;
  if (mask.defined()) {
    if (mask.rank() != 2 || !mask.shape().is_compatible_with(TensorShape{x.shape()[0], x.shape()[1]}))
      throw InvalidArgumentError("[" + name() + "] the mask must have shape (batch, timesteps) = " +
                                 TensorShape{x.shape()[0], x.shape()[1]}.to_string() + ", got " +
                                 mask.shape().to_string());
    mask_seq = transpose(mask.dtype() == bool_ ? mask : cast(mask, bool_), {1, 0});
  }
  Tensor seq = seq_major;
  if (rnn_options_.go_backwards) {
    seq = reverse(seq, {0});
    if (mask_seq.defined()) mask_seq = reverse(mask_seq, {0});
    first_input = squeeze(slice(seq, {0, 0, 0}, {1, -1, -1}), {0});
  }
  const Tensor zero_output = detail::batch_zeros(first_input, cell.output_size(), x.dtype());
  cell.begin_sequence(first_input, states, training);
  LoopResult r;
  try {
    const bool unrolled = !tf::detail::tracing() || (rnn_options_.unroll && seq.shape()[0] >= 0);
    r = unrolled ? run_unrolled(cell, seq, mask_seq, states, zero_output, rnn_options_, training)
                 : run_while(cell, seq, mask_seq, states, zero_output, rnn_options_, training);
  } catch (...) {
    cell.end_sequence();
    throw;
  }
  cell.end_sequence();
  // As Keras, a stateful layer keeps the final states, also of a call given initial states.
  if (rnn_options_.stateful) detail::keep_final_states(*states_, r.states);
  std::vector<Tensor> out{rnn_options_.return_sequences ? r.outputs : r.last_output};
  if (rnn_options_.return_state) out.insert(out.end(), r.states.begin(), r.states.end());
  return out;
}

Tensor RNN::compute_mask(const std::vector<Tensor>&, const std::vector<Tensor>& masks) {
  if (!rnn_options_.return_sequences || masks.empty()) return {};
  return masks[0];
}

void RNN::add_rnn_config(Config& c) const {
  c["return_sequences"] = rnn_options_.return_sequences;
  c["return_state"] = rnn_options_.return_state;
  c["go_backwards"] = rnn_options_.go_backwards;
  c["stateful"] = rnn_options_.stateful;
  c["unroll"] = rnn_options_.unroll;
  c["zero_output_for_mask"] = rnn_options_.zero_output_for_mask;
}

Config RNN::get_config() const {
  Config c = Layer::get_config();
  add_rnn_config(c);
  c["cell"] = serialize(*cell_);  // with module and registered_name, which Keras needs for some cells
  return c;
}

RNN RNN::from_config(const Config& c) {
  RNNOptions o;
  keras::detail::read_common(c, o);
  detail::read_rnn_config(c, o);
  const Config& cell = keras::detail::config_at(c, "cell", "RNN").get<Config>();
  const std::string& cls = keras::detail::config_at(cell, "class_name", "RNN").get<std::string>();
  const Config& cc = keras::detail::config_at(cell, "config", "RNN").get<Config>();
  if (cls == "SimpleRNNCell") return RNN(SimpleRNNCell::from_config(cc), o);
  if (cls == "LSTMCell") return RNN(LSTMCell::from_config(cc), o);
  if (cls == "GRUCell") return RNN(GRUCell::from_config(cc), o);
  if (cls == "StackedRNNCells") return RNN(StackedRNNCells::from_config(cc), o);
  throw InvalidArgumentError("[RNN] from_config knows the cells SimpleRNNCell, LSTMCell, GRUCell and StackedRNNCells, not '" +
                             cls + "'");
}

void RNN::reset_states() { detail::reset_kept_states(*states_); }

std::shared_ptr<RNN> RNN::from_config_like(const Config& c) const { return std::make_shared<RNN>(from_config(c)); }

}  // namespace tf::keras::layers
