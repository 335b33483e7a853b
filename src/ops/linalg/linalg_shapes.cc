#include "ops/linalg/linalg_shapes.h"

#include <string>

#include "ops/math/elementwise_shapes.h"

namespace tf::ops::linalg {

const TensorShape& check_matrices(const OpContext& ctx, std::size_t i) {
  check_supported_dtype(ctx, ctx.input(i).dtype(), i == 0 ? "its input" : "its second input");
  const TensorShape& s = ctx.input(i).shape();
  if (!s.has_unknown_rank() && s.rank() < 2)
    ctx.fail("Input tensor " + std::to_string(i) + " must have rank >= 2, got " + std::to_string(s.rank()) +
             " (shape " + s.debug_string() + ")");
  return s;
}

const TensorShape& check_square_matrices(const OpContext& ctx, std::size_t i) {
  const TensorShape& s = check_matrices(ctx, i);
  if (!s.has_unknown_rank() && s.dim(-1) != None && s.dim(-2) != None && s.dim(-1) != s.dim(-2))
    ctx.fail("Input matrix must be square, got shape " + s.debug_string());
  return s;
}

TensorShape batch_shape(const TensorShape& s) {
  if (s.has_unknown_rank()) return s;
  return TensorShape(s.dims().first(s.rank() - 2));
}

TensorShape with_matrix(const TensorShape& batch, std::int64_t rows, std::int64_t cols) {
  if (batch.has_unknown_rank()) return batch;
  TensorShape out = batch;
  out.append(rows);
  out.append(cols);
  return out;
}

std::int64_t num_matrices(const TensorShape& s) {
  std::int64_t n = 1;
  for (int i = 0; i < s.rank() - 2; ++i) n *= s.dim(i);
  return n;
}

}  // namespace tf::ops::linalg
