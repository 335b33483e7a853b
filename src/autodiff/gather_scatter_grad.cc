// Gradients of the index ops GatherV2, GatherNd and ScatterNd (TensorFlow's array_grad.py).
// TensorFlow returns a gather's gradient as IndexedSlices; here it is the dense equivalent,
// a scatter-add of the output gradient into zeros of the params' shape (repeated indices add).
#include <numeric>

#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::autodiff {
namespace {

std::int64_t product(std::span<const std::int64_t> dims) {
  return std::accumulate(dims.begin(), dims.end(), std::int64_t{1}, std::multiplies<>());
}

// The permutation of `rank` axes that moves the block [from, from + len) to start at `to` (to <= from).
std::vector<std::int64_t> move_block(int rank, int from, int len, int to) {
  std::vector<std::int64_t> perm;
  for (int d = 0; d < to; ++d) perm.push_back(d);
  for (int d = from; d < from + len; ++d) perm.push_back(d);
  for (int d = to; d < rank; ++d)
    if (d < from || d >= from + len) perm.push_back(d);
  return perm;
}

std::vector<std::int64_t> inverse(const std::vector<std::int64_t>& perm) {
  std::vector<std::int64_t> inv(perm.size());
  for (std::size_t i = 0; i < perm.size(); ++i) inv[perm[i]] = static_cast<std::int64_t>(i);
  return inv;
}

// gather_grad (below) with the sizes read at run time from the params' and indices' shapes.
// Rows of params of unknown rank (axis 0, no batch dimensions, as an embedding lookup): the
// gradient's rows scatter into shape(params), each of the shape shape(params)[1:].
Tensor gather_rows_grad(const GradientContext& ctx, const Tensor& dy) {
  const Tensor p = input_shape_tensor(ctx, 0);
  const Tensor rows = reshape(dy, IntArray(concat({constant(std::vector<std::int32_t>{-1}), slice(p, {1}, {-1})}, 0)));
  return scatter_nd(reshape(ctx.input(1), {-1, 1}), rows, IntArray(p));
}

Tensor gather_grad_dynamic(const GradientContext& ctx, const Tensor& dy) {
  const TensorShape& params = ctx.input_shape(0);
  const Tensor& indices = ctx.input(1);
  const std::int64_t a64 = input_ints(ctx, 2, "axis")[0], b64 = ctx.attr<std::int64_t>(0);
  if (params.has_unknown_rank() && a64 == 0 && b64 == 0) return gather_rows_grad(ctx, dy);
  if (params.has_unknown_rank() || indices.shape().has_unknown_rank() || dy.shape().has_unknown_rank())
    fail_unknown_shape(ctx, params, "the ranks of params and indices");
  const int rank = params.rank(), index_rank = indices.rank();
  const int axis = static_cast<int>(a64 < 0 ? a64 + rank : a64);
  const int b = static_cast<int>(b64 < 0 ? b64 + index_rank : b64);
  const int num_outer = axis - b, num_index = index_rank - b;
  const Tensor p = input_shape_tensor(ctx, 0);
  const auto dims = [&](const Tensor& shape, int from, int to) {
    std::vector<std::int64_t> axes(static_cast<std::size_t>(to - from));
    std::iota(axes.begin(), axes.end(), from);
    return gather(shape, IntArray(axes));
  };
  std::vector<std::int64_t> rest_axes;
  for (int d = b; d < rank; ++d)
    if (d != axis) rest_axes.push_back(d);
  const Tensor batch = reduce_prod(dims(p, 0, b)), n = gather(p, constant(axis));
  const Tensor count = reduce_prod(dims(shape(indices), b, index_rank));
  const Tensor rest = gather(p, IntArray(rest_axes));

  Tensor g = dy;
  if (num_outer > 0 && num_index > 0) g = transpose(g, move_block(g.rank(), b + num_outer, num_index, b));
  g = reshape(g, IntArray(concat({reshape(multiply(batch, count), {1}), rest}, 0)));

  Tensor idx = indices;
  if (b > 0) {
    const Tensor step = maximum(n, constant(1));  // n = 0 has no indices to offset
    const Tensor offsets = cast(range(constant(0), multiply(batch, step), step), indices.dtype());
    idx = add(reshape(idx, IntArray(stack({batch, count}))), reshape(offsets, {-1, 1}));
  }
  idx = reshape(idx, {-1, 1});
  Tensor scattered = scatter_nd(idx, g, IntArray(concat({reshape(multiply(batch, n), {1}), rest}, 0)));
  std::vector<std::int64_t> unflat_axes(static_cast<std::size_t>(b));
  std::iota(unflat_axes.begin(), unflat_axes.end(), 0);
  unflat_axes.push_back(axis);
  unflat_axes.insert(unflat_axes.end(), rest_axes.begin(), rest_axes.end());
  scattered = reshape(scattered, IntArray(gather(p, IntArray(unflat_axes))));
  if (num_outer > 0) scattered = transpose(scattered, inverse(move_block(rank, axis, 1, b)));
  return scattered;
}

// GatherV2(params, indices, axis; batch_dims). With params [B, O, N, R] (batch, outer, the
// gathered axis, rest) and indices [B, I], dy is [B, O, I, R]. Move I before O, flatten B and
// I into one index list (offsetting batch k's indices by k * N), scatter-add into
// [B * N, O, R], and move N back after O.
Grads gather_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const TensorShape& params = ctx.input_shape(0);
  const Tensor& indices = ctx.input(1);
  if (!params.is_fully_defined() || !indices.shape().is_fully_defined()) return {gather_grad_dynamic(ctx, dy[0]), Tensor(), Tensor()};
  const int rank = params.rank(), index_rank = indices.rank();
  const std::int64_t a64 = input_ints(ctx, 2, "axis")[0], b64 = ctx.attr<std::int64_t>(0);
  const int axis = static_cast<int>(a64 < 0 ? a64 + rank : a64);
  const int b = static_cast<int>(b64 < 0 ? b64 + index_rank : b64);
  const int num_outer = axis - b, num_index = index_rank - b;
  const std::vector<std::int64_t> p = dims_of(params);
  const std::int64_t batch = product(std::span(p).first(b)), n = p[axis];
  const std::int64_t count = product(indices.shape().dims().subspan(b));

  Tensor g = dy[0];
  if (num_outer > 0 && num_index > 0) g = transpose(g, move_block(g.rank(), b + num_outer, num_index, b));
  std::vector<std::int64_t> flat{batch * count};
  for (int d = b; d < rank; ++d)
    if (d != axis) flat.push_back(p[d]);
  g = reshape(g, flat);

  Tensor idx = indices;
  if (b > 0) {
    const std::int64_t step = std::max<std::int64_t>(n, 1);  // n = 0 has no indices to offset
    const Tensor offsets = range(0.0, static_cast<double>(batch * step), static_cast<double>(step), indices.dtype());
    idx = add(reshape(idx, {batch, count}), reshape(offsets, {batch, 1}));
  }
  idx = reshape(idx, {batch * count, 1});

  flat[0] = batch * n;
  Tensor scattered = scatter_nd(idx, g, flat);
  std::vector<std::int64_t> unflat(p.begin(), p.begin() + b);
  unflat.push_back(n);
  for (int d = b; d < rank; ++d)
    if (d != axis) unflat.push_back(p[d]);
  scattered = reshape(scattered, unflat);
  if (num_outer > 0) scattered = transpose(scattered, inverse(move_block(rank, axis, 1, b)));
  return {scattered, Tensor(), Tensor()};
}

// GatherNd(params, indices): scatter-add dy at the index tuples.
Grads gather_nd_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {scatter_nd(ctx.input(1), dy[0], IntArray(input_shape_tensor(ctx, 0))), Tensor()};
}

// ScatterNd(indices, updates, shape): each update's gradient is dy at its index tuple.
Grads scatter_nd_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {Tensor(), gather_nd(dy[0], ctx.input(0)), Tensor()};
}

constexpr Saves kNothing{.inputs = false, .outputs = false};

}  // namespace

TF_REGISTER_GRADIENT("GatherV2", gather_grad, kNothing);
TF_REGISTER_GRADIENT("GatherNd", gather_nd_grad, kNothing);
TF_REGISTER_GRADIENT("ScatterNd", scatter_nd_grad, kNothing);

}  // namespace tf::autodiff
