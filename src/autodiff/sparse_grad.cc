// Gradients of the sparse ops (sparse_ops.h), as TensorFlow's sparse_grad.py defines them: the
// values (and dense operands) get gradients, indices and shapes none. Written with ops, so they
// also run traced and nest.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "autodiff/unregistered_gradients.h"
#include "tfpp/array_ops.h"
#include "tfpp/index_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/segment_ops.h"
#include "tfpp/sparse_ops.h"

namespace tf::autodiff {
namespace {

// The length of t's first dimension as an int64 scalar tensor (known only when the graph runs).
Tensor first_dim(const Tensor& t) { return gather(shape(t, int64), constant(std::int64_t{0})); }

// Inputs sparse_indices, output_shape, sparse_values, default_value.
Grads sparse_to_dense_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const std::int64_t rank = ctx.input_shape(1).has_unknown_rank() || ctx.input_shape(1).rank() == 0
                                ? 1 : ctx.input_shape(1).dim(0);
  Tensor values_grad = gather_nd(dy[0], reshape(ctx.input(0), {-1, rank}));
  const Tensor default_grad = reduce_sum(dy[0]) - reduce_sum(values_grad);
  if (ctx.input_shape(2).rank() == 0) values_grad = reduce_sum(values_grad);
  return {Tensor(), Tensor(), values_grad, default_grad};
}

// Inputs input_indices, input_values, input_shape; the values' gradient undoes the permutation.
Grads sparse_reorder_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor positions = range(constant(std::int64_t{0}), first_dim(ctx.input(0)), constant(std::int64_t{1}));
  const SparseTensor order = sparse::reorder({ctx.input(0), positions, ctx.input(2)});
  return {Tensor(), gather(dy[1], math::invert_permutation(order.values)), Tensor()};
}

// Inputs a (3), b (3), thresh; SparseAddGrad routes each sum's gradient to its operands.
Grads sparse_add_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  static const ops::OpDef& kSparseAddGrad = *ops::find_op("SparseAddGrad");
  ops::Outputs g = ops::execute(kSparseAddGrad, {dy[1], ctx.input(0), ctx.input(3), ctx.output(0)});
  return {Tensor(), g[0], Tensor(), Tensor(), g[1], Tensor(), Tensor()};
}

// Inputs a_indices, a_values, a_shape, b (dense).
Grads sparse_dense_add_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {Tensor(), gather_nd(dy[0], ctx.input(0)), Tensor(), dy[0]};
}

// Inputs a_indices, a_values, a_shape, b; attrs adjoint_a, adjoint_b.
Grads sparse_dense_matmul_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const bool adjoint_a = ctx.attr<bool>(0), adjoint_b = ctx.attr<bool>(1);
  const SparseTensor a{ctx.input(0), ctx.input(1), ctx.input(2)};
  Tensor b_grad = sparse::sparse_dense_matmul(a, dy[0], {.adjoint_a = !adjoint_a});
  if (adjoint_b) b_grad = transpose(b_grad);
  // Value (i, j) of a adds a[i,j] * b[j,:] to row i of the product (rows and columns swap under adjoint_a).
  const Tensor rows = gather(ctx.input(0), constant(std::int64_t{adjoint_a ? 1 : 0}), {.axis = 1});
  const Tensor cols = gather(ctx.input(0), constant(std::int64_t{adjoint_a ? 0 : 1}), {.axis = 1});
  const Tensor b = adjoint_b ? transpose(ctx.input(3)) : ctx.input(3);
  const Tensor values_grad = reduce_sum(gather(dy[0], rows) * gather(b, cols), {1});
  return {Tensor(), values_grad, Tensor(), b_grad};
}

// Inputs input_indices, input_values, input_shape, reduction_axes: each value gets the gradient
// of the cell it was summed into.
Grads sparse_reduce_sum_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const SparseTensor sp{ctx.input(0), ctx.input(1), ctx.input(2)};
  // The kept-dims shape: the dense shape with 1 for each reduced axis (negative axes count from the end).
  const Tensor rank = size(sp.dense_shape, int64);
  const Tensor axes = math::floormod(cast(reshape(ctx.input(3), {1, -1}), int64) + rank, rank);
  const Tensor reduced = reduce_any(math::equal(reshape(range(constant(std::int64_t{0}), rank, constant(std::int64_t{1})),
                                                        {-1, 1}), axes), {1});
  const Tensor kept_shape = where(reduced, ones_like(sp.dense_shape), sp.dense_shape);
  const Tensor scale = math::floordiv(sp.dense_shape, kept_shape);
  const Tensor values_grad = gather_nd(reshape(dy[0], kept_shape), math::floordiv(sp.indices, scale));
  return {Tensor(), values_grad, Tensor(), Tensor()};
}

// Inputs indices, values, shape, start, size: the kept values are those inside the box, in order.
Grads sparse_slice_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& indices = ctx.input(0);
  const Tensor start = cast(ctx.input(3), int64), size = cast(ctx.input(4), int64);
  const Tensor inside = reduce_all(math::logical_and(math::greater_equal(indices, start),
                                                     math::less(indices, start + size)), {1});
  const Tensor kept = where(inside);
  return {Tensor(), scatter_nd(kept, dy[1], shape(ctx.input(1), int64)), Tensor(), Tensor(), Tensor()};
}

// Outputs output_indices, output_values, empty_row_indicator, reverse_index_map.
Grads sparse_fill_empty_rows_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor values_grad = gather(dy[1], ctx.output(3));
  return {Tensor(), values_grad, Tensor(), reduce_sum(dy[1]) - reduce_sum(values_grad)};
}

// Inputs sp_indices, sp_values, sp_shape; output the softmax values.
Grads sparse_softmax_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &indices = ctx.input(0), &shape_ = ctx.input(2), &out = ctx.output(0);
  const Tensor row_sums = sparse::reduce_sum({indices, out * dy[0], shape_}, {-1}, {.keepdims = true});
  const SparseTensor shifted = sparse::add_dense_at_indices({indices, dy[0], shape_}, math::negative(row_sums));
  return {Tensor(), shifted.values * out, Tensor()};
}

// The dense operand's element that each sparse value met (TensorFlow's scaled indices).
Tensor dense_indices(const GradientContext& ctx) {
  const Tensor& y = ctx.input(3);
  const std::int64_t y_rank = ctx.input_shape(3).rank();
  const Tensor x_shape = ctx.input(2);
  const Tensor added = size(x_shape, int64) - y_rank;
  const Tensor tail_shape = slice(x_shape, reshape(added, {1}), {y_rank});
  const Tensor tail = slice(ctx.input(0), stack({constant(std::int64_t{0}), added}), {-1, y_rank});
  return math::floordiv(tail, math::floordiv(tail_shape, shape(y, int64)));
}

template <bool kMul>
Grads sparse_dense_cwise_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& y = ctx.input(3);
  const Tensor at = dense_indices(ctx);
  const Tensor dense_values = gather_nd(y, at);
  const Tensor x_grad = kMul ? dy[0] * dense_values : dy[0] / dense_values;
  const Tensor y_values = kMul ? dy[0] * ctx.input(1) : dy[0] * math::negative(ctx.input(1)) / math::square(dense_values);
  const Tensor y_grad = sparse::add({at, y_values, shape(y, int64)}, zeros_like(y));
  return {Tensor(), x_grad, Tensor(), y_grad};
}

// Inputs data, indices, segment_ids (, num_segments): rows get their segment's gradient, scaled.
template <int kScale>  // 0 sum, 1 mean, 2 sqrt_n
Grads sparse_segment_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor& ids = ctx.input(2);
  Tensor g = dy[0];
  if (kScale != 0) {
    const Tensor ones = cast(ones_like(ids), dy[0].dtype());
    Tensor count = maximum(math::unsorted_segment_sum(ones, ids, first_dim(dy[0])), 1);
    if (kScale == 2) count = math::sqrt(count);
    std::vector<std::int64_t> bcast(static_cast<std::size_t>(ctx.input_shape(0).rank()), 1);
    bcast[0] = -1;
    g = g / reshape(count, bcast);
  }
  const Tensor data_grad =
      math::unsorted_segment_sum(gather(g, ids), ctx.input(1), first_dim(ctx.input(0)));
  Grads grads{data_grad, Tensor(), Tensor()};
  if (ctx.num_inputs() == 4) grads.push_back(Tensor());
  return grads;
}

constexpr Saves kInputs{.inputs = true, .outputs = false};
constexpr Saves kOutputsOnly{.inputs = false, .outputs = true};

}  // namespace

TF_REGISTER_GRADIENT("SparseToDense", sparse_to_dense_grad, kInputs);
TF_REGISTER_GRADIENT("SparseReorder", sparse_reorder_grad, kInputs);
TF_REGISTER_GRADIENT("SparseAdd", sparse_add_grad);
TF_REGISTER_GRADIENT("SparseTensorDenseAdd", sparse_dense_add_grad, kInputs);
TF_REGISTER_GRADIENT("SparseTensorDenseMatMul", sparse_dense_matmul_grad, kInputs);
TF_REGISTER_GRADIENT("SparseReduceSum", sparse_reduce_sum_grad, kInputs);
TF_REGISTER_GRADIENT("SparseSlice", sparse_slice_grad, kInputs);
TF_REGISTER_GRADIENT("SparseFillEmptyRows", sparse_fill_empty_rows_grad, kOutputsOnly);
TF_REGISTER_GRADIENT("SparseSoftmax", sparse_softmax_grad);
TF_REGISTER_GRADIENT("SparseDenseCwiseMul", sparse_dense_cwise_grad<true>, kInputs);
TF_REGISTER_GRADIENT("SparseDenseCwiseDiv", sparse_dense_cwise_grad<false>, kInputs);
TF_REGISTER_GRADIENT("SparseSegmentSum", sparse_segment_grad<0>, kInputs);
TF_REGISTER_GRADIENT("SparseSegmentMean", sparse_segment_grad<1>, kInputs);
TF_REGISTER_GRADIENT("SparseSegmentSqrtN", sparse_segment_grad<2>, kInputs);
TF_REGISTER_GRADIENT("SparseSegmentSumWithNumSegments", sparse_segment_grad<0>, kInputs);
TF_REGISTER_GRADIENT("SparseSegmentMeanWithNumSegments", sparse_segment_grad<1>, kInputs);
TF_REGISTER_GRADIENT("SparseSegmentSqrtNWithNumSegments", sparse_segment_grad<2>, kInputs);
// TensorFlow gives SparseDenseCwiseAdd none (its registered gradient raises NotImplementedError).
TF_NO_GRADIENT("SparseDenseCwiseAdd");

namespace {
// TensorFlow registers no gradient for these: a tape raises LookupError through them until a user
// registers one (tf::RegisterGradient).
[[maybe_unused]] const bool kSparseGradientsLeftToUsers =
    leave_gradient_to_users("SparseReduceSumSparse") && leave_gradient_to_users("SparseReduceMax") &&
    leave_gradient_to_users("SparseReduceMaxSparse") && leave_gradient_to_users("SparseSplit") &&
    leave_gradient_to_users("SparseSparseMaximum") && leave_gradient_to_users("SparseSparseMinimum");
}  // namespace

}  // namespace tf::autodiff
