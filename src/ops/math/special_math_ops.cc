// Special functions: Lgamma, Digamma, Polygamma, Erfc, Erfinv, Ndtri (float32/float64 scalar
// loops; float32 rounds the double result).
#include "tfpp/special_math_ops.h"

#include <cmath>
#include <type_traits>

#include "kernels/cpu/special_functions.h"
#include "ops/execute.h"
#include "ops/math/binary_kernels.h"
#include "ops/math/python_name_scope.h"
#include "ops/math/unary_kernels.h"

namespace tf {
namespace {

using ops::OpDef;
using ops::scalar_float_unary;

// lgamma_r: std::lgamma writes the global signgam, a data race in multi-threaded loops.
template <class T> struct Lgamma {
  T operator()(T x) const {
    int sign;
    if constexpr (std::is_same_v<T, float>) return ::lgammaf_r(x, &sign);
    else return ::lgamma_r(x, &sign);
  }
};
template <class T> struct Digamma { T operator()(T x) const { return T(kernels::scalar::digamma(double(x))); } };
template <class T> struct Erfc { T operator()(T x) const { return std::erfc(x); } };
// float32 needs no refinement of the approximation (special_functions.h).
template <class T> struct Erfinv {
  T operator()(T x) const { return T(kernels::scalar::erfinv(double(x), std::is_same_v<T, double>)); }
};
template <class T> struct Ndtri {
  T operator()(T x) const { return T(kernels::scalar::ndtri(double(x), std::is_same_v<T, double>)); }
};

template <class T> struct Polygamma {
  T operator()(T n, T x) const { return T(kernels::scalar::polygamma(double(n), double(x))); }
};

const OpDef& kLgamma = scalar_float_unary<Lgamma>("Lgamma");
const OpDef& kDigamma = scalar_float_unary<Digamma>("Digamma");
const OpDef& kErfc = scalar_float_unary<Erfc>("Erfc");
const OpDef& kErfinv = scalar_float_unary<Erfinv>("Erfinv");
const OpDef& kNdtri = scalar_float_unary<Ndtri>("Ndtri");
const OpDef& kPolygamma = ops::scalar_float_binary<Polygamma>("Polygamma");

// erfinv and ndtri run in a name scope of their own in TensorFlow ("erfinv/Erfinv").
Tensor scoped(const char* scope, const OpDef& op, const Tensor& x) {
  return ops::with_python_scope(scope, [&](graph::OpNameScope*) { return ops::execute1(op, {x}); });
}

}  // namespace

namespace math {

Tensor lgamma(const Tensor& x) { return ops::execute1(kLgamma, {x}); }
Tensor digamma(const Tensor& x) { return ops::execute1(kDigamma, {x}); }
Tensor polygamma(const Tensor& a, const Tensor& x) { return ops::execute1(kPolygamma, {a, x}); }
Tensor erfc(const Tensor& x) { return ops::execute1(kErfc, {x}); }
Tensor erfinv(const Tensor& x) { return scoped("erfinv", kErfinv, x); }
Tensor ndtri(const Tensor& x) { return scoped("ndtri", kNdtri, x); }

}  // namespace math
}  // namespace tf
