// Unary math: Neg, Abs, Sign, Square, Sqrt, Rsqrt, Reciprocal, Exp, Expm1, Log, Log1p, Sin,
// Cos, Tanh, Sigmoid, Softplus, Erf, Round, Floor, Ceil.
#include <cmath>

#include "kernels/cpu/scalar_math.h"
#include "ops/execute.h"
#include "ops/math/unary_kernels.h"
#include "tfpp/complex_ops.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using kernels::UnaryOp;
using ops::float_unary;
using ops::OpDef;
using ops::Unsigned;
using ops::with_integers;
using ops::with_other_ints;
using ops::with_small_ints;
using ops::with_uint8;

template <class T> struct IntNeg { T operator()(T x) const { return T(Unsigned<T>(0) - Unsigned<T>(x)); } };
template <class T> struct IntAbs { T operator()(T x) const { return x < 0 ? IntNeg<T>{}(x) : x; } };
template <class T> struct IntSign { T operator()(T x) const { return kernels::scalar::sign(x); } };
template <class T> struct IntSquare { T operator()(T x) const { return T(Unsigned<T>(x) * Unsigned<T>(x)); } };
template <class T> struct Identity { T operator()(T x) const { return x; } };
template <class T> struct Erf { T operator()(T x) const { return std::erf(x); } };

const OpDef& kNeg = with_small_ints<IntNeg>(with_integers<IntNeg>(float_unary<UnaryOp::kNeg>("Neg")));
const OpDef& kAbs = with_small_ints<IntAbs>(with_integers<IntAbs>(float_unary<UnaryOp::kAbs>("Abs")));
const OpDef& kSign = with_small_ints<IntSign>(with_integers<IntSign>(float_unary<UnaryOp::kSign>("Sign")));
const OpDef& kSquare = with_other_ints<IntSquare>(with_uint8<IntSquare>(with_integers<IntSquare>(float_unary<UnaryOp::kSquare>("Square"))));
const OpDef& kRound = with_other_ints<Identity>(
    with_uint8<Identity>(with_integers<Identity>(float_unary<UnaryOp::kRound>("Round").no_gradient())));
const OpDef& kSqrt = float_unary<UnaryOp::kSqrt>("Sqrt");
const OpDef& kRsqrt = float_unary<UnaryOp::kRsqrt>("Rsqrt");
const OpDef& kReciprocal = float_unary<UnaryOp::kReciprocal>("Reciprocal");
const OpDef& kExp = float_unary<UnaryOp::kExp>("Exp");
const OpDef& kExpm1 = float_unary<UnaryOp::kExpm1>("Expm1");
const OpDef& kLog = float_unary<UnaryOp::kLog>("Log");
const OpDef& kLog1p = float_unary<UnaryOp::kLog1p>("Log1p");
const OpDef& kSin = float_unary<UnaryOp::kSin>("Sin");
const OpDef& kCos = float_unary<UnaryOp::kCos>("Cos");
const OpDef& kTanh = float_unary<UnaryOp::kTanh>("Tanh");
const OpDef& kSigmoid = float_unary<UnaryOp::kSigmoid>("Sigmoid");
const OpDef& kSoftplus = float_unary<UnaryOp::kSoftplus>("Softplus");
// Erf is rare (the exact GELU's gradient): a scalar loop is enough.
const OpDef& kErf = ops::scalar_float_unary<Erf>("Erf");
const OpDef& kFloor = float_unary<UnaryOp::kFloor>("Floor").no_gradient();
const OpDef& kCeil = float_unary<UnaryOp::kCeil>("Ceil").no_gradient();

}  // namespace

namespace math {

Tensor negative(const Tensor& x) { return ops::execute1(kNeg, {x}); }
// tf.abs of complex numbers is their magnitude, a real tensor (TensorFlow's ComplexAbs).
Tensor abs(const Tensor& x) { return is_complex(x.dtype()) ? complex_abs(x) : ops::execute1(kAbs, {x}); }
Tensor sign(const Tensor& x) { return ops::execute1(kSign, {x}); }
Tensor square(const Tensor& x) { return ops::execute1(kSquare, {x}); }
Tensor sqrt(const Tensor& x) { return ops::execute1(kSqrt, {x}); }
Tensor rsqrt(const Tensor& x) { return ops::execute1(kRsqrt, {x}); }
Tensor reciprocal(const Tensor& x) { return ops::execute1(kReciprocal, {x}); }
Tensor exp(const Tensor& x) { return ops::execute1(kExp, {x}); }
Tensor expm1(const Tensor& x) { return ops::execute1(kExpm1, {x}); }
Tensor log(const Tensor& x) { return ops::execute1(kLog, {x}); }
Tensor log1p(const Tensor& x) { return ops::execute1(kLog1p, {x}); }
Tensor sin(const Tensor& x) { return ops::execute1(kSin, {x}); }
Tensor cos(const Tensor& x) { return ops::execute1(kCos, {x}); }
Tensor tanh(const Tensor& x) { return ops::execute1(kTanh, {x}); }
Tensor sigmoid(const Tensor& x) { return ops::execute1(kSigmoid, {x}); }
Tensor softplus(const Tensor& x) { return ops::execute1(kSoftplus, {x}); }
Tensor erf(const Tensor& x) { return ops::execute1(kErf, {x}); }
Tensor round(const Tensor& x) { return ops::execute1(kRound, {x}); }
Tensor floor(const Tensor& x) { return ops::execute1(kFloor, {x}); }
Tensor ceil(const Tensor& x) { return ops::execute1(kCeil, {x}); }

}  // namespace math
}  // namespace tf
