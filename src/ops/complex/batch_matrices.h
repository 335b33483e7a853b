// Walking batches of matrices whose batch dimensions broadcast against each other.
#pragma once

#include <cstdint>

#include "tfpp/tensor_shape.h"

namespace tf::ops {

/// The flat offset of the matrix for output batch element b in an operand whose batch
/// dimensions broadcast (right-aligned, size-1 dimensions repeat) to those of `out`; both
/// shapes end in two matrix dimensions.
inline std::int64_t batch_offset(std::int64_t b, const TensorShape& operand, const TensorShape& out) {
  const int out_batch_rank = out.rank() - 2, lead = out.rank() - operand.rank();
  std::int64_t offset = 0, stride = operand.dim(-1) * operand.dim(-2);
  for (int d = out_batch_rank - 1; d >= 0; --d) {
    const std::int64_t i = b % out.dim(d);
    b /= out.dim(d);
    if (d - lead < 0) continue;
    const std::int64_t size = operand.dim(d - lead);
    if (size != 1) offset += i * stride;
    stride *= size;
  }
  return offset;
}

}  // namespace tf::ops
