// EinsumDense: a dense layer whose product with the kernel is an einsum equation
// (keras.layers.EinsumDense).
//
//   namespace layers = tf::keras::layers;
//   layers::EinsumDense("abc,cd->abd", {-1, 64}, {.bias_axes = "d"});   // Dense on each step
//   layers::EinsumDense("...b,bc->...c", {64}, {.activation = "relu"});
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/keras/activations.h"
#include "tfpp/keras/layer.h"
#include "tfpp/keras/layers/lora.h"

namespace tf::keras::layers {

/// Options of EinsumDense.
struct EinsumDenseOptions {
  activations::Activation activation = {};  ///< default linear
  /// Output letters that get a bias (each must be in the equation's output); none by default.
  std::optional<std::string> bias_axes = {};
  initializers::Initializer kernel_initializer = {};                   ///< default glorot_uniform
  initializers::Initializer bias_initializer = initializers::Zeros();  ///< default zeros
  std::optional<regularizers::Regularizer> kernel_regularizer = {};
  std::optional<regularizers::Regularizer> bias_regularizer = {};
  std::optional<constraints::Constraint> kernel_constraint = {};
  std::optional<constraints::Constraint> bias_constraint = {};
  std::optional<std::int64_t> lora_rank = {};  ///< builds with enable_lora(lora_rank, {.lora_alpha})
  std::optional<double> lora_alpha = {};       ///< default lora_rank
  TFPP_KERAS_LAYER_OPTIONS
};

/// activation(einsum(equation, inputs, kernel) + bias). The equation is "X,Y->Z", "...X,Y->...Z"
/// or "X...,Y->Z..." (X the input, Y the kernel, Z the output); `output_shape` is the output's
/// shape without the batch and ellipsis dimensions, -1 where the input gives it. Weights: kernel
/// (shaped by the letters of Y), bias (from bias_axes). A variance-scaling kernel initializer
/// counts its fans over the kernel's input and output letters, as Keras 3 does.
class EinsumDense : public Layer {
 public:
  EinsumDense(std::string equation, std::vector<std::int64_t> output_shape, EinsumDenseOptions options = {});
  /// An EinsumDense from get_config()'s output.
  static EinsumDense from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  const std::string& equation() const { return equation_; }
  /// The kernel (after build).
  Variable kernel() const { return weight(0); }
  /// The bias (after build, with bias_axes).
  Variable bias() const { return weight(1); }
  /// Freezes the kernel and adds the trainable lora_kernel_a / lora_kernel_b (after build; lora.h).
  void enable_lora(std::int64_t rank, LoraOptions options = {});
  bool lora_enabled() const;
  /// The LoRA settings and weights (tfpp internals: the .keras weights walker).
  const std::shared_ptr<::tf::keras::detail::LoraState>& lora_state() const { return lora_; }
  TFPP_KERAS_LAYER(EinsumDense)

 private:
  std::string equation_;
  std::vector<std::int64_t> output_shape_;
  EinsumDenseOptions options_;
  std::shared_ptr<::tf::keras::detail::LoraState> lora_;
};

}  // namespace tf::keras::layers
