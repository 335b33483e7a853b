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

namespace linalg {
using ::tf::matmul;
}  // namespace linalg

}  // namespace tf
