// visit_every_dtype: visit_integer_dtype (core/visit_integer_dtype.h) widened to the dtypes whose
// C++ types are heavier to include: float16 / bfloat16 (Eigen's types) and complex. Kept apart
// from tfpp/dtype.h so that only the code that handles those dtypes pays for Eigen.
#pragma once

#include <Eigen/Core>
#include <complex>
#include <utility>

#include "core/visit_integer_dtype.h"

namespace tf {

/// Calls `fn` with a value-initialized tag of the C++ type of any dtype that holds values.
template <class Fn>
decltype(auto) visit_every_dtype(DType dtype, Fn&& fn) {
  switch (dtype) {
    case DType::kFloat16: return fn(Eigen::half{});
    case DType::kBFloat16: return fn(Eigen::bfloat16{});
    case DType::kComplex64: return fn(std::complex<float>{});
    case DType::kComplex128: return fn(std::complex<double>{});
    default: return visit_integer_dtype(dtype, std::forward<Fn>(fn));
  }
}

}  // namespace tf
