// TFPP_NUMBER_OVERLOADS(fn): for a binary tf::math function fn(Tensor, Tensor), the overloads
// fn(Tensor, number) and fn(number, Tensor), where the C++ number takes the tensor's dtype (as
// math_ops.h gives add, multiply, ...). For the headers that declare further binary ops.
#pragma once

#include "tfpp/math_ops.h"

#define TFPP_NUMBER_OVERLOADS(fn)                                                                    \
  template <::tf::Number S> ::tf::Tensor fn(const ::tf::Tensor& a, S b) {                            \
    return fn(a, ::tf::detail::operand_scalar(a, b));                                                \
  }                                                                                                  \
  template <::tf::Number S> ::tf::Tensor fn(S a, const ::tf::Tensor& b) {                            \
    return fn(::tf::detail::operand_scalar(b, a), b);                                                \
  }
