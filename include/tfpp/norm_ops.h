// Norms and norm-based clipping, composites of elementwise ops and reductions as in TensorFlow
// (so their gradients come from those ops): tf.norm (also tf.linalg.norm), tf.clip_by_norm,
// tf.clip_by_global_norm and tf.linalg.global_norm.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tfpp/tensor.h"

namespace tf {

/// A norm's order: "euclidean", "fro" (matrices), or a number: 1, 2, INFINITY, or any p > 0 for vectors.
class NormOrder {
 public:
  /// A named order: "euclidean" or "fro".
  NormOrder(const char* name) : name_(name) {}
  /// A numeric order p.
  NormOrder(double p) : p_(p) {}
  /// The name, or empty for a numeric order.
  const std::string& name() const { return name_; }
  /// The numeric order (2 for "euclidean" and "fro").
  double p() const { return name_.empty() ? p_ : 2.0; }

 private:
  std::string name_;
  double p_ = 2.0;
};

/// Options of tf::norm.
struct NormOptions {
  NormOrder ord = "euclidean";                      ///< the order of the norm
  std::optional<std::vector<std::int64_t>> axis;    ///< none: all elements as one vector; one axis: vector norms; two: matrix norms
  bool keepdims = false;                            ///< keep the reduced axes with size 1
};
/// The vector or matrix norm of `tensor` as TensorFlow's tf.norm (orders that take a square root
/// need float32/float64). Bad `ord` or `axis` arguments raise InvalidArgumentError starting
/// "[norm]". The spectral matrix norm (ord 2 over two axes) is the largest singular value.
Tensor norm(const Tensor& tensor, const NormOptions& options = {});

/// `t` scaled so that its L2 norm (over `axes`, or all elements) is at most `clip_norm` (a scalar,
/// or a tensor broadcasting against the norms); a zero norm leaves `t` unchanged.
Tensor clip_by_norm(const Tensor& t, const Tensor& clip_norm, const std::optional<std::vector<std::int64_t>>& axes = std::nullopt);
/// clip_by_norm with a number, in `t`'s dtype (negative numbers count as 0).
Tensor clip_by_norm(const Tensor& t, double clip_norm, const std::optional<std::vector<std::int64_t>>& axes = std::nullopt);

/// The tensors scaled by clip_norm / max(global_norm, clip_norm), and the global norm (or
/// `use_norm`). Undefined tensors stay undefined; a non-finite global norm makes every value NaN.
std::pair<std::vector<Tensor>, Tensor> clip_by_global_norm(const std::vector<Tensor>& t_list, const Tensor& clip_norm,
                                                           std::optional<Tensor> use_norm = std::nullopt);
/// clip_by_global_norm with a number, in the global norm's dtype.
std::pair<std::vector<Tensor>, Tensor> clip_by_global_norm(const std::vector<Tensor>& t_list, double clip_norm,
                                                           std::optional<Tensor> use_norm = std::nullopt);

namespace linalg {
/// tf.linalg.norm: the same as tf::norm.
inline Tensor norm(const Tensor& tensor, const NormOptions& options = {}) { return tf::norm(tensor, options); }
/// sqrt(sum of the squares of all elements of all defined tensors in `t_list`), a scalar (a
/// float32 zero when there are none).
Tensor global_norm(const std::vector<Tensor>& t_list);
}  // namespace linalg

}  // namespace tf
