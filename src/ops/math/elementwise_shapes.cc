#include "ops/math/elementwise_shapes.h"

#include "ops/shape_fns.h"

namespace tf::ops {

void check_supported_dtype(const OpContext& ctx, DType dtype, const char* what) {
  if (ctx.op().kernels[static_cast<int>(dtype)]) return;
  std::string supported;
  for (int i = 0; i < kNumDTypes; ++i)
    if (ctx.op().kernels[i]) supported += (supported.empty() ? "" : ", ") + std::string(dtype_name(static_cast<DType>(i)));
  ctx.fail("does not support dtype " + std::string(dtype_name(dtype)) + " for " + what + " (supported: " + supported +
           ")");
}

void unary_elementwise_shape(ShapeContext& ctx) {
  check_supported_dtype(ctx, ctx.input(0).dtype());
  unchanged_shape(ctx);
}

void binary_elementwise_shape(ShapeContext& ctx) {
  check_same_dtype(ctx, 0, 1);
  check_supported_dtype(ctx, ctx.input(0).dtype(), "its inputs");
  ctx.add_output(ctx.input(0).dtype(), broadcast_shapes(ctx, ctx.input(0).shape(), ctx.input(1).shape()));
}

void comparison_shape(ShapeContext& ctx) {
  check_same_dtype(ctx, 0, 1);
  check_supported_dtype(ctx, ctx.input(0).dtype(), "its inputs");
  ctx.add_output(DType::kBool, broadcast_shapes(ctx, ctx.input(0).shape(), ctx.input(1).shape()));
}

}  // namespace tf::ops
