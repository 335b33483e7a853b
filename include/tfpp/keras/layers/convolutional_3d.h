// Convolution layers beyond convolutional.h: Conv3D over volumes, and the transposed
// convolutions Conv1DTranspose and Conv3DTranspose, with Keras 3's arguments, defaults, weight
// names and configs.
//
//   namespace layers = tf::keras::layers;
//   layers::Conv3D(8, 3, {.padding = "same", .activation = "relu"});   // [batch, d, h, w, channels]
//   layers::Conv3DTranspose(4, 2, {.strides = 2});                      // doubles d, h and w
//   layers::Conv1DTranspose(4, 3, {.strides = 2, .padding = "same"});   // [batch, steps, channels]
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "tfpp/keras/layers/convolutional.h"

namespace tf::keras::layers {

/// Convolution over volumes [batch, depth, height, width, channels] (keras.layers.Conv3D);
/// kernel [kd, kh, kw, in_channels / groups, filters].
class Conv3D : public BaseConv {
 public:
  Conv3D(std::int64_t filters, const nn::Sizes& kernel_size, ConvOptions options = {});
  /// A Conv3D from get_config()'s output.
  static Conv3D from_config(const Config& config);
  TFPP_KERAS_LAYER(Conv3D)
};

/// Options of Conv1DTranspose and Conv3DTranspose (the same as Conv2DTranspose's).
using ConvTransposeOptions = Conv2DTransposeOptions;

/// What Conv1DTranspose and Conv3DTranspose share: the transpose of a convolution (its gradient
/// with respect to its input), with kernel kernel_size + [filters, in_channels].
class BaseConvTranspose : public Layer {
 public:
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  /// Number of output channels.
  std::int64_t filters() const { return filters_; }
  /// The kernel_size + [filters, in_channels] kernel (after build).
  Variable kernel() const { return weight(0); }
  /// The [filters] bias (after build, with use_bias).
  Variable bias() const { return weight(1); }

 protected:
  BaseConvTranspose(int rank, std::int64_t filters, const nn::Sizes& kernel_size, ConvTransposeOptions options,
                    const char* class_name);
  /// Reads get_config()'s output: filters, kernel size and options.
  static std::tuple<std::int64_t, nn::Sizes, ConvTransposeOptions> read_config(const Config& config, const char* who);

 private:
  int rank_;
  std::int64_t filters_;
  std::vector<std::int64_t> kernel_size_, strides_, dilation_;
  std::optional<std::vector<std::int64_t>> output_padding_;
  std::string padding_;
  bool channels_first_;
  ConvTransposeOptions options_;
};

/// The transpose of Conv1D over [batch, steps, channels] (keras.layers.Conv1DTranspose).
class Conv1DTranspose : public BaseConvTranspose {
 public:
  Conv1DTranspose(std::int64_t filters, const nn::Sizes& kernel_size, ConvTransposeOptions options = {});
  /// A Conv1DTranspose from get_config()'s output.
  static Conv1DTranspose from_config(const Config& config);
  TFPP_KERAS_LAYER(Conv1DTranspose)
};

/// The transpose of Conv3D over volumes (keras.layers.Conv3DTranspose).
class Conv3DTranspose : public BaseConvTranspose {
 public:
  Conv3DTranspose(std::int64_t filters, const nn::Sizes& kernel_size, ConvTransposeOptions options = {});
  /// A Conv3DTranspose from get_config()'s output.
  static Conv3DTranspose from_config(const Config& config);
  TFPP_KERAS_LAYER(Conv3DTranspose)
};

}  // namespace tf::keras::layers
