// Core Keras layers: Dense, Activation, Dropout, the activation layers, and the reshaping
// layers Reshape, Flatten, Permute, RepeatVector; Rescaling and Lambda.
//
//   namespace layers = tf::keras::layers;
//   layers::Dense(100, {.activation = "relu"});
//   layers::Reshape({28 * 28}, {.input_shape = {28, 28}});
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/keras/activations.h"
#include "tfpp/keras/layer.h"
#include "tfpp/keras/layers/lora.h"

namespace tf::keras::layers {

/// Options of Dense.
struct DenseOptions {
  activations::Activation activation = {};                       ///< default linear
  bool use_bias = true;                                          ///< add a bias vector
  initializers::Initializer kernel_initializer = {};             ///< default glorot_uniform
  initializers::Initializer bias_initializer = initializers::Zeros();  ///< default zeros
  std::optional<regularizers::Regularizer> kernel_regularizer = {};
  std::optional<regularizers::Regularizer> bias_regularizer = {};
  std::optional<constraints::Constraint> kernel_constraint = {};
  std::optional<constraints::Constraint> bias_constraint = {};
  /// Builds with enable_lora(lora_rank) (Keras' lora_rank; Keras' build then uses lora_alpha = rank).
  std::optional<std::int64_t> lora_rank = {};
  std::optional<double> lora_alpha = {};  ///< written to the config; default lora_rank
  TFPP_KERAS_LAYER_OPTIONS
};

/// activation(inputs · kernel + bias) over the last axis (keras.layers.Dense).
class Dense : public Layer {
 public:
  explicit Dense(std::int64_t units, DenseOptions options = {});
  /// A Dense layer from get_config()'s output.
  static Dense from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  std::int64_t units() const { return units_; }
  /// The [input_dim, units] kernel (after build).
  Variable kernel() const { return weight(0); }
  /// The [units] bias (after build, with use_bias).
  Variable bias() const { return weight(1); }
  /// Freezes the kernel and adds the trainable lora_kernel_a / lora_kernel_b (after build; lora.h).
  void enable_lora(std::int64_t rank, LoraOptions options = {});
  bool lora_enabled() const;
  /// The LoRA settings and weights (tfpp internals: the .keras weights walker).
  const std::shared_ptr<::tf::keras::detail::LoraState>& lora_state() const { return lora_; }
  TFPP_KERAS_LAYER(Dense)

 private:
  std::int64_t units_;
  DenseOptions options_;
  std::shared_ptr<::tf::keras::detail::LoraState> lora_;
};

/// Options of the layers that take only the common options.
struct BasicOptions {
  TFPP_KERAS_LAYER_OPTIONS
};

/// Applies an activation function (keras.layers.Activation).
class Activation : public Layer {
 public:
  explicit Activation(activations::Activation activation, BasicOptions options = {});
  static Activation from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Activation)

 private:
  activations::Activation activation_;
};

/// Options of ReLU.
struct ReLUOptions {
  std::optional<double> max_value = {};  ///< upper clip (none by default)
  double negative_slope = 0.0;           ///< slope below the threshold
  double threshold = 0.0;                ///< values below it are scaled by negative_slope
  TFPP_KERAS_LAYER_OPTIONS
};

/// max(x, 0) with optional clip, slope and threshold (keras.layers.ReLU).
class ReLU : public Layer {
 public:
  explicit ReLU(ReLUOptions options = {});
  static ReLU from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(ReLU)

 private:
  ReLUOptions options_;
};

/// Options of LeakyReLU.
struct LeakyReLUOptions {
  double negative_slope = 0.3;  ///< Keras 3's default
  TFPP_KERAS_LAYER_OPTIONS
};

/// x for x > 0, else negative_slope * x (keras.layers.LeakyReLU).
class LeakyReLU : public Layer {
 public:
  explicit LeakyReLU(LeakyReLUOptions options = {});
  static LeakyReLU from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(LeakyReLU)

 private:
  LeakyReLUOptions options_;
};

/// Options of Softmax.
struct SoftmaxOptions {
  std::int64_t axis = -1;  ///< the axis normalized over
  TFPP_KERAS_LAYER_OPTIONS
};

/// Softmax along an axis (keras.layers.Softmax).
class Softmax : public Layer {
 public:
  explicit Softmax(SoftmaxOptions options = {});
  static Softmax from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Softmax)

 private:
  SoftmaxOptions options_;
};

/// Options of Dropout.
struct DropoutOptions {
  /// Shape of the keep/drop mask, broadcast over the input ({batch, 1, features} shares it along
  /// the time axis); -1 is None (the input's size). Default: the input's shape.
  std::optional<std::vector<std::int64_t>> noise_shape = {};
  std::optional<std::int64_t> seed = {};  ///< op seed for reproducible masks
  TFPP_KERAS_LAYER_OPTIONS
};

/// Zeroes inputs with probability `rate` while training, scaling the rest by 1 / (1 - rate)
/// (keras.layers.Dropout); the identity in inference.
class Dropout : public Layer {
 public:
  explicit Dropout(double rate, DropoutOptions options = {});
  static Dropout from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  double rate() const { return rate_; }
  TFPP_KERAS_LAYER(Dropout)

 private:
  double rate_;
  DropoutOptions options_;
};

/// Reshapes each sample to `target_shape` (one dimension may be -1) (keras.layers.Reshape).
class Reshape : public Layer {
 public:
  explicit Reshape(std::vector<std::int64_t> target_shape, BasicOptions options = {});
  static Reshape from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Reshape)

 private:
  std::vector<std::int64_t> target_shape_;
};

struct FlattenOptions {
  std::string data_format = "channels_last";  ///< "channels_first" moves axis 1 last before flattening
  TFPP_KERAS_LAYER_OPTIONS
};

/// Flattens each sample to one dimension (keras.layers.Flatten).
class Flatten : public Layer {
 public:
  explicit Flatten(FlattenOptions options = {});
  static Flatten from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Flatten)

 private:
  bool channels_first_;
};

/// Permutes the non-batch dimensions; `dims` counts from 1 (keras.layers.Permute).
class Permute : public Layer {
 public:
  explicit Permute(std::vector<std::int64_t> dims, BasicOptions options = {});
  static Permute from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Permute)

 private:
  std::vector<std::int64_t> dims_;
};

/// Repeats a [batch, features] input n times: [batch, n, features] (keras.layers.RepeatVector).
class RepeatVector : public Layer {
 public:
  explicit RepeatVector(std::int64_t n, BasicOptions options = {});
  static RepeatVector from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(RepeatVector)

 private:
  std::int64_t n_;
};

/// Options of Rescaling.
struct RescalingOptions {
  double offset = 0.0;  ///< added after scaling
  std::vector<double> offsets = {};  ///< per-channel offsets (Keras' list offset, on the last axis) instead of offset
  TFPP_KERAS_LAYER_OPTIONS
};

/// inputs * scale + offset (keras.layers.Rescaling).
class Rescaling : public Layer {
 public:
  explicit Rescaling(double scale, RescalingOptions options = {});
  /// Per-channel scales (Keras' list scale), broadcast against the inputs' last axis.
  explicit Rescaling(std::vector<double> scales, RescalingOptions options = {});
  static Rescaling from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Rescaling)

 private:
  double scale_;
  std::vector<double> scales_;  ///< per-channel scales, when given as a list
  RescalingOptions options_;
};

/// Wraps a function of tensors as a layer (keras.layers.Lambda).
class Lambda : public Layer {
 public:
  using Fn = std::function<Tensor(const Tensor&)>;
  explicit Lambda(Fn fn, BasicOptions options = {});
  Tensor call(const Tensor& inputs, bool training) override;
  TFPP_KERAS_LAYER(Lambda)

 private:
  Fn fn_;
};

}  // namespace tf::keras::layers
