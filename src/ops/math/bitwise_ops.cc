// Bitwise ops with broadcasting: BitwiseAnd, BitwiseOr, BitwiseXor, Invert, LeftShift,
// RightShift, for every integer dtype (TensorFlow registers no others).
#include "tfpp/bitwise_ops.h"

#include <cstdint>
#include <functional>
#include <type_traits>

#include "ops/execute.h"
#include "ops/math/binary_kernels.h"

namespace tf {
namespace {

using ops::functor_binary_kernel;
using ops::functor_unary_kernel;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::Unsigned;

// The shift amount clamped to [0, bits - 1], as TensorFlow's kernels clamp it.
template <class T>
unsigned clamped_shift(T y) {
  constexpr T kMax = static_cast<T>(sizeof(T) * 8 - 1);
  if constexpr (std::is_signed_v<T>)
    if (y < 0) return 0;
  return static_cast<unsigned>(y > kMax ? kMax : y);
}

// Shifted in the unsigned type, so bits shifted out of a signed value are dropped, not undefined.
template <class T> struct LeftShift {
  T operator()(T x, T y) const { return static_cast<T>(static_cast<Unsigned<T>>(x) << clamped_shift(y)); }
};
template <class T> struct RightShift {
  T operator()(T x, T y) const { return static_cast<T>(x >> clamped_shift(y)); }  // arithmetic when signed
};
template <class T> struct Invert {
  T operator()(T x) const { return static_cast<T>(~x); }
};

template <template <class> class F>
OpBuilder every_int_binary(const char* name) {
  OpBuilder b(name);
  b.inputs(2).shape(ops::binary_elementwise_shape).no_gradient()
      .kernels<std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t, std::uint32_t,
               std::uint64_t>([]<class T>() -> KernelFn { return &functor_binary_kernel<T, F<T>>; });
  return b;
}

const OpDef& kBitwiseAnd = every_int_binary<std::bit_and>("BitwiseAnd");
const OpDef& kBitwiseOr = every_int_binary<std::bit_or>("BitwiseOr");
const OpDef& kBitwiseXor = every_int_binary<std::bit_xor>("BitwiseXor");
const OpDef& kLeftShift = every_int_binary<LeftShift>("LeftShift");
const OpDef& kRightShift = every_int_binary<RightShift>("RightShift");
const OpDef& kInvert =
    OpBuilder("Invert").inputs(1).shape(ops::unary_elementwise_shape).no_gradient()
        .kernels<std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t, std::uint32_t,
                 std::uint64_t>([]<class T>() -> KernelFn { return &functor_unary_kernel<T, Invert>; });

}  // namespace

namespace bitwise {

Tensor bitwise_and(const Tensor& x, const Tensor& y) { return ops::execute1(kBitwiseAnd, {x, y}); }
Tensor bitwise_or(const Tensor& x, const Tensor& y) { return ops::execute1(kBitwiseOr, {x, y}); }
Tensor bitwise_xor(const Tensor& x, const Tensor& y) { return ops::execute1(kBitwiseXor, {x, y}); }
Tensor invert(const Tensor& x) { return ops::execute1(kInvert, {x}); }
Tensor left_shift(const Tensor& x, const Tensor& y) { return ops::execute1(kLeftShift, {x, y}); }
Tensor right_shift(const Tensor& x, const Tensor& y) { return ops::execute1(kRightShift, {x, y}); }

}  // namespace bitwise
}  // namespace tf
