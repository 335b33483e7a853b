// Gradients of MatrixBandPart, MatrixDiag, MatrixDiagPart and MatrixSetDiag, as TensorFlow's
// array_grad.py: each routes the output gradient back through the same band or diagonal.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/constant.h"
#include "tfpp/matrix_ops.h"

namespace tf::autodiff {
namespace {

Grads band_part_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {linalg::band_part(dy[0], ctx.input(1), ctx.input(2)), Tensor(), Tensor()};
}

Grads diag_grad(const GradientContext&, std::span<const Tensor> dy) { return {linalg::diag_part(dy[0])}; }

// Square matrices: the diagonal matrix of dy; otherwise dy on the diagonal of zeros.
Grads diag_part_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const TensorShape& s = ctx.input_shape(0);
  if (!s.has_unknown_rank() && s.dim(-1) != None && s.dim(-1) == s.dim(-2)) return {linalg::diag(dy[0])};
  return {linalg::set_diag(zeros_like_input(ctx, 0), dy[0])};
}

Grads set_diag_grad(const GradientContext&, std::span<const Tensor> dy) {
  const Tensor diagonal = linalg::diag_part(dy[0]);
  return {linalg::set_diag(dy[0], zeros_shaped(diagonal, diagonal.shape(), diagonal.dtype())), diagonal};
}

constexpr Saves kNothing{.inputs = false, .outputs = false};

}  // namespace

TF_REGISTER_GRADIENT("MatrixBandPart", band_part_grad, kNothing);
TF_REGISTER_GRADIENT("MatrixDiag", diag_grad, kNothing);
TF_REGISTER_GRADIENT("MatrixDiagPart", diag_part_grad, kNothing);
TF_REGISTER_GRADIENT("MatrixSetDiag", set_diag_grad, kNothing);

}  // namespace tf::autodiff
