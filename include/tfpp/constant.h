// Creating concrete tensors from C++ values: tf::constant, zeros, ones, fill, eye and the
// *_like variants.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

#include "tfpp/tensor.h"

namespace tf {

namespace detail {
/// A tensor of `shape` whose elements are copied from `values` (of C++ type matching dtype).
Tensor constant_from(DType dtype, const TensorShape& shape, const void* values, std::size_t count);
/// Throws the error for nested initializer lists whose inner lists differ in length.
[[noreturn]] void throw_ragged_constant(std::size_t expected, std::size_t got);
/// A tensor of `shape` holding copies of the strings `values`.
Tensor constant_from_strings(const TensorShape& shape, const std::vector<std::string>& values);

template <class T>
using StoredType = std::conditional_t<std::is_convertible_v<T, std::string> && !std::is_arithmetic_v<T>, std::string, T>;

template <class T>
Tensor constant_from_vector(const std::vector<T>& values, const TensorShape& shape) {
  if constexpr (std::is_same_v<StoredType<T>, std::string>) {
    return constant_from_strings(shape, std::vector<std::string>(values.begin(), values.end()));
  } else if constexpr (std::is_same_v<T, bool>) {
    std::vector<char> bytes(values.begin(), values.end());  // vector<bool> is packed
    return constant_from(DType::kBool, shape, bytes.data(), bytes.size());
  } else {
    return constant_from(dtype_of<T>(), shape, values.data(), values.size());
  }
}
}  // namespace detail

/// A float32 scalar.
Tensor constant(float value);
/// A float64 scalar.
Tensor constant(double value);
/// An int32 scalar.
Tensor constant(std::int32_t value);
/// An int64 scalar.
Tensor constant(std::int64_t value);
/// A bool scalar.
Tensor constant(bool value);
/// A string scalar.
Tensor constant(const char* value);
/// A string scalar.
Tensor constant(const std::string& value);
/// A scalar of the given dtype holding `value` converted to it (tf.constant(1, dtype=...)).
Tensor constant(double value, DType dtype);

/// A tensor of `shape` from row-major `values` (whose count must match).
template <class T>
Tensor constant(const std::vector<T>& values, const TensorShape& shape) {
  return detail::constant_from_vector(values, shape);
}
/// A vector from `values`.
template <class T>
Tensor constant(const std::vector<T>& values) {
  return detail::constant_from_vector(values, TensorShape{static_cast<std::int64_t>(values.size())});
}
/// A vector: tf::constant({1.0f, 2.0f}).
template <class T>
Tensor constant(std::initializer_list<T> values) {
  return constant(std::vector<T>(values));
}
/// A matrix: tf::constant({{1, 2}, {3, 4}}). Rows must have equal lengths.
template <class T>
Tensor constant(std::initializer_list<std::initializer_list<T>> rows) {
  std::vector<T> flat;
  const std::int64_t cols = rows.size() ? static_cast<std::int64_t>(rows.begin()->size()) : 0;
  for (const auto& row : rows) {
    if (static_cast<std::int64_t>(row.size()) != cols) detail::throw_ragged_constant(cols, row.size());
    flat.insert(flat.end(), row.begin(), row.end());
  }
  return constant(flat, TensorShape{static_cast<std::int64_t>(rows.size()), cols});
}
/// A rank-3 tensor from nested lists. Inner lists must have equal lengths.
template <class T>
Tensor constant(std::initializer_list<std::initializer_list<std::initializer_list<T>>> blocks) {
  std::vector<T> flat;
  std::int64_t rows = -1, cols = -1;
  for (const auto& block : blocks) {
    if (rows < 0) rows = static_cast<std::int64_t>(block.size());
    if (static_cast<std::int64_t>(block.size()) != rows) detail::throw_ragged_constant(rows, block.size());
    for (const auto& row : block) {
      if (cols < 0) cols = static_cast<std::int64_t>(row.size());
      if (static_cast<std::int64_t>(row.size()) != cols) detail::throw_ragged_constant(cols, row.size());
      flat.insert(flat.end(), row.begin(), row.end());
    }
  }
  rows = rows < 0 ? 0 : rows;
  cols = cols < 0 ? 0 : cols;
  return constant(flat, TensorShape{static_cast<std::int64_t>(blocks.size()), rows, cols});
}

/// A tensor of `shape` filled with zeros (empty strings for tf::string).
Tensor zeros(const TensorShape& shape, DType dtype = float32);
/// A tensor of `shape` filled with ones (true for tf::bool_).
Tensor ones(const TensorShape& shape, DType dtype = float32);
/// A tensor of `shape` with every element equal to the scalar tensor `value`.
Tensor fill(const TensorShape& shape, const Tensor& value);
/// A tensor of `shape` with every element equal to `value`, in value's dtype: fill({3}, 7.0f).
template <class T>
Tensor fill(const TensorShape& shape, T value) {
  return fill(shape, constant(value));
}
/// Zeros with the shape and dtype of `t`.
Tensor zeros_like(const Tensor& t);
/// Ones with the shape and dtype of `t`.
Tensor ones_like(const Tensor& t);
/// An identity matrix (num_columns defaults to num_rows).
Tensor eye(std::int64_t num_rows, std::int64_t num_columns = -1, DType dtype = float32);

}  // namespace tf
