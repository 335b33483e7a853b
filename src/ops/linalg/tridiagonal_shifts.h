// Shifts along a batch of matrices' rows or columns, written with ops (so they trace and
// differentiate): what the tridiagonal functions and gradients use to line up neighbouring rows.
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::ops::linalg {

/// t[..., i, :] for axis -2 with step +1: row i becomes row i + 1 of `t`, the last row zeros;
/// step -1: row i becomes row i - 1, the first row zeros. Axis -1 does the same to columns.
Tensor shift_along(const Tensor& t, int axis, int step);
/// compact[..., i, :]: one diagonal of a compact [..., 3, M] tridiagonal matrix.
Tensor diagonal_row(const Tensor& compact, std::int64_t i);

}  // namespace tf::ops::linalg
