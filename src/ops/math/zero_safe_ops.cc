// Ops that are 0 where a zero operand would make NaN or inf: Xlogy, Xlog1py, Xdivy (0 where
// x == 0), DivNoNan and MulNoNan (0 where y == 0), and the composite reciprocal_no_nan.
// Float32/float64 with broadcasting.
#include "tfpp/zero_safe_ops.h"

#include <cmath>

#include "ops/execute.h"
#include "ops/math/binary_kernels.h"
#include "ops/math/python_name_scope.h"
#include "ops/math/truediv_dtype.h"

namespace tf {
namespace {

using graph::OpNameScope;
using ops::OpDef;
using ops::scalar_float_binary;

template <class T> struct Xlogy { T operator()(T x, T y) const { return x == T(0) ? T(0) : x * std::log(y); } };
template <class T> struct Xlog1py { T operator()(T x, T y) const { return x == T(0) ? T(0) : x * std::log1p(y); } };
template <class T> struct Xdivy { T operator()(T x, T y) const { return x == T(0) ? T(0) : x / y; } };
template <class T> struct DivNoNan { T operator()(T x, T y) const { return y == T(0) ? T(0) : x / y; } };
template <class T> struct MulNoNan { T operator()(T x, T y) const { return y == T(0) ? T(0) : x * y; } };

const OpDef& kXlogy = scalar_float_binary<Xlogy>("Xlogy");
const OpDef& kXlog1py = scalar_float_binary<Xlog1py>("Xlog1py");
const OpDef& kXdivy = scalar_float_binary<Xdivy>("Xdivy");
const OpDef& kDivNoNan = scalar_float_binary<DivNoNan>("DivNoNan");
const OpDef& kMulNoNan = scalar_float_binary<MulNoNan>("MulNoNan");

// op(x, y) named as TensorFlow's Python wrapper names it: inside the scope `scope`, or, when
// `takes_scope_name`, as the scope itself ("div_no_nan").
Tensor named(const char* scope, bool takes_scope_name, const OpDef& op, const Tensor& x, const Tensor& y) {
  return ops::with_python_scope(scope, [&](OpNameScope* s) {
    if (s && takes_scope_name) s->name_next_op();
    return ops::execute1(op, {x, y});
  });
}

}  // namespace

namespace math {

Tensor xlogy(const Tensor& x, const Tensor& y) { return ops::execute1(kXlogy, {x, y}); }
Tensor xlog1py(const Tensor& x, const Tensor& y) { return named("xlog1py", false, kXlog1py, x, y); }
Tensor xdivy(const Tensor& x, const Tensor& y) { return named("xdivy", false, kXdivy, x, y); }
Tensor multiply_no_nan(const Tensor& x, const Tensor& y) { return named("multiply_no_nan", true, kMulNoNan, x, y); }

Tensor divide_no_nan(const Tensor& x, const Tensor& y) {
  return ops::with_python_scope("div_no_nan", [&](OpNameScope* s) {
    // Integers of one dtype divide as floats, as in tf.math.divide (the casts are inside the scope).
    const bool integers = is_integer(x.dtype()) && x.dtype() == y.dtype();
    const Tensor a = integers ? cast(x, ops::math::truediv_dtype(x.dtype())) : x;
    const Tensor b = integers ? cast(y, ops::math::truediv_dtype(y.dtype())) : y;
    if (s) s->name_next_op();
    return ops::execute1(kDivNoNan, {a, b});
  });
}

Tensor reciprocal_no_nan(const Tensor& x) {
  return ops::with_python_scope("reciprocal_no_nan", [&](OpNameScope* s) {
    const Tensor one = s ? s->constant(scalar_like(x, 1.0), "one") : scalar_like(x, 1.0);
    if (s) s->name_next_op();
    return ops::execute1(kDivNoNan, {one, x});
  });
}

}  // namespace math
}  // namespace tf
