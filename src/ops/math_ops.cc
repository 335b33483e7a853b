// Binary arithmetic: AddV2, Sub, Mul, RealDiv.
#include "tfpp/math_ops.h"

#include "kernels/cpu/broadcast.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;

template <class T, class F>
void binary_kernel(KernelContext& ctx) {
  kernels::broadcast_binary<T, T, T>(ctx.input(0), ctx.input(1), ctx.output(0), F{});
}

// Registers the kernel of functor F<T> for each numeric dtype.
template <template <class> class F>
OpBuilder numeric_binary(const char* name) {
  OpBuilder b(name);
  b.inputs(2).shape(ops::broadcast_binary_shape).kernels<float, double, std::int32_t, std::int64_t>(
      []<class T>() -> KernelFn { return &binary_kernel<T, F<T>>; });
  return b;
}

template <class T> struct AddF { T operator()(T a, T b) const { return a + b; } };
template <class T> struct SubF { T operator()(T a, T b) const { return a - b; } };
template <class T> struct MulF { T operator()(T a, T b) const { return a * b; } };
template <class T> struct DivF { T operator()(T a, T b) const { return a / b; } };

const OpDef& kAddV2 = numeric_binary<AddF>("AddV2").kernel(DType::kString, &binary_kernel<std::string, std::plus<std::string>>);
const OpDef& kSub = numeric_binary<SubF>("Sub");
const OpDef& kMul = numeric_binary<MulF>("Mul");
const OpDef& kRealDiv = OpBuilder("RealDiv").inputs(2).shape(ops::broadcast_binary_shape)
                            .kernels<float, double>([]<class T>() -> KernelFn { return &binary_kernel<T, DivF<T>>; });

}  // namespace

Tensor add(const Tensor& a, const Tensor& b) { return ops::execute1(kAddV2, {a, b}); }
Tensor subtract(const Tensor& a, const Tensor& b) { return ops::execute1(kSub, {a, b}); }
Tensor multiply(const Tensor& a, const Tensor& b) { return ops::execute1(kMul, {a, b}); }
Tensor divide(const Tensor& a, const Tensor& b) { return ops::execute1(kRealDiv, {a, b}); }

Tensor scalar_like(const Tensor& like, double value) { return constant(value, like.dtype()); }

}  // namespace tf
