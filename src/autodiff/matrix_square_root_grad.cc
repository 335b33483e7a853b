// The gradient of MatrixSquareRoot, as TensorFlow's linalg_grad.py defines it: differentiating
// A = R R gives the Sylvester equation dA = R dR + dR R, solved as one (M^2 x M^2) linear system
// (I kron R^T + R kron I) vec(dR^T) = vec(dA^T) per matrix. MatrixLogarithm has no gradient in
// TensorFlow: a tape raises LookupError through it until a user registers one.
#include "autodiff/gradient_registry.h"
#include "autodiff/unregistered_gradients.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/linalg_solvers.h"
#include "tfpp/math_ops.h"
#include "tfpp/matrix_ops.h"

namespace tf::autodiff {
namespace {

// [batch..., values...] as a 1-D int32 shape, for batch dimensions known only at run time.
Tensor dims(const Tensor& batch, const std::vector<Tensor>& values) { return concat({batch, stack(values)}, 0); }

// The Kronecker product of each pair of m x m matrices: [..., m, m] -> [..., m^2, m^2].
Tensor kronecker(const Tensor& b1, const Tensor& b2, const Tensor& batch, const Tensor& m) {
  const Tensor one = constant(std::int32_t{1});
  const Tensor left = reshape(b1, dims(batch, {m, one, m, one}));
  const Tensor right = reshape(b2, dims(batch, {one, m, one, m}));
  return reshape(multiply(left, right), dims(batch, {multiply(m, m), multiply(m, m)}));
}

Grads matrix_square_root_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& r = ctx.output(0);
  const Tensor s = shape(r);
  const Tensor m = strided_slice(s, {-1}, {0}, {1}, {.shrink_axis_mask = 1});
  const Tensor batch = strided_slice(s, {0}, {-2}, {1});
  const Tensor eye_batch = linalg::diag(ones_like(linalg::diag_part(r)));
  const Tensor ksum = add(kronecker(eye_batch, linalg::matrix_transpose(r), batch, m), kronecker(r, eye_batch, batch, m));
  const Tensor vec_da = reshape(linalg::matrix_transpose(dy[0]), dims(batch, {multiply(m, m), constant(std::int32_t{1})}));
  return {linalg::matrix_transpose(reshape(linalg::solve(ksum, vec_da), s))};
}

}  // namespace

TF_REGISTER_GRADIENT("MatrixSquareRoot", matrix_square_root_grad, {.inputs = false, .outputs = true});

[[maybe_unused]] const bool kMatrixLogarithmLeftToUsers = leave_gradient_to_users("MatrixLogarithm");

}  // namespace tf::autodiff
