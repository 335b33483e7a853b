#include "ops/array/shape_tensor.h"

#include <string>

#include "graph/shape_value.h"
#include "ops/array/array_common.h"

namespace tf::ops::array {

TensorShape shape_from(const OpContext& ctx, const std::vector<std::int64_t>& dims, const char* what) {
  if (dims.size() > static_cast<std::size_t>(kMaxRank))
    ctx.fail(std::string(what) + " " + join_ints(dims) + " exceeds the maximum rank " + std::to_string(kMaxRank));
  TensorShape s;
  for (std::int64_t d : dims) {
    if (d < 0) ctx.fail(std::string(what) + " " + join_ints(dims) + " must be non-negative");
    s.append(d);
  }
  return s;
}

TensorShape static_shape_of(ShapeContext& ctx, std::size_t i, const char* what) {
  check_int_input(ctx, i, what, 1);
  if (auto dims = known_int_values(ctx, i)) return shape_from(ctx, *dims, what);
  if (std::optional<TensorShape> partial = graph::shape_value(ctx.input(i))) return *partial;
  const TensorShape& s = ctx.input(i).shape();
  if (s.has_unknown_rank() || s.dim(0) == None) return TensorShape::unknown_rank();
  TensorShape out;
  for (std::int64_t d = 0; d < s.dim(0); ++d) out.append(None);
  return out;
}

}  // namespace tf::ops::array
