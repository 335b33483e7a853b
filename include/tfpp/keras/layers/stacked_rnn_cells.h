// StackedRNNCells: a list of recurrent cells run as one cell, each cell's output the next one's
// input (keras.layers.StackedRNNCells), for layers::RNN.
//
//   namespace layers = tf::keras::layers;
//   layers::RNN rnn(layers::StackedRNNCells({layers::LSTMCell(8), layers::GRUCell(4)}), {.return_state = true});
//   auto outs = rnn.call_all({x});   // {output of the GRU cell, h and c of the LSTM cell, h of the GRU cell}
//
// Keras nests the states per cell ([[h, c], [h]]); tfpp's cells carry one flat list, cell by
// cell in order, so return_state and initial states list them flat.
#pragma once

#include <memory>
#include <vector>

#include "tfpp/keras/layers/recurrent.h"

namespace tf::keras::layers {

/// Options of StackedRNNCells.
struct StackedRNNCellsOptions {
  TFPP_KERAS_LAYER_OPTIONS
};

/// Runs `cells` in order at each timestep; weights <rnn>/stacked_rnn_cells/<cell>/kernel, ...
class StackedRNNCells : public RNNCell {
 public:
  /// The stack of `cells` (built-in cells or RNNCell subclasses; each becomes a sublayer).
  explicit StackedRNNCells(const std::vector<LayerRef>& cells, StackedRNNCellsOptions options = {});
  /// A StackedRNNCells from get_config()'s output (cells made by keras::layers::deserialize).
  static StackedRNNCells from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  std::vector<std::int64_t> state_size() const override;
  std::int64_t output_size() const override;
  std::vector<Tensor> get_initial_state(const Tensor& first_input) const override;
  void begin_sequence(const Tensor& first_input, const std::vector<Tensor>& states, bool training) override;
  void end_sequence() override;
  std::pair<Tensor, std::vector<Tensor>> step(const Tensor& inputs, const std::vector<Tensor>& states,
                                              bool training) override;
  Config get_config() const override;
  /// The cells, in order.
  const std::vector<std::shared_ptr<RNNCell>>& cells() const { return cells_; }
  TFPP_KERAS_LAYER(StackedRNNCells)

 private:
  std::vector<std::shared_ptr<RNNCell>> cells_;
};

}  // namespace tf::keras::layers
