// Recurrent layers: the cells SimpleRNNCell, LSTMCell and GRUCell, the RNN layer that runs a cell
// over the time axis, and SimpleRNN, LSTM and GRU (keras.layers.*), with Keras 3's defaults and
// weight names (`lstm/lstm_cell/kernel`, `recurrent_kernel`, `bias`).
//
//   layers::LSTM lstm(32, {.return_sequences = true});
//   tf::Tensor y = lstm(x);                                       // x: [batch, time, features]
//   auto outs = layers::GRU(8, {.return_state = true}).call_all({x, h0});  // {output, h}; h0 is the initial state
//   layers::RNN rnn(layers::LSTMCell(16));                         // the generic layer over a cell
//
// Inputs are [batch, time, features]; further inputs are the initial states. A mask attached to
// the input (an Embedding with mask_zero, Masking, or tf::keras::with_keras_mask) skips the masked
// timesteps: their states are carried over and their outputs repeat the last one (zeros with
// zero_output_for_mask). Eagerly the time loop is a C++ loop; inside tf::function it traces to
// one While node over TensorArrays (unroll = true unrolls it when the length is static).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "tfpp/keras/activations.h"
#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// The options every built-in cell takes (and the recurrent layers pass on to their cell).
#define TFPP_KERAS_RNN_CELL_OPTIONS                                                                                 \
  bool use_bias = true;                                                          /**< add bias vectors */          \
  ::tf::keras::initializers::Initializer kernel_initializer = {};                /**< default glorot_uniform */    \
  ::tf::keras::initializers::Initializer recurrent_initializer = ::tf::keras::initializers::Orthogonal(); /**< default orthogonal */ \
  ::tf::keras::initializers::Initializer bias_initializer = ::tf::keras::initializers::Zeros(); /**< default zeros */ \
  std::optional<::tf::keras::regularizers::Regularizer> kernel_regularizer = {};     /**< penalty on the kernel */ \
  std::optional<::tf::keras::regularizers::Regularizer> recurrent_regularizer = {};  /**< on the recurrent kernel */ \
  std::optional<::tf::keras::regularizers::Regularizer> bias_regularizer = {};       /**< on the bias */          \
  std::optional<::tf::keras::constraints::Constraint> kernel_constraint = {};        /**< on the kernel */        \
  std::optional<::tf::keras::constraints::Constraint> recurrent_constraint = {};     /**< on the recurrent kernel */ \
  std::optional<::tf::keras::constraints::Constraint> bias_constraint = {};          /**< on the bias */          \
  double dropout = 0.0;            /**< fraction of the inputs dropped while training */                           \
  double recurrent_dropout = 0.0;  /**< fraction of the recurrent state dropped while training */                 \
  std::optional<std::int64_t> seed = {}; /**< seed of the dropout masks */

/// The options of the RNN layer itself (after the cell's in SimpleRNN, LSTM and GRU).
#define TFPP_KERAS_RNN_LAYER_OPTIONS                                                                   \
  bool return_sequences = false;     /**< output every timestep, not only the last */                  \
  bool return_state = false;         /**< also return the final states (call_all) */                    \
  bool go_backwards = false;         /**< process the sequence backwards (outputs come reversed) */     \
  bool stateful = false;             /**< keep the final states for the next call (fixed batch size) */ \
  bool unroll = false;               /**< unroll the loop when the length is static */                  \
  bool zero_output_for_mask = false; /**< masked timesteps output zeros instead of the last output */

/// Base of recurrent cells: one timestep of a recurrent layer (Keras' cell protocol).
class RNNCell : public Layer {
 public:
  using Layer::Layer;
  /// The size of each state the cell carries (the first state is the output's size unless output_size says otherwise).
  virtual std::vector<std::int64_t> state_size() const = 0;
  /// The size of the cell's output; default state_size()[0].
  virtual std::int64_t output_size() const;
  /// One timestep: the output and the new states for `inputs` [batch, features] and `states`.
  virtual std::pair<Tensor, std::vector<Tensor>> step(const Tensor& inputs, const std::vector<Tensor>& states,
                                                      bool training) = 0;
  /// Zero states for the batch of `first_input` ([batch, features]; its batch may be unknown while tracing).
  virtual std::vector<Tensor> get_initial_state(const Tensor& first_input) const;
  /// Called by RNN before a sequence with its first timestep and initial states (draws dropout masks).
  virtual void begin_sequence(const Tensor& first_input, const std::vector<Tensor>& states, bool training);
  /// Called by RNN after a sequence (forgets the dropout masks).
  virtual void end_sequence();
  void build_multi(const std::vector<TensorShape>& input_shapes) override;
  /// Calls the cell on {inputs, states...} and returns {output, new states...}.
  std::vector<Tensor> call_multi(const std::vector<Tensor>& inputs, bool training) override;
};

/// Options of SimpleRNNCell.
struct SimpleRNNCellOptions {
  activations::Activation activation = "tanh";  ///< applied to the new state
  TFPP_KERAS_RNN_CELL_OPTIONS
  TFPP_KERAS_LAYER_OPTIONS
};

namespace detail {
/// What the built-in cells share: their options and the dropout masks of the current sequence.
struct CellCommon {
  activations::Activation activation;
  activations::Activation recurrent_activation;
  bool use_bias = true;
  initializers::Initializer kernel_initializer, recurrent_initializer, bias_initializer;
  std::optional<regularizers::Regularizer> kernel_regularizer, recurrent_regularizer, bias_regularizer;
  std::optional<constraints::Constraint> kernel_constraint, recurrent_constraint, bias_constraint;
  double dropout = 0.0, recurrent_dropout = 0.0;
  std::optional<std::int64_t> seed;
  template <class O>
  static CellCommon from(const O& o) {
    return {.activation = o.activation, .recurrent_activation = {}, .use_bias = o.use_bias,
            .kernel_initializer = o.kernel_initializer, .recurrent_initializer = o.recurrent_initializer,
            .bias_initializer = o.bias_initializer, .kernel_regularizer = o.kernel_regularizer,
            .recurrent_regularizer = o.recurrent_regularizer, .bias_regularizer = o.bias_regularizer,
            .kernel_constraint = o.kernel_constraint, .recurrent_constraint = o.recurrent_constraint,
            .bias_constraint = o.bias_constraint, .dropout = o.dropout, .recurrent_dropout = o.recurrent_dropout,
            .seed = o.seed};
  }
};
}  // namespace detail

/// The built-in cells' shared machinery: kernel, recurrent kernel and bias of `gates` × units
/// columns, dropout masks per sequence, and their common config.
class GatedCell : public RNNCell {
 public:
  std::vector<std::int64_t> state_size() const override;
  void begin_sequence(const Tensor& first_input, const std::vector<Tensor>& states, bool training) override;
  void end_sequence() override;
  Config get_config() const override;
  /// The number of units.
  std::int64_t units() const { return units_; }
  /// The [input_dim, gates·units] kernel (after build).
  Variable kernel() const { return weight(0); }
  /// The [units, gates·units] recurrent kernel (after build).
  Variable recurrent_kernel() const { return weight(1); }
  /// The bias (after build, with use_bias).
  Variable bias() const { return weight(2); }

 protected:
  GatedCell(const LayerOptions& layer_options, std::int64_t units, int gates, int states, detail::CellCommon common);
  /// Creates kernel, recurrent_kernel and a bias of `bias_shape` initialized by `bias_init`.
  void build_weights(const TensorShape& input_shape, const TensorShape& bias_shape,
                     const initializers::Initializer& bias_init);
  /// `inputs` times the dropout mask while training with dropout: one tensor, or one per gate.
  std::vector<Tensor> dropped_input(const Tensor& inputs, bool training) const;
  /// `state` times the recurrent dropout mask while training with recurrent dropout (one, or one per gate).
  std::vector<Tensor> dropped_state(const Tensor& state, bool training) const;

  std::int64_t units_;
  int gates_;
  int states_;
  detail::CellCommon common_;
  Tensor dropout_mask_, recurrent_dropout_mask_;
};

/// A fully-connected recurrent cell: h = activation(x·kernel + h·recurrent_kernel + bias)
/// (keras.layers.SimpleRNNCell).
class SimpleRNNCell : public GatedCell {
 public:
  explicit SimpleRNNCell(std::int64_t units, SimpleRNNCellOptions options = {});
  /// A cell from get_config()'s output.
  static SimpleRNNCell from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  std::pair<Tensor, std::vector<Tensor>> step(const Tensor& inputs, const std::vector<Tensor>& states,
                                              bool training) override;
  TFPP_KERAS_LAYER(SimpleRNNCell)
};

/// Options of LSTMCell.
struct LSTMCellOptions {
  activations::Activation activation = "tanh";              ///< of the candidate and the output
  activations::Activation recurrent_activation = "sigmoid";  ///< of the gates
  bool unit_forget_bias = true;                             ///< start the forget gate's bias at 1
  TFPP_KERAS_RNN_CELL_OPTIONS
  TFPP_KERAS_LAYER_OPTIONS
};

/// The long short-term memory cell; gates i, f, c, o in the kernels' columns, states [h, c]
/// (keras.layers.LSTMCell).
class LSTMCell : public GatedCell {
 public:
  explicit LSTMCell(std::int64_t units, LSTMCellOptions options = {});
  static LSTMCell from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  std::pair<Tensor, std::vector<Tensor>> step(const Tensor& inputs, const std::vector<Tensor>& states,
                                              bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(LSTMCell)

 private:
  bool unit_forget_bias_;
};

/// Options of GRUCell.
struct GRUCellOptions {
  activations::Activation activation = "tanh";              ///< of the candidate
  activations::Activation recurrent_activation = "sigmoid";  ///< of the gates
  bool reset_after = true;  ///< apply the reset gate after the recurrent matmul (Keras 3's and cuDNN's way)
  TFPP_KERAS_RNN_CELL_OPTIONS
  TFPP_KERAS_LAYER_OPTIONS
};

/// The gated recurrent unit cell; gates z, r, h in the kernels' columns; with reset_after the
/// bias is [2, 3·units] (input and recurrent biases) (keras.layers.GRUCell).
class GRUCell : public GatedCell {
 public:
  explicit GRUCell(std::int64_t units, GRUCellOptions options = {});
  static GRUCell from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  std::pair<Tensor, std::vector<Tensor>> step(const Tensor& inputs, const std::vector<Tensor>& states,
                                              bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(GRUCell)

 private:
  bool reset_after_;
};

/// Options of RNN.
struct RNNOptions {
  TFPP_KERAS_RNN_LAYER_OPTIONS
  TFPP_KERAS_LAYER_OPTIONS
};

/// Runs a cell over the time axis of [batch, time, features] inputs (keras.layers.RNN).
/// Outputs: the last output ([batch, units]) or every output ([batch, time, units]) with
/// return_sequences, followed by the final states with return_state.
class RNN : public Layer {
 public:
  /// The layer over `cell` (a built-in cell or an RNNCell subclass; it becomes the sublayer).
  template <class C>
    requires std::derived_from<std::remove_cvref_t<C>, RNNCell>
  explicit RNN(C&& cell, RNNOptions options = {})
      : RNN(std::dynamic_pointer_cast<RNNCell>(LayerRef(std::forward<C>(cell)).ptr()), options,
            layer_options(options, "RNN")) {}
  /// An RNN from get_config()'s output (the cell must be a built-in one).
  static RNN from_config(const Config& config);
  void build_multi(const std::vector<TensorShape>& input_shapes) override;
  std::vector<Tensor> call_multi(const std::vector<Tensor>& inputs, bool training) override;
  std::vector<Tensor> call_masked(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks,
                                  bool training) override;
  Tensor compute_mask(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks) override;
  Config get_config() const override;
  /// A new layer of the same class from `config` (Bidirectional makes its two layers with it).
  virtual std::shared_ptr<RNN> from_config_like(const Config& config) const;
  /// The cell.
  RNNCell& cell() const { return *cell_; }
  /// The layer's own options (return_sequences, ...).
  const RNNOptions& rnn_options() const { return rnn_options_; }
  /// A stateful layer's kept states ("rnn_state", not weights; empty before its first call).
  std::vector<Variable> states() const { return *states_; }
  /// Sets a stateful layer's kept states to zeros (Keras' reset_state); nothing before its first call.
  void reset_states();
  TFPP_KERAS_LAYER(RNN)

 protected:
  RNN(std::shared_ptr<RNNCell> cell, const RNNOptions& options, const LayerOptions& layer_options);
  /// The RNN fields of the config (return_sequences, ...).
  void add_rnn_config(Config& config) const;

 private:
  std::shared_ptr<RNNCell> cell_;
  RNNOptions rnn_options_;
  std::shared_ptr<std::vector<Variable>> states_ = std::make_shared<std::vector<Variable>>();  // shared by copies
};

/// Options of SimpleRNN.
struct SimpleRNNOptions {
  activations::Activation activation = "tanh";  ///< applied to the new state
  TFPP_KERAS_RNN_CELL_OPTIONS
  TFPP_KERAS_RNN_LAYER_OPTIONS
  TFPP_KERAS_LAYER_OPTIONS
};

/// A fully-connected RNN over a SimpleRNNCell named "simple_rnn_cell" (keras.layers.SimpleRNN).
class SimpleRNN : public RNN {
 public:
  explicit SimpleRNN(std::int64_t units, SimpleRNNOptions options = {});
  static SimpleRNN from_config(const Config& config);
  Config get_config() const override;
  std::shared_ptr<RNN> from_config_like(const Config& config) const override;
  TFPP_KERAS_LAYER(SimpleRNN)
};

/// Options of LSTM.
struct LSTMOptions {
  activations::Activation activation = "tanh";              ///< of the candidate and the output
  activations::Activation recurrent_activation = "sigmoid";  ///< of the gates
  bool unit_forget_bias = true;                             ///< start the forget gate's bias at 1
  TFPP_KERAS_RNN_CELL_OPTIONS
  TFPP_KERAS_RNN_LAYER_OPTIONS
  TFPP_KERAS_LAYER_OPTIONS
};

/// Long short-term memory over an LSTMCell named "lstm_cell"; return_state adds [h, c]
/// (keras.layers.LSTM).
class LSTM : public RNN {
 public:
  explicit LSTM(std::int64_t units, LSTMOptions options = {});
  static LSTM from_config(const Config& config);
  Config get_config() const override;
  std::shared_ptr<RNN> from_config_like(const Config& config) const override;
  TFPP_KERAS_LAYER(LSTM)
};

/// Options of GRU.
struct GRUOptions {
  activations::Activation activation = "tanh";              ///< of the candidate
  activations::Activation recurrent_activation = "sigmoid";  ///< of the gates
  bool reset_after = true;                                  ///< Keras 3's default
  TFPP_KERAS_RNN_CELL_OPTIONS
  TFPP_KERAS_RNN_LAYER_OPTIONS
  TFPP_KERAS_LAYER_OPTIONS
};

/// Gated recurrent unit over a GRUCell named "gru_cell" (keras.layers.GRU).
class GRU : public RNN {
 public:
  explicit GRU(std::int64_t units, GRUOptions options = {});
  static GRU from_config(const Config& config);
  Config get_config() const override;
  std::shared_ptr<RNN> from_config_like(const Config& config) const override;
  TFPP_KERAS_LAYER(GRU)
};

}  // namespace tf::keras::layers
