// Reductions over axes: Sum, Mean, Max, Min, Prod, Any, All, EuclideanNorm.
//
// Attributes: `axis`, a list of axes or none (std::monostate: every axis, TensorFlow's
// axis=None, which also works while the rank is unknown), and `keep_dims`.
#include "tfpp/reduction_ops.h"

#include <array>
#include <cmath>
#include <vector>

#include "kernels/cpu/reduce.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/statistics_ops.h"

namespace tf {
namespace {

using kernels::ReduceOp;
using ops::AttrValue;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Which axes of a rank-`rank` input the call reduces; throws for out-of-range and repeated axes.
std::array<bool, kMaxRank> reduced_axes(const ops::OpContext& ctx, int rank) {
  std::array<bool, kMaxRank> reduced{};
  const auto* axes = std::get_if<std::vector<std::int64_t>>(&ctx.attrs()[0]);
  if (!axes) {
    reduced.fill(true);
    return reduced;
  }
  for (std::int64_t axis : *axes) {
    if (axis < -rank || axis >= rank)
      ctx.fail("invalid reduction axis " + std::to_string(axis) + " for input of shape " +
               ctx.input(0).shape().debug_string() + " (rank " + std::to_string(rank) + ")");
    const int a = static_cast<int>(axis < 0 ? axis + rank : axis);
    if (reduced[a])
      ctx.fail("axes contain duplicate dimension " + std::to_string(a) + " for input of shape " +
               ctx.input(0).shape().debug_string());
    reduced[a] = true;
  }
  return reduced;
}

void reduction_shape(ShapeContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  const bool keep_dims = ctx.attr<bool>(1);
  if (in.has_unknown_rank()) {
    ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
    return;
  }
  const auto reduced = reduced_axes(ctx, in.rank());
  TensorShape out;
  for (int i = 0; i < in.rank(); ++i) {
    if (!reduced[i]) out.append(in.dim(i));
    else if (keep_dims) out.append(1);
  }
  ctx.add_output(ctx.input(0).dtype(), out);
}

template <class T, ReduceOp op>
void reduce_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const auto reduced = reduced_axes(ctx, in.rank());
  kernels::reduce<T>(in.data<T>(), in.shape(), reduced, ctx.output(0).mutable_data<T>(), op);
}

// Mean = sum / count; integer means truncate toward zero, and an empty integer mean is 0.
template <class T>
void mean_kernel(KernelContext& ctx) {
  reduce_kernel<T, ReduceOp::kSum>(ctx);
  Tensor& out = ctx.output(0);
  const std::int64_t count = out.num_elements() ? ctx.input(0).num_elements() / out.num_elements() : 0;
  T* y = out.mutable_data<T>();
  if (std::is_integral_v<T> && count == 0) return;  // every sum is already 0
  // For floats an empty mean is 0 / 0 = NaN, as in TensorFlow.
  const std::int64_t n = out.num_elements();  // hoisted: the loop then vectorizes
  const T divisor = static_cast<T>(count);
  for (std::int64_t i = 0; i < n; ++i) y[i] /= divisor;
}

// A mean of int8, int16, uint8, uint16 or uint32 sums in int64, as TensorFlow's does: a few
// pixels already overflow a uint8 sum.
template <class T>
void wide_sum_mean_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const T* x = in.data<T>();
  const std::vector<std::int64_t> wide(x, x + in.num_elements());
  Tensor& out = ctx.output(0);
  std::vector<std::int64_t> sums(static_cast<std::size_t>(out.num_elements()));
  kernels::reduce<std::int64_t>(wide.data(), in.shape(), reduced_axes(ctx, in.rank()), sums.data(), ReduceOp::kSum);
  const std::int64_t count = out.num_elements() ? in.num_elements() / out.num_elements() : 0;
  T* y = out.mutable_data<T>();
  for (std::size_t i = 0; i < sums.size(); ++i) y[i] = static_cast<T>(count ? sums[i] / count : 0);
}

// sqrt(sum(x * x)), with the squares and the sum in T (integers wrap and the root truncates, as
// TensorFlow's EuclideanNorm does).
template <class T>
void euclidean_norm_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const T* x = in.data<T>();
  std::vector<T> squares(static_cast<std::size_t>(in.num_elements()));
  for (std::size_t i = 0; i < squares.size(); ++i) squares[i] = static_cast<T>(x[i] * x[i]);
  Tensor& out = ctx.output(0);
  T* y = out.mutable_data<T>();
  kernels::reduce<T>(squares.data(), in.shape(), reduced_axes(ctx, in.rank()), y, ReduceOp::kSum);
  const std::int64_t n = out.num_elements();
  for (std::int64_t i = 0; i < n; ++i) {
    if constexpr (std::is_floating_point_v<T>) y[i] = std::sqrt(y[i]);
    else y[i] = static_cast<T>(std::sqrt(static_cast<double>(y[i])));
  }
}

template <ReduceOp op>
OpBuilder numeric_reduction(const char* name) {
  OpBuilder b(name);
  b.inputs(1).attrs({"axis", "keep_dims"}).shape(reduction_shape)
      .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t,
               std::uint32_t, std::uint64_t>([]<class T>() -> KernelFn { return &reduce_kernel<T, op>; });
  return b;
}

const OpDef& kSum = numeric_reduction<ReduceOp::kSum>("Sum");
const OpDef& kMax = numeric_reduction<ReduceOp::kMax>("Max");
const OpDef& kMin = numeric_reduction<ReduceOp::kMin>("Min");
const OpDef& kProd = numeric_reduction<ReduceOp::kProd>("Prod");
const OpDef& kMean = OpBuilder("Mean").inputs(1).attrs({"axis", "keep_dims"}).shape(reduction_shape)
                         .kernels<float, double, std::int32_t, std::int64_t, std::uint64_t>(
                             []<class T>() -> KernelFn { return &mean_kernel<T>; })
                         .kernels<std::uint8_t, std::int8_t, std::int16_t, std::uint16_t, std::uint32_t>(
                             []<class T>() -> KernelFn { return &wide_sum_mean_kernel<T>; });
const OpDef& kAny = OpBuilder("Any").inputs(1).attrs({"axis", "keep_dims"}).shape(reduction_shape)
                        .kernel(DType::kBool, &reduce_kernel<bool, ReduceOp::kAny>).no_gradient();
const OpDef& kAll = OpBuilder("All").inputs(1).attrs({"axis", "keep_dims"}).shape(reduction_shape)
                        .kernel(DType::kBool, &reduce_kernel<bool, ReduceOp::kAll>).no_gradient();

const OpDef& kEuclideanNorm = OpBuilder("EuclideanNorm").inputs(1).attrs({"axis", "keep_dims"}).shape(reduction_shape)
                                  .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t>(
                                      []<class T>() -> KernelFn { return &euclidean_norm_kernel<T>; });

Tensor run(const OpDef& op, const Tensor& input, AttrValue axis, bool keepdims) {
  const AttrValue attrs[] = {std::move(axis), keepdims};
  return ops::execute1(op, {input}, attrs);
}

}  // namespace

Tensor reduce_sum(const Tensor& x, const ReduceOptions& o) { return run(kSum, x, {}, o.keepdims); }
Tensor reduce_sum(const Tensor& x, const Axes& a, const ReduceOptions& o) { return run(kSum, x, a.values, o.keepdims); }
Tensor reduce_sum(const Tensor& x, AxisList a, const ReduceOptions& o) { return run(kSum, x, std::vector<std::int64_t>(a), o.keepdims); }
Tensor reduce_mean(const Tensor& x, const ReduceOptions& o) { return run(kMean, x, {}, o.keepdims); }
Tensor reduce_mean(const Tensor& x, const Axes& a, const ReduceOptions& o) { return run(kMean, x, a.values, o.keepdims); }
Tensor reduce_mean(const Tensor& x, AxisList a, const ReduceOptions& o) { return run(kMean, x, std::vector<std::int64_t>(a), o.keepdims); }
Tensor reduce_max(const Tensor& x, const ReduceOptions& o) { return run(kMax, x, {}, o.keepdims); }
Tensor reduce_max(const Tensor& x, const Axes& a, const ReduceOptions& o) { return run(kMax, x, a.values, o.keepdims); }
Tensor reduce_max(const Tensor& x, AxisList a, const ReduceOptions& o) { return run(kMax, x, std::vector<std::int64_t>(a), o.keepdims); }
Tensor reduce_min(const Tensor& x, const ReduceOptions& o) { return run(kMin, x, {}, o.keepdims); }
Tensor reduce_min(const Tensor& x, const Axes& a, const ReduceOptions& o) { return run(kMin, x, a.values, o.keepdims); }
Tensor reduce_min(const Tensor& x, AxisList a, const ReduceOptions& o) { return run(kMin, x, std::vector<std::int64_t>(a), o.keepdims); }
Tensor reduce_prod(const Tensor& x, const ReduceOptions& o) { return run(kProd, x, {}, o.keepdims); }
Tensor reduce_prod(const Tensor& x, const Axes& a, const ReduceOptions& o) { return run(kProd, x, a.values, o.keepdims); }
Tensor reduce_prod(const Tensor& x, AxisList a, const ReduceOptions& o) { return run(kProd, x, std::vector<std::int64_t>(a), o.keepdims); }
Tensor reduce_any(const Tensor& x, const ReduceOptions& o) { return run(kAny, x, {}, o.keepdims); }
Tensor reduce_any(const Tensor& x, const Axes& a, const ReduceOptions& o) { return run(kAny, x, a.values, o.keepdims); }
Tensor reduce_any(const Tensor& x, AxisList a, const ReduceOptions& o) { return run(kAny, x, std::vector<std::int64_t>(a), o.keepdims); }
Tensor reduce_all(const Tensor& x, const ReduceOptions& o) { return run(kAll, x, {}, o.keepdims); }
Tensor reduce_all(const Tensor& x, const Axes& a, const ReduceOptions& o) { return run(kAll, x, a.values, o.keepdims); }
Tensor reduce_all(const Tensor& x, AxisList a, const ReduceOptions& o) { return run(kAll, x, std::vector<std::int64_t>(a), o.keepdims); }


namespace math {
Tensor reduce_euclidean_norm(const Tensor& x, const ReduceOptions& o) { return run(kEuclideanNorm, x, {}, o.keepdims); }
Tensor reduce_euclidean_norm(const Tensor& x, const Axes& a, const ReduceOptions& o) {
  return run(kEuclideanNorm, x, a.values, o.keepdims);
}
Tensor reduce_euclidean_norm(const Tensor& x, AxisList a, const ReduceOptions& o) {
  return run(kEuclideanNorm, x, std::vector<std::int64_t>(a), o.keepdims);
}
}  // namespace math

}  // namespace tf
