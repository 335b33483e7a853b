// Igamma, Igammac, IgammaGradA, Zeta, Betainc and the Bessel function ops (float32/float64
// scalar loops over Eigen's special functions), and tf::math::lbeta / polyval built from ops.
#include "tfpp/special_functions.h"

#include "kernels/cpu/eigen/special_functions_eigen.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/math/binary_kernels.h"
#include "ops/math/special_functions_ops.h"
#include "ops/math/unary_kernels.h"
#include "tfpp/math_ops.h"
#include "tfpp/name_scope.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/special_math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpDef;
using ops::ShapeContext;

#define TFPP_EIGEN_FUNCTOR(Name, fn)                                 \
  template <class T> struct Name {                                   \
    T operator()(T x) const { return kernels::eigen::fn(x); }        \
  };
#define TFPP_EIGEN_FUNCTOR2(Name, fn)                                \
  template <class T> struct Name {                                   \
    T operator()(T a, T x) const { return kernels::eigen::fn(a, x); } \
  };

TFPP_EIGEN_FUNCTOR2(Igamma, igamma)
TFPP_EIGEN_FUNCTOR2(Igammac, igammac)
TFPP_EIGEN_FUNCTOR2(IgammaGradA, igamma_der_a)
TFPP_EIGEN_FUNCTOR2(Zeta, zeta)
TFPP_EIGEN_FUNCTOR(BesselI0, bessel_i0)
TFPP_EIGEN_FUNCTOR(BesselI0e, bessel_i0e)
TFPP_EIGEN_FUNCTOR(BesselI1, bessel_i1)
TFPP_EIGEN_FUNCTOR(BesselI1e, bessel_i1e)
TFPP_EIGEN_FUNCTOR(BesselJ0, bessel_j0)
TFPP_EIGEN_FUNCTOR(BesselJ1, bessel_j1)
TFPP_EIGEN_FUNCTOR(BesselK0, bessel_k0)
TFPP_EIGEN_FUNCTOR(BesselK0e, bessel_k0e)
TFPP_EIGEN_FUNCTOR(BesselK1, bessel_k1)
TFPP_EIGEN_FUNCTOR(BesselK1e, bessel_k1e)
TFPP_EIGEN_FUNCTOR(BesselY0, bessel_y0)
TFPP_EIGEN_FUNCTOR(BesselY1, bessel_y1)
#undef TFPP_EIGEN_FUNCTOR
#undef TFPP_EIGEN_FUNCTOR2

const OpDef& kIgamma = ops::scalar_float_binary<Igamma>("Igamma");
const OpDef& kIgammac = ops::scalar_float_binary<Igammac>("Igammac");
const OpDef& kIgammaGradA = ops::scalar_float_binary<IgammaGradA>("IgammaGradA").no_gradient();
const OpDef& kZeta = ops::scalar_float_binary<Zeta>("Zeta");
const OpDef& kBesselI0 = ops::scalar_float_unary<BesselI0>("BesselI0");
const OpDef& kBesselI0e = ops::scalar_float_unary<BesselI0e>("BesselI0e");
const OpDef& kBesselI1 = ops::scalar_float_unary<BesselI1>("BesselI1");
const OpDef& kBesselI1e = ops::scalar_float_unary<BesselI1e>("BesselI1e");
const OpDef& kBesselJ0 = ops::scalar_float_unary<BesselJ0>("BesselJ0");
const OpDef& kBesselJ1 = ops::scalar_float_unary<BesselJ1>("BesselJ1");
const OpDef& kBesselK0 = ops::scalar_float_unary<BesselK0>("BesselK0");
const OpDef& kBesselK0e = ops::scalar_float_unary<BesselK0e>("BesselK0e");
const OpDef& kBesselK1 = ops::scalar_float_unary<BesselK1>("BesselK1");
const OpDef& kBesselK1e = ops::scalar_float_unary<BesselK1e>("BesselK1e");
const OpDef& kBesselY0 = ops::scalar_float_unary<BesselY0>("BesselY0");
const OpDef& kBesselY1 = ops::scalar_float_unary<BesselY1>("BesselY1");

// Betainc: a, b and x share one shape, scalars standing for any shape (TensorFlow's rule).
void betainc_shape(ShapeContext& ctx) {
  const DType dtype = ctx.input(0).dtype();
  if (!is_floating(dtype)) ctx.fail("a must be float32 or float64, got " + ops::array::describe(ctx.input(0)));
  TensorShape shape{};
  for (std::size_t i = 0; i < 3; ++i) {
    const Tensor& t = ctx.input(i);
    if (t.dtype() != dtype)
      ctx.fail("a, b and x must have one dtype, got " + ops::array::describe(ctx.input(0)) + ", " +
               ops::array::describe(ctx.input(1)) + " and " + ops::array::describe(ctx.input(2)));
    if (t.shape().rank() == 0) continue;
    if (shape.rank() > 0 && !shape.is_compatible_with(t.shape()))
      ctx.fail("Shapes of a, b, and x are inconsistent: " + ctx.input(0).shape().debug_string() + " vs. " +
               ctx.input(1).shape().debug_string() + " vs. " + ctx.input(2).shape().debug_string());
    if (shape.rank() <= 0 || !shape.is_fully_defined()) shape = t.shape();
  }
  ctx.add_output(dtype, shape);
}

template <class T>
void betainc_kernel(KernelContext& ctx) {
  const T *a = ctx.input(0).data<T>(), *b = ctx.input(1).data<T>(), *x = ctx.input(2).data<T>();
  const bool sa = ctx.input(0).num_elements() == 1, sb = ctx.input(1).num_elements() == 1,
             sx = ctx.input(2).num_elements() == 1;
  Tensor& out = ctx.output(0);
  T* y = out.mutable_data<T>();
  for (std::int64_t i = 0, n = out.num_elements(); i < n; ++i)
    y[i] = kernels::eigen::betainc(a[sa ? 0 : i], b[sb ? 0 : i], x[sx ? 0 : i]);
}

const OpDef& kBetainc = ops::OpBuilder("Betainc").inputs(3).shape(betainc_shape)
    .kernels<float, double>([]<class T>() -> KernelFn { return &betainc_kernel<T>; });

}  // namespace

Tensor ops::igamma_grad_a(const Tensor& a, const Tensor& x) { return execute1(kIgammaGradA, {a, x}); }

namespace math {

Tensor igamma(const Tensor& a, const Tensor& x) { return ops::execute1(kIgamma, {a, x}); }
Tensor igammac(const Tensor& a, const Tensor& x) { return ops::execute1(kIgammac, {a, x}); }
Tensor zeta(const Tensor& x, const Tensor& q) { return ops::execute1(kZeta, {x, q}); }
Tensor betainc(const Tensor& a, const Tensor& b, const Tensor& x) { return ops::execute1(kBetainc, {a, b, x}); }
Tensor bessel_i0(const Tensor& x) { return ops::execute1(kBesselI0, {x}); }
Tensor bessel_i0e(const Tensor& x) { return ops::execute1(kBesselI0e, {x}); }
Tensor bessel_i1(const Tensor& x) { return ops::execute1(kBesselI1, {x}); }
Tensor bessel_i1e(const Tensor& x) { return ops::execute1(kBesselI1e, {x}); }

Tensor lbeta(const Tensor& x) {
  name_scope scope("lbeta");
  const Tensor log_prod_gamma_x = reduce_sum(lgamma(x), Axes(-1));
  const Tensor log_gamma_sum_x = lgamma(reduce_sum(x, Axes(-1)));
  return log_prod_gamma_x - log_gamma_sum_x;
}

Tensor polyval(const std::vector<Tensor>& coeffs, const Tensor& x) {
  name_scope scope("polyval");
  if (coeffs.empty()) return zeros_like(x);
  Tensor p = coeffs[0];
  for (std::size_t i = 1; i < coeffs.size(); ++i) p = coeffs[i] + p * x;
  return p;
}

namespace special {

Tensor bessel_j0(const Tensor& x) { return ops::execute1(kBesselJ0, {x}); }
Tensor bessel_j1(const Tensor& x) { return ops::execute1(kBesselJ1, {x}); }
Tensor bessel_y0(const Tensor& x) { return ops::execute1(kBesselY0, {x}); }
Tensor bessel_y1(const Tensor& x) { return ops::execute1(kBesselY1, {x}); }
Tensor bessel_k0(const Tensor& x) { return ops::execute1(kBesselK0, {x}); }
Tensor bessel_k0e(const Tensor& x) { return ops::execute1(kBesselK0e, {x}); }
Tensor bessel_k1(const Tensor& x) { return ops::execute1(kBesselK1, {x}); }
Tensor bessel_k1e(const Tensor& x) { return ops::execute1(kBesselK1e, {x}); }

}  // namespace special
}  // namespace math
}  // namespace tf
