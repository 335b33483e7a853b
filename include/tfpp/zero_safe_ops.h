// Elementwise ops that give 0 where a zero operand would otherwise make a NaN or an infinity:
// x * log(y), x * log1p(y) and x / y that are 0 where x is 0 (tf.math.xlogy, xlog1py, xdivy),
// and division and multiplication that are 0 where y is 0 (tf.math.divide_no_nan,
// multiply_no_nan, reciprocal_no_nan). Float32 and float64, with broadcasting.
#pragma once

#include "tfpp/math_ops.h"
#include "tfpp/number_overloads.h"

namespace tf::math {

/// 0 where x == 0 (even for a NaN y), else x * log(y).
Tensor xlogy(const Tensor& x, const Tensor& y);
/// 0 where x == 0 (even for a NaN y), else x * log1p(y).
Tensor xlog1py(const Tensor& x, const Tensor& y);
/// 0 where x == 0 (even for a NaN y), else x / y.
Tensor xdivy(const Tensor& x, const Tensor& y);
/// 0 where y == 0 (even for a NaN x), else x / y; integer inputs divide as floats, as tf.math.divide does.
Tensor divide_no_nan(const Tensor& x, const Tensor& y);
/// 0 where y == 0 (even for a NaN or infinite x), else x * y.
Tensor multiply_no_nan(const Tensor& x, const Tensor& y);
/// 0 where x == 0, else 1 / x.
Tensor reciprocal_no_nan(const Tensor& x);

// A C++ number on either side takes the tensor's dtype.
TFPP_NUMBER_OVERLOADS(xlogy)
TFPP_NUMBER_OVERLOADS(xlog1py)
TFPP_NUMBER_OVERLOADS(xdivy)
TFPP_NUMBER_OVERLOADS(divide_no_nan)
TFPP_NUMBER_OVERLOADS(multiply_no_nan)

}  // namespace tf::math
