// Convolution layers: Conv1D, Conv2D, Conv2DTranspose, DepthwiseConv2D and SeparableConv2D, with
// Keras 3's arguments, defaults, weight names and configs.
//
//   namespace layers = tf::keras::layers;
//   layers::Conv2D(32, 3, {.activation = "relu"});                       // kernel 3x3, "valid"
//   layers::Conv2D(64, {3, 3}, {.strides = 2, .padding = "same"});
//   layers::Conv1D(8, 5, {.padding = "causal", .dilation_rate = 2});
//
// Sizes (kernel_size, strides, dilation_rate) are one value for every spatial dimension or one
// value per dimension, as Keras takes an int or a tuple. Images are channels_last
// ([batch, height, width, channels]) unless data_format is "channels_first".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/keras/activations.h"
#include "tfpp/keras/layer.h"
#include "tfpp/nn_ops.h"

namespace tf::keras::layers {

/// Options of Conv1D, Conv2D and Conv3D.
struct ConvOptions {
  nn::Sizes strides = 1;                       ///< step of the window
  std::string padding = "valid";               ///< "valid", "same" (or "causal" for Conv1D)
  std::string data_format = "channels_last";   ///< or "channels_first"
  nn::Sizes dilation_rate = 1;                 ///< spacing of the kernel taps (strides must then be 1)
  std::int64_t groups = 1;                     ///< channel groups convolved separately
  activations::Activation activation = {};     ///< default linear
  bool use_bias = true;                        ///< add a bias vector
  initializers::Initializer kernel_initializer = {};                   ///< default glorot_uniform
  initializers::Initializer bias_initializer = initializers::Zeros();  ///< default zeros
  std::optional<regularizers::Regularizer> kernel_regularizer = {};
  std::optional<regularizers::Regularizer> bias_regularizer = {};
  std::optional<constraints::Constraint> kernel_constraint = {};
  std::optional<constraints::Constraint> bias_constraint = {};
  TFPP_KERAS_LAYER_OPTIONS
};

/// What Conv1D, Conv2D and Conv3D (convolutional_3d.h) share: a kernel of kernel_size + [in_channels / groups, filters].
class BaseConv : public Layer {
 public:
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  /// Number of output channels.
  std::int64_t filters() const { return filters_; }
  /// The kernel (after build).
  Variable kernel() const { return weight(0); }
  /// The [filters] bias (after build, with use_bias).
  Variable bias() const { return weight(1); }

 protected:
  BaseConv(int rank, std::int64_t filters, const nn::Sizes& kernel_size, ConvOptions options, const char* class_name);
  /// Reads the arguments of get_config() into options (the shared part of from_config).
  static void read_config(const Config& config, ConvOptions& options);

 private:
  int rank_;
  std::int64_t filters_;
  std::vector<std::int64_t> kernel_size_, strides_, dilation_;
  std::string padding_;
  bool channels_first_;
  ConvOptions options_;
};

/// Temporal convolution over [batch, steps, channels] (keras.layers.Conv1D).
class Conv1D : public BaseConv {
 public:
  Conv1D(std::int64_t filters, const nn::Sizes& kernel_size, ConvOptions options = {});
  /// A Conv1D from get_config()'s output.
  static Conv1D from_config(const Config& config);
  TFPP_KERAS_LAYER(Conv1D)
};

/// Spatial convolution over images (keras.layers.Conv2D).
class Conv2D : public BaseConv {
 public:
  Conv2D(std::int64_t filters, const nn::Sizes& kernel_size, ConvOptions options = {});
  /// A Conv2D from get_config()'s output.
  static Conv2D from_config(const Config& config);
  TFPP_KERAS_LAYER(Conv2D)
};

/// Options of Conv2DTranspose.
struct Conv2DTransposeOptions {
  nn::Sizes strides = 1;                                ///< upsampling factor
  std::string padding = "valid";                        ///< "valid" or "same"
  std::optional<nn::Sizes> output_padding = {};         ///< extra rows/columns at the end (each < its stride)
  std::string data_format = "channels_last";            ///< or "channels_first"
  nn::Sizes dilation_rate = 1;                          ///< spacing of the kernel taps
  activations::Activation activation = {};              ///< default linear
  bool use_bias = true;                                 ///< add a bias vector
  initializers::Initializer kernel_initializer = {};                   ///< default glorot_uniform
  initializers::Initializer bias_initializer = initializers::Zeros();  ///< default zeros
  std::optional<regularizers::Regularizer> kernel_regularizer = {};
  std::optional<regularizers::Regularizer> bias_regularizer = {};
  std::optional<constraints::Constraint> kernel_constraint = {};
  std::optional<constraints::Constraint> bias_constraint = {};
  TFPP_KERAS_LAYER_OPTIONS
};

/// The transpose of Conv2D (the gradient of a convolution with respect to its input), used to
/// upsample; kernel [kh, kw, filters, in_channels] (keras.layers.Conv2DTranspose).
class Conv2DTranspose : public Layer {
 public:
  Conv2DTranspose(std::int64_t filters, const nn::Sizes& kernel_size, Conv2DTransposeOptions options = {});
  /// A Conv2DTranspose from get_config()'s output.
  static Conv2DTranspose from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  /// The [kh, kw, filters, in_channels] kernel (after build).
  Variable kernel() const { return weight(0); }
  /// The [filters] bias (after build, with use_bias).
  Variable bias() const { return weight(1); }
  TFPP_KERAS_LAYER(Conv2DTranspose)

 private:
  std::int64_t filters_;
  std::vector<std::int64_t> kernel_size_, strides_, dilation_;
  std::optional<std::vector<std::int64_t>> output_padding_;
  std::string padding_;
  bool channels_first_;
  Conv2DTransposeOptions options_;
};

/// Options of DepthwiseConv2D.
struct DepthwiseConv2DOptions {
  nn::Sizes strides = 1;                       ///< step of the window
  std::string padding = "valid";               ///< "valid" or "same"
  std::int64_t depth_multiplier = 1;           ///< output channels per input channel
  std::string data_format = "channels_last";   ///< or "channels_first"
  nn::Sizes dilation_rate = 1;                 ///< spacing of the kernel taps
  activations::Activation activation = {};     ///< default linear
  bool use_bias = true;                        ///< add a bias vector
  initializers::Initializer depthwise_initializer = {};                ///< default glorot_uniform
  initializers::Initializer bias_initializer = initializers::Zeros();  ///< default zeros
  std::optional<regularizers::Regularizer> depthwise_regularizer = {};
  std::optional<regularizers::Regularizer> bias_regularizer = {};
  std::optional<constraints::Constraint> depthwise_constraint = {};
  std::optional<constraints::Constraint> bias_constraint = {};
  TFPP_KERAS_LAYER_OPTIONS
};

/// Convolves each input channel with its own depth_multiplier filters; kernel
/// [kh, kw, in_channels, depth_multiplier] (keras.layers.DepthwiseConv2D).
class DepthwiseConv2D : public Layer {
 public:
  explicit DepthwiseConv2D(const nn::Sizes& kernel_size, DepthwiseConv2DOptions options = {});
  /// A DepthwiseConv2D from get_config()'s output.
  static DepthwiseConv2D from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  /// The [kh, kw, in_channels, depth_multiplier] kernel (after build).
  Variable kernel() const { return weight(0); }
  TFPP_KERAS_LAYER(DepthwiseConv2D)

 private:
  std::vector<std::int64_t> kernel_size_, strides_, dilation_;
  std::string padding_;
  bool channels_first_;
  DepthwiseConv2DOptions options_;
};

/// Options of SeparableConv2D.
struct SeparableConv2DOptions {
  nn::Sizes strides = 1;                       ///< step of the window
  std::string padding = "valid";               ///< "valid" or "same"
  std::string data_format = "channels_last";   ///< or "channels_first"
  nn::Sizes dilation_rate = 1;                 ///< spacing of the kernel taps
  std::int64_t depth_multiplier = 1;           ///< depthwise output channels per input channel
  activations::Activation activation = {};     ///< default linear
  bool use_bias = true;                        ///< add a bias vector
  initializers::Initializer depthwise_initializer = {};                ///< default glorot_uniform
  initializers::Initializer pointwise_initializer = {};                ///< default glorot_uniform
  initializers::Initializer bias_initializer = initializers::Zeros();  ///< default zeros
  std::optional<regularizers::Regularizer> depthwise_regularizer = {};
  std::optional<regularizers::Regularizer> pointwise_regularizer = {};
  std::optional<regularizers::Regularizer> bias_regularizer = {};
  std::optional<constraints::Constraint> depthwise_constraint = {};
  std::optional<constraints::Constraint> pointwise_constraint = {};
  std::optional<constraints::Constraint> bias_constraint = {};
  TFPP_KERAS_LAYER_OPTIONS
};

/// A depthwise convolution followed by a 1x1 convolution mixing the channels; weights
/// depthwise_kernel, pointwise_kernel, bias (keras.layers.SeparableConv2D).
class SeparableConv2D : public Layer {
 public:
  SeparableConv2D(std::int64_t filters, const nn::Sizes& kernel_size, SeparableConv2DOptions options = {});
  /// A SeparableConv2D from get_config()'s output.
  static SeparableConv2D from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(SeparableConv2D)

 private:
  std::int64_t filters_;
  std::vector<std::int64_t> kernel_size_, strides_, dilation_;
  std::string padding_;
  bool channels_first_;
  SeparableConv2DOptions options_;
};

}  // namespace tf::keras::layers
