// LRNGrad, for LRN's gradient.
#pragma once

#include <span>

#include "ops/op_def.h"
#include "tfpp/tensor.h"

namespace tf::ops {

/// The gradient of LRN at input_image (whose LRN is output_image) for input_grads; attrs are LRN's
/// (depth_radius, bias, alpha, beta).
Tensor lrn_grad(const Tensor& input_grads, const Tensor& input_image, const Tensor& output_image,
                std::span<const AttrValue> attrs);

}  // namespace tf::ops
