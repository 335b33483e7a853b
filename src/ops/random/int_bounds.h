// The bounds of the integer random ops, given as numbers, as the scalar tensors the ops take.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>

#include "tfpp/tensor.h"

namespace tf::ops {

/// minval and maxval as scalars of `dtype` (int32 or int64); InvalidArgumentError naming `op`
/// when they do not fit in int32.
std::pair<Tensor, Tensor> int_bounds(std::int64_t minval, std::int64_t maxval, DType dtype, std::string_view op);

}  // namespace tf::ops
