// ConvLSTMCell and ConvLSTM1D / 2D / 3D: Keras 3's ConvLSTMCell step (one input convolution and
// one "same" recurrent convolution, whose 4 * filters channels are the gates i, f, c, o) and the
// time loop over it. The step computes channels-last; channels_first inputs and states are
// transposed around it, as Keras' TensorFlow backend does for its convolutions.
#include "tfpp/keras/layers/conv_lstm.h"

#include <algorithm>

#include "keras/layers/recurrent_util.h"
#include "keras/layers/spatial_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/control_flow.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_conv_pool_variants.h"
#include "tfpp/nn_ops.h"

namespace tf::keras::layers {

namespace {

std::vector<std::int64_t> concat_dims(std::vector<std::int64_t> a, const std::vector<std::int64_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// bias_initializer for filters, ones for the forget gate's filters, bias_initializer for the rest.
initializers::Initializer forget_bias_ones(const initializers::Initializer& init, std::int64_t filters) {
  return initializers::Initializer(init.class_name(), init.config(), [init, filters](const TensorShape&, DType d) {
    return concat({init(TensorShape({filters}), d), ones({filters}, d), init(TensorShape({2 * filters}), d)}, 0);
  });
}

ConvLSTMCellOptions cell_options_of(const ConvLSTMOptions& o) {
  ConvLSTMCellOptions c;
  c.strides = o.strides;
  c.padding = o.padding;
  c.data_format = o.data_format;
  c.dilation_rate = o.dilation_rate;
  c.activation = o.activation;
  c.recurrent_activation = o.recurrent_activation;
  c.unit_forget_bias = o.unit_forget_bias;
  c.use_bias = o.use_bias;
  c.kernel_initializer = o.kernel_initializer;
  c.recurrent_initializer = o.recurrent_initializer;
  c.bias_initializer = o.bias_initializer;
  c.kernel_regularizer = o.kernel_regularizer;
  c.recurrent_regularizer = o.recurrent_regularizer;
  c.bias_regularizer = o.bias_regularizer;
  c.kernel_constraint = o.kernel_constraint;
  c.recurrent_constraint = o.recurrent_constraint;
  c.bias_constraint = o.bias_constraint;
  c.dropout = o.dropout;
  c.recurrent_dropout = o.recurrent_dropout;
  c.seed = o.seed;
  c.name = "conv_lstm_cell";
  c.dtype = o.dtype;
  return c;
}

// Runs `fn`, naming `layer` instead of its cell in an InvalidArgumentError (the cell's checks
// are the layer's arguments and input shapes).
template <class F>
auto as_layer_error(const std::string& layer, F&& fn) {
  try {
    return fn();
  } catch (const InvalidArgumentError& e) {
    const std::string cell = "[conv_lstm_cell]";
    std::string message = e.what();
    if (message.rfind(cell, 0) == 0) message = "[" + layer + "]" + message.substr(cell.size());
    throw InvalidArgumentError(message);
  }
}

}  // namespace

// ---- ConvLSTMCell -------------------------------------------------------------------------

ConvLSTMCell::ConvLSTMCell(int rank, std::int64_t filters, std::vector<std::int64_t> kernel_size,
                           ConvLSTMCellOptions options)
    : RNNCell(layer_options(options, "ConvLSTMCell")), rank_(rank), filters_(filters), options_(std::move(options)) {
  if (rank < 1 || rank > 3)
    throw InvalidArgumentError("[" + name() + "] Rank " + std::to_string(rank) +
                               " convolutions are not currently implemented. Received: rank=" + std::to_string(rank));
  keras::detail::check_positive(name(), "filters", filters);
  kernel_size_ = keras::detail::spatial_tuple(name(), nn::Sizes(kernel_size), rank, "kernel_size");
  options_.strides = keras::detail::spatial_tuple(name(), nn::Sizes(options_.strides), rank, "strides");
  options_.dilation_rate = keras::detail::spatial_tuple(name(), nn::Sizes(options_.dilation_rate), rank, "dilation_rate");
  options_.padding = keras::detail::padding_mode(name(), options_.padding, {"valid", "same"});
  keras::detail::channels_first(name(), options_.data_format);
  keras::detail::check_strides_dilation(name(), options_.strides, options_.dilation_rate);
  for (double rate : {options_.dropout, options_.recurrent_dropout})
    if (!(rate >= 0.0 && rate < 1.0))
      throw InvalidArgumentError("[" + name() + "] dropout rates must be in [0, 1), got " + std::to_string(rate));
}

void ConvLSTMCell::build(const TensorShape& input_shape) {
  const bool first = options_.data_format == "channels_first";
  if (input_shape.has_unknown_rank() || input_shape.rank() != rank_ + 2)
    throw InvalidArgumentError("[" + name() + "] expects one timestep of rank " + std::to_string(rank_ + 2) + ", got " +
                               input_shape.to_string());
  for (int d = 0; d < rank_; ++d)
    if (input_shape[first ? 2 + d : 1 + d] < 0)
      throw InvalidArgumentError("[" + name() +
                                 "] ConvLSTM layers only support static input shapes for the spatial dimension. "
                                 "Received invalid input shape: input_shape=" + input_shape.to_string());
  const std::int64_t channels = input_shape[first ? 1 : rank_ + 1];
  if (channels < 0)
    throw InvalidArgumentError("[" + name() +
                               "] The channel dimension of the inputs (last axis) should be defined. Found None. Full "
                               "input shape received: input_shape=" + input_shape.to_string());
  add_weight("kernel", TensorShape(concat_dims(kernel_size_, {channels, 4 * filters_})),
             {.initializer = options_.kernel_initializer, .regularizer = options_.kernel_regularizer,
              .constraint = options_.kernel_constraint});
  add_weight("recurrent_kernel", TensorShape(concat_dims(kernel_size_, {filters_, 4 * filters_})),
             {.initializer = options_.recurrent_initializer, .regularizer = options_.recurrent_regularizer,
              .constraint = options_.recurrent_constraint});
  if (options_.use_bias)
    add_weight("bias", {4 * filters_},
               {.initializer = options_.unit_forget_bias ? forget_bias_ones(options_.bias_initializer, filters_)
                                                         : options_.bias_initializer,
                .regularizer = options_.bias_regularizer, .constraint = options_.bias_constraint});
}

std::vector<std::int64_t> ConvLSTMCell::state_size() const { return {filters_, filters_}; }

TensorShape ConvLSTMCell::state_shape(const TensorShape& step_shape) const {
  const bool first = options_.data_format == "channels_first";
  std::vector<std::int64_t> dims{step_shape[0]};
  if (first) dims.push_back(filters_);
  for (int d = 0; d < rank_; ++d) {
    const std::int64_t n = step_shape[first ? 2 + d : 1 + d], s = options_.strides[std::size_t(d)];
    const std::int64_t span = (kernel_size_[std::size_t(d)] - 1) * options_.dilation_rate[std::size_t(d)] + 1;
    dims.push_back(options_.padding == "same" ? (n + s - 1) / s : std::max<std::int64_t>(0, (n - span + s) / s));
  }
  if (!first) dims.push_back(filters_);
  return TensorShape(dims);
}

std::vector<Tensor> ConvLSTMCell::get_initial_state(const Tensor& first_input) const {
  // Zeros of the state's shape for a batch that may be unknown while tracing.
  const TensorShape shape = state_shape(first_input.shape());
  std::vector<std::int64_t> dims(shape.dims().begin(), shape.dims().end());
  std::int64_t per_sample = 1;
  for (std::size_t i = 1; i < dims.size(); ++i) per_sample *= dims[i];
  dims[0] = -1;
  const Tensor zero = reshape(detail::batch_zeros(first_input, per_sample, dtype()), dims);
  return {zero, zero};
}

void ConvLSTMCell::begin_sequence(const Tensor& first_input, const std::vector<Tensor>& states, bool training) {
  // One mask per gate, as Keras' ConvLSTMCell draws them.
  const auto seeds = [&] { return next_seed(options_.seed); };
  dropout_mask_ = detail::dropout_masks(first_input, options_.dropout, 4, seeds);
  recurrent_dropout_mask_ =
      states.empty() ? Tensor() : detail::dropout_masks(states[0], options_.recurrent_dropout, 4, seeds);
}

void ConvLSTMCell::end_sequence() { dropout_mask_ = recurrent_dropout_mask_ = Tensor(); }

std::pair<Tensor, std::vector<Tensor>> ConvLSTMCell::step(const Tensor& inputs, const std::vector<Tensor>& states,
                                                          bool training) {
  const bool first = options_.data_format == "channels_first";
  std::vector<Tensor> x = detail::masked_per_gate(inputs, dropout_mask_, training);
  std::vector<Tensor> h = detail::masked_per_gate(states.at(0), recurrent_dropout_mask_, training);
  Tensor c_tm1 = states.at(1);
  if (first) {
    for (Tensor& t : x) t = keras::detail::to_channels_last(t);
    for (Tensor& t : h) t = keras::detail::to_channels_last(t);
    c_tm1 = keras::detail::to_channels_last(c_tm1);
  }
  const int channels = rank_ + 1;
  // The convolution of one input, or of each gate's masked input with its gate's filters.
  const auto gate_convolution = [&](const std::vector<Tensor>& in, const Tensor& kernel, const std::string& padding,
                                    const nn::ConvolutionOptions& options) {
    if (in.size() == 1) return nn::convolution(in[0], kernel, padding, options);
    const std::vector<Tensor> filters = split(kernel, 4, channels);
    std::vector<Tensor> parts;
    for (std::size_t k = 0; k < in.size(); ++k) parts.push_back(nn::convolution(in[k], filters[k], padding, options));
    return concat(parts, channels);
  };
  Tensor z = gate_convolution(x, weight(0), keras::detail::op_padding(options_.padding),
                              {.strides = nn::Sizes(options_.strides), .dilations = nn::Sizes(options_.dilation_rate)});
  if (options_.use_bias) z = z + weight(2);
  z = z + gate_convolution(h, weight(1), "SAME", {});
  const std::vector<Tensor> g = split(z, 4, channels);
  const activations::Activation& act = options_.activation;
  const activations::Activation& rec = options_.recurrent_activation;
  Tensor c = rec(g[1]) * c_tm1 + rec(g[0]) * act(g[2]);
  Tensor h_new = rec(g[3]) * act(c);
  if (first) {
    h_new = keras::detail::to_channels_first(h_new);
    c = keras::detail::to_channels_first(c);
  }
  return {h_new, {h_new, c}};
}

Config ConvLSTMCell::get_config() const {
  Config c = Layer::get_config();
  detail::CellCommon common{.activation = options_.activation,
                            .recurrent_activation = options_.recurrent_activation,
                            .use_bias = options_.use_bias,
                            .kernel_initializer = options_.kernel_initializer,
                            .recurrent_initializer = options_.recurrent_initializer,
                            .bias_initializer = options_.bias_initializer,
                            .kernel_regularizer = options_.kernel_regularizer,
                            .recurrent_regularizer = options_.recurrent_regularizer,
                            .bias_regularizer = options_.bias_regularizer,
                            .kernel_constraint = options_.kernel_constraint,
                            .recurrent_constraint = options_.recurrent_constraint,
                            .bias_constraint = options_.bias_constraint,
                            .dropout = options_.dropout,
                            .recurrent_dropout = options_.recurrent_dropout,
                            .seed = options_.seed};
  detail::write_cell_config(c, filters_, common, true);
  c.erase("units");
  c["filters"] = filters_;
  c["kernel_size"] = keras::detail::int_list(kernel_size_);
  c["strides"] = keras::detail::int_list(options_.strides);
  c["padding"] = options_.padding;
  c["data_format"] = options_.data_format;
  c["dilation_rate"] = keras::detail::int_list(options_.dilation_rate);
  c["unit_forget_bias"] = options_.unit_forget_bias;
  return c;
}

// ---- ConvLSTM -----------------------------------------------------------------------------

ConvLSTM::ConvLSTM(const char* class_name, int rank, std::int64_t filters, std::vector<std::int64_t> kernel_size,
                   ConvLSTMOptions options)
    : Layer(layer_options(options, class_name)),
      rank_(rank),
      cell_(as_layer_error(name(), [&] {
        return std::make_shared<ConvLSTMCell>(rank, filters, std::move(kernel_size), cell_options_of(options));
      })),
      options_(std::move(options)) {
  track_state(cell_->shared_layer_state(), cell_);
}

void ConvLSTM::build_multi(const std::vector<TensorShape>& input_shapes) {
  const TensorShape& shape = input_shapes.at(0);
  if (shape.has_unknown_rank() || shape.rank() != rank_ + 3)
    throw InvalidArgumentError("[" + name() + "] expects inputs of rank " + std::to_string(rank_ + 3) +
                               " (batch, time, spatial..., channels), got " + shape.to_string());
  std::vector<std::int64_t> step(shape.dims().begin(), shape.dims().end());
  step.erase(step.begin() + 1);
  if (!cell_->built()) as_layer_error(name(), [&] { cell_->build_for({TensorShape(step)}); });
}

Config ConvLSTM::get_config() const {
  Config c = cell_->get_config();
  const Config layer = Layer::get_config();
  for (const char* key : {"name", "trainable", "dtype"}) c[key] = layer.at(key);
  c["activity_regularizer"] = keras::detail::optional_config(options_.activity_regularizer);
  c["return_sequences"] = options_.return_sequences;
  c["return_state"] = options_.return_state;
  c["go_backwards"] = options_.go_backwards;
  c["stateful"] = options_.stateful;
  c["unroll"] = false;
  c["zero_output_for_mask"] = false;
  return c;
}

ConvLSTM::Arguments ConvLSTM::read_config(const Config& c, const char* who) {
  ConvLSTMOptions o;
  detail::read_cell_config(c, o);
  using keras::detail::read_if_present;
  const auto ints = [](const ConfigValue& v) { return keras::detail::sizes_from(v).values(); };
  const auto text = [](const ConfigValue& v) { return v.get<std::string>(); };
  read_if_present(c, "strides", o.strides, ints);
  read_if_present(c, "dilation_rate", o.dilation_rate, ints);
  read_if_present(c, "padding", o.padding, text);
  read_if_present(c, "data_format", o.data_format, text);
  const auto flag = [](const ConfigValue& v) { return v.get<bool>(); };
  read_if_present(c, "return_sequences", o.return_sequences, flag);
  read_if_present(c, "return_state", o.return_state, flag);
  read_if_present(c, "go_backwards", o.go_backwards, flag);
  read_if_present(c, "stateful", o.stateful, flag);
  for (const char* unsupported : {"unroll"})
    if (auto it = c.find(unsupported); it != c.end() && it->second.get<bool>())
      throw UnimplementedError(std::string("[") + who + "] " + unsupported + "=True is not supported");
  return {keras::detail::config_at(c, "filters", who).get<std::int64_t>(),
          ints(keras::detail::config_at(c, "kernel_size", who)), o};
}

ConvLSTM1D::ConvLSTM1D(std::int64_t filters, std::vector<std::int64_t> kernel_size, ConvLSTMOptions options)
    : ConvLSTM("ConvLSTM1D", 1, filters, std::move(kernel_size), std::move(options)) {}
ConvLSTM1D ConvLSTM1D::from_config(const Config& c) {
  Arguments a = read_config(c, "ConvLSTM1D");
  return ConvLSTM1D(a.filters, a.kernel_size, a.options);
}

ConvLSTM2D::ConvLSTM2D(std::int64_t filters, std::vector<std::int64_t> kernel_size, ConvLSTMOptions options)
    : ConvLSTM("ConvLSTM2D", 2, filters, std::move(kernel_size), std::move(options)) {}
ConvLSTM2D ConvLSTM2D::from_config(const Config& c) {
  Arguments a = read_config(c, "ConvLSTM2D");
  return ConvLSTM2D(a.filters, a.kernel_size, a.options);
}

ConvLSTM3D::ConvLSTM3D(std::int64_t filters, std::vector<std::int64_t> kernel_size, ConvLSTMOptions options)
    : ConvLSTM("ConvLSTM3D", 3, filters, std::move(kernel_size), std::move(options)) {}
ConvLSTM3D ConvLSTM3D::from_config(const Config& c) {
  Arguments a = read_config(c, "ConvLSTM3D");
  return ConvLSTM3D(a.filters, a.kernel_size, a.options);
}

}  // namespace tf::keras::layers
