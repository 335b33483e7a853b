// Helpers the recurrent layers share: batch-sized zeros and the config fields of cells and RNNs.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "keras/layers/config_util.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/recurrent.h"

namespace tf::keras::layers::detail {

/// Zeros of shape [batch of `like`, n]; the batch may be unknown while tracing.
Tensor batch_zeros(const Tensor& like, std::int64_t n, DType dtype);

/// Keras' DropoutRNNCell masks for inputs shaped like `like`: one (`count` 1) or one per gate
/// stacked on a new first axis (Keras' dropout_mask_count), each drawn with the next of `seeds`;
/// undefined for rate 0. Keras draws them at every call, training or not.
Tensor dropout_masks(const Tensor& like, double rate, int count, const std::function<Tensor()>& seeds);
/// `x` times `masks` (from dropout_masks) split into one tensor per gate, or {x} when there is
/// no mask or no training.
std::vector<Tensor> masked_per_gate(const Tensor& x, const Tensor& masks, bool training);

/// Writes the cell fields (units, activations, initializers, ..., seed) into `config`.
void write_cell_config(Config& config, std::int64_t units, const CellCommon& common, bool recurrent_activation);

/// Reads the cell fields a config holds into an options struct (cell or layer options).
template <class O>
void read_cell_config(const Config& c, O& o) {
  using keras::detail::constraint_from;
  using keras::detail::initializer_from;
  using keras::detail::regularizer_from;
  keras::detail::read_common(c, o);
  auto has = [&](const char* key) { return c.find(key) != c.end(); };
  auto activation = [&](const char* key) {
    const ConfigValue& v = c.at(key);
    return v.is_null() ? activations::Activation() : activations::Activation(v.get<std::string>());
  };
  if (has("activation")) o.activation = activation("activation");
  if constexpr (requires { o.recurrent_activation; })
    if (has("recurrent_activation")) o.recurrent_activation = activation("recurrent_activation");
  if constexpr (requires { o.unit_forget_bias; })
    if (has("unit_forget_bias")) o.unit_forget_bias = c.at("unit_forget_bias").get<bool>();
  if constexpr (requires { o.reset_after; })
    if (has("reset_after")) o.reset_after = c.at("reset_after").get<bool>();
  if (has("use_bias")) o.use_bias = c.at("use_bias").get<bool>();
  if (has("kernel_initializer")) o.kernel_initializer = initializer_from(c.at("kernel_initializer"));
  if (has("recurrent_initializer")) o.recurrent_initializer = initializer_from(c.at("recurrent_initializer"));
  if (has("bias_initializer")) o.bias_initializer = initializer_from(c.at("bias_initializer"));
  if (has("kernel_regularizer")) o.kernel_regularizer = regularizer_from(c.at("kernel_regularizer"));
  if (has("recurrent_regularizer")) o.recurrent_regularizer = regularizer_from(c.at("recurrent_regularizer"));
  if (has("bias_regularizer")) o.bias_regularizer = regularizer_from(c.at("bias_regularizer"));
  if (has("kernel_constraint")) o.kernel_constraint = constraint_from(c.at("kernel_constraint"));
  if (has("recurrent_constraint")) o.recurrent_constraint = constraint_from(c.at("recurrent_constraint"));
  if (has("bias_constraint")) o.bias_constraint = constraint_from(c.at("bias_constraint"));
  if (has("dropout")) o.dropout = c.at("dropout").as_double();
  if (has("recurrent_dropout")) o.recurrent_dropout = c.at("recurrent_dropout").as_double();
  if (has("seed") && !c.at("seed").is_null()) o.seed = c.at("seed").get<std::int64_t>();
}

/// Reads the RNN fields (return_sequences, ...) into an options struct.
template <class O>
void read_rnn_config(const Config& c, O& o) {
  auto flag = [&](const char* key, bool& out) {
    if (auto it = c.find(key); it != c.end()) out = it->second.get<bool>();
  };
  flag("return_sequences", o.return_sequences);
  flag("return_state", o.return_state);
  flag("go_backwards", o.go_backwards);
  flag("unroll", o.unroll);
  flag("zero_output_for_mask", o.zero_output_for_mask);
  flag("stateful", o.stateful);
}

}  // namespace tf::keras::layers::detail
