// Convolutional LSTMs: an LSTM whose input and recurrent transformations are convolutions, over
// sequences of 1-D, 2-D or 3-D feature maps (keras.layers.ConvLSTM1D / 2D / 3D and their
// ConvLSTMCell), with Keras 3's gate order (i, f, c, o), weights conv_lstm2d/conv_lstm_cell/kernel,
// recurrent_kernel and bias, and config.
//
//   namespace layers = tf::keras::layers;
//   layers::ConvLSTM2D lstm(16, {3, 3}, {.padding = "same", .return_sequences = true});
//   tf::Tensor y = lstm(frames);          // frames [batch, time, height, width, channels]
//   auto outs = lstm.call_all({frames});  // with return_state: {output, h, c}
//
// Further inputs are the initial states h and c. Eagerly and inside tf::function the time loop
// runs step by step (traced unrolled, so the number of timesteps must be known when tracing).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tfpp/keras/layers/recurrent.h"

namespace tf::keras::layers {

/// The convolution arguments of a ConvLSTM cell and layer.
#define TFPP_KERAS_CONV_LSTM_OPTIONS                                                                          \
  std::vector<std::int64_t> strides = {1};          /**< one value for every dimension, or one per dimension */ \
  std::string padding = "valid";                    /**< of the input convolution: "valid" or "same" */         \
  std::string data_format = "channels_last";        /**< or "channels_first" */                                \
  std::vector<std::int64_t> dilation_rate = {1};    /**< of the input convolution */                           \
  activations::Activation activation = "tanh";      /**< of the candidate and the output */                    \
  activations::Activation recurrent_activation = "sigmoid"; /**< of the gates */                               \
  bool unit_forget_bias = true;                     /**< start the forget gate's bias at 1 */

/// Options of ConvLSTMCell.
struct ConvLSTMCellOptions {
  TFPP_KERAS_CONV_LSTM_OPTIONS
  TFPP_KERAS_RNN_CELL_OPTIONS
  TFPP_KERAS_LAYER_OPTIONS
};

/// One timestep of a convolutional LSTM on [batch, spatial..., channels] (channels first with
/// that data format): gates = conv(x, kernel) + bias + conv_same(h, recurrent_kernel), split into
/// i, f, c, o along the channels; states [h, c] of the input convolution's output shape. Kernel
/// kernel_size + (channels, 4 * filters), recurrent kernel kernel_size + (filters, 4 * filters).
class ConvLSTMCell : public RNNCell {
 public:
  /// A cell over `rank` spatial dimensions (1, 2 or 3).
  ConvLSTMCell(int rank, std::int64_t filters, std::vector<std::int64_t> kernel_size, ConvLSTMCellOptions options = {});
  void build(const TensorShape& input_shape) override;
  std::vector<std::int64_t> state_size() const override;
  std::vector<Tensor> get_initial_state(const Tensor& first_input) const override;
  void begin_sequence(const Tensor& first_input, const std::vector<Tensor>& states, bool training) override;
  void end_sequence() override;
  std::pair<Tensor, std::vector<Tensor>> step(const Tensor& inputs, const std::vector<Tensor>& states,
                                              bool training) override;
  Config get_config() const override;
  int rank() const { return rank_; }
  std::int64_t filters() const { return filters_; }
  /// The options the cell was made with (kernel_size, strides and dilation_rate one per dimension).
  const ConvLSTMCellOptions& options() const { return options_; }
  const std::vector<std::int64_t>& kernel_size() const { return kernel_size_; }
  TFPP_KERAS_LAYER(ConvLSTMCell)

 private:
  // The input convolution's output shape for one timestep's shape (batch first).
  TensorShape state_shape(const TensorShape& step_shape) const;

  int rank_;
  std::int64_t filters_;
  std::vector<std::int64_t> kernel_size_;
  ConvLSTMCellOptions options_;
  Tensor dropout_mask_, recurrent_dropout_mask_;
};

/// Options of ConvLSTM1D / 2D / 3D.
struct ConvLSTMOptions {
  TFPP_KERAS_CONV_LSTM_OPTIONS
  TFPP_KERAS_RNN_CELL_OPTIONS
  bool return_sequences = false;  ///< output every timestep, not only the last
  bool return_state = false;      ///< also return the final states h and c (call_all)
  bool go_backwards = false;      ///< process the sequence backwards (outputs come reversed)
  /// Keep the final states as the next call's initial states (a fixed batch size; reset_states()).
  bool stateful = false;
  TFPP_KERAS_LAYER_OPTIONS
};

/// What ConvLSTM1D / 2D / 3D share: the time loop over a ConvLSTMCell named "conv_lstm_cell" for
/// inputs [batch, time, spatial..., channels].
class ConvLSTM : public Layer {
 public:
  ConvLSTM(const char* class_name, int rank, std::int64_t filters, std::vector<std::int64_t> kernel_size,
           ConvLSTMOptions options);
  void build_multi(const std::vector<TensorShape>& input_shapes) override;
  std::vector<Tensor> call_multi(const std::vector<Tensor>& inputs, bool training) override;
  /// A masked timestep (mask [batch, time] false) keeps the previous output and states, as Keras.
  std::vector<Tensor> call_masked(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks,
                                  bool training) override;
  /// The input's mask with return_sequences, else none (Keras' RNN.compute_mask).
  Tensor compute_mask(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks) override;
  Config get_config() const override;
  /// The cell.
  ConvLSTMCell& cell() const { return *cell_; }
  /// A stateful layer's kept states h and c ("rnn_state", not weights; empty before its first call).
  std::vector<Variable> states() const { return *states_; }
  /// Sets a stateful layer's kept states to zeros (Keras' reset_states); nothing before its first call.
  void reset_states();

 protected:
  /// The arguments get_config() wrote.
  struct Arguments {
    std::int64_t filters;
    std::vector<std::int64_t> kernel_size;
    ConvLSTMOptions options;
  };
  static Arguments read_config(const Config& config, const char* who);

 private:
  int rank_;
  std::shared_ptr<ConvLSTMCell> cell_;
  ConvLSTMOptions options_;
  std::shared_ptr<std::vector<Variable>> states_ = std::make_shared<std::vector<Variable>>();  // shared by copies
};

/// A convolutional LSTM over sequences of [steps, channels] (keras.layers.ConvLSTM1D).
class ConvLSTM1D : public ConvLSTM {
 public:
  ConvLSTM1D(std::int64_t filters, std::vector<std::int64_t> kernel_size, ConvLSTMOptions options = {});
  /// A ConvLSTM1D from get_config()'s output.
  static ConvLSTM1D from_config(const Config& config);
  TFPP_KERAS_LAYER(ConvLSTM1D)
};

/// A convolutional LSTM over sequences of images [height, width, channels] (keras.layers.ConvLSTM2D).
class ConvLSTM2D : public ConvLSTM {
 public:
  ConvLSTM2D(std::int64_t filters, std::vector<std::int64_t> kernel_size, ConvLSTMOptions options = {});
  /// A ConvLSTM2D from get_config()'s output.
  static ConvLSTM2D from_config(const Config& config);
  TFPP_KERAS_LAYER(ConvLSTM2D)
};

/// A convolutional LSTM over sequences of volumes [depth, height, width, channels] (keras.layers.ConvLSTM3D).
class ConvLSTM3D : public ConvLSTM {
 public:
  ConvLSTM3D(std::int64_t filters, std::vector<std::int64_t> kernel_size, ConvLSTMOptions options = {});
  /// A ConvLSTM3D from get_config()'s output.
  static ConvLSTM3D from_config(const Config& config);
  TFPP_KERAS_LAYER(ConvLSTM3D)
};

}  // namespace tf::keras::layers
