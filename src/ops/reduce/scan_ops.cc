// Cumsum, Cumprod and CumulativeLogsumexp: running sums, products and log-sum-exps along one axis.
#include <cmath>
#include <limits>

#include "kernels/cpu/reduce_blocks.h"
#include "kernels/cpu/reduce_scan.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/statistics_ops.h"

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
      .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t,
               std::uint32_t, std::uint64_t>([]<class T>() -> KernelFn { return &scan_kernel<T, product>; });
  return b;
}

// log(exp(a) + exp(b)) without overflow; two -inf give -inf (not NaN).
template <class T>
T log_add_exp(T a, T b) {
  const T hi = std::max(a, b), lo = std::min(a, b);
  if (hi == -std::numeric_limits<T>::infinity()) return hi;
  return hi + std::log1p(std::exp(lo - hi));
}

template <class T>
void logsumexp_scan_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  std::int64_t outer, n, inner;
  kernels::split_at_axis(in.shape(), ops::normalize_axis(ctx, ctx.attr<std::int64_t>(0), in.rank()), outer, n, inner);
  const bool exclusive = ctx.attr<bool>(1), reverse = ctx.attr<bool>(2);
  const T* x = in.data<T>();
  T* y = ctx.output(0).mutable_data<T>();
  for (std::int64_t o = 0; o < outer; ++o)
    for (std::int64_t j = 0; j < inner; ++j) {
      T acc = -std::numeric_limits<T>::infinity();
      for (std::int64_t step = 0; step < n; ++step) {
        const std::int64_t i = (o * n + (reverse ? n - 1 - step : step)) * inner + j;
        if (exclusive) {
          y[i] = acc;
          acc = log_add_exp(acc, x[i]);
        } else {
          acc = log_add_exp(acc, x[i]);
          y[i] = acc;
        }
      }
    }
}

const OpDef& kCumsum = scan_op<false>("Cumsum");
const OpDef& kCumprod = scan_op<true>("Cumprod");

const OpDef& kCumulativeLogsumexp = OpBuilder("CumulativeLogsumexp").inputs(1).attrs({"axis", "exclusive", "reverse"})
                                        .shape(scan_shape)
                                        .kernels<float, double>([]<class T>() -> KernelFn { return &logsumexp_scan_kernel<T>; });

Tensor run(const OpDef& op, const Tensor& x, std::int64_t axis, const ScanOptions& options) {
  const AttrValue attrs[] = {axis, options.exclusive, options.reverse};
  return ops::execute1(op, {x}, attrs);
}

}  // namespace

Tensor cumsum(const Tensor& x, std::int64_t axis, const ScanOptions& options) { return run(kCumsum, x, axis, options); }

namespace math {
Tensor cumprod(const Tensor& x, std::int64_t axis, const ScanOptions& options) { return run(kCumprod, x, axis, options); }
Tensor cumulative_logsumexp(const Tensor& x, std::int64_t axis, const ScanOptions& options) {
  return run(kCumulativeLogsumexp, x, axis, options);
}
}  // namespace math

}  // namespace tf
