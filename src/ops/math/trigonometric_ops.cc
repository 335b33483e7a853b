// Trigonometric and hyperbolic ops and their inverses: Tan, Asin, Acos, Atan, Sinh, Cosh,
// Asinh, Acosh, Atanh (float32/float64 scalar loops: rarer than sin/cos) and Atan2.
#include "tfpp/trigonometric_ops.h"

#include <cmath>

#include "ops/execute.h"
#include "ops/math/binary_kernels.h"
#include "ops/math/unary_kernels.h"

namespace tf {
namespace {

using ops::OpDef;
using ops::scalar_float_unary;

template <class T> struct Tan { T operator()(T x) const { return std::tan(x); } };
template <class T> struct Asin { T operator()(T x) const { return std::asin(x); } };
template <class T> struct Acos { T operator()(T x) const { return std::acos(x); } };
template <class T> struct Atan { T operator()(T x) const { return std::atan(x); } };
template <class T> struct Sinh { T operator()(T x) const { return std::sinh(x); } };
template <class T> struct Cosh { T operator()(T x) const { return std::cosh(x); } };
template <class T> struct Asinh { T operator()(T x) const { return std::asinh(x); } };
template <class T> struct Acosh { T operator()(T x) const { return std::acosh(x); } };
template <class T> struct Atanh { T operator()(T x) const { return std::atanh(x); } };

template <class T> struct Atan2 { T operator()(T y, T x) const { return std::atan2(y, x); } };

const OpDef& kTan = scalar_float_unary<Tan>("Tan");
const OpDef& kAsin = scalar_float_unary<Asin>("Asin");
const OpDef& kAcos = scalar_float_unary<Acos>("Acos");
const OpDef& kAtan = scalar_float_unary<Atan>("Atan");
const OpDef& kSinh = scalar_float_unary<Sinh>("Sinh");
const OpDef& kCosh = scalar_float_unary<Cosh>("Cosh");
const OpDef& kAsinh = scalar_float_unary<Asinh>("Asinh");
const OpDef& kAcosh = scalar_float_unary<Acosh>("Acosh");
const OpDef& kAtanh = scalar_float_unary<Atanh>("Atanh");
const OpDef& kAtan2 = ops::scalar_float_binary<Atan2>("Atan2");

}  // namespace

namespace math {

Tensor tan(const Tensor& x) { return ops::execute1(kTan, {x}); }
Tensor asin(const Tensor& x) { return ops::execute1(kAsin, {x}); }
Tensor acos(const Tensor& x) { return ops::execute1(kAcos, {x}); }
Tensor atan(const Tensor& x) { return ops::execute1(kAtan, {x}); }
Tensor sinh(const Tensor& x) { return ops::execute1(kSinh, {x}); }
Tensor cosh(const Tensor& x) { return ops::execute1(kCosh, {x}); }
Tensor asinh(const Tensor& x) { return ops::execute1(kAsinh, {x}); }
Tensor acosh(const Tensor& x) { return ops::execute1(kAcosh, {x}); }
Tensor atanh(const Tensor& x) { return ops::execute1(kAtanh, {x}); }
Tensor atan2(const Tensor& y, const Tensor& x) { return ops::execute1(kAtan2, {y, x}); }

}  // namespace math
}  // namespace tf
