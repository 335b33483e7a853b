// The pairing of complex dtypes with their real parts' dtypes (TensorFlow's real_dtype).
#pragma once

#include "tfpp/dtype.h"

namespace tf::ops {

/// float32 for complex64, float64 for complex128; other dtypes as they are.
constexpr DType real_dtype_of(DType d) {
  return d == DType::kComplex64 ? DType::kFloat32 : d == DType::kComplex128 ? DType::kFloat64 : d;
}

/// complex64 for float32, complex128 for float64 (the dtype tf.complex makes of them).
constexpr DType complex_dtype_of(DType d) { return d == DType::kFloat64 ? DType::kComplex128 : DType::kComplex64; }

}  // namespace tf::ops
