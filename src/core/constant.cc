#include "tfpp/constant.h"

#include <algorithm>
#include <cstring>

#include "core/tensor_impl.h"
#include "core/visit_every_dtype.h"
#include "tfpp/errors.h"

namespace tf {
namespace detail {

void throw_ragged_constant(std::size_t expected, std::size_t got) {
  throw InvalidArgumentError("[Const] nested lists must have equal lengths: expected " + std::to_string(expected) +
                             " elements, got " + std::to_string(got));
}

namespace {
void check_count(const TensorShape& shape, std::size_t count) {
  if (!shape.is_fully_defined())
    throw InvalidArgumentError("[Const] the shape must be fully defined, got " + shape.debug_string());
  if (static_cast<std::size_t>(shape.num_elements()) != count)
    throw InvalidArgumentError("[Const] " + std::to_string(count) + " values do not fill shape " + shape.debug_string() +
                               " (" + std::to_string(shape.num_elements()) + " elements)");
}
}  // namespace

Tensor constant_from(DType dtype, const TensorShape& shape, const void* values, std::size_t count) {
  check_count(shape, count);
  Tensor t = core::empty(dtype, shape);
  if (count) std::memcpy(t.raw_mutable_data(), values, count * dtype_size(dtype));
  return t;
}

Tensor constant_from_strings(const TensorShape& shape, const std::vector<std::string>& values) {
  check_count(shape, values.size());
  Tensor t = core::empty(DType::kString, shape);
  std::copy(values.begin(), values.end(), t.mutable_data<std::string>());
  return t;
}

}  // namespace detail

namespace {
template <class T>
Tensor scalar(T value) {
  Tensor t = core::empty(dtype_of<T>(), TensorShape{});
  *t.mutable_data<T>() = value;
  return t;
}

// `value` as an element of type T. A whole number wraps into a narrower integer type (300 is 44
// as uint8, -1 is 2^64 - 1 as uint64), as TensorFlow converts Python ints; the detour through
// int64 keeps it defined.
template <class T>
T element_of(double value) {
  if constexpr (std::is_same_v<T, std::uint64_t>)
    return value >= 0x1p63 ? static_cast<T>(value) : static_cast<T>(static_cast<std::int64_t>(value));
  else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool> && sizeof(T) < sizeof(std::int64_t))
    return static_cast<T>(static_cast<std::int64_t>(value));
  else
    return static_cast<T>(value);
}

// Fills every element of a freshly created tensor with `value` converted to its dtype.
Tensor filled(const TensorShape& shape, DType dtype, double value) {
  Tensor t = core::empty(dtype, shape);
  visit_every_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, std::string>) {
      if (value != 0) throw InvalidArgumentError("[Fill] a tf::string tensor can only be filled with empty strings");
    } else {
      std::fill_n(t.mutable_data<T>(), t.num_elements(), element_of<T>(value));
    }
  });
  return t;
}
}  // namespace

Tensor constant(float value) { return scalar(value); }
Tensor constant(double value) { return scalar(value); }
Tensor constant(std::int32_t value) { return scalar(value); }
Tensor constant(std::int64_t value) { return scalar(value); }
Tensor constant(bool value) { return scalar(value); }
Tensor constant(const char* value) { return scalar(std::string(value)); }
Tensor constant(const std::string& value) { return scalar(value); }
Tensor constant(double value, DType dtype) { return filled(TensorShape{}, dtype, value); }

Tensor zeros(const TensorShape& shape, DType dtype) { return filled(shape, dtype, 0.0); }
Tensor ones(const TensorShape& shape, DType dtype) {
  if (dtype == DType::kString) throw InvalidArgumentError("[Ones] tf::string has no one");
  return filled(shape, dtype, 1.0);
}

Tensor fill(const TensorShape& shape, const Tensor& value) {
  if (value.num_elements() != 1)
    throw InvalidArgumentError("[Fill] value must be a scalar, got shape " + value.shape().debug_string());
  Tensor t = core::empty(value.dtype(), shape);
  visit_every_dtype(value.dtype(), [&](auto tag) {
    using T = decltype(tag);
    std::fill_n(t.mutable_data<T>(), t.num_elements(), *value.data<T>());
  });
  return t;
}

Tensor eye(std::int64_t num_rows, std::int64_t num_columns, DType dtype) {
  if (num_columns < 0) num_columns = num_rows;
  if (num_rows < 0) throw InvalidArgumentError("[Eye] num_rows must be >= 0, got " + std::to_string(num_rows));
  Tensor t = zeros({num_rows, num_columns}, dtype);
  visit_every_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, std::string>) {
      throw InvalidArgumentError("[Eye] dtype string is not supported");
    } else {
      T* p = t.mutable_data<T>();
      for (std::int64_t i = 0; i < std::min(num_rows, num_columns); ++i) p[i * num_columns + i] = T(1);
    }
  });
  return t;
}

}  // namespace tf
