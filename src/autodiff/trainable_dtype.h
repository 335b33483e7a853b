// Which dtypes gradients flow through: TensorFlow's floating and complex dtypes.
#pragma once

#include "tfpp/dtype.h"

namespace tf::autodiff {

/// True for the floating and complex dtypes, whose tensors tapes watch and differentiate.
constexpr bool is_trainable_dtype(DType d) { return is_floating(d) || is_complex(d); }

}  // namespace tf::autodiff
