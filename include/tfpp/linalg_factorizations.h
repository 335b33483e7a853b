// Factorizations of (batches of) matrices, TensorFlow's tf.linalg.cholesky, ... A tensor of
// rank >= 2 is a batch of matrices over its last two dimensions; float32/float64.
#pragma once

#include "tfpp/tensor.h"

namespace tf::linalg {

/// The lower-triangular l with l l^T = input for each symmetric positive-definite matrix (only
/// the lower triangle of `input` is read). A matrix that is not positive definite gets NaN in
/// its factor's lower triangle, as in TensorFlow.
Tensor cholesky(const Tensor& input);

}  // namespace tf::linalg
