// IgammaGradA, which the gradients of Igamma and Igammac call.
#pragma once

#include "tfpp/tensor.h"

namespace tf::ops {

/// d igamma(a, x) / da, with broadcasting.
Tensor igamma_grad_a(const Tensor& a, const Tensor& x);

}  // namespace tf::ops
