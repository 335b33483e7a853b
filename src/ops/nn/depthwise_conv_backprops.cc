// The public depthwise backprops: the gradient ops the depthwise convolution's gradient uses.
#include <array>

#include "ops/nn/nn_grad_ops.h"
#include "ops/nn/window.h"
#include "tfpp/depthwise_conv_backprops.h"

namespace tf::nn {
namespace {

std::array<ops::AttrValue, 5> conv_attrs(const char* op, const Sizes& strides, const Padding& padding,
                                         const ConvOptions& options) {
  return {ops::nn::expand_sizes(op, strides, options.data_format, "strides"), padding.name(), padding.explicit_paddings(),
          options.data_format, ops::nn::expand_sizes(op, options.dilations, options.data_format, "dilations")};
}

}  // namespace

Tensor depthwise_conv2d_backprop_input(const Tensor& input_sizes, const Tensor& filter, const Tensor& out_backprop,
                                       const Sizes& strides, const Padding& padding, const ConvOptions& options) {
  const auto attrs = conv_attrs("DepthwiseConv2dNativeBackpropInput", strides, padding, options);
  return ops::nn::conv_backprop_input(ops::nn::ConvKind::kDepthwise, input_sizes, filter, out_backprop, attrs);
}

Tensor depthwise_conv2d_backprop_filter(const Tensor& input, const Tensor& filter_sizes, const Tensor& out_backprop,
                                        const Sizes& strides, const Padding& padding, const ConvOptions& options) {
  const auto attrs = conv_attrs("DepthwiseConv2dNativeBackpropFilter", strides, padding, options);
  return ops::nn::conv_backprop_filter(ops::nn::ConvKind::kDepthwise, input, filter_sizes, out_backprop, attrs);
}

}  // namespace tf::nn
