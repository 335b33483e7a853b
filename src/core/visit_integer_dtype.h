// visit_integer_dtype: visit_dtype (tfpp/dtype.h) widened to every integer dtype TensorFlow has
// (int8, int16, uint16, uint32 and uint64 beside int32, int64 and uint8). For code whose generic
// lambda handles any C++ integer type; unlike visit_every_dtype it needs no Eigen.
#pragma once

#include <cstdint>
#include <utility>

#include "tfpp/dtype.h"

namespace tf {

/// Calls `fn` with a value-initialized tag of the C++ type of `dtype`: the dtypes visit_dtype
/// visits and the other integers; float16, bfloat16 and complex throw as there.
template <class Fn>
decltype(auto) visit_integer_dtype(DType dtype, Fn&& fn) {
  switch (dtype) {
    case DType::kInt8: return fn(std::int8_t{});
    case DType::kInt16: return fn(std::int16_t{});
    case DType::kUInt16: return fn(std::uint16_t{});
    case DType::kUInt32: return fn(std::uint32_t{});
    case DType::kUInt64: return fn(std::uint64_t{});
    default: return visit_dtype(dtype, std::forward<Fn>(fn));
  }
}

}  // namespace tf
