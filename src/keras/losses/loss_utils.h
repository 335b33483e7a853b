// Helpers the losses and metrics share: Keras' divide_no_nan, element counts as tensors, and
// errors that name the loss or metric.
#pragma once

#include <functional>
#include <string>

#include "tfpp/errors.h"
#include "tfpp/tensor.h"

namespace tf::keras::detail {

/// "[2,3] float32": a tensor's shape and dtype for error messages.
std::string describe(const Tensor& t);

/// x / y, and 0 where y is 0 (tf.math.divide_no_nan), with a gradient free of NaNs.
Tensor divide_no_nan(const Tensor& x, const Tensor& y);

/// divide_no_nan for values that need no gradient (metric results): one select fewer.
Tensor divide_no_nan_value(const Tensor& x, const Tensor& y);

/// The number of elements of `t` as a scalar of `dtype` (a constant when the shape is known).
Tensor num_elements_as(const Tensor& t, DType dtype);

/// The size of `t`'s last axis as a scalar of t's dtype (a constant when it is known): the
/// number of classes label smoothing divides by.
Tensor last_dim_as(const Tensor& t);

/// `x` as `dtype` (no op when it already is).
Tensor cast_if_needed(const Tensor& x, DType dtype);

/// Runs fn; an InvalidArgumentError it raises is raised again as "[owner] <context>: <message>",
/// `context` naming the inputs' shapes (an "[owner]" the message starts with is not repeated).
template <class Fn>
auto naming_errors(const std::string& owner, const std::function<std::string()>& context, Fn&& fn) {
  try {
    return fn();
  } catch (const InvalidArgumentError& e) {
    const std::string prefix = "[" + owner + "]";
    const std::string what = e.what();
    const bool named = what.rfind(prefix + " ", 0) == 0;
    throw InvalidArgumentError(prefix + " " + context() + ": " + (named ? what.substr(prefix.size() + 1) : what));
  }
}

}  // namespace tf::keras::detail
