// L2Loss (TensorFlow's op): sum(t ** 2) / 2 as one pass, a float32 or float64 scalar.
#include "ops/execute.h"
#include "ops/math/elementwise_shapes.h"
#include "tfpp/nn_losses.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void l2_loss_shape(ShapeContext& ctx) {
  ops::check_supported_dtype(ctx, ctx.input(0).dtype(), "t");
  ctx.add_output(ctx.input(0).dtype(), TensorShape{});
}

template <class T>
void l2_loss_kernel(KernelContext& ctx) {
  const T* t = ctx.input(0).data<T>();
  T sum = T(0);
  for (std::int64_t i = 0, n = ctx.input(0).num_elements(); i < n; ++i) sum += t[i] * t[i];
  *ctx.output(0).mutable_data<T>() = sum / T(2);
}

const OpDef& kL2Loss = OpBuilder("L2Loss").inputs(1).shape(l2_loss_shape).kernels<float, double>(
    []<class T>() -> KernelFn { return &l2_loss_kernel<T>; });

}  // namespace

Tensor nn::l2_loss(const Tensor& t) { return ops::execute1(kL2Loss, {t}); }

}  // namespace tf
