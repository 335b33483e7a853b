// Division rounding toward zero: TruncateDiv (every integer dtype, float32, float64) and
// TruncateMod (int32, int64, float32, float64), with broadcasting. Integers divide as C++
// does, except that min / -1 wraps (and min % -1 is 0) instead of trapping, as TensorFlow's do.
#include "tfpp/truncating_division_ops.h"

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "ops/execute.h"
#include "ops/math/binary_kernels.h"
#include "ops/math/elementwise_shapes.h"
#include "ops/math/unary_kernels.h"

namespace tf {
namespace {

using ops::checked_division_kernel;
using ops::functor_binary_kernel;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::Unsigned;

template <class T> struct IntTruncateDiv {
  T operator()(T a, T b) const {
    if constexpr (std::is_signed_v<T>)
      if (b == -1) return T(Unsigned<T>(0) - Unsigned<T>(a));
    return a / b;
  }
};
template <class T> struct IntTruncateMod {
  T operator()(T a, T b) const {
    if constexpr (std::is_signed_v<T>)
      if (b == -1) return 0;
    return a % b;
  }
};
template <class T> struct FloatTruncateDiv { T operator()(T a, T b) const { return std::trunc(a / b); } };
template <class T> struct FloatTruncateMod { T operator()(T a, T b) const { return std::fmod(a, b); } };

const OpDef& kTruncateDiv =
    OpBuilder("TruncateDiv")
        .inputs(2)
        .shape(ops::binary_elementwise_shape)
        .kernels<float, double>([]<class T>() -> KernelFn { return &functor_binary_kernel<T, FloatTruncateDiv<T>>; })
        .kernels<std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t, std::uint32_t,
                 std::uint64_t>([]<class T>() -> KernelFn { return &checked_division_kernel<T, IntTruncateDiv<T>>; })
        .no_gradient();
const OpDef& kTruncateMod =
    OpBuilder("TruncateMod")
        .inputs(2)
        .shape(ops::binary_elementwise_shape)
        .kernels<float, double>([]<class T>() -> KernelFn { return &functor_binary_kernel<T, FloatTruncateMod<T>>; })
        .kernels<std::int32_t, std::int64_t>(
            []<class T>() -> KernelFn { return &checked_division_kernel<T, IntTruncateMod<T>>; });

}  // namespace

Tensor truncatediv(const Tensor& x, const Tensor& y) { return ops::execute1(kTruncateDiv, {x, y}); }
Tensor truncatemod(const Tensor& x, const Tensor& y) { return ops::execute1(kTruncateMod, {x, y}); }

}  // namespace tf
