// The gradient of Eig, as TensorFlow's linalg_grad.py defines it (_EigGrad): with vt = adjoint(v),
// grad_a = vt^-1 (diag(grad_e) + f * (vt grad_v - vt v diag(real(diag(vt grad_v))))) vt, where
// f[i][j] = conj(1 / (e_j - e_i)) off the diagonal (Note [Gradients of complex numbers]).
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/array_ops.h"
#include "tfpp/complex_ops.h"
#include "tfpp/constant.h"
#include "tfpp/linalg_eig.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/math_ops.h"
#include "tfpp/matrix_ops.h"

namespace tf::autodiff {
namespace {

// x / (x^2 + 1e-20): 1 / x away from 0 and 0 at 0 (TensorFlow's _SafeReciprocal).
Tensor safe_reciprocal(const Tensor& x) {
  return multiply(x, math::reciprocal(add(multiply(x, x), scalar_like(x, 1e-20))));
}

Grads eig_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const TensorShape& shape = ctx.input_shape(0);
  if (shape.has_unknown_rank() || shape.dim(-1) == None) fail_unknown_shape(ctx, shape, "the matrices' size");
  const Tensor& e = ctx.output(0);
  const Tensor eye_c = eye(shape.dim(-1), -1, e.dtype());
  const auto diag = [&](const Tensor& d) { return multiply(expand_dims(d, -2), eye_c); };  // matrix_diag
  const bool compute_v = ctx.attr<bool>(0);
  const Tensor v = compute_v ? ctx.output(1) : linalg::eig(ctx.input(0)).v;
  const Tensor vt = math::conj(linalg::matrix_transpose(v));
  Tensor mid = diag(dy[0]);
  if (compute_v) {
    const Tensor off_diagonal = subtract(ones_like(eye_c), eye_c);
    const Tensor f = math::conj(multiply(safe_reciprocal(subtract(expand_dims(e, -2), expand_dims(e, -1))), off_diagonal));
    const Tensor vgv = matmul(vt, dy[1]);
    const Tensor diag_grad_part = complex(multiply(math::real(vgv), math::real(eye_c)), zeros_like(math::real(vgv)));
    mid = add(mid, multiply(f, subtract(vgv, matmul(matmul(vt, v), diag_grad_part))));
  }
  const Tensor grad_a = linalg::solve(vt, matmul(mid, vt));
  return {cast(grad_a, ctx.input_dtype(0))};
}

TF_REGISTER_GRADIENT("Eig", eig_grad);

}  // namespace
}  // namespace tf::autodiff
