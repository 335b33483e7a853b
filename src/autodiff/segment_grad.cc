// Gradients of the segment reductions (segment_ops.h), as TensorFlow's math_grad.py defines
// them: each row's gradient is its segment's gradient gathered back by segment id; max and min
// route it to the rows equal to the result, split evenly among ties; prod divides the product
// by the row, with TensorFlow's care for zeros.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/segment_ops.h"

namespace tf::autodiff {
namespace {

constexpr Saves kNothing{.inputs = false, .outputs = false};

// ---- Sorted ----

Grads segment_sum_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {gather(dy[0], ctx.input(1)), Tensor()};
}

Grads segment_mean_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& ids = ctx.input(1);
  // Ones shaped like the data sum to the counts in dy's shape (no reshape to broadcast).
  const Tensor counts = math::segment_sum(add(zeros_like_input(ctx, 0), 1), ids);
  return {gather(divide(dy[0], counts), ids), Tensor()};
}

Grads segment_extremum_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  const Tensor& ids = ctx.input(1);
  const Tensor selected = math::equal(x, gather(ctx.output(0), ids));
  const Tensor count = math::segment_sum(cast(selected, dy[0].dtype()), ids);
  return {where(selected, gather(divide(dy[0], count), ids), 0), Tensor()};
}

Grads segment_prod_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  const Tensor& ids = ctx.input(1);
  const Tensor is_zero = math::equal(x, 0);
  const Tensor num_zeros = math::segment_sum(cast(is_zero, DType::kInt32), ids);
  const Tensor g = where(math::greater(num_zeros, 1), 0, dy[0]);  // two zeros: no gradient
  const Tensor non_zero = where(is_zero, 1, x);
  const Tensor non_zero_prod = math::segment_prod(non_zero, ids);
  const Tensor partial = where(is_zero, gather(non_zero_prod, ids), divide(gather(ctx.output(0), ids), non_zero));
  return {multiply(gather(g, ids), partial), Tensor()};
}

// ---- Unsorted: negative ids are dropped, so their rows get zeros ----

// params gathered at the ids (ids < 0 read row 0), and where the ids are non-negative, shaped to
// broadcast against the gathered rows. TensorFlow's _GatherDropNegatives.
struct Gathered {
  Tensor values;
  Tensor kept;
};
Gathered gather_drop_negatives(const Tensor& params, const Tensor& ids) {
  const Tensor values = gather(params, maximum(ids, 0));
  Tensor kept = math::greater_equal(ids, 0);
  for (int d = ids.rank(); d < values.rank(); ++d) kept = expand_dims(kept, -1);
  return {where(kept, values, 0), kept};
}

Grads unsorted_segment_sum_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {gather_drop_negatives(dy[0], ctx.input(1)).values, Tensor(), Tensor()};
}

Grads unsorted_segment_extremum_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  const Tensor& ids = ctx.input(1);
  const Gathered out = gather_drop_negatives(ctx.output(0), ids);
  const Tensor selected = math::logical_and(math::equal(x, out.values), out.kept);
  const Tensor count = math::unsorted_segment_sum(cast(selected, dy[0].dtype()), ids, ctx.input(2));
  const Tensor share = gather_drop_negatives(divide(dy[0], count), ids).values;
  return {where(selected, share, 0), Tensor(), Tensor()};
}

Grads unsorted_segment_prod_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& x = ctx.input(0);
  const Tensor& ids = ctx.input(1);
  const Tensor is_zero = math::equal(x, 0);
  const Tensor num_zeros = math::unsorted_segment_sum(cast(is_zero, DType::kInt32), ids, ctx.input(2));
  const Tensor g = where(math::greater(num_zeros, 1), 0, dy[0]);
  const Tensor non_zero = where(is_zero, 1, x);
  const Tensor non_zero_prod = math::unsorted_segment_prod(non_zero, ids, ctx.input(2));
  const Tensor clipped = maximum(ids, 0);
  const Tensor partial = where(is_zero, gather(non_zero_prod, clipped), divide(gather(ctx.output(0), clipped), non_zero));
  return {multiply(gather_drop_negatives(g, ids).values, partial), Tensor(), Tensor()};
}

}  // namespace

TF_REGISTER_GRADIENT("SegmentSum", segment_sum_grad, kNothing);
TF_REGISTER_GRADIENT("SegmentMean", segment_mean_grad, kNothing);
TF_REGISTER_GRADIENT("SegmentMax", segment_extremum_grad);
TF_REGISTER_GRADIENT("SegmentMin", segment_extremum_grad);
TF_REGISTER_GRADIENT("SegmentProd", segment_prod_grad);
TF_REGISTER_GRADIENT("UnsortedSegmentSum", unsorted_segment_sum_grad, kNothing);
TF_REGISTER_GRADIENT("UnsortedSegmentMax", unsorted_segment_extremum_grad);
TF_REGISTER_GRADIENT("UnsortedSegmentMin", unsorted_segment_extremum_grad);
TF_REGISTER_GRADIENT("UnsortedSegmentProd", unsorted_segment_prod_grad);

}  // namespace tf::autodiff
