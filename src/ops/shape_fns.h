// Shape functions shared by many ops.
#pragma once

#include <optional>

#include "ops/op_def.h"

namespace tf::ops {

/// NumPy broadcasting of two shapes; unknown dims stay unknown unless the other side fixes them.
/// nullopt when they are incompatible.
std::optional<TensorShape> try_broadcast_shapes(const TensorShape& a, const TensorShape& b);
/// try_broadcast_shapes, throwing InvalidArgumentError naming the op when they are incompatible.
TensorShape broadcast_shapes(const OpContext& ctx, const TensorShape& a, const TensorShape& b);

/// One output with input 0's dtype and shape.
void unchanged_shape(ShapeContext& ctx);
/// Two inputs of one dtype, broadcast together; output has their dtype.
void broadcast_binary_shape(ShapeContext& ctx);
/// Two inputs of one dtype, broadcast together; output is bool (comparisons).
void broadcast_comparison_shape(ShapeContext& ctx);

/// Throws unless inputs i and j have the same dtype.
void check_same_dtype(const OpContext& ctx, std::size_t i, std::size_t j);
/// Normalizes a possibly negative axis against `rank`; throws naming the op when out of range.
int normalize_axis(const OpContext& ctx, std::int64_t axis, int rank);

}  // namespace tf::ops
