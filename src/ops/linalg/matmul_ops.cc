// Matrix products: MatMul (two matrices) and BatchMatMulV2 (broadcast batch dimensions).
#include "kernels/cpu/matmul.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/linalg_ops.h"

namespace tf {
namespace {

using ops::AttrValue;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Checks that a's and b's contracted dimensions agree (when both are known).
void check_inner_dims(ShapeContext& ctx, const TensorShape& a, const TensorShape& b, bool ta, bool tb) {
  const std::int64_t ka = ta ? a.dim(-2) : a.dim(-1), kb = tb ? b.dim(-1) : b.dim(-2);
  if (ka != None && kb != None && ka != kb) {
    std::string message = "inner dimensions differ: a is " + a.debug_string() + ", b is " + b.debug_string();
    if (ta || tb)
      message += std::string(" (transpose_a=") + (ta ? "true" : "false") + ", transpose_b=" + (tb ? "true" : "false") + ")";
    ctx.fail(message);
  }
}

void check_rank(ShapeContext& ctx, const char* which, const TensorShape& s, bool exactly_two) {
  if (s.has_unknown_rank()) return;
  if (exactly_two ? s.rank() != 2 : s.rank() < 2)
    ctx.fail(std::string(which) + (exactly_two ? " must be a matrix (rank 2)" : " must have rank >= 2") +
             ", got shape " + s.debug_string());
}

void matmul_shape(ShapeContext& ctx) {
  ops::check_same_dtype(ctx, 0, 1);
  const TensorShape &a = ctx.input(0).shape(), &b = ctx.input(1).shape();
  const bool ta = ctx.attr<bool>(0), tb = ctx.attr<bool>(1);
  check_rank(ctx, "a", a, true);
  check_rank(ctx, "b", b, true);
  const bool known = !a.has_unknown_rank() && !b.has_unknown_rank();
  if (known) check_inner_dims(ctx, a, b, ta, tb);
  const std::int64_t m = a.has_unknown_rank() ? None : a.dim(ta ? 1 : 0);
  const std::int64_t n = b.has_unknown_rank() ? None : b.dim(tb ? 0 : 1);
  ctx.add_output(ctx.input(0).dtype(), TensorShape{m, n});
}

void batch_matmul_shape(ShapeContext& ctx) {
  ops::check_same_dtype(ctx, 0, 1);
  const TensorShape &a = ctx.input(0).shape(), &b = ctx.input(1).shape();
  const bool ta = ctx.attr<bool>(0), tb = ctx.attr<bool>(1);
  check_rank(ctx, "a", a, false);
  check_rank(ctx, "b", b, false);
  if (a.has_unknown_rank() || b.has_unknown_rank()) {
    ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
    return;
  }
  check_inner_dims(ctx, a, b, ta, tb);
  const TensorShape a_batch(a.dims().first(a.rank() - 2)), b_batch(b.dims().first(b.rank() - 2));
  TensorShape out;
  try {
    out = ops::broadcast_shapes(ctx, a_batch, b_batch);
  } catch (const InvalidArgumentError&) {
    ctx.fail("batch dimensions of a " + a.debug_string() + " and b " + b.debug_string() + " cannot be broadcast together");
  }
  out.append(a.dim(ta ? -1 : -2));
  out.append(b.dim(tb ? -2 : -1));
  ctx.add_output(ctx.input(0).dtype(), out);
}

template <class T>
void matmul_kernel(KernelContext& ctx) {
  const Tensor &a = ctx.input(0), &b = ctx.input(1);
  const auto g = kernels::matmul_geometry(a.shape(), b.shape(), ctx.attr<bool>(0), ctx.attr<bool>(1));
  kernels::matmul<T>(a.data<T>(), b.data<T>(), ctx.output(0).mutable_data<T>(), g);
}

OpBuilder matmul_op(const char* name, std::vector<std::string> attrs, ops::ShapeFn shape) {
  OpBuilder b(name);
  b.inputs(2).attrs(std::move(attrs)).shape(shape).kernels<float, double, std::int32_t, std::int64_t>(
      []<class T>() -> KernelFn { return &matmul_kernel<T>; });
  return b;
}

const OpDef& kMatMul = matmul_op("MatMul", {"transpose_a", "transpose_b"}, matmul_shape);
const OpDef& kBatchMatMulV2 = matmul_op("BatchMatMulV2", {"adj_x", "adj_y"}, batch_matmul_shape);

}  // namespace

Tensor matmul(const Tensor& a, const Tensor& b, const MatMulOptions& options) {
  const AttrValue attrs[] = {options.transpose_a, options.transpose_b};
  const bool matrices = a.shape().rank() == 2 && b.shape().rank() == 2;
  return ops::execute1(matrices ? kMatMul : kBatchMatMulV2, {a, b}, attrs);
}

}  // namespace tf
