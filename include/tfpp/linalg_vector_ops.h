// Vector helpers of tf.linalg: cross products, matrix-vector products and normalization.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "tfpp/norm_ops.h"
#include "tfpp/tensor.h"

namespace tf::linalg {

/// The cross product of each pair of 3-element vectors along the last axis (a and b of one
/// shape [..., 3]; float32, float64, int32, int64).
Tensor cross(const Tensor& a, const Tensor& b);

/// Options of tf::linalg::matvec.
struct MatvecOptions {
  bool transpose_a = false;  ///< multiply by a's transpose
  bool adjoint_a = false;    ///< multiply by a's conjugate transpose (its transpose for real dtypes)
};
/// The product of each matrix of a [..., m, n] with the matching vector of b [..., n] (batch
/// dimensions broadcast): matmul(a, b[..., None])[..., 0].
Tensor matvec(const Tensor& a, const Tensor& b, const MatvecOptions& options = {});

/// tensor / norm(tensor, ord, axis, keepdims=true), and that norm (in tensor's dtype).
std::pair<Tensor, Tensor> normalize(const Tensor& tensor, const NormOrder& ord = "euclidean",
                                    const std::optional<std::vector<std::int64_t>>& axis = std::nullopt);

}  // namespace tf::linalg
