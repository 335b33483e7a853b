// Elementwise arithmetic with NumPy broadcasting, and the C++ operators on tensors.
//
// A C++ number mixed with a tensor takes the tensor's dtype (`x * 2` for a float32 x is a
// float32 multiply), as a Python number does in TensorFlow. Two tensors must share a dtype.
#pragma once

#include <concepts>
#include <type_traits>

#include "tfpp/constant.h"
#include "tfpp/tensor.h"

namespace tf {

/// a + b (TensorFlow's AddV2; for strings, concatenation).
Tensor add(const Tensor& a, const Tensor& b);
/// a - b.
Tensor subtract(const Tensor& a, const Tensor& b);
/// a * b.
Tensor multiply(const Tensor& a, const Tensor& b);
/// a / b; integer inputs are converted to floating point, as tf.math.truediv does.
Tensor divide(const Tensor& a, const Tensor& b);

/// A scalar holding `value` in `like`'s dtype (how C++ numbers join tensor arithmetic).
Tensor scalar_like(const Tensor& like, double value);

template <class T>
concept Number = std::is_arithmetic_v<T>;

inline Tensor operator+(const Tensor& a, const Tensor& b) { return add(a, b); }
inline Tensor operator-(const Tensor& a, const Tensor& b) { return subtract(a, b); }
inline Tensor operator*(const Tensor& a, const Tensor& b) { return multiply(a, b); }
inline Tensor operator/(const Tensor& a, const Tensor& b) { return divide(a, b); }
template <Number S> Tensor operator+(const Tensor& a, S b) { return add(a, scalar_like(a, b)); }
template <Number S> Tensor operator+(S a, const Tensor& b) { return add(scalar_like(b, a), b); }
template <Number S> Tensor operator-(const Tensor& a, S b) { return subtract(a, scalar_like(a, b)); }
template <Number S> Tensor operator-(S a, const Tensor& b) { return subtract(scalar_like(b, a), b); }
template <Number S> Tensor operator*(const Tensor& a, S b) { return multiply(a, scalar_like(a, b)); }
template <Number S> Tensor operator*(S a, const Tensor& b) { return multiply(scalar_like(b, a), b); }
template <Number S> Tensor operator/(const Tensor& a, S b) { return divide(a, scalar_like(a, b)); }
template <Number S> Tensor operator/(S a, const Tensor& b) { return divide(scalar_like(b, a), b); }

}  // namespace tf
