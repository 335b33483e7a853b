// SelectV2 (tf.where with three arguments): condition ? x : y, all three broadcast together.
#include <string>

#include "core/visit_every_dtype.h"
#include "kernels/cpu/broadcast.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void select_shape(ShapeContext& ctx) {
  if (ctx.input(0).dtype() != DType::kBool)
    ctx.fail("condition must be bool, got " + std::string(dtype_name(ctx.input(0).dtype())) + " " +
             ctx.input(0).shape().debug_string());
  ops::check_same_dtype(ctx, 1, 2);
  const TensorShape xy = ops::broadcast_shapes(ctx, ctx.input(1).shape(), ctx.input(2).shape());
  ctx.add_output(ctx.input(1).dtype(), ops::broadcast_shapes(ctx, ctx.input(0).shape(), xy));
}

// Dispatch is on the condition (always bool); the values' dtype picks the loop.
void select_kernel(KernelContext& ctx) {
  const auto select = [&]<class T>(T) {
    kernels::broadcast_ternary<bool, T, T, T>(ctx.input(0), ctx.input(1), ctx.input(2), ctx.output(0),
                                              [](bool c, const T& x, const T& y) { return c ? x : y; });
  };
  visit_every_dtype(ctx.input(1).dtype(), select);
}

const OpDef& kSelectV2 = OpBuilder("SelectV2").inputs(3).shape(select_shape).kernel(DType::kBool, select_kernel);

}  // namespace

Tensor where(const Tensor& condition, const Tensor& x, const Tensor& y) {
  return ops::execute1(kSelectV2, {condition, x, y});
}

}  // namespace tf
