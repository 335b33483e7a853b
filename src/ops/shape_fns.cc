#include "ops/shape_fns.h"

namespace tf::ops {

std::optional<TensorShape> try_broadcast_shapes(const TensorShape& a, const TensorShape& b) {
  if (a.has_unknown_rank() || b.has_unknown_rank()) return TensorShape::unknown_rank();
  // The common eager cases, without the per-dimension loop (which gives the same answers).
  if (b.rank() == 0 || a == b) return a;
  if (a.rank() == 0) return b;
  const int rank = std::max(a.rank(), b.rank());
  TensorShape out;
  for (int i = 0; i < rank; ++i) {
    const int ia = a.rank() - rank + i, ib = b.rank() - rank + i;
    const std::int64_t da = ia >= 0 ? a.dim(ia) : 1, db = ib >= 0 ? b.dim(ib) : 1;
    std::int64_t d;
    if (da == 1) d = db;
    else if (db == 1) d = da;
    else if (da == None) d = db;
    else if (db == None || da == db) d = da;
    else return std::nullopt;
    out.append(d);
  }
  return out;
}

TensorShape broadcast_shapes(const OpContext& ctx, const TensorShape& a, const TensorShape& b) {
  std::optional<TensorShape> out = try_broadcast_shapes(a, b);
  if (!out) ctx.fail("shapes " + a.debug_string() + " and " + b.debug_string() + " cannot be broadcast together");
  return *std::move(out);
}

void unchanged_shape(ShapeContext& ctx) { ctx.add_output(ctx.input(0).dtype(), ctx.input(0).shape()); }

void check_same_dtype(const OpContext& ctx, std::size_t i, std::size_t j) {
  const DType a = ctx.input(i).dtype(), b = ctx.input(j).dtype();
  if (a != b)
    ctx.fail("inputs must have the same dtype, got " + std::string(dtype_name(a)) + " " +
             ctx.input(i).shape().debug_string() + " and " + std::string(dtype_name(b)) + " " +
             ctx.input(j).shape().debug_string());
}

void broadcast_binary_shape(ShapeContext& ctx) {
  check_same_dtype(ctx, 0, 1);
  ctx.add_output(ctx.input(0).dtype(), broadcast_shapes(ctx, ctx.input(0).shape(), ctx.input(1).shape()));
}

void broadcast_comparison_shape(ShapeContext& ctx) {
  check_same_dtype(ctx, 0, 1);
  ctx.add_output(DType::kBool, broadcast_shapes(ctx, ctx.input(0).shape(), ctx.input(1).shape()));
}

int normalize_axis(const OpContext& ctx, std::int64_t axis, int rank) {
  if (axis < -rank || axis >= rank)
    ctx.fail("axis " + std::to_string(axis) + " is out of range for a tensor of rank " + std::to_string(rank));
  return static_cast<int>(axis < 0 ? axis + rank : axis);
}

}  // namespace tf::ops
