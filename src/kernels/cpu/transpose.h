// Permuting dimensions. When the innermost output dimension is also innermost in the input,
// transposing is a strided copy of contiguous runs; otherwise it moves 2-D tiles, so that both
// the reads (along the input's contiguous dimension) and the writes (along the output's) stay
// within a few cache lines per tile.
#pragma once

#include <span>
#include <type_traits>

#include <emmintrin.h>  // SSE2: part of every x86-64 CPU, no runtime dispatch needed

#include "kernels/cpu/copy.h"

namespace tf::kernels {

/// Sides of the blocked transpose's tiles: a block (128x128 elements, L2-sized, touching few
/// pages) is moved in micro tiles (16x16: at most 16 lines on each side, within L1's ways).
inline constexpr std::int64_t kTransposeBlock = 128, kTransposeMicro = 16;

/// Moves one micro tile: o[i * ob + j] = s[i + j * sl] for i < ni, j < nj. Full tiles of 4-
/// and 8-byte elements go through SSE2 register transposes (4x4 floats, 2x2 doubles), which
/// only move bits, so they serve integers too.
template <class T>
inline void transpose_micro(const T* s, std::int64_t sl, T* o, std::int64_t ob, std::int64_t ni, std::int64_t nj) {
  if constexpr (std::is_trivially_copyable_v<T> && sizeof(T) == 4) {
    if (ni == kTransposeMicro && nj == kTransposeMicro) {
      for (std::int64_t i = 0; i < ni; i += 4)
        for (std::int64_t j = 0; j < nj; j += 4) {
          const float* src = reinterpret_cast<const float*>(s + i + j * sl);
          __m128 r0 = _mm_loadu_ps(src), r1 = _mm_loadu_ps(src + sl), r2 = _mm_loadu_ps(src + 2 * sl),
                 r3 = _mm_loadu_ps(src + 3 * sl);
          _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
          float* dst = reinterpret_cast<float*>(o + i * ob + j);
          _mm_storeu_ps(dst, r0);
          _mm_storeu_ps(dst + ob, r1);
          _mm_storeu_ps(dst + 2 * ob, r2);
          _mm_storeu_ps(dst + 3 * ob, r3);
        }
      return;
    }
  } else if constexpr (std::is_trivially_copyable_v<T> && sizeof(T) == 8) {
    if (ni == kTransposeMicro && nj == kTransposeMicro) {
      for (std::int64_t i = 0; i < ni; i += 2)
        for (std::int64_t j = 0; j < nj; j += 2) {
          const double* src = reinterpret_cast<const double*>(s + i + j * sl);
          const __m128d r0 = _mm_loadu_pd(src), r1 = _mm_loadu_pd(src + sl);
          double* dst = reinterpret_cast<double*>(o + i * ob + j);
          _mm_storeu_pd(dst, _mm_unpacklo_pd(r0, r1));
          _mm_storeu_pd(dst + ob, _mm_unpackhi_pd(r0, r1));
        }
      return;
    }
  }
  for (std::int64_t i = 0; i < ni; ++i)
    for (std::int64_t j = 0; j < nj; ++j) o[i * ob + j] = s[i + j * sl];
}

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
  const std::int64_t tiles_b = (nb + kTransposeBlock - 1) / kTransposeBlock;
  const std::int64_t outer = total / (nb * nl);
  parallel_for(outer * tiles_b, kTransposeBlock * nl, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t task = begin; task < end; ++task) {
      std::int64_t rem = task / tiles_b, src_base = view.offset, dst_base = 0;
      for (int d = r - 1; d >= 0; --d) {
        if (d == b || d == l) continue;
        const std::int64_t i = rem % view.dims[d];
        rem /= view.dims[d];
        src_base += i * view.strides[d];
        dst_base += i * out_strides[d];
      }
      const std::int64_t i0 = (task % tiles_b) * kTransposeBlock, i1 = std::min(nb, i0 + kTransposeBlock);
      for (std::int64_t j0 = 0; j0 < nl; j0 += kTransposeBlock) {
        const std::int64_t j1 = std::min(nl, j0 + kTransposeBlock);
        for (std::int64_t ii = i0; ii < i1; ii += kTransposeMicro)
          for (std::int64_t jj = j0; jj < j1; jj += kTransposeMicro) {
            transpose_micro(src + src_base + ii + jj * sl, sl, dst + dst_base + ii * ob + jj, ob,
                            std::min(i1 - ii, kTransposeMicro), std::min(j1 - jj, kTransposeMicro));
          }
      }
    }
  });
}

}  // namespace tf::kernels
