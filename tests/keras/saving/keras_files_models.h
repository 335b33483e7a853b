// The models tests/keras/saving/keras_files_reference.py builds in Keras 3, built the same in
// tfpp, the fixed data both sides use, and a text description of a model's state that the
// script prints the same way.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "reference_env.h"
#include "tfpp/constant.h"
#include "tfpp/keras/input.h"
#include "tfpp/keras/layers/convolutional.h"
#include "tfpp/keras/layers/core.h"
#include "tfpp/keras/layers/merge.h"
#include "tfpp/keras/layers/normalization.h"
#include "tfpp/keras/layers/pooling.h"
#include "tfpp/keras/layers/recurrent.h"
#include "tfpp/keras/model.h"
#include "tfpp/keras/optimizers.h"

namespace tf::testing {

/// float32 values ((i + offset) % 7) * 0.25 - 0.5 of this shape, as the script's data().
inline Tensor saving_data(const std::vector<std::int64_t>& shape, std::int64_t offset) {
  std::int64_t count = 1;
  for (std::int64_t d : shape) count *= d;
  std::vector<float> v;
  for (std::int64_t i = 0; i < count; ++i) v.push_back(static_cast<float>((i + offset) % 7) * 0.25f - 0.5f);
  return constant(v, TensorShape(shape));
}

/// `rows` inputs for the script's model of this kind, as its inputs().
inline Tensor saving_inputs(const std::string& kind, std::int64_t rows, std::int64_t offset) {
  if (kind == "conv") return saving_data({rows, 6, 6, 2}, offset);
  if (kind == "rnn") return saving_data({rows, 5, 4}, offset);
  return saving_data({rows, 4}, offset);
}

/// The script's model of this kind ("mlp", "functional", "conv" or "rnn"), on the heap so that a Sequential
/// keeps its class.
inline std::shared_ptr<keras::Model> saving_model(const std::string& kind) {
  namespace layers = keras::layers;
  if (kind == "mlp") {
    return std::make_shared<keras::Sequential>(
        std::vector<keras::LayerRef>{layers::Dense(8, {.activation = "relu", .input_shape = {4}}), layers::Dropout(0.5),
                                     layers::Dense(3)},
        keras::ModelOptions{.name = "mlp"});
  }
  if (kind == "conv") {
    return std::make_shared<keras::Sequential>(
        std::vector<keras::LayerRef>{
            layers::Conv2D(3, 3, {.padding = "same", .activation = "relu", .input_shape = {6, 6, 2}}),
            layers::BatchNormalization(), layers::MaxPooling2D(), layers::Flatten(), layers::Dense(3)},
        keras::ModelOptions{.name = "conv"});
  }
  if (kind == "rnn") {
    return std::make_shared<keras::Sequential>(
        std::vector<keras::LayerRef>{layers::LSTM(6, {.return_sequences = true, .input_shape = {5, 4}}),
                                     layers::GRU(4, {.return_sequences = true}), layers::SimpleRNN(3)},
        keras::ModelOptions{.name = "rnn"});
  }
  auto inputs = keras::Input({4}, {.name = "features"});
  auto hidden = layers::Dense(6, {.activation = "tanh", .name = "hidden"})(inputs);
  keras::Sequential inner({layers::Dense(5, {.activation = "relu", .input_shape = {6}}), layers::Dense(3)},
                          {.name = "inner"});
  auto outputs = layers::Add()({inner(hidden), layers::Dense(3, {.use_bias = false})(hidden)});
  return std::make_shared<keras::Model>(inputs, outputs, keras::ModelOptions{.name = "branches"});
}

/// A layer with a weight no .weights.h5 file can hold (bool), so saving it fails part way.
class BoolState : public keras::Layer {
 public:
  BoolState() : Layer({.name = "bool_state"}) {}
  void build(const TensorShape&) override { add_weight("flag", {2}, {.initializer = "zeros", .dtype = bool_}); }
  Tensor call(const Tensor& x, bool) override { return x; }
  TFPP_KERAS_LAYER(BoolState)
};

/// Compiles as the script does: Adam at 0.01, mean squared error.
inline void compile_saving_model(keras::Model& model) {
  model.compile({.optimizer = keras::optimizers::Adam({.learning_rate = 0.01}), .loss = "mse"});
}

/// Lowercase hex of a tensor's bytes.
inline std::string hex_bytes(const Tensor& t) {
  static const char* digits = "0123456789abcdef";
  const auto* p = static_cast<const unsigned char*>(t.raw_data());
  std::string out;
  for (std::size_t i = 0; i < static_cast<std::size_t>(t.num_elements()) * dtype_size(t.dtype()); ++i) {
    out.push_back(digits[p[i] >> 4]);
    out.push_back(digits[p[i] & 15]);
  }
  return out;
}

/// The script's description of weights and optimizer variables ("layer I J HEX", "opt J HEX").
inline std::string describe_state(const keras::Model& model) {
  std::string out;
  const auto layers = model.layers();
  for (std::size_t i = 0; i < layers.size(); ++i) {
    const std::vector<Tensor> weights = layers[i]->get_weights();
    for (std::size_t j = 0; j < weights.size(); ++j)
      out += "layer " + std::to_string(i) + " " + std::to_string(j) + " " + hex_bytes(weights[j]) + "\n";
  }
  if (model.compiled()) {
    const std::vector<Variable> vars = model.optimizer().variables();
    for (std::size_t j = 0; j < vars.size(); ++j)
      out += "opt " + std::to_string(j) + " " + hex_bytes(vars[j].read_value()) + "\n";
  }
  return out;
}

/// The float32 values of a hex string of little-endian bytes.
inline std::vector<float> floats_of_hex(const std::string& hex) {
  std::vector<float> out(hex.size() / 8);
  std::vector<unsigned char> bytes(hex.size() / 2);
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<unsigned char>(std::stoi(hex.substr(2 * i, 2), nullptr, 16));
  if (!out.empty()) std::memcpy(out.data(), bytes.data(), out.size() * sizeof(float));
  return out;
}

/// Runs the script: `mode kind path`; returns what it printed.
inline std::string run_keras_files_script(const std::string& mode, const std::string& kind, const std::string& path) {
  return run_command(reference_python() + " " + source_dir() + "/tests/keras/saving/keras_files_reference.py " + mode +
                     " " + kind + " '" + path + "'");
}

/// Splits the script's output into its state lines and its predictions.
inline std::pair<std::string, std::vector<float>> split_script_output(const std::string& out) {
  const std::size_t at = out.rfind("pred ");
  if (at == std::string::npos) return {out, {}};
  std::string hex = out.substr(at + 5);
  while (!hex.empty() && (hex.back() == '\n' || hex.back() == '\r')) hex.pop_back();
  return {out.substr(0, at), floats_of_hex(hex)};
}

}  // namespace tf::testing
