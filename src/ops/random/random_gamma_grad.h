// RandomGammaGrad, which the gradient of RandomGamma calls.
#pragma once

#include "tfpp/tensor.h"

namespace tf::ops {

/// d sample / d alpha for Gamma(alpha, 1) samples (broadcasting), by implicit reparameterization.
Tensor random_gamma_grad(const Tensor& alpha, const Tensor& sample);

}  // namespace tf::ops
