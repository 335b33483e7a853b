// Converting float16 / bfloat16 tensors to float32 and back, element by element with Eigen's
// conversions (round to nearest even, overflow to inf), as TensorFlow's Cast does.
#pragma once

#include "tfpp/tensor.h"

namespace tf::ops::half {

/// True for float16 and bfloat16, the dtypes these helpers convert.
constexpr bool is_half(DType d) { return d == DType::kFloat16 || d == DType::kBFloat16; }

/// A float32 tensor holding the values of the float16 / bfloat16 tensor `x`.
Tensor to_float32(const Tensor& x);

/// Writes the float32 tensor `x` rounded to `out`'s dtype (float16 or bfloat16) into `out`.
void round_into(const Tensor& x, Tensor& out);

/// A new tensor of dtype `dtype` (float16 or bfloat16) holding the float32 `x` rounded.
Tensor from_float32(const Tensor& x, DType dtype);

/// Writes uniform samples in [0, 1) of `out`'s dtype (float16 or bfloat16) made from the same
/// random bits as the float32 samples `x` (TensorFlow's Uint16ToHalf / Uint16ToGfloat16: the low
/// 10 or 7 bits of each 32-bit sample as the mantissa of a number in [1, 2), minus 1).
void uniform_into(const Tensor& x, Tensor& out);

}  // namespace tf::ops::half
