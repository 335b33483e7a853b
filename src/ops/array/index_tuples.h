// Index tuples (the last dimension of a GatherNd/ScatterNd-style indices tensor) turned into flat
// slice offsets, each checked against the target's shape, shared by the ops that take them.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ops/array/array_common.h"

namespace tf::ops::array {

/// The product of `dims` (1 for none).
inline std::int64_t product(std::span<const std::int64_t> dims) {
  std::int64_t n = 1;
  for (std::int64_t d : dims) n *= d;
  return n;
}

/// "[1,0]": the coordinates of flat element `flat` of a row-major array of `dims`.
inline std::string coordinates(std::int64_t flat, std::span<const std::int64_t> dims) {
  std::vector<std::int64_t> c(dims.size());
  for (std::size_t i = dims.size(); i-- > 0;) {
    c[i] = flat % dims[i];
    flat /= dims[i];
  }
  std::string s = join_ints(c);
  s.front() = '[';
  s.back() = ']';
  return s;
}

/// Calls fn(Index{}) with the C++ type of an int32/int64 index tensor.
template <class Fn>
inline void visit_index(const Tensor& indices, Fn&& fn) {
  if (indices.dtype() == DType::kInt32) fn(std::int32_t{});
  else fn(std::int64_t{});
}

/// The flat slice offsets (in slices of the trailing dims) of each index tuple of
/// `indices` into `shape`; throws naming the op and the first bad tuple.
template <class Index>
std::vector<std::int64_t> tuple_offsets(const OpContext& ctx, const Tensor& indices, const TensorShape& shape,
                                        const char* target) {
  const int k = static_cast<int>(indices.shape().dim(-1));
  const std::int64_t n = k == 0 ? product(indices.shape().dims()) : indices.num_elements() / k;
  const Index* idx = indices.data<Index>();
  std::vector<std::int64_t> offsets(n);
  for (std::int64_t t = 0; t < n; ++t) {
    std::int64_t off = 0;
    for (int j = 0; j < k; ++j) {
      const Index v = idx[t * k + j];
      if (v < 0 || v >= shape.dim(j)) {
        std::string s = "[";  // TensorFlow prints the tuple as "[2, 3]"
        for (int m = 0; m < k; ++m) s += (m ? ", " : "") + std::to_string(idx[t * k + m]);
        s += "]";
        ctx.fail("indices" + coordinates(t, indices.shape().dims().first(indices.rank() - 1)) + " = " + s +
                 " does not index into " + target + " shape " + shape.debug_string());
      }
      off = off * shape.dim(j) + v;
    }
    offsets[t] = off;
  }
  return offsets;
}

/// The shape the updates of a scatter into `target` must have, indices.shape[:-1] +
/// target[indices.shape[-1]:], or nullopt while a rank or the tuple length is unknown; throws when
/// `indices` is a scalar or its tuples are longer than `target`'s rank (`what` names the target).
inline std::optional<TensorShape> updates_shape(const OpContext& ctx, const TensorShape& indices, const TensorShape& target,
                                                const char* what) {
  if (indices.has_unknown_rank() || target.has_unknown_rank()) return std::nullopt;
  if (indices.rank() == 0) ctx.fail("indices must be at least a vector, got a scalar");
  const std::int64_t k = indices.dim(-1);
  if (k == None) return std::nullopt;
  if (k > target.rank())
    ctx.fail("the last dimension of indices " + indices.debug_string() + " exceeds the rank of " + what + " " +
             target.debug_string());
  TensorShape expected;
  for (int i = 0; i + 1 < indices.rank(); ++i) expected.append(indices.dim(i));
  for (int i = static_cast<int>(k); i < target.rank(); ++i) expected.append(target.dim(i));
  return expected;
}

}  // namespace tf::ops::array
