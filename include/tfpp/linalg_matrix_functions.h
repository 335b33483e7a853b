// Matrix functions of square matrices, TensorFlow's tf.linalg.sqrtm and tf.linalg.logm, computed
// as TensorFlow's CPU kernels do by Eigen's MatrixFunctions module (Schur decompositions).
//
//   auto r = tf::linalg::sqrtm(tf::constant({{4.0, 1.0}, {2.0, 3.0}}));  // matmul(r, r) == input
#pragma once

#include "tfpp/tensor.h"

namespace tf::linalg {

/// The principal square root of each [..., M, M] matrix (op MatrixSquareRoot; float32, float64,
/// complex64, complex128); NaN where a real matrix has no real square root; differentiable.
Tensor sqrtm(const Tensor& input);
/// The principal logarithm of each [..., M, M] complex64 / complex128 matrix (op MatrixLogarithm;
/// TensorFlow registers no real kernel and no gradient).
Tensor logm(const Tensor& input);

}  // namespace tf::linalg
