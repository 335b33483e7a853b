// Cumsum and Cumprod: running sums and products along one axis.
#include "kernels/cpu/reduce_blocks.h"
#include "kernels/cpu/reduce_scan.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/reduction_ops.h"

namespace tf {
namespace {

using ops::AttrValue;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Attributes: axis (int64), exclusive, reverse.
void scan_shape(ShapeContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  if (!in.has_unknown_rank()) ops::normalize_axis(ctx, ctx.attr<std::int64_t>(0), in.rank());
  ctx.add_output(ctx.input(0).dtype(), in);
}

template <class T, bool product>
void scan_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  std::int64_t outer, n, inner;
  kernels::split_at_axis(in.shape(), ops::normalize_axis(ctx, ctx.attr<std::int64_t>(0), in.rank()), outer, n, inner);
  kernels::scan<T>(in.data<T>(), ctx.output(0).mutable_data<T>(), outer, n, inner,
                   {.exclusive = ctx.attr<bool>(1), .reverse = ctx.attr<bool>(2), .product = product});
}

template <bool product>
OpBuilder scan_op(const char* name) {
  OpBuilder b(name);
  b.inputs(1).attrs({"axis", "exclusive", "reverse"}).shape(scan_shape)
      .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t>([]<class T>() -> KernelFn { return &scan_kernel<T, product>; });
  return b;
}

const OpDef& kCumsum = scan_op<false>("Cumsum");
const OpDef& kCumprod = scan_op<true>("Cumprod");

Tensor run(const OpDef& op, const Tensor& x, std::int64_t axis, const ScanOptions& options) {
  const AttrValue attrs[] = {axis, options.exclusive, options.reverse};
  return ops::execute1(op, {x}, attrs);
}

}  // namespace

Tensor cumsum(const Tensor& x, std::int64_t axis, const ScanOptions& options) { return run(kCumsum, x, axis, options); }

namespace math {
Tensor cumprod(const Tensor& x, std::int64_t axis, const ScanOptions& options) { return run(kCumprod, x, axis, options); }
}  // namespace math

}  // namespace tf
