// Gradients of the ops that build and take apart complex numbers, as TensorFlow's math_grad.py
// defines them (Note [Gradients of complex numbers] in complex_gradients.h).
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/complex_ops.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"
#include "tfpp/zero_safe_ops.h"

namespace tf::autodiff {
namespace {

constexpr Saves kInput{.inputs = true, .outputs = false};
constexpr Saves kNothing{.inputs = false, .outputs = false};

// dy as a complex tensor with a zero imaginary part.
Tensor as_complex(const Tensor& dy) { return complex(dy, zeros_like(dy)); }

Grads complex_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(2);
  if (ctx.needs_gradient(0)) g[0] = unbroadcast(math::real(dy[0]), ctx, 0);
  if (ctx.needs_gradient(1)) g[1] = unbroadcast(math::imag(dy[0]), ctx, 1);
  return g;
}

Grads real_grad(const GradientContext&, std::span<const Tensor> dy) { return {as_complex(dy[0])}; }
Grads imag_grad(const GradientContext&, std::span<const Tensor> dy) { return {complex(zeros_like(dy[0]), dy[0])}; }
Grads conj_grad(const GradientContext&, std::span<const Tensor> dy) { return {math::conj(dy[0])}; }

// d angle(x) = -dy / (imag(x) + i real(x)).
Grads angle_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  const Tensor z = math::reciprocal(complex(math::imag(x), math::real(x)));
  return {neg(multiply(as_complex(dy[0]), z))};
}

// d |x| = dy x / |x|, and 0 where x = 0.
Grads complex_abs_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {math::divide_no_nan(multiply(as_complex(dy[0]), ctx.input(0)), as_complex(ctx.output(0)))};
}

TF_REGISTER_GRADIENT("Complex", complex_grad);
TF_REGISTER_GRADIENT("Real", real_grad, kNothing);
TF_REGISTER_GRADIENT("Imag", imag_grad, kNothing);
TF_REGISTER_GRADIENT("Conj", conj_grad, kNothing);
TF_REGISTER_GRADIENT("Angle", angle_grad, kInput);
TF_REGISTER_GRADIENT("ComplexAbs", complex_abs_grad, Saves{});

}  // namespace
}  // namespace tf::autodiff
