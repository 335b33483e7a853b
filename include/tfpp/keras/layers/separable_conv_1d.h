// DepthwiseConv1D and SeparableConv1D: the depthwise and separable convolutions over sequences
// [batch, steps, channels], with Keras 3's arguments, weight names and configs.
//
//   tf::keras::layers::DepthwiseConv1D(3, {.depth_multiplier = 2});
//   tf::keras::layers::SeparableConv1D(8, 3, {.padding = "same"});
#pragma once

#include <cstdint>
#include <vector>

#include "tfpp/keras/layers/convolutional.h"

namespace tf::keras::layers {

/// Options of DepthwiseConv1D (DepthwiseConv2D's, with one value for strides and dilation_rate).
using DepthwiseConv1DOptions = DepthwiseConv2DOptions;
/// Options of SeparableConv1D (SeparableConv2D's, with one value for strides and dilation_rate).
using SeparableConv1DOptions = SeparableConv2DOptions;

/// Convolves each input channel with its own depth_multiplier filters along the steps; kernel
/// [kernel_size, in_channels, depth_multiplier], bias [in_channels * depth_multiplier]
/// (keras.layers.DepthwiseConv1D). Padding "valid" or "same".
class DepthwiseConv1D : public Layer {
 public:
  explicit DepthwiseConv1D(const nn::Sizes& kernel_size, DepthwiseConv1DOptions options = {});
  /// A DepthwiseConv1D from get_config()'s output.
  static DepthwiseConv1D from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(DepthwiseConv1D)

 private:
  DepthwiseConv1DOptions options_;
  std::vector<std::int64_t> kernel_size_, strides_, dilation_;
  std::string padding_;
  bool channels_first_ = false;
};

/// A depthwise convolution along the steps followed by a pointwise one mixing the channels;
/// weights depthwise_kernel [kernel_size, in, depth_multiplier], pointwise_kernel
/// [1, in * depth_multiplier, filters], bias [filters] (keras.layers.SeparableConv1D).
class SeparableConv1D : public Layer {
 public:
  SeparableConv1D(std::int64_t filters, const nn::Sizes& kernel_size, SeparableConv1DOptions options = {});
  /// A SeparableConv1D from get_config()'s output.
  static SeparableConv1D from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(SeparableConv1D)

 private:
  std::int64_t filters_;
  SeparableConv1DOptions options_;
  std::vector<std::int64_t> kernel_size_, strides_, dilation_;
  std::string padding_;
  bool channels_first_ = false;
};

}  // namespace tf::keras::layers
