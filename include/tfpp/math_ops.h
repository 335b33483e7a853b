// Elementwise math with NumPy broadcasting (tf.math), comparisons, logical ops, tf::where,
// tf::cast, tf::clip_by_value, and the C++ operators on tensors.
//
// A C++ number mixed with a tensor takes the tensor's dtype (`x * 2` for a float32 x is a
// float32 multiply), as a Python number does in TensorFlow. Two tensors must share a dtype.
// The functions live in tf::math; those TensorFlow also has at top level (tf.exp, tf.abs,
// tf.maximum, ...) are reachable as tf::exp etc.
//
// Where C++ differs: `==` and `!=` keep their meaning on handles (use tf::equal /
// tf::not_equal), and logical not is `~` (as in TensorFlow's Python) rather than `!`.
#pragma once

#include <concepts>
#include <type_traits>

#include "tfpp/constant.h"
#include "tfpp/number_overloads.h"
#include "tfpp/tensor.h"

namespace tf {

/// A scalar holding `value` in `like`'s dtype (how C++ numbers join tensor arithmetic).
Tensor scalar_like(const Tensor& like, double value);
namespace detail {
/// scalar_like for a C++ number an operator consumes: read-only, shared through a small per-thread cache.
Tensor operand_scalar(const Tensor& like, double value);
}  // namespace detail

/// A C++ arithmetic value that mixes with tensors.
template <class T>
concept Number = std::is_arithmetic_v<T>;

namespace math {

/// a + b (TensorFlow's AddV2; for strings, concatenation).
Tensor add(const Tensor& a, const Tensor& b);
/// a - b.
Tensor subtract(const Tensor& a, const Tensor& b);
/// a * b.
Tensor multiply(const Tensor& a, const Tensor& b);
/// a / b; integer inputs are converted to float64 first, as tf.math.truediv does.
Tensor divide(const Tensor& a, const Tensor& b);
/// a / b (tf.math.truediv; the same as divide).
Tensor truediv(const Tensor& a, const Tensor& b);
/// floor(a / b); integer division rounds toward negative infinity.
Tensor floordiv(const Tensor& a, const Tensor& b);
/// a - floordiv(a, b) * b: the remainder takes b's sign (Python's %, TensorFlow's FloorMod).
Tensor floormod(const Tensor& a, const Tensor& b);
/// a to the power b (integers: negative exponents are an error).
Tensor pow(const Tensor& a, const Tensor& b);
/// The larger of a and b, elementwise.
Tensor maximum(const Tensor& a, const Tensor& b);
/// The smaller of a and b, elementwise.
Tensor minimum(const Tensor& a, const Tensor& b);
/// (a - b) * (a - b).
Tensor squared_difference(const Tensor& a, const Tensor& b);

/// -x.
Tensor negative(const Tensor& x);
/// |x|.
Tensor abs(const Tensor& x);
/// -1, 0 or 1 by the sign of x.
Tensor sign(const Tensor& x);
/// x * x.
Tensor square(const Tensor& x);
/// The square root of x.
Tensor sqrt(const Tensor& x);
/// 1 / sqrt(x).
Tensor rsqrt(const Tensor& x);
/// 1 / x.
Tensor reciprocal(const Tensor& x);
/// e to the x.
Tensor exp(const Tensor& x);
/// exp(x) - 1, accurate near 0.
Tensor expm1(const Tensor& x);
/// The natural logarithm of x.
Tensor log(const Tensor& x);
/// log(1 + x), accurate near 0.
Tensor log1p(const Tensor& x);
/// The sine of x (radians).
Tensor sin(const Tensor& x);
/// The cosine of x (radians).
Tensor cos(const Tensor& x);
/// The hyperbolic tangent of x.
Tensor tanh(const Tensor& x);
/// 1 / (1 + exp(-x)).
Tensor sigmoid(const Tensor& x);
/// log(1 + exp(x)).
Tensor softplus(const Tensor& x);
/// The error function 2/sqrt(pi) * integral of exp(-t^2) from 0 to x.
Tensor erf(const Tensor& x);
/// x rounded to the nearest integer, ties to even (banker's rounding), as TensorFlow.
Tensor round(const Tensor& x);
/// The largest integer not greater than x.
Tensor floor(const Tensor& x);
/// The smallest integer not less than x.
Tensor ceil(const Tensor& x);

/// a == b elementwise, as bool (numbers, bools and strings).
Tensor equal(const Tensor& a, const Tensor& b);
/// a != b elementwise, as bool (numbers, bools and strings).
Tensor not_equal(const Tensor& a, const Tensor& b);
/// a < b elementwise, as bool.
Tensor less(const Tensor& a, const Tensor& b);
/// a <= b elementwise, as bool.
Tensor less_equal(const Tensor& a, const Tensor& b);
/// a > b elementwise, as bool.
Tensor greater(const Tensor& a, const Tensor& b);
/// a >= b elementwise, as bool.
Tensor greater_equal(const Tensor& a, const Tensor& b);

/// a AND b for bool tensors.
Tensor logical_and(const Tensor& a, const Tensor& b);
/// a OR b for bool tensors.
Tensor logical_or(const Tensor& a, const Tensor& b);
/// NOT x for a bool tensor.
Tensor logical_not(const Tensor& x);

// A C++ number on either side takes the tensor's dtype.
TFPP_NUMBER_OVERLOADS(add)
TFPP_NUMBER_OVERLOADS(subtract)
TFPP_NUMBER_OVERLOADS(multiply)
TFPP_NUMBER_OVERLOADS(divide)
TFPP_NUMBER_OVERLOADS(truediv)
TFPP_NUMBER_OVERLOADS(floordiv)
TFPP_NUMBER_OVERLOADS(floormod)
TFPP_NUMBER_OVERLOADS(pow)
TFPP_NUMBER_OVERLOADS(maximum)
TFPP_NUMBER_OVERLOADS(minimum)
TFPP_NUMBER_OVERLOADS(squared_difference)
TFPP_NUMBER_OVERLOADS(equal)
TFPP_NUMBER_OVERLOADS(not_equal)
TFPP_NUMBER_OVERLOADS(less)
TFPP_NUMBER_OVERLOADS(less_equal)
TFPP_NUMBER_OVERLOADS(greater)
TFPP_NUMBER_OVERLOADS(greater_equal)

}  // namespace math

// The tf.math functions TensorFlow also exports at top level.
using math::abs;
using math::add;
using math::cos;
using math::divide;
using math::equal;
using math::exp;
using math::floor;
using math::greater;
using math::greater_equal;
using math::less;
using math::less_equal;
using math::logical_and;
using math::logical_not;
using math::logical_or;
using math::maximum;
using math::minimum;
using math::multiply;
using math::negative;
using math::not_equal;
using math::pow;
using math::round;
using math::sigmoid;
using math::sign;
using math::sin;
using math::sqrt;
using math::square;
using math::subtract;
using math::tanh;
using math::truediv;

/// cond ? x : y elementwise, with cond, x and y broadcast together (TensorFlow 2's where / SelectV2).
Tensor where(const Tensor& condition, const Tensor& x, const Tensor& y);
template <Number S>
Tensor where(const Tensor& condition, const Tensor& x, S y) {
  return where(condition, x, scalar_like(x, y));
}
template <Number S>
Tensor where(const Tensor& condition, S x, const Tensor& y) {
  return where(condition, scalar_like(y, x), y);
}

/// x converted to `dtype` (floats to integers truncate toward zero; numbers to bool test != 0).
Tensor cast(const Tensor& x, DType dtype);

/// t with every element limited to [clip_value_min, clip_value_max]; the bounds broadcast to t's shape.
Tensor clip_by_value(const Tensor& t, const Tensor& clip_value_min, const Tensor& clip_value_max);
namespace detail {
/// `value` itself, or a C++ number as a scalar in `like`'s dtype.
inline const Tensor& tensor_like(const Tensor& like, const Tensor& value) { return value; }
template <Number S>
Tensor tensor_like(const Tensor& like, S value) {
  return scalar_like(like, value);
}
template <class T>
concept TensorOrNumber = std::same_as<std::remove_cvref_t<T>, Tensor> || Number<std::remove_cvref_t<T>>;
}  // namespace detail
/// clip_by_value with C++ numbers for either bound.
template <detail::TensorOrNumber Lo, detail::TensorOrNumber Hi>
Tensor clip_by_value(const Tensor& t, const Lo& clip_value_min, const Hi& clip_value_max) {
  return clip_by_value(t, detail::tensor_like(t, clip_value_min), detail::tensor_like(t, clip_value_max));
}

namespace detail {
/// The binary operators on tensors: C++'s, and Python's `//`, `**` and `@` for the Python front end.
enum class Operator {
  kAdd, kSub, kMul, kTrueDiv, kMod, kLess, kLessEqual, kGreater, kGreaterEqual, kAnd, kOr,
  kFloorDiv, kPow, kMatMul
};
/// Applies `op` as tf::math's function does; traced, its node is named as TensorFlow's Python
/// operator names it (`x * y` is "mul", `x / y` "truediv", `x & y` "and"), and a C++ number or
/// eager tensor operand becomes a constant inside that name ("mul/y").
Tensor apply_operator(Operator op, const Tensor& a, const Tensor& b);
/// apply_operator with a C++ number as the right operand, in a's dtype.
Tensor apply_operator(Operator op, const Tensor& a, double b);
/// apply_operator with a C++ number as the left operand, in b's dtype.
Tensor apply_operator(Operator op, double a, const Tensor& b);
}  // namespace detail

// Operators: arithmetic, comparisons and logical ops, with C++ numbers on either side.
#define TFPP_OPERATOR(op, kind)                                                                                       \
  inline Tensor operator op(const Tensor& a, const Tensor& b) { return detail::apply_operator(kind, a, b); }          \
  template <Number S> Tensor operator op(const Tensor& a, S b) { return detail::apply_operator(kind, a, double(b)); } \
  template <Number S> Tensor operator op(S a, const Tensor& b) { return detail::apply_operator(kind, double(a), b); }
TFPP_OPERATOR(+, detail::Operator::kAdd)
TFPP_OPERATOR(-, detail::Operator::kSub)
TFPP_OPERATOR(*, detail::Operator::kMul)
TFPP_OPERATOR(/, detail::Operator::kTrueDiv)
TFPP_OPERATOR(%, detail::Operator::kMod)
TFPP_OPERATOR(<, detail::Operator::kLess)
TFPP_OPERATOR(<=, detail::Operator::kLessEqual)
TFPP_OPERATOR(>, detail::Operator::kGreater)
TFPP_OPERATOR(>=, detail::Operator::kGreaterEqual)
#undef TFPP_OPERATOR

/// Elementwise x == number and x != number (as `x % 2 == 0` in TensorFlow). Between two tensors
/// use tf::equal / tf::not_equal: a C++ `==` on two handles would be ambiguous with identity.
template <Number S> Tensor operator==(const Tensor& a, S b) { return math::equal(a, detail::operand_scalar(a, b)); }
template <Number S> Tensor operator==(S a, const Tensor& b) { return math::equal(detail::operand_scalar(b, a), b); }
template <Number S> Tensor operator!=(const Tensor& a, S b) { return math::not_equal(a, detail::operand_scalar(a, b)); }
template <Number S> Tensor operator!=(S a, const Tensor& b) { return math::not_equal(detail::operand_scalar(b, a), b); }

/// -x.
inline Tensor operator-(const Tensor& x) { return math::negative(x); }
/// Logical AND of bool tensors, bitwise AND of integer tensors.
inline Tensor operator&(const Tensor& a, const Tensor& b) { return detail::apply_operator(detail::Operator::kAnd, a, b); }
/// Logical OR of bool tensors, bitwise OR of integer tensors.
inline Tensor operator|(const Tensor& a, const Tensor& b) { return detail::apply_operator(detail::Operator::kOr, a, b); }
/// Logical NOT of a bool tensor (TensorFlow's `~`).
inline Tensor operator~(const Tensor& x) { return math::logical_not(x); }

}  // namespace tf
