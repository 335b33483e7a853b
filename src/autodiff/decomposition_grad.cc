// Gradients of Qr, SelfAdjointEigV2 and Svd, as TensorFlow's linalg_grad.py defines them (real
// dtypes). Lu has none in TensorFlow: left for users to register.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "autodiff/unregistered_gradients.h"
#include "tfpp/array_ops.h"
#include "tfpp/linalg_factorizations.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/math_ops.h"
#include "tfpp/matrix_ops.h"

namespace tf::autodiff {
namespace {

using linalg::adjoint;

// t[..., :, begin:end] (end 0: to the last column).
Tensor columns(const Tensor& t, std::int64_t begin, std::int64_t end) {
  return strided_slice(t, {0, 0, begin}, {0, 0, end}, {1, 1, 1},
                       {.begin_mask = 2, .end_mask = end == 0 ? 6 : 2, .ellipsis_mask = 1});
}

// x / (x^2 + 1e-20): 1 / x kept finite for degenerate eigen- or singular values (TensorFlow's
// Lorentz broadening).
Tensor safe_reciprocal(const Tensor& x) { return x / (x * x + 1e-20); }

// f[..., i, j] = 1 / (x_j - x_i) off the diagonal, 0 on it.
Tensor pairwise_reciprocal(const Tensor& x) {
  const Tensor f = safe_reciprocal(expand_dims(x, -2) - expand_dims(x, -1));
  return linalg::set_diag(f, zeros_shaped(x, x.shape(), x.dtype()));
}

// ---- Qr (https://arxiv.org/abs/2009.10071) ----

// x r^-1 for the upper-triangular r.
Tensor times_r_inverse(const Tensor& x, const Tensor& r) {
  return adjoint(linalg::triangular_solve(r, adjoint(x), false, false));
}

// The gradient for m >= n without full matrices.
Tensor qr_grad_deep(const Tensor& q, const Tensor& r, const Tensor& dq, const Tensor& dr) {
  const Tensor qdq = matmul(q, dq, {.transpose_a = true});
  const Tensor rdr = matmul(r, dr, {.transpose_b = true});
  const Tensor tril = linalg::band_part(qdq - adjoint(qdq) + rdr - adjoint(rdr), -1, 0);
  return matmul(q, dr + times_r_inverse(tril, r)) + times_r_inverse(dq - matmul(q, qdq), r);
}

Grads qr_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &q = ctx.output(0), &r = ctx.output(1);
  const TensorShape &qs = q.shape(), &rs = r.shape();
  if (rs.has_unknown_rank() || rs.dim(-2) == None || rs.dim(-1) == None || qs.dim(-2) == None)
    fail_unknown_shape(ctx, rs, "the static sizes of r");
  const std::int64_t m = qs.dim(-2), n = rs.dim(-1);
  if (rs.dim(-2) > n && qs.dim(-1) == m)
    throw UnimplementedError("[Qr] QrGrad not implemented when nrows > ncols and full_matrices is true. Received r.shape=" +
                             rs.to_string());
  if (m >= n) return {qr_grad_deep(q, r, dy[0], dy[1])};
  // Wide: a = [x, y], r = [u, v]; reduces to the square case.
  const Tensor y = columns(ctx.input(0), m, 0), u = columns(r, 0, m);
  const Tensor dv = columns(dy[1], m, 0), du = columns(dy[1], 0, m);
  const Tensor dx = qr_grad_deep(q, u, dy[0] + matmul(y, dv, {.transpose_b = true}), du);
  return {concat({dx, matmul(q, dv)}, -1)};
}

// ---- SelfAdjointEigV2 ----

Grads eig_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &e = ctx.output(0), &de = dy[0];
  Tensor da;
  if (ctx.attr<bool>(0)) {
    const Tensor& v = ctx.output(1);
    const Tensor inner = linalg::diag(de) + pairwise_reciprocal(e) * matmul(v, dy[1], {.transpose_a = true});
    da = matmul(v, matmul(inner, v, {.transpose_b = true}));
  } else {
    const Tensor v = linalg::eigh(ctx.input(0)).v;
    da = matmul(v, matmul(linalg::diag(de), v, {.transpose_b = true}));
  }
  // The op reads only the lower triangle: symmetrize and keep that triangle.
  da = linalg::band_part(da + adjoint(da), -1, 0);
  return {linalg::set_diag(da, linalg::diag_part(da) * 0.5)};
}

// ---- Svd (Giles; https://j-towns.github.io/papers/svd-derivative.pdf) ----

Grads svd_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& a = ctx.input(0);
  const Tensor ds = linalg::diag(dy[0]);
  if (!ctx.attr<bool>(0)) {
    const auto [s, u, v] = linalg::svd(a);
    return {matmul(u, matmul(ds, v, {.transpose_b = true}))};
  }
  const bool full = ctx.attr<bool>(1);
  const TensorShape& shape = ctx.input_shape(0);
  if (shape.has_unknown_rank() || shape.dim(-2) == None || shape.dim(-1) == None)
    throw UnimplementedError("[Svd] SVD gradient has not been implemented for input with unknown inner matrix shape.");
  std::int64_t m = shape.dim(-2), n = shape.dim(-1);
  Tensor s = ctx.output(0), u = ctx.output(1), v = ctx.output(2), du = dy[1], dv = dy[2];
  // For m > n, differentiate a^T = v s u^T and transpose the result.
  const bool transposed = m > n;
  if (transposed) {
    std::swap(m, n);
    std::swap(u, v);
    std::swap(du, dv);
  }
  if (full && n - m > 1)
    throw UnimplementedError("[Svd] svd gradient is not implemented for abs(m - n) > 1 when full_matrices is True. Received: m=" +
                             std::to_string(m) + " and n=" + std::to_string(n));
  const Tensor s_mat = linalg::diag(s);
  const Tensor f = pairwise_reciprocal(math::square(s));
  const Tensor v1 = columns(v, 0, m), dv1 = columns(dv, 0, m);
  const Tensor f_u = f * matmul(u, du, {.transpose_a = true});
  const Tensor f_v = f * matmul(v1, dv1, {.transpose_a = true});
  const Tensor inner = ds + matmul(f_u + adjoint(f_u), s_mat) + matmul(s_mat, f_v + adjoint(f_v));
  Tensor da = matmul(u, matmul(inner, v1, {.transpose_b = true}));
  if (m != n) {
    const Tensor dv1t = adjoint(dv1);
    Tensor outside = dv1t - matmul(matmul(dv1t, v1), v1, {.transpose_b = true});
    if (full) {
      const Tensor v2 = columns(v, m, n), dv2 = columns(dv, m, n);
      outside = outside - matmul(matmul(v1, dv2, {.transpose_a = true}), v2, {.transpose_b = true});
    }
    da = da + matmul(matmul(u, linalg::diag(safe_reciprocal(s))), outside);
  }
  return {transposed ? adjoint(da) : da};
}

[[maybe_unused]] const bool kLuLeftToUsers = leave_gradient_to_users("Lu");

}  // namespace

TF_REGISTER_GRADIENT("Qr", qr_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("SelfAdjointEigV2", eig_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("Svd", svd_grad, {.inputs = true, .outputs = true});

}  // namespace tf::autodiff
