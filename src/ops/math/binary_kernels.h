// Kernel helpers shared by the binary op families with broadcasting (arithmetic, truncating
// division, the zero-safe ops).
#pragma once

#include <cstdint>

#include "kernels/cpu/broadcast.h"
#include "ops/math/elementwise_shapes.h"
#include "ops/math/unary_kernels.h"
#include "ops/op_def.h"

namespace tf::ops {

/// A kernel applying the scalar functor F (a default-constructible callable on two T) with broadcasting.
template <class T, class F>
void functor_binary_kernel(KernelContext& ctx) {
  kernels::broadcast_binary<T, T, T>(ctx.input(0), ctx.input(1), ctx.output(0), F{});
}

/// functor_binary_kernel for integer division and remainder: a zero divisor is an error, as in
/// TensorFlow; checked before the (possibly multi-threaded) loop, which must not throw.
template <class T, class F>
void checked_division_kernel(KernelContext& ctx) {
  const Tensor& b = ctx.input(1);
  const T* p = b.data<T>();
  for (std::int64_t i = 0, n = b.num_elements(); i < n; ++i)
    if (p[i] == 0) ctx.fail("integer division by zero");
  functor_binary_kernel<T, F>(ctx);
}

/// functor_binary_kernel for functors that cost kScalarMathCost (unary_kernels.h).
template <class T, class F>
void scalar_math_binary_kernel(KernelContext& ctx) {
  kernels::broadcast_binary<T, T, T>(ctx.input(0), ctx.input(1), ctx.output(0), F{}, kScalarMathCost);
}

/// A binary op with broadcasting and scalar-loop float32/float64 kernels from the functor F (for the rarer ops).
template <template <class> class F>
OpBuilder scalar_float_binary(const char* name) {
  OpBuilder b(name);
  b.inputs(2).shape(binary_elementwise_shape).kernels<float, double>([]<class T>() -> KernelFn {
    return &scalar_math_binary_kernel<T, F<T>>;
  });
  return b;
}

}  // namespace tf::ops
