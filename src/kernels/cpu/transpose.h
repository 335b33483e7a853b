// Permuting dimensions. When the innermost output dimension is also innermost in the input,
// transposing is a strided copy of contiguous runs; otherwise it moves 2-D tiles, so that both
// the reads (along the input's contiguous dimension) and the writes (along the output's) stay
// within a few cache lines per tile.
#pragma once

#include <span>

#include "kernels/cpu/copy.h"

namespace tf::kernels {

/// Side of the square tiles of the blocked transpose (32x32 4-byte elements: 4 KiB, in L1).
inline constexpr std::int64_t kTransposeTile = 32;

/// out = input with dimensions permuted: out dim i is input dim perm[i]. `in` is the input's shape.
template <class T>
void transpose(const T* src, T* dst, const TensorShape& in, std::span<const int> perm) {
  const auto in_strides = row_major_strides(in);
  StridedView view;
  for (std::size_t i = 0; i < perm.size(); ++i) view.add_dim(in.dim(perm[i]), in_strides[perm[i]]);
  view.coalesce();
  const std::int64_t total = view.num_elements();
  if (total == 0) return;
  const int r = view.rank;
  if (r <= 1 || view.strides[r - 1] == 1) {
    strided_copy(src, dst, view);
    return;
  }
  // b: the output dimension that is contiguous in the input; l: the output's innermost one.
  int b = 0;
  while (view.strides[b] != 1) ++b;
  const int l = r - 1;
  std::array<std::int64_t, StridedView::kMaxDims> out_strides{};
  for (std::int64_t i = r - 1, s = 1; i >= 0; --i) {
    out_strides[i] = s;
    s *= view.dims[i];
  }
  const std::int64_t nb = view.dims[b], nl = view.dims[l], sl = view.strides[l], ob = out_strides[b];
  const std::int64_t tiles_b = (nb + kTransposeTile - 1) / kTransposeTile;
  const std::int64_t outer = total / (nb * nl);
  parallel_for(outer * tiles_b, kTransposeTile * nl, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t task = begin; task < end; ++task) {
      std::int64_t rem = task / tiles_b, src_base = 0, dst_base = 0;
      for (int d = r - 1; d >= 0; --d) {
        if (d == b || d == l) continue;
        const std::int64_t i = rem % view.dims[d];
        rem /= view.dims[d];
        src_base += i * view.strides[d];
        dst_base += i * out_strides[d];
      }
      const std::int64_t i0 = (task % tiles_b) * kTransposeTile, i1 = std::min(nb, i0 + kTransposeTile);
      for (std::int64_t j0 = 0; j0 < nl; j0 += kTransposeTile) {
        const std::int64_t j1 = std::min(nl, j0 + kTransposeTile);
        for (std::int64_t i = i0; i < i1; ++i) {
          const T* s = src + view.offset + src_base + i;
          T* o = dst + dst_base + i * ob;
          for (std::int64_t j = j0; j < j1; ++j) o[j] = s[j * sl];
        }
      }
    }
  });
}

}  // namespace tf::kernels
