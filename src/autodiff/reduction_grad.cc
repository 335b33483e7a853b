// Gradients of the reductions, scans and top_k (reduction_ops.h), as TensorFlow's math_grad.py
// and nn_grad.py define them.
#include <algorithm>
#include <limits>

#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/statistics_ops.h"

namespace tf::autodiff {
namespace {

constexpr Saves kNothing{.inputs = false, .outputs = false};

// Whether the reduction reduces every axis (no axis attribute).
bool reduces_all(const GradientContext& ctx) { return !std::holds_alternative<std::vector<std::int64_t>>(ctx.attrs()[0]); }

// The reduced axes of a reduction (attribute 0: the axes, or none for all), in [0, rank), ascending.
std::vector<std::int64_t> reduced_axes(const GradientContext& ctx) {
  const int rank = ctx.input_shape(0).rank();
  if (rank < 0) fail_unknown_shape(ctx, ctx.input_shape(0), "the input's rank");
  std::vector<char> reduced(rank, 0);
  if (const auto* axes = std::get_if<std::vector<std::int64_t>>(&ctx.attrs()[0]))
    for (std::int64_t a : *axes) reduced[a < 0 ? a + rank : a] = 1;
  else
    reduced.assign(rank, 1);
  std::vector<std::int64_t> out;
  for (int d = 0; d < rank; ++d)
    if (reduced[d]) out.push_back(d);
  return out;
}

// The input's shape with size 1 in each reduced axis (the keep_dims output shape).
TensorShape kept_shape(const GradientContext& ctx) {
  TensorShape kept = ctx.input_shape(0);
  for (std::int64_t d : reduced_axes(ctx)) kept.set_dim(static_cast<int>(d), 1);
  return kept;
}

// A reduction's output (or its gradient) reshaped to the keep_dims shape, which broadcasts
// against the input.
// With unknown sizes, a size-1 axis is inserted at each reduced axis (unless keep_dims did);
// with an unknown rank, keep_dims already gave that shape, a reduction of every axis gives a
// scalar, which broadcasts too, and non-negative axes can be inserted in ascending order.
Tensor kept(const GradientContext& ctx, const Tensor& t) {
  if (ctx.input_shape(0).has_unknown_rank()) {
    if (ctx.attr<bool>(1)) return t;
    if (reduces_all(ctx)) return reshape(t, IntArray());
    std::vector<std::int64_t> axes = ctx.attr<std::vector<std::int64_t>>(0);
    std::sort(axes.begin(), axes.end());
    if (!axes.empty() && axes[0] < 0) fail_unknown_shape(ctx, ctx.input_shape(0), "the input's rank for a negative axis");
    Tensor out = t;
    for (std::int64_t d : axes) out = expand_dims(out, d);
    return out;
  }
  const TensorShape shape = kept_shape(ctx);
  if (shape.is_fully_defined()) return t.shape() == shape ? t : reshape(t, dims_of(shape));
  if (ctx.attr<bool>(1)) return t;
  Tensor out = t;
  for (std::int64_t d : reduced_axes(ctx)) out = expand_dims(out, d);
  return out;
}

// dy reshaped to the keep_dims shape and repeated over the reduced axes.
Tensor spread(const GradientContext& ctx, const Tensor& dy) {
  const Tensor k = kept(ctx, dy);
  if (ctx.input_shape(0).has_unknown_rank()) return add(k, zeros_like_input(ctx, 0));
  return broadcast_up(k, ctx.input(0), ctx.input_shape(0));
}

Grads sum_grad(const GradientContext& ctx, std::span<const Tensor> dy) { return {spread(ctx, dy[0])}; }

Grads mean_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  if (!ctx.input_shape(0).is_fully_defined()) {  // the count, at run time (1 when empty)
    const Tensor one = constant(1);
    const std::int64_t out = dy[0].shape().num_elements();
    const Tensor out_count = out >= 0 ? constant(static_cast<std::int32_t>(std::max<std::int64_t>(out, 1)))
                                      : maximum(size(dy[0]), one);
    const Tensor count = divide(maximum(size(ctx.input(0)), one), out_count);
    return {divide(spread(ctx, dy[0]), cast(count, dy[0].dtype()))};
  }
  const std::int64_t out = dy[0].num_elements(), in = ctx.input_shape(0).num_elements();
  const double count = out > 0 && in > 0 ? static_cast<double>(in / out) : 1.0;
  return {divide(spread(ctx, dy[0]), scalar_like(dy[0], count))};
}

// Max / Min: dy goes to the elements equal to the result, shared evenly among ties.
Grads extremum_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  const Tensor chosen = cast(math::equal(kept(ctx, ctx.output(0)), x), x.dtype());
  const Tensor count = reduces_all(ctx) ? reduce_sum(chosen)
                                        : reduce_sum(chosen, Axes(ctx.attr<std::vector<std::int64_t>>(0)), {.keepdims = true});
  return {multiply(divide(chosen, count), kept(ctx, dy[0]))};
}

// Prod: the product of all the other elements of each reduced group, as the product of the
// exclusive cumulative products from the left and from the right (exact with zeros, unlike
// y / x). The reduced axes are moved first and flattened to one.
Grads prod_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  const TensorShape& in = ctx.input_shape(0);
  if (in.has_unknown_rank()) fail_unknown_shape(ctx, in, "the input's rank");
  if (in.num_elements() == 0) return {zeros(in, ctx.input_dtype(0))};
  const int rank = in.rank();
  std::vector<std::int64_t> perm = reduced_axes(ctx);
  const std::size_t num_reduced = perm.size();
  for (int d = 0; d < rank; ++d)
    if (!std::binary_search(perm.begin(), perm.begin() + static_cast<std::ptrdiff_t>(num_reduced), d)) perm.push_back(d);
  std::vector<std::int64_t> inverse(rank), permuted_dims(rank);
  std::int64_t reduced_count = 1;
  for (int i = 0; i < rank; ++i) {
    inverse[perm[i]] = i;
    permuted_dims[i] = in.dim(static_cast<int>(perm[i]));
    if (static_cast<std::size_t>(i) < num_reduced) reduced_count *= permuted_dims[i];
  }
  const bool identity = std::is_sorted(perm.begin(), perm.end());
  const Tensor permuted = identity ? x : transpose(x, perm);
  const bool known = in.is_fully_defined();
  // Unknown sizes: [reduced count, other count] from the run-time shape (no -1, which an empty
  // input could not infer).
  const auto count = [&](std::size_t from, std::size_t to) {
    const std::vector<std::int64_t> axes(perm.begin() + static_cast<std::ptrdiff_t>(from),
                                         perm.begin() + static_cast<std::ptrdiff_t>(to));
    return reduce_prod(gather(shape(x), IntArray(axes)));
  };
  const Tensor rows = known ? reshape(permuted, {reduced_count, -1})
                            : reshape(permuted, IntArray(stack({count(0, num_reduced), count(num_reduced, perm.size())})));
  const Tensor others = multiply(math::cumprod(rows, 0, {.exclusive = true}),
                                 math::cumprod(rows, 0, {.exclusive = true, .reverse = true}));
  Tensor back = known ? reshape(others, permuted_dims) : reshape(others, shape(permuted));
  if (!identity) back = transpose(back, inverse);
  return {multiply(back, kept(ctx, dy[0]))};
}

// EuclideanNorm: x / (norm / dy), as TensorFlow writes it (a zero norm gives NaN there too).
Grads euclidean_norm_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {divide(ctx.input(0), divide(kept(ctx, ctx.output(0)), kept(ctx, dy[0])))};
}

// Cumsum: the gradient accumulates in the other direction.
Grads cumsum_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {cumsum(dy[0], ctx.attr<std::int64_t>(0), {.exclusive = ctx.attr<bool>(1), .reverse = !ctx.attr<bool>(2)})};
}

// Cumprod: d y_j / d x_i = y_j / x_i for the j that include i. As TensorFlow's div_no_nan
// there, x = 0 gives a zero gradient; dividing by a safe 1 keeps second order finite too.
Grads cumprod_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor summed = cumsum(multiply(ctx.output(0), dy[0]), ctx.attr<std::int64_t>(0),
                               {.exclusive = ctx.attr<bool>(1), .reverse = !ctx.attr<bool>(2)});
  const Tensor& x = ctx.input(0);
  const Tensor zero = math::equal(x, 0);  // scalars broadcast: shapes may be unknown while tracing
  return {where(zero, 0, divide(summed, where(zero, 1, x)))};
}

// CumulativeLogsumexp: dy_j * exp(x_i - y_j) summed over the j that include i, as a running
// log-sum-exp in the other direction; dy is split into its positive and negative parts so that
// their logs exist (TensorFlow's formulation).
Grads cumulative_logsumexp_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  const Tensor& y = ctx.output(0);
  const double lowest_value = dy[0].dtype() == DType::kFloat32 ? std::numeric_limits<float>::lowest()
                                                                : std::numeric_limits<double>::lowest();
  const Tensor lowest = scalar_like(dy[0], lowest_value);  // the log of no gradient
  const ScanOptions back{.exclusive = ctx.attr<bool>(1), .reverse = !ctx.attr<bool>(2)};
  const auto part = [&](const Tensor& positive, const Tensor& magnitude) {
    const Tensor log_dy = where(positive, math::log(where(positive, magnitude, 1)), lowest);
    return math::exp(math::cumulative_logsumexp(log_dy - y, ctx.attr<std::int64_t>(0), back) + x);
  };
  return {part(math::greater(dy[0], 0), dy[0]) - part(math::less(dy[0], 0), math::negative(dy[0]))};
}

// top_k_grad with sizes read at run time: n from x, k from dy, rows = size(x) / n (n is
// replaced by 1 when 0, where x is empty and the offsets are too).
Tensor top_k_grad_dynamic(const GradientContext& ctx, const Tensor& dy) {
  const TensorShape& in = ctx.input_shape(0);
  if (in.has_unknown_rank() || dy.shape().has_unknown_rank()) fail_unknown_shape(ctx, in, "the input's rank");
  const Tensor x_shape = input_shape_tensor(ctx, 0), one = constant(1);  // x itself is not kept when its shape is known
  const Tensor n = maximum(gather(x_shape, constant(in.rank() - 1)), one);
  const Tensor k = gather(shape(dy), constant(dy.rank() - 1));
  const Tensor rows = math::floordiv(reduce_prod(x_shape), n);
  const Tensor total = multiply(rows, n);
  const Tensor offsets = reshape(range(constant(0), total, n), IntArray(stack({rows, one})));
  const Tensor indices = cast(ctx.output(1), DType::kInt32);
  const Tensor flat = reshape(add(reshape(indices, IntArray(stack({rows, k}))), offsets), {-1, 1});
  const Tensor scattered = scatter_nd(flat, reshape(dy, {-1}), IntArray(reshape(total, {1})));
  return reshape(scattered, x_shape);
}

// TopKV2: each value's gradient goes back to the position it came from (the indices are
// distinct within a row), by a scatter into the flattened input.
Tensor top_k_input_grad(const GradientContext& ctx, const Tensor& dy) {
  const TensorShape& in = ctx.input_shape(0);
  if (!in.is_fully_defined() || !dy.shape().is_fully_defined()) return top_k_grad_dynamic(ctx, dy);
  const std::int64_t n = in.dim(-1), k = dy.shape().dim(-1);
  if (in.num_elements() == 0 || k == 0) return zeros(in, ctx.input_dtype(0));
  const std::int64_t rows = in.num_elements() / n;
  const Tensor offsets = reshape(range(std::int64_t{0}, rows * n, n), {rows, 1});
  const Tensor flat = reshape(add(reshape(ctx.output(1), {rows, k}), offsets), {rows * k, 1});
  const Tensor scattered = scatter_nd(flat, reshape(dy, {-1}), IntArray(std::vector<std::int64_t>{rows * n}));
  return reshape(scattered, dims_of(in));
}

Grads top_k_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(ctx.num_inputs());  // k gets none
  g[0] = top_k_input_grad(ctx, dy[0]);
  return g;
}

}  // namespace

TF_REGISTER_GRADIENT("Sum", sum_grad, kNothing);
TF_REGISTER_GRADIENT("Mean", mean_grad, kNothing);
TF_REGISTER_GRADIENT("Max", extremum_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("Min", extremum_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("Prod", prod_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("EuclideanNorm", euclidean_norm_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("Cumsum", cumsum_grad, kNothing);
TF_REGISTER_GRADIENT("Cumprod", cumprod_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("CumulativeLogsumexp", cumulative_logsumexp_grad, {.inputs = true, .outputs = true});
TF_REGISTER_GRADIENT("TopKV2", top_k_grad, {.inputs = false, .outputs = true});

}  // namespace tf::autodiff
