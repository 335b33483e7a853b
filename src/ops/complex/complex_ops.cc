// The ops that build and take apart complex numbers: Complex, Real, Imag, Conj, Angle,
// ComplexAbs (TensorFlow's names; the real dtype of a result is the attribute Tout).
#include "tfpp/complex_ops.h"

#include <cmath>
#include <complex>
#include <numbers>
#include <string>

#include "core/tensor_impl.h"
#include "kernels/cpu/broadcast.h"
#include "kernels/cpu/elementwise.h"
#include "ops/complex/complex_dtype.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void complex_shape(ShapeContext& ctx) {
  const DType d = ctx.input(0).dtype();
  if (d != DType::kFloat32 && d != DType::kFloat64)
    ctx.fail("real and imag must be float32 or float64, got " + std::string(dtype_name(d)));
  ops::check_same_dtype(ctx, 0, 1);
  ctx.add_output(ops::complex_dtype_of(d), ops::broadcast_shapes(ctx, ctx.input(0).shape(), ctx.input(1).shape()));
}

// Real, Imag, Angle, ComplexAbs: a complex input, its real dtype out.
void complex_to_real_shape(ShapeContext& ctx) {
  const DType d = ctx.input(0).dtype();
  if (!is_complex(d)) ctx.fail("expects a complex64 or complex128 input, got " + std::string(dtype_name(d)));
  ctx.add_output(ops::real_dtype_of(d), ctx.input(0).shape());
}

void conj_shape(ShapeContext& ctx) {
  const DType d = ctx.input(0).dtype();
  if (!is_complex(d)) ctx.fail("expects a complex64 or complex128 input, got " + std::string(dtype_name(d)));
  ops::unchanged_shape(ctx);
}

template <class T>
void complex_kernel(KernelContext& ctx) {
  kernels::broadcast_binary<T, T, std::complex<T>>(ctx.input(0), ctx.input(1), ctx.output(0),
                                                    [](T re, T im) { return std::complex<T>(re, im); });
}

template <class T> struct RealPart { T operator()(std::complex<T> z) const { return z.real(); } };
template <class T> struct ImagPart { T operator()(std::complex<T> z) const { return z.imag(); } };
template <class T> struct Argument { T operator()(std::complex<T> z) const { return std::arg(z); } };
template <class T> struct Magnitude { T operator()(std::complex<T> z) const { return std::abs(z); } };

template <class T, template <class> class F>
void to_real_kernel(KernelContext& ctx) {
  kernels::map_tensor<std::complex<T>, T>(ctx.input(0), ctx.output(0), F<T>{});
}

template <class T>
void conj_kernel(KernelContext& ctx) {
  kernels::map_tensor<std::complex<T>, std::complex<T>>(ctx.input(0), ctx.output(0),
                                                         [](std::complex<T> z) { return std::conj(z); });
}

template <template <class> class F>
OpBuilder complex_to_real(const char* name) {
  OpBuilder b(name);
  b.inputs(1).attrs({"Tout"}).shape(complex_to_real_shape)
      .kernel(DType::kComplex64, &to_real_kernel<float, F>)
      .kernel(DType::kComplex128, &to_real_kernel<double, F>);
  return b;
}

const OpDef& kComplex = OpBuilder("Complex").inputs(2).attrs({"Tout"}).shape(complex_shape)
                            .kernels<float, double>([]<class T>() -> KernelFn { return &complex_kernel<T>; });
const OpDef& kReal = complex_to_real<RealPart>("Real");
const OpDef& kImag = complex_to_real<ImagPart>("Imag");
const OpDef& kAngle = complex_to_real<Argument>("Angle");
const OpDef& kComplexAbs = complex_to_real<Magnitude>("ComplexAbs");
const OpDef& kConj = OpBuilder("Conj").inputs(1).shape(conj_shape)
                         .kernel(DType::kComplex64, &conj_kernel<float>)
                         .kernel(DType::kComplex128, &conj_kernel<double>);

Tensor to_real(const OpDef& op, const Tensor& x) {
  const ops::AttrValue attrs[] = {ops::real_dtype_of(x.dtype())};
  return ops::execute1(op, {x}, attrs);
}

template <class T>
Tensor complex_scalar(std::complex<T> value) {
  Tensor t = core::empty(dtype_of<std::complex<T>>(), TensorShape{});
  *t.template mutable_data<std::complex<T>>() = value;
  return t;
}

}  // namespace

Tensor constant(std::complex<float> value) { return complex_scalar(value); }
Tensor constant(std::complex<double> value) { return complex_scalar(value); }

Tensor complex(const Tensor& real, const Tensor& imag) {
  if (real.dtype() != imag.dtype())
    throw InvalidArgumentError("[Complex] real and imag must have the same dtype, got " +
                               std::string(dtype_name(real.dtype())) + " and " + std::string(dtype_name(imag.dtype())));
  const ops::AttrValue attrs[] = {ops::complex_dtype_of(real.dtype())};
  return ops::execute1(kComplex, {real, imag}, attrs);
}

namespace math {

Tensor real(const Tensor& x) { return is_complex(x.dtype()) ? to_real(kReal, x) : x; }
Tensor imag(const Tensor& x) { return is_complex(x.dtype()) ? to_real(kImag, x) : zeros_like(x); }
Tensor conj(const Tensor& x) { return is_complex(x.dtype()) ? ops::execute1(kConj, {x}) : x; }
Tensor complex_abs(const Tensor& x) { return to_real(kComplexAbs, x); }

Tensor angle(const Tensor& x) {
  if (is_complex(x.dtype())) return to_real(kAngle, x);
  return where(less(x, scalar_like(x, 0.0)), multiply(ones_like(x), scalar_like(x, std::numbers::pi)), zeros_like(x));
}

}  // namespace math
}  // namespace tf
