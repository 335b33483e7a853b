// Batched matrix products with NumPy-broadcast batch dimensions: oneDNN's matmul primitive
// for float32, a blocked loop for float64, int32 and int64.
#pragma once

#include <array>
#include <cstdint>

#include "tfpp/tensor_shape.h"

namespace tf::kernels {

/// The geometry of out[..., m, n] = sum_k a[..., m, k] * b[..., k, n], where a and b may be
/// stored transposed and their batch dimensions broadcast against each other.
struct MatMulGeometry {
  int batch_rank = 0;                                   ///< number of batch dimensions of out
  std::array<std::int64_t, kMaxRank> a_batch{}, b_batch{}, out_batch{};  ///< a/b padded with 1s
  std::int64_t m = 0, n = 0, k = 0;
  bool transpose_a = false, transpose_b = false;        ///< a stored [.., k, m]; b stored [.., n, k]
};

/// The geometry of multiplying tensors of these (fully defined) shapes, whose batch dims and
/// inner dims the op's shape function has already validated.
MatMulGeometry matmul_geometry(const TensorShape& a, const TensorShape& b, bool transpose_a, bool transpose_b);

/// out = a @ b for T = float (oneDNN), double, int32_t or int64_t (blocked loops); row-major.
template <class T>
void matmul(const T* a, const T* b, T* out, const MatMulGeometry& g);

}  // namespace tf::kernels
