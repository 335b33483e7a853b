// Eigen decompositions of general (not necessarily symmetric) square matrices, TensorFlow's
// tf.linalg.eig and tf.linalg.eigvals: complex eigenvalues and unit-norm eigenvectors, as
// TensorFlow's CPU kernel gives them (Eigen's EigenSolver for real matrices, so real eigenvalues
// have real eigenvectors; ComplexEigenSolver for complex ones).
//
//   auto [e, v] = tf::linalg::eig(tf::constant({{0.0f, 1.0f}, {-1.0f, 0.0f}}));  // e = [i, -i] (complex64)
#pragma once

#include "tfpp/tensor.h"

namespace tf::linalg {

/// eig's result.
struct Eig {
  Tensor e;  ///< [..., n] eigenvalues (complex64 for float32 and complex64 input, else complex128)
  Tensor v;  ///< [..., n, n] unit-norm eigenvectors, one per column
};
/// The eigenvalues and eigenvectors of each [..., n, n] matrix (op Eig); differentiable.
Eig eig(const Tensor& tensor);
/// The eigenvalues of each matrix (Eig without eigenvectors).
Tensor eigvals(const Tensor& tensor);

}  // namespace tf::linalg
