// Note [Gradients of complex numbers]: TensorFlow's gradient of a real loss L through a
// complex z is dL/dRe(z) + i dL/dIm(z), which for a holomorphic f(z) with upstream gradient dy
// is dy * conj(f'(z)) (math_grad.py multiplies by conj(y) in Mul's gradient, and so on). The
// gradient functions of the holomorphic ops are written for real numbers, dy * f'(z); for
// complex inputs the tape runs them on conj(dy) and conjugates the result, which gives
// conj(conj(dy) f'(z)) = dy conj(f'(z)) for any function linear in dy. Ops whose gradient is
// not of that form (real, imag, conj, angle, abs, the FFTs) write TensorFlow's gradient directly.
#pragma once

#include <span>

#include "autodiff/gradient_registry.h"

namespace tf::autodiff {

/// True when `op` is holomorphic and one of its inputs is complex (Note [Gradients of complex numbers]).
bool conjugates_gradient(const ops::OpDef& op, std::span<const ops::TensorInfo> inputs);

/// conj of each defined tensor of `ts` that is complex; others pass unchanged.
Grads conjugate_all(std::span<const Tensor> ts);

}  // namespace tf::autodiff
