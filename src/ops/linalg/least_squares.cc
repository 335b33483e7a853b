// Least squares: the op MatrixSolveLs (Eigen per matrix: normal equations by Cholesky when
// fast, else a complete orthogonal decomposition) and tf.linalg.lstsq, which for fast=True is
// TensorFlow's composite of the regularized normal equations (its gradient comes from those
// ops) and otherwise the op.
#include "ops/math/python_name_scope.h"
#include "ops/linalg/least_squares.h"

#include <atomic>

#include "kernels/cpu/eigen/decompositions.h"
#include "ops/execute.h"
#include "ops/linalg/linalg_shapes.h"
#include "ops/shape_fns.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/control_flow.h"
#include "tfpp/linalg_factorizations.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/math_ops.h"
#include "tfpp/matrix_ops.h"

namespace tf {
namespace {

using ops::AttrValue;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;
using ops::linalg::batch_shape;
using ops::linalg::check_matrices;
using ops::linalg::num_matrices;
using ops::linalg::with_matrix;

// matrix [..., m, n], rhs [..., m, k], l2_regularizer a float64 scalar -> [..., n, k].
void solve_ls_shape(ShapeContext& ctx) {
  const TensorShape& a = check_matrices(ctx, 0);
  const TensorShape& b = check_matrices(ctx, 1);
  ops::check_same_dtype(ctx, 0, 1);
  if (ctx.input(2).dtype() != float64 || (!ctx.input(2).shape().has_unknown_rank() && ctx.input(2).shape().rank() != 0))
    ctx.fail("l2_regularizer must be a float64 scalar, got " + std::string(dtype_name(ctx.input(2).dtype())) +
             ctx.input(2).shape().debug_string());
  if (a.has_unknown_rank() || b.has_unknown_rank()) return ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
  if (a.rank() != b.rank() || !batch_shape(a).is_compatible_with(batch_shape(b)) ||
      (a.dim(-2) != None && b.dim(-2) != None && a.dim(-2) != b.dim(-2)))
    ctx.fail("Input matrix and rhs are incompatible: matrix is " + a.debug_string() + ", rhs is " + b.debug_string());
  ctx.add_output(ctx.input(0).dtype(), with_matrix(batch_shape(a), a.dim(-1), b.dim(-1)));
}

template <class T>
void solve_ls_kernel(KernelContext& ctx) {
  const TensorShape &as = ctx.input(0).shape(), &bs = ctx.input(1).shape();
  const std::int64_t m = as.dim(-2), n = as.dim(-1), k = bs.dim(-1);
  const T l2 = T(ctx.input(2).data<double>()[0]);
  const bool fast = ctx.attr<bool>(0);
  const T* a = ctx.input(0).data<T>();
  const T* b = ctx.input(1).data<T>();
  T* x = ctx.output(0).mutable_data<T>();
  std::atomic<bool> failed = false;
  ops::linalg::for_each_matrix(num_matrices(as), m * n * (std::min(m, n) + k), [&](std::int64_t i) {
    if (!kernels::linalg::least_squares(a + i * m * n, b + i * m * k, m, n, k, l2, fast, x + i * n * k)) failed = true;
  });
  if (failed)
    ctx.fail("Input matrix was rank deficient or ill-conditioned. Try setting fast=False or provide a larger "
             "l2_regularizer > 0.");
}

const OpDef& kMatrixSolveLs = OpBuilder("MatrixSolveLs").inputs(3).attrs({"fast"}).shape(solve_ls_shape)
                                  .kernels<float, double>([]<class T>() -> KernelFn { return &solve_ls_kernel<T>; });

}  // namespace

namespace ops::linalg {

Tensor regularized_gramian_cholesky(const Tensor& a, const Tensor& l2, bool first_kind) {
  const Tensor gram = matmul(a, a, {.transpose_a = first_kind, .transpose_b = !first_kind});
  return tf::linalg::cholesky(tf::linalg::set_diag(gram, tf::linalg::diag_part(gram) + l2));
}

}  // namespace ops::linalg

namespace linalg {

Tensor lstsq(const Tensor& matrix, const Tensor& rhs, double l2_regularizer, bool fast) {
  if (!fast) {
    const AttrValue attrs[] = {false};
    return ops::execute1(kMatrixSolveLs, {matrix, rhs, constant(l2_regularizer)}, attrs);
  }
  const Tensor l2 = cast(constant(l2_regularizer), matrix.dtype());
  auto overdetermined = [&] {
    const Tensor chol = ops::linalg::regularized_gramian_cholesky(matrix, l2, true);
    return cholesky_solve(chol, matmul(matrix, rhs, {.transpose_a = true}));
  };
  auto underdetermined = [&] {
    const Tensor chol = ops::linalg::regularized_gramian_cholesky(matrix, l2, false);
    return matmul(matrix, cholesky_solve(chol, rhs), {.transpose_a = true});
  };
  const TensorShape& s = matrix.shape();
  if (s.has_unknown_rank() || s.rank() < 2)
    throw InvalidArgumentError("[lstsq] matrix must have a known rank >= 2, got shape " + s.debug_string());
  return ops::with_python_scope("matrix_solve_ls", [&](graph::OpNameScope*) {
    if (s.dim(-2) != None && s.dim(-1) != None) return s.dim(-2) >= s.dim(-1) ? overdetermined() : underdetermined();
    const Tensor dims = shape(matrix);
    const Tensor rows = strided_slice(dims, {-2}, {-1}, {1}, {.shrink_axis_mask = 1});
    const Tensor cols = strided_slice(dims, {-1}, {0}, {1}, {.end_mask = 1, .shrink_axis_mask = 1});
    return cond(math::greater_equal(rows, cols), overdetermined, underdetermined);
  });
}

}  // namespace linalg
}  // namespace tf
