// Eigenvalues and eigenvectors of a Hermitian tridiagonal matrix, TensorFlow's
// tf.linalg.eigh_tridiagonal: bisection on Sturm sequence counts for the eigenvalues (all, those
// in a value interval, or those with indices in a range) and inverse iteration, started from
// TensorFlow's seeded normal vectors, for the eigenvectors. Composed of tfpp ops as TensorFlow's is.
//
//   auto e = tf::linalg::eigh_tridiagonal(tf::constant({0.0, 0.0, 0.0}), tf::constant({1.0, 1.0}));
//   // e.eigvals = [-sqrt(2), 0, sqrt(2)]
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "tfpp/tensor.h"

namespace tf::linalg {

/// Options of eigh_tridiagonal, TensorFlow's keyword arguments.
struct EighTridiagonalOptions {
  bool eigvals_only = true;                                  ///< skip the eigenvectors
  std::string select = "a";                                  ///< "a" all, "v" values in (lo, hi], "i" indices lo..hi
  std::optional<std::pair<double, double>> select_range;     ///< (lo, hi) for "v" and "i"
  std::optional<double> tol;                                 ///< convergence width (default eps * |T|)
};
/// eigh_tridiagonal's result.
struct EighTridiagonal {
  Tensor eigvals;     ///< [k] in non-decreasing order, real
  Tensor eigvectors;  ///< [n, k], one per column, in the inputs' dtype (unset with eigvals_only)
};
/// The eigen decomposition of the n x n Hermitian tridiagonal matrix with diagonal `alpha` [n]
/// (imaginary parts ignored) and superdiagonal `beta` [n - 1] (its subdiagonal conj(beta)).
EighTridiagonal eigh_tridiagonal(const Tensor& alpha, const Tensor& beta, const EighTridiagonalOptions& options = {});

}  // namespace tf::linalg
