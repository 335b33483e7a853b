// Ops on batches of square matrices, each matrix factored by Eigen (kernels/cpu/eigen/linalg.h):
// MatrixInverse, MatrixDeterminant, LogMatrixDeterminant and Cholesky, and the composite logdet.
#include <atomic>
#include <cmath>
#include <limits>

#include "kernels/cpu/eigen/linalg.h"
#include "ops/math/python_name_scope.h"
#include "ops/execute.h"
#include "ops/linalg/linalg_shapes.h"
#include "tfpp/linalg_determinants.h"
#include "tfpp/linalg_factorizations.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/math_ops.h"
#include "tfpp/matrix_ops.h"
#include "tfpp/reduction_ops.h"

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

void same_shape(ShapeContext& ctx) {
  ctx.add_output(ctx.input(0).dtype(), check_square_matrices(ctx, 0));
}

void batch_scalars(ShapeContext& ctx) {
  ctx.add_output(ctx.input(0).dtype(), batch_shape(check_square_matrices(ctx, 0)));
}

void two_batch_scalars(ShapeContext& ctx) {
  batch_scalars(ctx);
  ctx.add_output(ctx.input(0).dtype(), ctx.outputs()[0].shape);
}

// Runs fn(b) for each matrix b of input 0 (n x n: about n^3 work each).
template <class Fn>
void for_each_matrix(const KernelContext& ctx, Fn&& fn) {
  const TensorShape& s = ctx.input(0).shape();
  ops::linalg::for_each_matrix(num_matrices(s), s.dim(-1) * s.dim(-1) * s.dim(-1), fn);
}

template <class T>
void inverse_kernel(KernelContext& ctx) {
  const std::int64_t n = ctx.input(0).shape().dim(-1);
  const T* a = ctx.input(0).data<T>();
  T* out = ctx.output(0).mutable_data<T>();
  std::atomic<bool> singular = false;
  for_each_matrix(ctx, [&](std::int64_t b) {
    if (!kernels::linalg::inverse(a + b * n * n, n, ctx.attr<bool>(0), out + b * n * n)) singular = true;
  });
  if (singular) ctx.fail("Input is not invertible.");
}

template <class T>
void determinant_kernel(KernelContext& ctx) {
  const std::int64_t n = ctx.input(0).shape().dim(-1);
  const T* a = ctx.input(0).data<T>();
  T* out = ctx.output(0).mutable_data<T>();
  for_each_matrix(ctx, [&](std::int64_t b) {
    T sign, log_abs;
    kernels::linalg::sign_log_abs_determinant(a + b * n * n, n, &sign, &log_abs);
    out[b] = sign * std::exp(log_abs);
  });
}

template <class T>
void log_determinant_kernel(KernelContext& ctx) {
  const std::int64_t n = ctx.input(0).shape().dim(-1);
  const T* a = ctx.input(0).data<T>();
  T* sign = ctx.output(0).mutable_data<T>();
  T* log_abs = ctx.output(1).mutable_data<T>();
  for_each_matrix(ctx, [&](std::int64_t b) {
    kernels::linalg::sign_log_abs_determinant(a + b * n * n, n, sign + b, log_abs + b);
  });
}

// A matrix that is not positive definite gets NaN in its lower triangle (TensorFlow's CPU
// kernel logs a warning and does the same; it raises no error).
template <class T>
void cholesky_kernel(KernelContext& ctx) {
  const std::int64_t n = ctx.input(0).shape().dim(-1);
  const T* a = ctx.input(0).data<T>();
  T* out = ctx.output(0).mutable_data<T>();
  for_each_matrix(ctx, [&](std::int64_t b) {
    T* l = out + b * n * n;
    if (kernels::linalg::cholesky(a + b * n * n, n, l)) return;
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t j = 0; j < n; ++j) l[i * n + j] = j <= i ? std::numeric_limits<T>::quiet_NaN() : T(0);
  });
}

OpBuilder square_op(const char* name, std::vector<std::string> attrs, ops::ShapeFn shape) {
  OpBuilder b(name);
  b.inputs(1).attrs(std::move(attrs)).shape(shape);
  return b;
}

const OpDef& kMatrixInverse = square_op("MatrixInverse", {"adjoint"}, same_shape)
                                  .kernels<float, double>([]<class T>() -> KernelFn { return &inverse_kernel<T>; });
const OpDef& kMatrixDeterminant = square_op("MatrixDeterminant", {}, batch_scalars)
                                      .kernels<float, double>([]<class T>() -> KernelFn { return &determinant_kernel<T>; });
const OpDef& kLogMatrixDeterminant =
    square_op("LogMatrixDeterminant", {}, two_batch_scalars)
        .kernels<float, double>([]<class T>() -> KernelFn { return &log_determinant_kernel<T>; });
const OpDef& kCholesky = square_op("Cholesky", {}, same_shape)
                             .kernels<float, double>([]<class T>() -> KernelFn { return &cholesky_kernel<T>; });

}  // namespace

namespace linalg {

Tensor inv(const Tensor& input, bool adjoint) {
  const AttrValue attrs[] = {adjoint};
  return ops::execute1(kMatrixInverse, {input}, attrs);
}

Tensor det(const Tensor& input) { return ops::execute1(kMatrixDeterminant, {input}); }

SignLogDeterminant slogdet(const Tensor& input) {
  ops::Outputs out = ops::execute(kLogMatrixDeterminant, {input});
  return {std::move(out[0]), std::move(out[1])};
}

Tensor logdet(const Tensor& matrix) {
  return ops::with_python_scope("logdet", [&](graph::OpNameScope*) {
    return reduce_sum(math::log(diag_part(cholesky(matrix))), -1) * 2.0;
  });
}

Tensor cholesky(const Tensor& input) { return ops::execute1(kCholesky, {input}); }

}  // namespace linalg
}  // namespace tf
