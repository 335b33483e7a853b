// Reductions (sum, product, max, min, any, all) of a row-major tensor over a set of axes.
//
// Note [Reduction as staged middle-axis reductions]: adjacent axes that are both reduced or
// both kept are merged, so any reduction becomes a list of alternating groups. Each reduced
// group is removed in turn, innermost first, as a reduction of an [outer, middle, inner] view
// over `middle`: with inner == 1 it reduces contiguous rows (SIMD lanes per row), otherwise it
// accumulates whole rows into an [inner] accumulator (SIMD across the row). Both split large
// work over the OpenMP pool, down the rows or across the reduced axis as the shape allows.
#pragma once

#include <cstdint>
#include <span>

#include "tfpp/tensor_shape.h"

namespace tf::kernels {

/// The combining operation of a reduction.
enum class ReduceOp { kSum, kProd, kMax, kMin, kAny, kAll };

/// out = reduce(in) over the axes with `reduced[axis]` true; `out` has the kept axes' elements.
/// An empty reduction yields the identity (0, 1, lowest, highest, false, true).
/// T is float, double, int32_t, int64_t (all ops but any/all) or bool (any/all).
template <class T>
void reduce(const T* in, const TensorShape& shape, std::span<const bool> reduced, T* out, ReduceOp op);

}  // namespace tf::kernels
