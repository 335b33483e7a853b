// complex64 / complex128 kernels of the elementwise math ops that TensorFlow 2.21 registers for
// complex numbers on CPU (checked by calling its raw ops): arithmetic, Pow, the zero-safe
// divisions, Equal / NotEqual, and the exponential, logarithmic, trigonometric and hyperbolic
// functions. The ops are declared in ops/math/; these kernels attach to them by name.
#include <complex>

#include "kernels/cpu/broadcast.h"
#include "kernels/cpu/elementwise.h"
#include "ops/late_kernels.h"
#include "ops/math/unary_kernels.h"

namespace tf::ops {
namespace {

// The per-element cost of the transcendental functions (as for the real scalar-loop ops).
template <class C, class F>
void unary_kernel(KernelContext& ctx) {
  kernels::map_tensor<C, C>(ctx.input(0), ctx.output(0), F{}, kScalarMathCost);
}

template <class C, class Out, class F>
void binary_kernel(KernelContext& ctx) {
  kernels::broadcast_binary<C, C, Out>(ctx.input(0), ctx.input(1), ctx.output(0), F{}, kScalarMathCost);
}

// Registers F<std::complex<float>> and F<std::complex<double>> for the op `name`.
template <template <class> class F>
bool unary(const char* name) {
  add_kernel(name, DType::kComplex64, &unary_kernel<std::complex<float>, F<std::complex<float>>>);
  return add_kernel(name, DType::kComplex128, &unary_kernel<std::complex<double>, F<std::complex<double>>>);
}
template <template <class> class F, bool kToBool = false>
bool binary(const char* name) {
  using C64 = std::complex<float>;
  using C128 = std::complex<double>;
  add_kernel(name, DType::kComplex64, &binary_kernel<C64, std::conditional_t<kToBool, bool, C64>, F<C64>>);
  return add_kernel(name, DType::kComplex128, &binary_kernel<C128, std::conditional_t<kToBool, bool, C128>, F<C128>>);
}

template <class C> struct Add { C operator()(C a, C b) const { return a + b; } };
template <class C> struct Sub { C operator()(C a, C b) const { return a - b; } };
template <class C> struct Mul { C operator()(C a, C b) const { return a * b; } };
template <class C> struct Div { C operator()(C a, C b) const { return a / b; } };
template <class C> struct Pow { C operator()(C a, C b) const { return std::pow(a, b); } };
// TensorFlow's complex SquaredDifference is |a - b|^2 (a real value in a complex tensor).
template <class C> struct SquaredDifference { C operator()(C a, C b) const { return C(std::norm(a - b)); } };
template <class C> struct DivNoNan { C operator()(C a, C b) const { return b == C(0) ? C(0) : a / b; } };
template <class C> struct MulNoNan { C operator()(C a, C b) const { return b == C(0) ? C(0) : a * b; } };
template <class C> struct Xlogy { C operator()(C a, C b) const { return a == C(0) ? C(0) : a * std::log(b); } };
template <class C> struct Xdivy { C operator()(C a, C b) const { return a == C(0) ? C(0) : a / b; } };
template <class C> struct Equal { bool operator()(C a, C b) const { return a == b; } };
template <class C> struct NotEqual { bool operator()(C a, C b) const { return a != b; } };

template <class C> struct Neg { C operator()(C x) const { return -x; } };
template <class C> struct Sign { C operator()(C x) const { return x == C(0) ? C(0) : x / std::abs(x); } };
template <class C> struct Square { C operator()(C x) const { return x * x; } };
template <class C> struct Sqrt { C operator()(C x) const { return std::sqrt(x); } };
// 1 / sqrt(x) as conj(s) / |s|^2, which keeps the sign of a zero imaginary part as TensorFlow's does.
template <class C> struct Rsqrt {
  C operator()(C x) const {
    const C s = std::sqrt(x);
    return std::conj(s) / std::norm(s);
  }
};
template <class C> struct Reciprocal { C operator()(C x) const { return C(1) / x; } };
template <class C> struct Exp { C operator()(C x) const { return std::exp(x); } };
// exp(x) - 1 = expm1(re) cos(im) - 2 sin^2(im / 2) + i exp(re) sin(im), exact near zero.
template <class C> struct Expm1 {
  C operator()(C x) const {
    using T = typename C::value_type;
    const T s = std::sin(x.imag() / 2);
    return C(std::expm1(x.real()) * std::cos(x.imag()) - 2 * s * s, std::exp(x.real()) * std::sin(x.imag()));
  }
};
template <class C> struct Log { C operator()(C x) const { return std::log(x); } };
// log(1 + x) = log1p(2 re + |x|^2) / 2 + i arg(1 + x), exact near zero.
template <class C> struct Log1p {
  C operator()(C x) const {
    using T = typename C::value_type;
    return C(std::log1p(2 * x.real() + std::norm(x)) / 2, std::atan2(x.imag(), T(1) + x.real()));
  }
};
template <class C> struct Sin { C operator()(C x) const { return std::sin(x); } };
template <class C> struct Cos { C operator()(C x) const { return std::cos(x); } };
template <class C> struct Tan { C operator()(C x) const { return std::tan(x); } };
template <class C> struct Sinh { C operator()(C x) const { return std::sinh(x); } };
template <class C> struct Cosh { C operator()(C x) const { return std::cosh(x); } };
template <class C> struct Tanh { C operator()(C x) const { return std::tanh(x); } };
template <class C> struct Asin { C operator()(C x) const { return std::asin(x); } };
template <class C> struct Acos { C operator()(C x) const { return std::acos(x); } };
template <class C> struct Atan { C operator()(C x) const { return std::atan(x); } };
template <class C> struct Asinh { C operator()(C x) const { return std::asinh(x); } };
template <class C> struct Acosh { C operator()(C x) const { return std::acosh(x); } };
template <class C> struct Atanh { C operator()(C x) const { return std::atanh(x); } };
template <class C> struct Sigmoid { C operator()(C x) const { return C(1) / (C(1) + std::exp(-x)); } };

[[maybe_unused]] const bool kRegistered[] = {
    binary<Add>("AddV2"), binary<Sub>("Sub"), binary<Mul>("Mul"), binary<Div>("RealDiv"), binary<Pow>("Pow"),
    binary<SquaredDifference>("SquaredDifference"), binary<DivNoNan>("DivNoNan"), binary<MulNoNan>("MulNoNan"),
    binary<Xlogy>("Xlogy"), binary<Xdivy>("Xdivy"), binary<Equal, true>("Equal"), binary<NotEqual, true>("NotEqual"),
    unary<Neg>("Neg"), unary<Sign>("Sign"), unary<Square>("Square"), unary<Sqrt>("Sqrt"), unary<Rsqrt>("Rsqrt"),
    unary<Reciprocal>("Reciprocal"), unary<Exp>("Exp"), unary<Expm1>("Expm1"), unary<Log>("Log"),
    unary<Log1p>("Log1p"), unary<Sin>("Sin"), unary<Cos>("Cos"), unary<Tan>("Tan"), unary<Sinh>("Sinh"),
    unary<Cosh>("Cosh"), unary<Tanh>("Tanh"), unary<Asin>("Asin"), unary<Acos>("Acos"), unary<Atan>("Atan"),
    unary<Asinh>("Asinh"), unary<Acosh>("Acosh"), unary<Atanh>("Atanh"), unary<Sigmoid>("Sigmoid"),
};

}  // namespace
}  // namespace tf::ops
