// LeakyRelu (TensorFlow's op, with its float `alpha` attribute), and tf.nn's composite
// activations silu / swish and crelu.
#include "tfpp/nn_activations.h"

#include "kernels/cpu/parallel.h"
#include "ops/execute.h"
#include "ops/math/elementwise_shapes.h"
#include "tfpp/activation_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;

template <class T>
void leaky_relu_kernel(KernelContext& ctx) {
  // TensorFlow's attribute is a float: float64 features see alpha rounded to float32.
  const T alpha = static_cast<T>(static_cast<float>(ctx.attr<double>(0)));
  const T* x = ctx.input(0).data<T>();
  T* out = ctx.output(0).mutable_data<T>();
  kernels::parallel_for(ctx.input(0).num_elements(), 1, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) out[i] = x[i] > T(0) ? x[i] : x[i] * alpha;
  });
}

const OpDef& kLeakyRelu = OpBuilder("LeakyRelu").inputs(1).attrs({"alpha"}).shape(ops::unary_elementwise_shape)
                              .kernels<float, double>([]<class T>() -> KernelFn { return &leaky_relu_kernel<T>; });

}  // namespace

namespace nn {

Tensor leaky_relu(const Tensor& features, double alpha) {
  const ops::AttrValue attrs[] = {alpha};
  if (is_integer(features.dtype())) return ops::execute1(kLeakyRelu, {cast(features, float32)}, attrs);
  return ops::execute1(kLeakyRelu, {features}, attrs);
}

Tensor silu(const Tensor& features, double beta) { return features * math::sigmoid(scalar_like(features, beta) * features); }
Tensor swish(const Tensor& features, double beta) { return silu(features, beta); }

Tensor crelu(const Tensor& features, std::int64_t axis) { return relu(concat({features, -features}, axis)); }

}  // namespace nn
}  // namespace tf
