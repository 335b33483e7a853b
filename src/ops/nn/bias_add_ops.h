// BiasAddGrad, for BiasAdd's gradient.
#pragma once

#include <string>

#include "tfpp/tensor.h"

namespace tf::ops {

/// The sum of out_backprop over every dimension but the channels ("NHWC": the last, "NCHW": 1).
Tensor bias_add_grad(const Tensor& out_backprop, const std::string& data_format);

}  // namespace tf::ops
