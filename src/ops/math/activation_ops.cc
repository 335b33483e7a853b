// Activations of tf.nn: Relu, Relu6, Elu, Selu, Gelu (Softplus, Sigmoid and Tanh are
// declared with the unary math ops and shared here).
#include "tfpp/activation_ops.h"

#include "kernels/cpu/scalar_math.h"
#include "ops/execute.h"
#include "ops/math/unary_kernels.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using kernels::UnaryOp;
using ops::float_unary;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::with_integers;
using ops::with_other_ints;
using ops::with_uint8;

template <class T> struct IntRelu { T operator()(T x) const { return x > 0 ? x : 0; } };
template <class T> struct IntRelu6 { T operator()(T x) const { return x > 6 ? 6 : x > 0 ? x : 0; } };

template <class T>
void gelu_kernel(KernelContext& ctx) {
  kernels::unary_tensor<T>(ctx.attr<bool>(0) ? UnaryOp::kGeluTanh : UnaryOp::kGeluErf, ctx.input(0), ctx.output(0));
}

const OpDef& kRelu =
    with_other_ints<IntRelu>(with_uint8<IntRelu>(with_integers<IntRelu>(float_unary<UnaryOp::kRelu>("Relu"))));
const OpDef& kRelu6 =
    with_other_ints<IntRelu6>(with_uint8<IntRelu6>(with_integers<IntRelu6>(float_unary<UnaryOp::kRelu6>("Relu6"))));
const OpDef& kElu = float_unary<UnaryOp::kElu>("Elu");
const OpDef& kSelu = float_unary<UnaryOp::kSelu>("Selu");
const OpDef& kGelu = OpBuilder("Gelu").inputs(1).attrs({"approximate"}).shape(ops::unary_elementwise_shape)
                         .kernels<float, double>([]<class T>() -> KernelFn { return &gelu_kernel<T>; });

}  // namespace

namespace nn {

Tensor relu(const Tensor& features) { return ops::execute1(kRelu, {features}); }
Tensor relu6(const Tensor& features) { return ops::execute1(kRelu6, {features}); }
Tensor elu(const Tensor& features) { return ops::execute1(kElu, {features}); }
Tensor selu(const Tensor& features) { return ops::execute1(kSelu, {features}); }
Tensor gelu(const Tensor& features, GeluOptions options) {
  const ops::AttrValue attrs[] = {options.approximate};
  return ops::execute1(kGelu, {features}, attrs);
}
Tensor softplus(const Tensor& features) { return math::softplus(features); }
Tensor sigmoid(const Tensor& x) { return math::sigmoid(x); }
Tensor tanh(const Tensor& x) { return math::tanh(x); }

}  // namespace nn
}  // namespace tf
