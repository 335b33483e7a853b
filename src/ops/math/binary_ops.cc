// Binary arithmetic with broadcasting: AddV2, Sub, Mul, RealDiv, FloorDiv, FloorMod, Pow,
// Maximum, Minimum, SquaredDifference.
//
// Floats run the SIMD rows of kernels/cpu/elementwise.h; integers use scalar functors that
// wrap around on overflow (as TensorFlow's do) instead of hitting C++'s undefined behaviour.
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <type_traits>

#include "graph/tracer.h"
#include "kernels/cpu/elementwise.h"
#include "kernels/cpu/scalar_math.h"
#include "ops/execute.h"
#include "ops/math/binary_kernels.h"
#include "ops/math/elementwise_shapes.h"
#include "ops/math/truediv_dtype.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using kernels::BinaryOp;
using ops::checked_division_kernel;
using ops::functor_binary_kernel;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;

template <class T, BinaryOp Op>
void simd_kernel(KernelContext& ctx) {
  kernels::binary_tensor<T>(Op, ctx.input(0), ctx.input(1), ctx.output(0));
}

using ops::Unsigned;

template <class T> struct WrapAdd { T operator()(T a, T b) const { return T(Unsigned<T>(a) + Unsigned<T>(b)); } };
template <class T> struct WrapSub { T operator()(T a, T b) const { return T(Unsigned<T>(a) - Unsigned<T>(b)); } };
template <class T> struct WrapMul { T operator()(T a, T b) const { return T(Unsigned<T>(a) * Unsigned<T>(b)); } };
template <class T> struct Max { T operator()(T a, T b) const { return a > b ? a : b; } };
template <class T> struct Min { T operator()(T a, T b) const { return a < b ? a : b; } };
template <class T> struct WrapSquaredDifference {
  T operator()(T a, T b) const {
    const Unsigned<T> d = Unsigned<T>(a) - Unsigned<T>(b);
    return T(d * d);
  }
};
template <class T> struct IntFloorDiv {
  T operator()(T a, T b) const {
    if constexpr (std::is_unsigned_v<T>) {
      return a / b;
    } else {
      if (b == -1) return T(Unsigned<T>(0) - Unsigned<T>(a));  // min / -1 wraps
      const T q = a / b;
      return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
    }
  }
};
template <class T> struct IntFloorMod {
  T operator()(T a, T b) const {
    if constexpr (std::is_unsigned_v<T>) {
      return a % b;
    } else {
      if (b == -1) return 0;  // min % -1 would trap
      const T r = a % b;
      return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
    }
  }
};
template <class T> struct FloatFloorMod { T operator()(T a, T b) const { return kernels::scalar::floor_mod(a, b); } };
template <class T> struct FloatPow { T operator()(T a, T b) const { return std::pow(a, b); } };
// Exponentiation by squaring, wrapping on overflow; negative exponents are rejected earlier.
template <class T> struct IntPow {
  T operator()(T base, T exponent) const {
    Unsigned<T> result = 1, b = Unsigned<T>(base);
    for (Unsigned<T> e = Unsigned<T>(exponent); e; e >>= 1) {
      if (e & 1) result *= b;
      b *= b;
    }
    return T(result);
  }
};

template <class T>
void int_pow_kernel(KernelContext& ctx) {
  const Tensor& e = ctx.input(1);
  const T* p = e.data<T>();
  for (std::int64_t i = 0, n = e.num_elements(); i < n; ++i)
    if (p[i] < 0) ctx.fail("integers to negative integer powers are not allowed");
  functor_binary_kernel<T, IntPow<T>>(ctx);
}

// An op with SIMD float kernels for `Op` and kernels from the functor IntF for the integer
// dtypes Ints (those TensorFlow registers the op for).
template <BinaryOp Op, template <class> class IntF, class... Ints>
OpBuilder arithmetic(const char* name) {
  OpBuilder b(name);
  b.inputs(2).shape(ops::binary_elementwise_shape);
  b.kernels<float, double>([]<class T>() -> KernelFn { return &simd_kernel<T, Op>; });
  b.kernels<Ints...>([]<class T>() -> KernelFn { return &functor_binary_kernel<T, IntF<T>>; });
  return b;
}

// arithmetic<...> for the ops TensorFlow registers for every integer dtype.
template <BinaryOp Op, template <class> class IntF>
OpBuilder every_int_arithmetic(const char* name) {
  return arithmetic<Op, IntF, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t,
                    std::uint32_t, std::uint64_t>(name);
}

const OpDef& kAddV2 = every_int_arithmetic<BinaryOp::kAdd, WrapAdd>("AddV2").kernel(
    DType::kString, &functor_binary_kernel<std::string, std::plus<std::string>>);
const OpDef& kSub = every_int_arithmetic<BinaryOp::kSub, WrapSub>("Sub");
const OpDef& kMul = every_int_arithmetic<BinaryOp::kMul, WrapMul>("Mul");
const OpDef& kMaximum = every_int_arithmetic<BinaryOp::kMax, Max>("Maximum");
const OpDef& kMinimum = every_int_arithmetic<BinaryOp::kMin, Min>("Minimum");
const OpDef& kSquaredDifference =
    arithmetic<BinaryOp::kSquaredDifference, WrapSquaredDifference, std::int32_t, std::int64_t>("SquaredDifference");
const OpDef& kRealDiv = OpBuilder("RealDiv").inputs(2).shape(ops::binary_elementwise_shape).kernels<float, double>(
    []<class T>() -> KernelFn { return &simd_kernel<T, BinaryOp::kDiv>; });
const OpDef& kFloorDiv =
    OpBuilder("FloorDiv")
        .inputs(2)
        .shape(ops::binary_elementwise_shape)
        .kernels<float, double>([]<class T>() -> KernelFn { return &simd_kernel<T, BinaryOp::kFloorDiv>; })
        .kernels<std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t, std::uint32_t,
                 std::uint64_t>([]<class T>() -> KernelFn { return &checked_division_kernel<T, IntFloorDiv<T>>; })
        .no_gradient();
const OpDef& kFloorMod =
    OpBuilder("FloorMod")
        .inputs(2)
        .shape(ops::binary_elementwise_shape)
        .kernels<float, double>([]<class T>() -> KernelFn { return &functor_binary_kernel<T, FloatFloorMod<T>>; })
        .kernels<std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t, std::uint32_t,
                 std::uint64_t>([]<class T>() -> KernelFn { return &checked_division_kernel<T, IntFloorMod<T>>; });
const OpDef& kPow = OpBuilder("Pow")
                        .inputs(2)
                        .shape(ops::binary_elementwise_shape)
                        .kernels<float, double>([]<class T>() -> KernelFn { return &functor_binary_kernel<T, FloatPow<T>>; })
                        .kernels<std::int32_t, std::int64_t, std::int8_t, std::int16_t>(
                            []<class T>() -> KernelFn { return &int_pow_kernel<T>; });

}  // namespace

Tensor scalar_like(const Tensor& like, double value) { return constant(value, like.dtype()); }

// Why: `image / 255.0f` in a tf.data map made a new scalar tensor per element. Operators
// only read their operands, so the few most recent scalars of each thread are reused.
// While tracing, every number stays its own Const node, as graph passes expect.
Tensor detail::operand_scalar(const Tensor& like, double value) {
  if (ops::current_context()) return scalar_like(like, value);
  struct Entry {
    DType dtype;
    std::uint64_t bits;
    Tensor scalar;
  };
  struct Cache {
    std::array<Entry, 4> entries;
    std::size_t next = 0;
  };
  thread_local Cache cache;
  const DType dtype = like.dtype();
  const auto bits = std::bit_cast<std::uint64_t>(value);
  for (const Entry& e : cache.entries)
    if (e.scalar.defined() && e.dtype == dtype && e.bits == bits) return e.scalar;
  Tensor scalar = scalar_like(like, value);
  cache.entries[cache.next++ % cache.entries.size()] = Entry{dtype, bits, scalar};
  return scalar;
}

namespace math {

Tensor add(const Tensor& a, const Tensor& b) {
  graph::NodeNameOverride name("Add");  // tf.add's node name in a graph
  return ops::execute1(kAddV2, {a, b});
}
Tensor subtract(const Tensor& a, const Tensor& b) { return ops::execute1(kSub, {a, b}); }
Tensor multiply(const Tensor& a, const Tensor& b) { return ops::execute1(kMul, {a, b}); }
Tensor divide(const Tensor& a, const Tensor& b) {
  // Traced, tf.math.truediv names its node as the `/` operator does ("truediv").
  if (graph::Tracer::current() && !graph::node_name_pending()) return detail::apply_operator(detail::Operator::kTrueDiv, a, b);
  // tf.math.truediv: integers of one dtype divide as floats.
  if (is_integer(a.dtype()) && a.dtype() == b.dtype()) {
    const DType as = ops::math::truediv_dtype(a.dtype());
    return ops::execute1(kRealDiv, {cast(a, as), cast(b, as)});
  }
  return ops::execute1(kRealDiv, {a, b});
}
Tensor truediv(const Tensor& a, const Tensor& b) { return divide(a, b); }
Tensor floordiv(const Tensor& a, const Tensor& b) {
  // Traced, tf.math.floordiv names its node as the `//` operator does ("floordiv").
  if (graph::Tracer::current() && !graph::node_name_pending()) return detail::apply_operator(detail::Operator::kFloorDiv, a, b);
  return ops::execute1(kFloorDiv, {a, b});
}
Tensor floormod(const Tensor& a, const Tensor& b) { return ops::execute1(kFloorMod, {a, b}); }
Tensor pow(const Tensor& a, const Tensor& b) { return ops::execute1(kPow, {a, b}); }
Tensor maximum(const Tensor& a, const Tensor& b) { return ops::execute1(kMaximum, {a, b}); }
Tensor minimum(const Tensor& a, const Tensor& b) { return ops::execute1(kMinimum, {a, b}); }
Tensor squared_difference(const Tensor& a, const Tensor& b) { return ops::execute1(kSquaredDifference, {a, b}); }

}  // namespace math
}  // namespace tf
