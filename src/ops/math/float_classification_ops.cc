// Floating-point classification and neighbours: IsNan, IsInf, IsFinite (float in, bool out),
// Rint (halves to even) and NextAfter (with broadcasting). Float32/float64.
#include "tfpp/float_classification_ops.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ops/execute.h"
#include "ops/math/binary_kernels.h"
#include "ops/math/elementwise_shapes.h"
#include "ops/math/unary_kernels.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

template <class T> struct IsNan { bool operator()(T x) const { return std::isnan(x); } };
template <class T> struct IsInf { bool operator()(T x) const { return std::isinf(x); } };
template <class T> struct IsFinite { bool operator()(T x) const { return std::isfinite(x); } };
// nearbyint rounds in the default mode, to nearest with halves to even, and raises no flags.
template <class T> struct Rint { T operator()(T x) const { return std::nearbyint(x); } };
// std::nextafter is not used: it does arithmetic on denormals, which FTZ/DAZ turn into zeros
// (nextafter(0, 1) became 0). Stepping the bit pattern gives TensorFlow's denormals.
template <class T> struct NextAfter {
  using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  static constexpr Bits kSign = Bits(1) << (sizeof(T) * 8 - 1);
  // An integer that orders as the floats do (no float comparison: DAZ would equate denormals with 0).
  static std::int64_t order(Bits u) {
    const auto magnitude = static_cast<std::int64_t>(u & ~kSign);
    return u & kSign ? -magnitude : magnitude;
  }
  T operator()(T from, T to) const {
    if (std::isnan(from) || std::isnan(to)) return std::numeric_limits<T>::quiet_NaN();
    const Bits a = std::bit_cast<Bits>(from), b = std::bit_cast<Bits>(to);
    if (order(a) == order(b)) return to;  // equal, or +0 and -0
    if ((a & ~kSign) == 0) return std::bit_cast<T>(Bits((b & kSign) | 1));  // the smallest denormal toward `to`
    const bool away_from_zero = (order(a) < order(b)) == !(a & kSign);
    return std::bit_cast<T>(away_from_zero ? a + 1 : a - 1);
  }
};

template <class T, template <class> class F>
void predicate_kernel(KernelContext& ctx) {
  kernels::map_tensor<T, bool>(ctx.input(0), ctx.output(0), F<T>{});
}

// One float input; the output is bool, of its shape.
void predicate_shape(ShapeContext& ctx) {
  ops::check_supported_dtype(ctx, ctx.input(0).dtype());
  ctx.add_output(DType::kBool, ctx.input(0).shape());
}

template <template <class> class F>
OpBuilder predicate(const char* name) {
  OpBuilder b(name);
  b.inputs(1).shape(predicate_shape).kernels<float, double>([]<class T>() -> KernelFn {
    return &predicate_kernel<T, F>;
  });
  return b;
}

const OpDef& kIsNan = predicate<IsNan>("IsNan");
const OpDef& kIsInf = predicate<IsInf>("IsInf");
const OpDef& kIsFinite = predicate<IsFinite>("IsFinite");
const OpDef& kRint = ops::scalar_float_unary<Rint>("Rint").no_gradient();
const OpDef& kNextAfter = ops::scalar_float_binary<NextAfter>("NextAfter");

}  // namespace

namespace math {

Tensor is_nan(const Tensor& x) { return ops::execute1(kIsNan, {x}); }
Tensor is_inf(const Tensor& x) { return ops::execute1(kIsInf, {x}); }
Tensor is_finite(const Tensor& x) { return ops::execute1(kIsFinite, {x}); }
Tensor rint(const Tensor& x) { return ops::execute1(kRint, {x}); }
Tensor nextafter(const Tensor& x1, const Tensor& x2) { return ops::execute1(kNextAfter, {x1, x2}); }

}  // namespace math
}  // namespace tf
