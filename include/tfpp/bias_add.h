// tf::nn::bias_add: adds a 1-D bias along the channel dimension of a batch, as TensorFlow's
// BiasAdd op (its gradient with respect to the bias is the BiasAddGrad op: a sum over every
// other dimension).
//
//   tf::Tensor y = tf::nn::bias_add(x, b);            // x [..., C] (NHWC), b [C]
//   tf::Tensor z = tf::nn::bias_add(x, b, "NCHW");    // x [N, C, ...]
#pragma once

#include <string>

#include "tfpp/tensor.h"

namespace tf::nn {

/// value + bias broadcast along the channels: the last dimension for "NHWC" (or any "N...C"),
/// dimension 1 for "NCHW" (or any "NC..."). value has rank >= 2; bias is 1-D of the channel count.
Tensor bias_add(const Tensor& value, const Tensor& bias, const std::string& data_format = "NHWC");

}  // namespace tf::nn
