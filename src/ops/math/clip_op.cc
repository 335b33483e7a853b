// ClipByValue: t limited to [min, max], the bounds broadcasting to t's shape.
#include <algorithm>
#include <string>

#include "kernels/cpu/broadcast.h"
#include "ops/execute.h"
#include "ops/math/elementwise_shapes.h"
#include "ops/shape_fns.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Throws unless input i broadcasts to t's shape without enlarging it.
void check_bound(ShapeContext& ctx, int i, const char* name) {
  const TensorShape& t = ctx.input(0).shape();
  const TensorShape b = ops::broadcast_shapes(ctx, t, ctx.input(i).shape());
  bool fits = t.has_unknown_rank() || b.has_unknown_rank() || b.rank() == t.rank();
  for (int d = 0; fits && !t.has_unknown_rank() && !b.has_unknown_rank() && d < t.rank(); ++d)
    fits = t.dim(d) == None || t.dim(d) == b.dim(d);
  if (!fits)
    ctx.fail(std::string(name) + " of shape " + ctx.input(i).shape().debug_string() + " does not broadcast to t's shape " +
             t.debug_string());
}

void clip_shape(ShapeContext& ctx) {
  ops::check_same_dtype(ctx, 0, 1);
  ops::check_same_dtype(ctx, 0, 2);
  ops::check_supported_dtype(ctx, ctx.input(0).dtype());
  check_bound(ctx, 1, "clip_value_min");
  check_bound(ctx, 2, "clip_value_max");
  ops::unchanged_shape(ctx);
}

template <class T>
void clip_kernel(KernelContext& ctx) {
  // max(min(t, hi), lo) as TensorFlow computes it: NaN stays NaN, and lo wins when lo > hi.
  kernels::broadcast_ternary<T, T, T, T>(ctx.input(0), ctx.input(1), ctx.input(2), ctx.output(0),
                                         [](T x, T lo, T hi) { return std::max(std::min(x, hi), lo); });
}

// TensorFlow has no uint32 or uint64 kernel.
const OpDef& kClipByValue = OpBuilder("ClipByValue").inputs(3).shape(clip_shape)
                                .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t,
                                         std::int16_t, std::uint16_t>(
    []<class T>() -> KernelFn { return &clip_kernel<T>; });

}  // namespace

Tensor clip_by_value(const Tensor& t, const Tensor& clip_value_min, const Tensor& clip_value_max) {
  // TensorFlow's Python tf.clip_by_value is minimum then maximum, so it clips uint32 and uint64
  // too, which its ClipByValue op has no kernel for.
  if (t.defined() && (t.dtype() == uint32 || t.dtype() == uint64))
    return math::maximum(math::minimum(t, clip_value_max), clip_value_min);
  return ops::execute1(kClipByValue, {t, clip_value_min, clip_value_max});
}

}  // namespace tf
