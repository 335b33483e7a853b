// TFPP_NUMBER_OVERLOADS(fn): for a binary tf::math function fn(Tensor, Tensor), the overloads
// fn(Tensor, number) and fn(number, Tensor), where the C++ number takes the tensor's dtype
// (`tf::math::add(x, 2)`, `tf::math::atan2(1.0, x)`). Expanded after fn's declaration, where
// tf::Number and tf::detail::operand_scalar (tfpp/math_ops.h) are declared.
#pragma once

#define TFPP_NUMBER_OVERLOADS(fn)                                                                    \
  template <::tf::Number S> ::tf::Tensor fn(const ::tf::Tensor& a, S b) {                            \
    return fn(a, ::tf::detail::operand_scalar(a, b));                                                \
  }                                                                                                  \
  template <::tf::Number S> ::tf::Tensor fn(S a, const ::tf::Tensor& b) {                            \
    return fn(::tf::detail::operand_scalar(b, a), b);                                                \
  }
