// Matrix products and tensor contractions: tf::matmul, tf::tensordot, tf::einsum (also
// reachable as tf::linalg::matmul etc., as in TensorFlow).
//
//   tf::matmul(x, w);                               // [m,k] @ [k,n]
//   tf::matmul(q, k, {.transpose_b = true});        // batched, broadcast batch dims
//   tf::einsum("bij,bjk->bik", {a, b});
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tfpp/tensor.h"

namespace tf {

/// Options of tf::matmul.
struct MatMulOptions {
  bool transpose_a = false;  ///< use the transpose of a's last two dimensions
  bool transpose_b = false;  ///< use the transpose of b's last two dimensions
};

/// The matrix product a @ b of tensors of rank >= 2 (float32, float64, int32, int64); leading
/// dimensions are batch dimensions and broadcast against each other.
Tensor matmul(const Tensor& a, const Tensor& b, const MatMulOptions& options = {});

/// The axes tf::tensordot contracts: a's axes a[i] against b's axes b[i].
struct TensordotAxes {
  std::vector<std::int64_t> a;  ///< axes of the first tensor
  std::vector<std::int64_t> b;  ///< the matching axes of the second tensor
};

/// Contracts the last `axes` dimensions of a with the first `axes` dimensions of b.
Tensor tensordot(const Tensor& a, const Tensor& b, std::int64_t axes);
/// Contracts the listed axes: tf::tensordot(a, b, {{1, 2}, {0, 1}}). The result has a's free
/// dimensions followed by b's.
Tensor tensordot(const Tensor& a, const Tensor& b, const TensordotAxes& axes);

/// Einstein summation, e.g. "ij,jk->ik" (matmul), "bij,bjk->bik", "ij->ji", "i,j->ij",
/// "ij->i", "...ij,...jk->...ik". Without "->" the output is the ellipsis and the letters used
/// once, in alphabetical order. Letters repeated within one operand (diagonals) are not supported.
Tensor einsum(const std::string& equation, const std::vector<Tensor>& inputs);

namespace linalg {
using ::tf::einsum;
using ::tf::matmul;
using ::tf::tensordot;
}  // namespace linalg

}  // namespace tf
