// Decompositions of batches of matrices, each computed by Eigen
// (kernels/cpu/eigen/decompositions.h): Qr, SelfAdjointEigV2, Svd and Lu.
#include <atomic>
#include <cstring>

#include "kernels/cpu/eigen/decompositions.h"
#include "ops/execute.h"
#include "ops/linalg/linalg_shapes.h"
#include "tfpp/linalg_factorizations.h"

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
using ops::linalg::check_square_matrices;
using ops::linalg::num_matrices;
using ops::linalg::with_matrix;

std::int64_t min_dim(std::int64_t a, std::int64_t b) {
  if (a == None || b == None) return a == 0 || b == 0 ? 0 : None;
  return std::min(a, b);
}

// Runs fn(b) for each matrix b of input 0 (m x n: about m n max(m, n) work each).
template <class Fn>
void for_each_matrix(const KernelContext& ctx, Fn&& fn) {
  const TensorShape& s = ctx.input(0).shape();
  ops::linalg::for_each_matrix(num_matrices(s), s.dim(-2) * s.dim(-1) * std::max(s.dim(-2), s.dim(-1)), fn);
}

// ---- Qr: input [..., m, n] -> q [..., m, p], r [..., p, n]; p = min(m, n), or m when full ----

void qr_shape(ShapeContext& ctx) {
  const TensorShape& s = check_matrices(ctx, 0);
  const DType dtype = ctx.input(0).dtype();
  if (s.has_unknown_rank()) {
    ctx.add_output(dtype, s);
    return ctx.add_output(dtype, s);
  }
  const std::int64_t m = s.dim(-2), n = s.dim(-1), p = ctx.attr<bool>(0) ? m : min_dim(m, n);
  ctx.add_output(dtype, with_matrix(batch_shape(s), m, p));
  ctx.add_output(dtype, with_matrix(batch_shape(s), p, n));
}

template <class T>
void qr_kernel(KernelContext& ctx) {
  const TensorShape& s = ctx.input(0).shape();
  const std::int64_t m = s.dim(-2), n = s.dim(-1), p = ctx.output(0).shape().dim(-1);
  const T* a = ctx.input(0).data<T>();
  T* q = ctx.output(0).mutable_data<T>();
  T* r = ctx.output(1).mutable_data<T>();
  for_each_matrix(ctx, [&](std::int64_t b) {
    kernels::linalg::qr(a + b * m * n, m, n, ctx.attr<bool>(0), q + b * m * p, r + b * p * n);
  });
}

// ---- SelfAdjointEigV2: input [..., n, n] -> e [..., n], v [..., n, n] (a scalar without compute_v) ----

void eig_shape(ShapeContext& ctx) {
  const TensorShape& s = check_square_matrices(ctx, 0);
  const DType dtype = ctx.input(0).dtype();
  if (s.has_unknown_rank()) {
    ctx.add_output(dtype, s);
    return ctx.add_output(dtype, ctx.attr<bool>(0) ? s : TensorShape{});
  }
  TensorShape e = batch_shape(s);
  e.append(s.dim(-1) != None ? s.dim(-1) : s.dim(-2));
  ctx.add_output(dtype, e);
  ctx.add_output(dtype, ctx.attr<bool>(0) ? with_matrix(batch_shape(s), e.dim(-1), e.dim(-1)) : TensorShape{});
}

template <class T>
void eig_kernel(KernelContext& ctx) {
  const std::int64_t n = ctx.input(0).shape().dim(-1);
  const bool compute_v = ctx.attr<bool>(0);
  const T* a = ctx.input(0).data<T>();
  T* e = ctx.output(0).mutable_data<T>();
  T* v = ctx.output(1).mutable_data<T>();
  if (!compute_v) *v = T(0);
  std::atomic<bool> failed = false;
  for_each_matrix(ctx, [&](std::int64_t b) {
    if (!kernels::linalg::self_adjoint_eig(a + b * n * n, n, e + b * n, compute_v ? v + b * n * n : nullptr)) failed = true;
  });
  if (failed) ctx.fail("Self-adjoint eigen decomposition was not successful. The input might not be valid.");
}

// ---- Svd: input [..., m, n] -> s [..., p], u [..., m, p], v [..., n, p] (m x m and n x n when full;
// scalars without compute_uv) ----

void svd_shape(ShapeContext& ctx) {
  const TensorShape& s = check_matrices(ctx, 0);
  const DType dtype = ctx.input(0).dtype();
  const bool compute_uv = ctx.attr<bool>(0), full = ctx.attr<bool>(1);
  if (s.has_unknown_rank()) {
    for (int i = 0; i < 3; ++i) ctx.add_output(dtype, i == 0 || compute_uv ? s : TensorShape{});
    return;
  }
  const std::int64_t m = s.dim(-2), n = s.dim(-1), p = min_dim(m, n);
  TensorShape values = batch_shape(s);
  values.append(p);
  ctx.add_output(dtype, values);
  ctx.add_output(dtype, compute_uv ? with_matrix(batch_shape(s), m, full ? m : p) : TensorShape{});
  ctx.add_output(dtype, compute_uv ? with_matrix(batch_shape(s), n, full ? n : p) : TensorShape{});
}

template <class T>
void svd_kernel(KernelContext& ctx) {
  const TensorShape& shape = ctx.input(0).shape();
  const std::int64_t m = shape.dim(-2), n = shape.dim(-1), p = std::min(m, n);
  const bool compute_uv = ctx.attr<bool>(0), full = ctx.attr<bool>(1);
  const std::int64_t pu = full ? m : p, pv = full ? n : p;
  const T* a = ctx.input(0).data<T>();
  T* s = ctx.output(0).mutable_data<T>();
  T* u = ctx.output(1).mutable_data<T>();
  T* v = ctx.output(2).mutable_data<T>();
  if (!compute_uv) *u = *v = T(0);
  for_each_matrix(ctx, [&](std::int64_t b) {
    kernels::linalg::svd(a + b * m * n, m, n, full, s + b * p, compute_uv ? u + b * m * pu : nullptr,
                         compute_uv ? v + b * n * pv : nullptr);
  });
}

// ---- Lu: input [..., n, n] -> lu [..., n, n], p [..., n] of output_idx_type ----

void lu_shape(ShapeContext& ctx) {
  const TensorShape& s = check_square_matrices(ctx, 0);
  const DType index = ctx.attr<DType>(0);
  if (index != int32 && index != int64)
    ctx.fail("output_idx_type must be int32 or int64, got " + std::string(dtype_name(index)));
  ctx.add_output(ctx.input(0).dtype(), s);
  TensorShape p = s;
  if (!s.has_unknown_rank()) p.remove_dim(-1);
  ctx.add_output(index, p);
}

template <class T, class Index>
void lu_run(KernelContext& ctx) {
  const std::int64_t n = ctx.input(0).shape().dim(-1);
  const T* a = ctx.input(0).data<T>();
  T* lu = ctx.output(0).mutable_data<T>();
  Index* perm = ctx.output(1).mutable_data<Index>();
  std::atomic<bool> singular = false;
  for_each_matrix(ctx, [&](std::int64_t b) {
    if (!kernels::linalg::lu(a + b * n * n, n, lu + b * n * n, perm + b * n)) singular = true;
  });
  if (singular) ctx.fail("Input is not invertible.");
}

template <class T>
void lu_kernel(KernelContext& ctx) {
  if (ctx.attr<DType>(0) == int32) lu_run<T, std::int32_t>(ctx);
  else lu_run<T, std::int64_t>(ctx);
}

const OpDef& kQr = OpBuilder("Qr").inputs(1).attrs({"full_matrices"}).shape(qr_shape).kernels<float, double>(
    []<class T>() -> KernelFn { return &qr_kernel<T>; });
const OpDef& kSelfAdjointEigV2 = OpBuilder("SelfAdjointEigV2").inputs(1).attrs({"compute_v"}).shape(eig_shape)
                                     .kernels<float, double>([]<class T>() -> KernelFn { return &eig_kernel<T>; });
const OpDef& kSvd = OpBuilder("Svd").inputs(1).attrs({"compute_uv", "full_matrices"}).shape(svd_shape)
                        .kernels<float, double>([]<class T>() -> KernelFn { return &svd_kernel<T>; });
const OpDef& kLu = OpBuilder("Lu").inputs(1).attrs({"output_idx_type"}).shape(lu_shape).kernels<float, double>(
    []<class T>() -> KernelFn { return &lu_kernel<T>; });

}  // namespace

namespace linalg {

QR qr(const Tensor& input, bool full_matrices) {
  const AttrValue attrs[] = {full_matrices};
  ops::Outputs out = ops::execute(kQr, {input}, attrs);
  return {std::move(out[0]), std::move(out[1])};
}

Eigh eigh(const Tensor& tensor) {
  const AttrValue attrs[] = {true};
  ops::Outputs out = ops::execute(kSelfAdjointEigV2, {tensor}, attrs);
  return {std::move(out[0]), std::move(out[1])};
}

Tensor eigvalsh(const Tensor& tensor) {
  const AttrValue attrs[] = {false};
  return std::move(ops::execute(kSelfAdjointEigV2, {tensor}, attrs)[0]);
}

SVD svd(const Tensor& tensor, bool full_matrices) {
  const AttrValue attrs[] = {true, full_matrices};
  ops::Outputs out = ops::execute(kSvd, {tensor}, attrs);
  return {std::move(out[0]), std::move(out[1]), std::move(out[2])};
}

Tensor singular_values(const Tensor& tensor) {
  const AttrValue attrs[] = {false, false};
  return std::move(ops::execute(kSvd, {tensor}, attrs)[0]);
}

LU lu(const Tensor& input, DType output_idx_type) {
  const AttrValue attrs[] = {output_idx_type};
  ops::Outputs out = ops::execute(kLu, {input}, attrs);
  return {std::move(out[0]), std::move(out[1])};
}

}  // namespace linalg
}  // namespace tf
