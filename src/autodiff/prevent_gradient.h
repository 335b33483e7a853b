// PreventGradient (TensorFlow's array_ops.prevent_gradient): an identity whose gradient raises.
// Fused ops use it to refuse a derivative their gradient cannot give, such as the second
// derivative of SparseSoftmaxCrossEntropyWithLogits.
#pragma once

#include <string>

#include "tfpp/tensor.h"

namespace tf::autodiff {

/// Returns `t`; differentiating through the result throws LookupError with `message` as the reason.
Tensor prevent_gradient(const Tensor& t, const std::string& message);

}  // namespace tf::autodiff
