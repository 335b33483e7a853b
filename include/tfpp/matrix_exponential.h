// The matrix exponential, TensorFlow's tf.linalg.expm.
#pragma once

#include "tfpp/tensor.h"

namespace tf::linalg {

/// exp(input) = sum_k input^k / k! for each square matrix (float32/float64), by TensorFlow's
/// scaling and squaring with Padé approximants; NaN everywhere when the input is not finite.
Tensor expm(const Tensor& input);

}  // namespace tf::linalg
