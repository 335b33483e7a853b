// The recurrent cells: RNNCell's defaults, the built-in cells' weights and dropout masks, and
// the step math of SimpleRNNCell, LSTMCell and GRUCell as Keras 3 computes it.
#include "keras/layers/recurrent_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_ops.h"

namespace tf::keras::layers {

namespace detail {

Tensor batch_zeros(const Tensor& like, std::int64_t n, DType dtype) {
  const std::int64_t batch = like.shape().rank() > 0 ? like.shape()[0] : -1;
  if (batch >= 0) return zeros({batch, n}, dtype);
  const Tensor rows = strided_slice(shape(like), {0}, {1});
  return reshape(tile(zeros({1, n}, dtype), concat({rows, constant(std::vector<std::int32_t>{1})}, 0)), {-1, n});
}

Tensor dropout_masks(const Tensor& like, double rate, int count, const std::function<Tensor()>& seeds) {
  if (rate <= 0) return Tensor();
  std::vector<Tensor> masks;
  for (int k = 0; k < count; ++k) masks.push_back(nn::stateless_dropout(ones_like(like), rate, seeds()));
  return count == 1 ? masks[0] : stack(masks, 0);
}

std::vector<Tensor> masked_per_gate(const Tensor& x, const Tensor& masks, bool training) {
  if (!training || !masks.defined()) return {x};
  if (masks.shape().rank() == x.shape().rank()) return {x * masks};
  return unstack(x * masks, 0);
}

void write_cell_config(Config& c, std::int64_t units, const CellCommon& m, bool recurrent_activation) {
  using keras::detail::object_config;
  using keras::detail::optional_config;
  c["units"] = units;
  c["activation"] = m.activation.name();
  if (recurrent_activation) c["recurrent_activation"] = m.recurrent_activation.name();
  c["use_bias"] = m.use_bias;
  c["kernel_initializer"] = object_config(m.kernel_initializer);
  c["recurrent_initializer"] = object_config(m.recurrent_initializer);
  c["bias_initializer"] = object_config(m.bias_initializer);
  c["kernel_regularizer"] = optional_config(m.kernel_regularizer);
  c["recurrent_regularizer"] = optional_config(m.recurrent_regularizer);
  c["bias_regularizer"] = optional_config(m.bias_regularizer);
  c["kernel_constraint"] = optional_config(m.kernel_constraint);
  c["recurrent_constraint"] = optional_config(m.recurrent_constraint);
  c["bias_constraint"] = optional_config(m.bias_constraint);
  c["dropout"] = m.dropout;
  c["recurrent_dropout"] = m.recurrent_dropout;
  c["seed"] = m.seed ? ConfigValue(*m.seed) : ConfigValue();
}

}  // namespace detail

// ---- RNNCell ------------------------------------------------------------------------------

std::int64_t RNNCell::output_size() const { return state_size().at(0); }

std::vector<Tensor> RNNCell::get_initial_state(const Tensor& first_input) const {
  std::vector<Tensor> states;
  for (std::int64_t n : state_size()) states.push_back(detail::batch_zeros(first_input, n, dtype()));
  return states;
}

void RNNCell::begin_sequence(const Tensor&, const std::vector<Tensor>&, bool) {}
void RNNCell::end_sequence() {}

void RNNCell::build_multi(const std::vector<TensorShape>& input_shapes) {
  if (input_shapes.empty()) throw InvalidArgumentError("[" + name() + "] needs an input shape");
  build(input_shapes[0]);
}

std::vector<Tensor> RNNCell::call_multi(const std::vector<Tensor>& inputs, bool training) {
  const std::size_t n = state_size().size();
  if (inputs.size() != n + 1)
    throw InvalidArgumentError("[" + name() + "] takes the inputs and " + std::to_string(n) + " state(s), got " +
                               std::to_string(inputs.size()) + " tensors");
  std::vector<Tensor> states(inputs.begin() + 1, inputs.end());
  begin_sequence(inputs[0], states, training);
  auto [output, next] = step(inputs[0], states, training);
  end_sequence();
  std::vector<Tensor> out{output};
  out.insert(out.end(), next.begin(), next.end());
  return out;
}

// ---- GatedCell ----------------------------------------------------------------------------

GatedCell::GatedCell(const LayerOptions& options, std::int64_t units, int gates, int states, detail::CellCommon common)
    : RNNCell(options), units_(units), gates_(gates), states_(states), common_(std::move(common)) {
  if (units <= 0) throw InvalidArgumentError("[" + name() + "] units must be positive, got " + std::to_string(units));
  for (double rate : {common_.dropout, common_.recurrent_dropout})
    if (!(rate >= 0.0 && rate < 1.0))
      throw InvalidArgumentError("[" + name() + "] dropout rates must be in [0, 1), got " + std::to_string(rate));
}

std::vector<std::int64_t> GatedCell::state_size() const { return std::vector<std::int64_t>(states_, units_); }

void GatedCell::build_weights(const TensorShape& input_shape, const TensorShape& bias_shape,
                              const initializers::Initializer& bias_init) {
  if (input_shape.rank() < 1 || input_shape[-1] < 0)
    throw InvalidArgumentError("[" + name() + "] needs the last input dimension known, got " + input_shape.to_string());
  add_weight("kernel", {input_shape[-1], gates_ * units_},
             {.initializer = common_.kernel_initializer, .regularizer = common_.kernel_regularizer,
              .constraint = common_.kernel_constraint});
  add_weight("recurrent_kernel", {units_, gates_ * units_},
             {.initializer = common_.recurrent_initializer, .regularizer = common_.recurrent_regularizer,
              .constraint = common_.recurrent_constraint});
  if (common_.use_bias)
    add_weight("bias", bias_shape,
               {.initializer = bias_init, .regularizer = common_.bias_regularizer, .constraint = common_.bias_constraint});
}

// Keras' LSTM and GRU cells switch to one mask per gate (their implementation 1) when they have
// recurrent dropout; SimpleRNN keeps one.
void GatedCell::begin_sequence(const Tensor& first_input, const std::vector<Tensor>& states, bool training) {
  const int count = gates_ > 1 && common_.recurrent_dropout > 0 ? gates_ : 1;
  const auto seeds = [&] { return next_seed(common_.seed); };
  dropout_mask_ = detail::dropout_masks(first_input, common_.dropout, count, seeds);
  recurrent_dropout_mask_ =
      states.empty() ? Tensor() : detail::dropout_masks(states[0], common_.recurrent_dropout, count, seeds);
}

void GatedCell::end_sequence() { dropout_mask_ = recurrent_dropout_mask_ = Tensor(); }

std::vector<Tensor> GatedCell::dropped_input(const Tensor& inputs, bool training) const {
  return detail::masked_per_gate(inputs, dropout_mask_, training);
}

std::vector<Tensor> GatedCell::dropped_state(const Tensor& state, bool training) const {
  return detail::masked_per_gate(state, recurrent_dropout_mask_, training);
}

namespace {
// x · w, or with one x per gate, each times its gate's columns of w.
Tensor gate_matmul(const std::vector<Tensor>& x, const Tensor& w) {
  if (x.size() == 1) return matmul(x[0], w);
  const std::vector<Tensor> columns = split(w, static_cast<std::int64_t>(x.size()), 1);
  std::vector<Tensor> parts;
  for (std::size_t k = 0; k < x.size(); ++k) parts.push_back(matmul(x[k], columns[k]));
  return concat(parts, 1);
}
}  // namespace

Config GatedCell::get_config() const {
  Config c = Layer::get_config();
  detail::write_cell_config(c, units_, common_, gates_ > 1);
  return c;
}

// ---- SimpleRNNCell ------------------------------------------------------------------------

SimpleRNNCell::SimpleRNNCell(std::int64_t units, SimpleRNNCellOptions o)
    : GatedCell(layer_options(o, "SimpleRNNCell"), units, 1, 1, detail::CellCommon::from(o)) {}

void SimpleRNNCell::build(const TensorShape& input_shape) {
  build_weights(input_shape, {units_}, common_.bias_initializer);
}

std::pair<Tensor, std::vector<Tensor>> SimpleRNNCell::step(const Tensor& inputs, const std::vector<Tensor>& states,
                                                           bool training) {
  Tensor h = gate_matmul(dropped_input(inputs, training), weight(0));
  if (common_.use_bias) h = h + weight(2);
  Tensor output = common_.activation(h + gate_matmul(dropped_state(states.at(0), training), weight(1)));
  return {output, {output}};
}

SimpleRNNCell SimpleRNNCell::from_config(const Config& c) {
  SimpleRNNCellOptions o;
  detail::read_cell_config(c, o);
  return SimpleRNNCell(keras::detail::config_at(c, "units", "SimpleRNNCell").get<std::int64_t>(), o);
}

// ---- LSTMCell -----------------------------------------------------------------------------

namespace {
template <class O>
detail::CellCommon gated_common(const O& o) {
  detail::CellCommon c = detail::CellCommon::from(o);
  c.recurrent_activation = o.recurrent_activation;
  return c;
}

// Keras' unit_forget_bias initializer: zeros, ones for the forget gate, zeros.
initializers::Initializer forget_bias_initializer(const initializers::Initializer& bias_init, std::int64_t units) {
  return initializers::Initializer(bias_init.class_name(), bias_init.config(),
                                   [bias_init, units](const TensorShape&, DType dtype) {
                                     return concat({bias_init({units}, dtype), ones({units}, dtype),
                                                    bias_init({2 * units}, dtype)},
                                                   0);
                                   });
}
}  // namespace

LSTMCell::LSTMCell(std::int64_t units, LSTMCellOptions o)
    : GatedCell(layer_options(o, "LSTMCell"), units, 4, 2, gated_common(o)), unit_forget_bias_(o.unit_forget_bias) {}

void LSTMCell::build(const TensorShape& input_shape) {
  build_weights(input_shape, {4 * units_},
                unit_forget_bias_ ? forget_bias_initializer(common_.bias_initializer, units_) : common_.bias_initializer);
}

std::pair<Tensor, std::vector<Tensor>> LSTMCell::step(const Tensor& inputs, const std::vector<Tensor>& states,
                                                      bool training) {
  const Tensor& h_tm1 = states.at(0);
  const Tensor& c_tm1 = states.at(1);
  Tensor z = gate_matmul(dropped_input(inputs, training), weight(0)) + gate_matmul(dropped_state(h_tm1, training), weight(1));
  if (common_.use_bias) z = z + weight(2);
  std::vector<Tensor> g = split(z, 4, 1);
  const activations::Activation& act = common_.activation;
  const activations::Activation& rec = common_.recurrent_activation;
  Tensor c = rec(g[1]) * c_tm1 + rec(g[0]) * act(g[2]);
  Tensor h = rec(g[3]) * act(c);
  return {h, {h, c}};
}

Config LSTMCell::get_config() const {
  Config c = GatedCell::get_config();
  c["unit_forget_bias"] = unit_forget_bias_;
  return c;
}

LSTMCell LSTMCell::from_config(const Config& c) {
  LSTMCellOptions o;
  detail::read_cell_config(c, o);
  return LSTMCell(keras::detail::config_at(c, "units", "LSTMCell").get<std::int64_t>(), o);
}

// ---- GRUCell ------------------------------------------------------------------------------

GRUCell::GRUCell(std::int64_t units, GRUCellOptions o)
    : GatedCell(layer_options(o, "GRUCell"), units, 3, 1, gated_common(o)), reset_after_(o.reset_after) {}

void GRUCell::build(const TensorShape& input_shape) {
  build_weights(input_shape, reset_after_ ? TensorShape{2, 3 * units_} : TensorShape{3 * units_},
                common_.bias_initializer);
}

std::pair<Tensor, std::vector<Tensor>> GRUCell::step(const Tensor& inputs, const std::vector<Tensor>& states,
                                                     bool training) {
  const Tensor& h_tm1 = states.at(0);
  const std::vector<Tensor> h_rec = dropped_state(h_tm1, training);
  Tensor input_bias, recurrent_bias;
  if (common_.use_bias) {
    if (reset_after_) {
      std::vector<Tensor> b = unstack(weight(2).read_value(), 0);
      input_bias = b[0];
      recurrent_bias = b[1];
    } else {
      input_bias = weight(2).read_value();
    }
  }
  Tensor matrix_x = gate_matmul(dropped_input(inputs, training), weight(0));
  if (input_bias.defined()) matrix_x = matrix_x + input_bias;
  std::vector<Tensor> x = split(matrix_x, 3, 1);
  const activations::Activation& act = common_.activation;
  const activations::Activation& rec = common_.recurrent_activation;
  Tensor z, hh;
  if (reset_after_) {
    Tensor inner = gate_matmul(h_rec, weight(1));
    if (recurrent_bias.defined()) inner = inner + recurrent_bias;
    std::vector<Tensor> r_ = split(inner, 3, 1);
    z = rec(x[0] + r_[0]);
    Tensor r = rec(x[1] + r_[1]);
    hh = act(x[2] + r * r_[2]);
  } else {
    std::vector<Tensor> kernels = split(weight(1).read_value(), {2 * units_, units_}, 1);
    // Per gate, the update and reset gates read the first two masked states, the candidate the third.
    const bool per_gate = h_rec.size() > 1;
    std::vector<Tensor> r_ = split(gate_matmul(per_gate ? std::vector<Tensor>{h_rec[0], h_rec[1]} : h_rec, kernels[0]), 2, 1);
    z = rec(x[0] + r_[0]);
    Tensor r = rec(x[1] + r_[1]);
    hh = act(x[2] + matmul(r * h_rec.back(), kernels[1]));
  }
  Tensor h = z * h_tm1 + (1.0 - z) * hh;
  return {h, {h}};
}

Config GRUCell::get_config() const {
  Config c = GatedCell::get_config();
  c["reset_after"] = reset_after_;
  return c;
}

GRUCell GRUCell::from_config(const Config& c) {
  GRUCellOptions o;
  detail::read_cell_config(c, o);
  return GRUCell(keras::detail::config_at(c, "units", "GRUCell").get<std::int64_t>(), o);
}

}  // namespace tf::keras::layers
