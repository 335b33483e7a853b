// Kernel helpers shared by the unary op families (math and activations).
#pragma once

#include <cstdint>
#include <type_traits>

#include "kernels/cpu/elementwise.h"
#include "ops/math/elementwise_shapes.h"

namespace tf::ops {

/// The SIMD kernel of float unary op `Op`.
template <class T, kernels::UnaryOp Op>
void simd_unary_kernel(KernelContext& ctx) {
  kernels::unary_tensor<T>(Op, ctx.input(0), ctx.output(0));
}

/// A kernel applying the scalar functor F<T> elementwise.
template <class T, template <class> class F>
void functor_unary_kernel(KernelContext& ctx) {
  kernels::map_tensor<T, T>(ctx.input(0), ctx.output(0), F<T>{});
}

/// A unary op with SIMD float32/float64 kernels for `Op`.
template <kernels::UnaryOp Op>
OpBuilder float_unary(const char* name) {
  OpBuilder b(name);
  b.inputs(1).shape(unary_elementwise_shape).kernels<float, double>([]<class T>() -> KernelFn {
    return &simd_unary_kernel<T, Op>;
  });
  return b;
}

/// The relative cost per element (an add is 1) of a scalar call into the C library's or tfpp's
/// special functions (tan, lgamma, digamma, ...): the loops split over threads from ~4k elements.
inline constexpr std::int64_t kScalarMathCost = 16;

/// functor_unary_kernel for functors that cost kScalarMathCost.
template <class T, template <class> class F>
void scalar_math_unary_kernel(KernelContext& ctx) {
  kernels::map_tensor<T, T>(ctx.input(0), ctx.output(0), F<T>{}, kScalarMathCost);
}

/// A unary op with scalar-loop float32/float64 kernels from the functor F (for the rarer ops).
template <template <class> class F>
OpBuilder scalar_float_unary(const char* name) {
  OpBuilder b(name);
  b.inputs(1).shape(unary_elementwise_shape).kernels<float, double>([]<class T>() -> KernelFn {
    return &scalar_math_unary_kernel<T, F>;
  });
  return b;
}

/// Adds int32/int64 kernels from the functor F to a unary op.
template <template <class> class F>
OpBuilder with_integers(OpBuilder b) {
  b.kernels<std::int32_t, std::int64_t>([]<class T>() -> KernelFn { return &functor_unary_kernel<T, F>; });
  return b;
}

/// Adds a uint8 kernel from the functor F (for the ops TensorFlow has one for).
template <template <class> class F>
OpBuilder with_uint8(OpBuilder b) {
  b.kernel(DType::kUInt8, &functor_unary_kernel<std::uint8_t, F>);
  return b;
}

/// The unsigned type integer arithmetic on T wraps in instead of overflowing: T's unsigned twin,
/// widened to unsigned int for the types narrower than int (which C++ would promote to int).
template <class T>
using Unsigned = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

/// Adds kernels from the functor F for int8 and int16 (the ops TensorFlow has them for).
template <template <class> class F>
OpBuilder with_small_ints(OpBuilder b) {
  b.kernels<std::int8_t, std::int16_t>([]<class T>() -> KernelFn { return &functor_unary_kernel<T, F>; });
  return b;
}

/// Adds kernels from the functor F for int8, int16, uint16, uint32 and uint64 (with_integers and
/// with_uint8 cover the others), for the ops TensorFlow registers for every integer dtype.
template <template <class> class F>
OpBuilder with_other_ints(OpBuilder b) {
  b.kernels<std::int8_t, std::int16_t, std::uint16_t, std::uint32_t, std::uint64_t>(
      []<class T>() -> KernelFn { return &functor_unary_kernel<T, F>; });
  return b;
}

}  // namespace tf::ops
