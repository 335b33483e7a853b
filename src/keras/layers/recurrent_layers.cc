// SimpleRNN, LSTM and GRU: an RNN over the matching cell, with the cell's options and config
// flattened into the layer's, as Keras 3 writes them.
#include "keras/layers/recurrent_util.h"

namespace tf::keras::layers {

namespace {

// The cell options within a layer's options.
template <class CellOptions, class O>
CellOptions cell_options(const O& o, const char* cell_name) {
  CellOptions c;
  c.activation = o.activation;
  if constexpr (requires { c.recurrent_activation; }) c.recurrent_activation = o.recurrent_activation;
  if constexpr (requires { c.unit_forget_bias; }) c.unit_forget_bias = o.unit_forget_bias;
  if constexpr (requires { c.reset_after; }) c.reset_after = o.reset_after;
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
  c.name = cell_name;
  c.trainable = o.trainable;
  c.dtype = o.dtype;
  return c;
}

template <class O>
RNNOptions layer_rnn_options(const O& o) {
  return {.return_sequences = o.return_sequences, .return_state = o.return_state, .go_backwards = o.go_backwards,
          .stateful = o.stateful, .unroll = o.unroll, .zero_output_for_mask = o.zero_output_for_mask, .input_shape = o.input_shape,
          .name = o.name, .trainable = o.trainable, .dtype = o.dtype};
}

// The layer's config: its own fields, the cell's (without the cell's name, trainable and dtype)
// and activity_regularizer, as Keras' SimpleRNN/LSTM/GRU.get_config write them.
Config flattened_config(Config layer, const Config& cell) {
  for (const auto& [key, value] : cell)
    if (key != "name" && key != "trainable" && key != "dtype") layer[key] = value;
  layer.try_emplace("activity_regularizer", nullptr);
  return layer;
}

template <class L, class O>
L layer_from_config(const Config& c, const char* who) {
  O o;
  detail::read_cell_config(c, o);
  detail::read_rnn_config(c, o);
  return L(keras::detail::config_at(c, "units", who).get<std::int64_t>(), o);
}

}  // namespace

SimpleRNN::SimpleRNN(std::int64_t units, SimpleRNNOptions o)
    : RNN(std::make_shared<SimpleRNNCell>(units, cell_options<SimpleRNNCellOptions>(o, "simple_rnn_cell")),
          layer_rnn_options(o), layer_options(o, "SimpleRNN")) {}
SimpleRNN SimpleRNN::from_config(const Config& c) { return layer_from_config<SimpleRNN, SimpleRNNOptions>(c, "SimpleRNN"); }
Config SimpleRNN::get_config() const {
  Config c = Layer::get_config();
  add_rnn_config(c);
  return flattened_config(c, cell().get_config());
}
std::shared_ptr<RNN> SimpleRNN::from_config_like(const Config& c) const {
  return std::make_shared<SimpleRNN>(from_config(c));
}

LSTM::LSTM(std::int64_t units, LSTMOptions o)
    : RNN(std::make_shared<LSTMCell>(units, cell_options<LSTMCellOptions>(o, "lstm_cell")), layer_rnn_options(o),
          layer_options(o, "LSTM")) {}
LSTM LSTM::from_config(const Config& c) { return layer_from_config<LSTM, LSTMOptions>(c, "LSTM"); }
Config LSTM::get_config() const {
  Config c = Layer::get_config();
  add_rnn_config(c);
  return flattened_config(c, cell().get_config());
}
std::shared_ptr<RNN> LSTM::from_config_like(const Config& c) const { return std::make_shared<LSTM>(from_config(c)); }

GRU::GRU(std::int64_t units, GRUOptions o)
    : RNN(std::make_shared<GRUCell>(units, cell_options<GRUCellOptions>(o, "gru_cell")), layer_rnn_options(o),
          layer_options(o, "GRU")) {}
GRU GRU::from_config(const Config& c) { return layer_from_config<GRU, GRUOptions>(c, "GRU"); }
Config GRU::get_config() const {
  Config c = Layer::get_config();
  add_rnn_config(c);
  return flattened_config(c, cell().get_config());
}
std::shared_ptr<RNN> GRU::from_config_like(const Config& c) const { return std::make_shared<GRU>(from_config(c)); }

}  // namespace tf::keras::layers
