// Parallel iteration over the [outer, inner] positions of a tensor viewed as [outer, n, inner],
// for kernels that walk the middle axis (arg-reductions, scans): each task handles one outer
// index and a block of inner columns, so both long outer and wide inner dimensions split.
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernels/cpu/parallel.h"

namespace tf::kernels {

/// Calls fn(a, b0, b1) for every outer index a and column block [b0, b1) of [0, inner).
template <class Fn>
void for_each_column_block(std::int64_t outer, std::int64_t n, std::int64_t inner, Fn&& fn) {
  constexpr std::int64_t kBlock = 1024;
  const bool split = inner > kBlock && outer < 2 * intra_op_threads();
  const std::int64_t block = split ? kBlock : std::max<std::int64_t>(inner, 1);
  const std::int64_t blocks = (inner + block - 1) / block;
  parallel_for(outer * blocks, n * block, [&](std::int64_t t0, std::int64_t t1) {
    for (std::int64_t t = t0; t < t1; ++t) {
      const std::int64_t a = t / blocks, b0 = (t % blocks) * block;
      fn(a, b0, std::min(b0 + block, inner));
    }
  });
}

/// The [outer, n, inner] view of `shape` around `axis` (already normalized).
template <class Shape>
void split_at_axis(const Shape& shape, int axis, std::int64_t& outer, std::int64_t& n, std::int64_t& inner) {
  outer = 1;
  inner = 1;
  for (int i = 0; i < axis; ++i) outer *= shape.dim(i);
  for (int i = axis + 1; i < shape.rank(); ++i) inner *= shape.dim(i);
  n = shape.dim(axis);
}

}  // namespace tf::kernels
