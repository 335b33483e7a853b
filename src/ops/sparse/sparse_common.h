// Helpers shared by the sparse ops (src/ops/sparse): checking a SparseTensor's three component
// inputs, reading them in kernels, and building index, shape and value tensors.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ops/op_def.h"

namespace tf::ops::sparse {

/// Checks that inputs first, first+1, first+2 are a SparseTensor's indices (int64 [N, rank]),
/// values ([N]) and dense shape (int64 [rank]) as far as their static shapes tell; `what` names
/// the SparseTensor in messages. Works on symbolic inputs.
void check_components(const OpContext& ctx, std::size_t first, const std::string& what = "input");

/// The static rank of the SparseTensor whose dense shape is input i (None when unknown).
std::int64_t static_rank(const OpContext& ctx, std::size_t shape_input);

/// A concrete SparseTensor's components as a kernel reads them.
struct SparseView {
  const std::int64_t* indices = nullptr;  ///< row-major [n, rank]
  std::int64_t n = 0;                     ///< number of values
  std::int64_t rank = 0;
  std::vector<std::int64_t> shape;        ///< the dense shape
  /// Index j of value i.
  std::int64_t at(std::int64_t i, std::int64_t j) const { return indices[i * rank + j]; }
};

/// Reads inputs first..first+2 of a kernel, checking that the index columns, the number of values
/// and the dense shape agree.
SparseView read_sparse(const OpContext& ctx, std::size_t first, const std::string& what = "input");

/// Fails unless every index of `sp` is inside its dense shape.
void check_bounds(const OpContext& ctx, const SparseView& sp, const std::string& what = "input");

/// The row-major strides of `dims`.
std::vector<std::int64_t> strides_of(std::span<const std::int64_t> dims);

/// The row-major offset of value i's index in the dense tensor.
std::int64_t offset_of(const SparseView& sp, std::int64_t i, std::span<const std::int64_t> strides);

/// The elements of `values` (a vector of any dtype) at `positions`, in that order.
Tensor take(const Tensor& values, std::span<const std::int64_t> positions);

/// An int64 [rows, rank] tensor of the flat, row-major `indices` (rows * rank of them).
Tensor index_matrix(std::span<const std::int64_t> indices, std::int64_t rows, std::int64_t rank);

/// A 1-D int64 tensor of `values`.
Tensor int64_vector(std::span<const std::int64_t> values);

/// "[1,2]" for messages.
std::string dims_string(std::span<const std::int64_t> dims);

}  // namespace tf::ops::sparse

namespace tf::ops::sparse {

/// Calls `fn(T{})` for the real number dtypes (float32/64, int32/64 and the small integers);
/// fails naming the op for others.
template <class Fn>
void visit_real(const OpContext& ctx, DType dtype, Fn&& fn) {
  switch (dtype) {
    case DType::kFloat32: return fn(float{});
    case DType::kFloat64: return fn(double{});
    case DType::kInt32: return fn(std::int32_t{});
    case DType::kInt64: return fn(std::int64_t{});
    case DType::kUInt8: return fn(std::uint8_t{});
    case DType::kInt8: return fn(std::int8_t{});
    case DType::kInt16: return fn(std::int16_t{});
    case DType::kUInt16: return fn(std::uint16_t{});
    case DType::kUInt32: return fn(std::uint32_t{});
    case DType::kUInt64: return fn(std::uint64_t{});
    default: ctx.fail("values must be a real number dtype, got " + std::string(dtype_name(dtype)));
  }
}

/// -1, 0 or 1 as index i of `a` sorts before, equals or after index j of `b` (row-major order).
inline int compare_index(const SparseView& a, std::int64_t i, const SparseView& b, std::int64_t j) {
  for (std::int64_t d = 0; d < a.rank; ++d) {
    if (a.at(i, d) < b.at(j, d)) return -1;
    if (a.at(i, d) > b.at(j, d)) return 1;
  }
  return 0;
}

/// Fails unless a and b have one dense shape (the binary sparse ops).
void check_same_shape(const OpContext& ctx, const SparseView& a, const SparseView& b);

}  // namespace tf::ops::sparse

namespace tf::ops::sparse {

/// The value of a real scalar tensor as a double (thresholds, defaults).
inline double scalar_as_double(const OpContext& ctx, const Tensor& t) {
  double v = 0;
  visit_real(ctx, t.dtype(), [&](auto tag) { v = static_cast<double>(*t.data<decltype(tag)>()); });
  return v;
}

}  // namespace tf::ops::sparse
