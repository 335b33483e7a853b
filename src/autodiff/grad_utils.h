// Helpers shared by gradient functions, written with ops.
#pragma once

#include <cstdint>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::autodiff {

/// Sums `grad` down to `shape`, undoing NumPy broadcasting of a forward input of that shape.
Tensor unbroadcast(const Tensor& grad, const TensorShape& shape);
/// Repeats `t` (of `shape`'s rank, with size 1 where `shape` is larger) up to `shape`.
Tensor broadcast_up(const Tensor& t, const TensorShape& shape);
/// -t.
Tensor neg(const Tensor& t);
/// The dimensions of a fully known shape, as a vector.
std::vector<std::int64_t> dims_of(const TensorShape& shape);
/// The values of a concrete int32/int64 tensor.
std::vector<std::int64_t> int_values(const Tensor& t);

}  // namespace tf::autodiff
