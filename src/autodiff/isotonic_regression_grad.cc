// The gradient of IsotonicRegression: each output is the mean of its pool's inputs, so an
// input's gradient is the mean of the output gradients over its pool (TensorFlow's
// _MeanAggregator). Pools are numbered per vector; adding each vector's offset (its row times
// the vector length) makes them one set of segment ids for the whole tensor, so this works for
// any rank (TensorFlow's own splits rows and is right for matrices only).
#include "autodiff/gradient_registry.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"
#include "tfpp/segment_ops.h"

namespace tf::autodiff {
namespace {

Grads isotonic_regression_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& g = dy[0];
  if (!ctx.input_shape(0).has_unknown_rank() && ctx.input_shape(0).rank() == 0) return {g};  // one pool of one
  const Tensor dims = shape(g), count = size(g);
  // The vector length, at least 1 so that empty tensors divide safely.
  const Tensor n = maximum(gather(dims, IntArray(rank(g) - 1)), constant(1));
  const Tensor ids = reshape(ctx.output(1), {-1}) + math::floordiv(range(constant(0), count, constant(1)), n) * n;
  const Tensor flat = reshape(g, {-1});
  const Tensor sums = math::unsorted_segment_sum(flat, IntArray(ids), count);
  const Tensor sizes = math::unsorted_segment_sum(ones_like(flat), IntArray(ids), count);
  return {reshape(gather(sums, IntArray(ids)) / gather(sizes, IntArray(ids)), IntArray(dims))};
}

}  // namespace

TF_REGISTER_GRADIENT("IsotonicRegression", isotonic_regression_grad, {.inputs = false, .outputs = true});

}  // namespace tf::autodiff
