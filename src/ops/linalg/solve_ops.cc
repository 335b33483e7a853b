// Linear solvers over batches of matrices, each solved by Eigen (kernels/cpu/eigen/linalg.h):
// MatrixSolve (same batch dimensions) and MatrixTriangularSolve (batch dimensions broadcast, as
// BatchMatMulV2's), and the composite cholesky_solve.
#include <atomic>
#include <vector>

#include "kernels/cpu/eigen/linalg.h"
#include "ops/math/python_name_scope.h"
#include "ops/execute.h"
#include "ops/linalg/linalg_shapes.h"
#include "ops/shape_fns.h"
#include "tfpp/linalg_solvers.h"

namespace tf {
namespace {

using ops::AttrValue;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;
using ops::linalg::batch_shape;
using ops::linalg::check_square_matrices;
using ops::linalg::num_matrices;
using ops::linalg::with_matrix;

// matrix [..., n, n] and rhs [..., n, k]: rhs's rows must be n.
void check_rhs(ShapeContext& ctx, const TensorShape& m, const TensorShape& r) {
  ops::check_same_dtype(ctx, 0, 1);
  if (m.has_unknown_rank() || r.has_unknown_rank()) return;
  if (m.dim(-1) != None && r.dim(-2) != None && m.dim(-1) != r.dim(-2))
    ctx.fail("Input matrix and rhs are incompatible: matrix is " + m.debug_string() + ", rhs is " + r.debug_string());
}

void solve_shape(ShapeContext& ctx) {
  const TensorShape& m = check_square_matrices(ctx, 0);
  const TensorShape& r = ops::linalg::check_matrices(ctx, 1);
  if (!m.has_unknown_rank() && !r.has_unknown_rank()) {
    if (m.rank() != r.rank()) ctx.fail("All input tensors must have the same rank: matrix is " + m.debug_string() +
                                       ", rhs is " + r.debug_string());
    if (!batch_shape(m).is_compatible_with(batch_shape(r)))
      ctx.fail("All input tensors must have the same outer dimensions: matrix is " + m.debug_string() + ", rhs is " +
               r.debug_string());
  }
  check_rhs(ctx, m, r);
  if (m.has_unknown_rank() || r.has_unknown_rank()) return ctx.add_output(ctx.input(0).dtype(), r);
  // Each input may know sizes the other does not.
  TensorShape out = r;
  for (int i = 0; i < r.rank() - 1; ++i)
    if (out.dim(i) == None) out.set_dim(i, m.dim(i));
  ctx.add_output(ctx.input(0).dtype(), out);
}

void triangular_solve_shape(ShapeContext& ctx) {
  const TensorShape& m = check_square_matrices(ctx, 0);
  const TensorShape& r = ops::linalg::check_matrices(ctx, 1);
  check_rhs(ctx, m, r);
  if (m.has_unknown_rank() || r.has_unknown_rank()) return ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
  TensorShape batch;
  try {
    batch = ops::broadcast_shapes(ctx, batch_shape(m), batch_shape(r));
  } catch (const InvalidArgumentError&) {
    ctx.fail("batch dimensions of matrix " + m.debug_string() + " and rhs " + r.debug_string() +
             " cannot be broadcast together");
  }
  ctx.add_output(ctx.input(0).dtype(), with_matrix(batch, r.dim(-2) != None ? r.dim(-2) : m.dim(-1), r.dim(-1)));
}

template <class T>
void solve_kernel(KernelContext& ctx) {
  const TensorShape& s = ctx.input(1).shape();
  const std::int64_t n = s.dim(-2), k = s.dim(-1);
  const T* a = ctx.input(0).data<T>();
  const T* b = ctx.input(1).data<T>();
  T* x = ctx.output(0).mutable_data<T>();
  std::atomic<bool> singular = false;
  ops::linalg::for_each_matrix(num_matrices(s), n * n * (n + k), [&](std::int64_t i) {
    if (!kernels::linalg::solve(a + i * n * n, b + i * n * k, n, k, ctx.attr<bool>(0), x + i * n * k)) singular = true;
  });
  if (singular) ctx.fail("Input matrix is not invertible.");
}

// The offset of output batch index `o`'s matrix in an input whose batch dimensions broadcast
// to `out` (right-aligned, size-1 dimensions repeat).
std::int64_t broadcast_offset(std::int64_t o, const TensorShape& out, const TensorShape& in) {
  std::int64_t offset = 0, stride = 1;
  for (int d = out.rank() - 1, e = in.rank() - 1; d >= 0; --d, --e) {
    const std::int64_t size = out.dim(d), index = o % size;
    o /= size;
    if (e < 0) continue;
    if (in.dim(e) != 1) offset += index * stride;
    stride *= in.dim(e);
  }
  return offset;
}

template <class T>
void triangular_solve_kernel(KernelContext& ctx) {
  const TensorShape &ms = ctx.input(0).shape(), &rs = ctx.input(1).shape();
  const std::int64_t n = rs.dim(-2), k = rs.dim(-1);
  const TensorShape out = batch_shape(ctx.output(0).shape()), mb = batch_shape(ms), rb = batch_shape(rs);
  const T* a = ctx.input(0).data<T>();
  const T* b = ctx.input(1).data<T>();
  T* x = ctx.output(0).mutable_data<T>();
  const bool lower = ctx.attr<bool>(0), adjoint = ctx.attr<bool>(1);
  ops::linalg::for_each_matrix(out.num_elements(), n * n * k, [&](std::int64_t o) {
    kernels::linalg::triangular_solve(a + broadcast_offset(o, out, mb) * n * n, b + broadcast_offset(o, out, rb) * n * k, n,
                                      k, lower, adjoint, x + o * n * k);
  });
}

const OpDef& kMatrixSolve = OpBuilder("MatrixSolve").inputs(2).attrs({"adjoint"}).shape(solve_shape).kernels<float, double>(
    []<class T>() -> KernelFn { return &solve_kernel<T>; });
const OpDef& kMatrixTriangularSolve =
    OpBuilder("MatrixTriangularSolve").inputs(2).attrs({"lower", "adjoint"}).shape(triangular_solve_shape)
        .kernels<float, double>([]<class T>() -> KernelFn { return &triangular_solve_kernel<T>; });

}  // namespace

namespace linalg {

Tensor solve(const Tensor& matrix, const Tensor& rhs, bool adjoint) {
  const AttrValue attrs[] = {adjoint};
  return ops::execute1(kMatrixSolve, {matrix, rhs}, attrs);
}

}  // namespace linalg
namespace {

Tensor triangular_solve_op(const Tensor& matrix, const Tensor& rhs, bool lower, bool adjoint) {
  const AttrValue attrs[] = {lower, adjoint};
  return ops::execute1(kMatrixTriangularSolve, {matrix, rhs}, attrs);
}

}  // namespace
namespace linalg {

// TensorFlow's Python wraps the op in a "triangular_solve" scope; cholesky_solve's own scope
// holds the ops directly.
Tensor triangular_solve(const Tensor& matrix, const Tensor& rhs, bool lower, bool adjoint) {
  return ops::with_python_scope("triangular_solve",
                                [&](graph::OpNameScope*) { return triangular_solve_op(matrix, rhs, lower, adjoint); });
}

Tensor cholesky_solve(const Tensor& chol, const Tensor& rhs) {
  return ops::with_python_scope("cholesky_solve", [&](graph::OpNameScope*) {
    return triangular_solve_op(chol, triangular_solve_op(chol, rhs, true, false), true, true);
  });
}

}  // namespace linalg
}  // namespace tf
