// Gradients of the shape and indexing ops (array_ops.h).
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "ops/array/array_common.h"
#include "ops/array/array_grad_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::autodiff {
namespace {

constexpr Saves kNothing{.inputs = false, .outputs = false};

Grads to_grads(const std::vector<Tensor>& v) {
  Grads g;
  for (const Tensor& t : v) g.push_back(t);
  return g;
}

int positive_axis(std::int64_t axis, int rank) { return static_cast<int>(axis < 0 ? axis + rank : axis); }

// Reshape, Squeeze, ExpandDims: the gradient takes the input's shape back.
Grads reshape_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(ctx.num_inputs());
  g[0] = reshape_to_input(dy[0], ctx, 0);
  return g;
}

Grads identity_grad(const GradientContext&, std::span<const Tensor> dy) { return {dy[0]}; }

// Transpose(x, perm): the inverse permutation; when perm is computed in the graph (as
// tf::transpose(x) does for an unknown rank), inverse[perm[i]] = i by a scatter.
Grads transpose_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  if (!has_value(ctx, 1)) {
    const Tensor& perm = ctx.input(1);
    const Tensor n = size(perm);
    const Tensor positions = cast(range(constant(0), n, constant(1)), perm.dtype());
    return {transpose(dy[0], IntArray(scatter_nd(reshape(perm, {-1, 1}), positions, IntArray(reshape(n, {1}))))), Tensor()};
  }
  const std::vector<std::int64_t> perm = input_ints(ctx, 1, "perm");
  std::vector<std::int64_t> inverse(perm.size());
  for (std::size_t i = 0; i < perm.size(); ++i) inverse[perm[i]] = static_cast<std::int64_t>(i);
  return {transpose(dy[0], inverse), Tensor()};
}

// ConcatV2(values..., axis): the gradient split back into the inputs' sizes.
Grads concat_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const std::size_t n = ctx.num_inputs() - 1;
  const int axis = positive_axis(input_ints(ctx, n, "axis")[0], dy[0].rank());
  if (axis < 0) fail_unknown_shape(ctx, dy[0].shape(), "the rank for a negative axis");
  std::vector<std::int64_t> sizes;
  bool known = true;
  for (std::size_t i = 0; i < n; ++i) {
    if (ctx.input_shape(i).has_unknown_rank()) {
      known = false;
      break;
    }
    sizes.push_back(ctx.input_shape(i).dim(axis));
    known &= sizes.back() != None;
  }
  std::vector<Tensor> dynamic_sizes;  // each input's size along the axis, read at run time
  if (!known)
    for (std::size_t i = 0; i < n; ++i) dynamic_sizes.push_back(gather(input_shape_tensor(ctx, i), constant(axis)));
  const std::vector<Tensor> parts = known ? split(dy[0], sizes, axis) : split(dy[0], IntArray(stack(dynamic_sizes)), axis);
  Grads g = to_grads(parts);
  g.push_back(Tensor());
  return g;
}

// Pack(values..., axis) / Unpack(value, num, axis) are each other's gradient.
Grads pack_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  // Unpack with the number of inputs, which dy's static shape may not know.
  static const ops::OpDef& unpack = *ops::find_op("Unpack");
  const ops::AttrValue attrs[] = {static_cast<std::int64_t>(ctx.num_inputs()), ctx.attr<std::int64_t>(0)};
  return ops::execute(unpack, {dy[0]}, attrs);
}
Grads unpack_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {stack(std::vector<Tensor>(dy.begin(), dy.end()), ctx.attr<std::int64_t>(1))};
}

// Split(axis, value) / SplitV(value, sizes, axis): concatenate the parts' gradients.
Grads split_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {Tensor(), concat(std::vector<Tensor>(dy.begin(), dy.end()), input_ints(ctx, 0, "axis")[0])};
}
Grads split_v_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {concat(std::vector<Tensor>(dy.begin(), dy.end()), input_ints(ctx, 2, "axis")[0]), Tensor(), Tensor()};
}

// Slice(x, begin, size): pad the gradient back to x's shape. The sizes come from the size
// input (-1: the rest), since a traced dy's static shape may not know them.
Grads slice_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const TensorShape& in = ctx.input_shape(0);
  if (!in.is_fully_defined() || !has_value(ctx, 1) || !has_value(ctx, 2)) {  // after = shape(x) - begin - shape(dy)
    const Tensor x_shape = input_shape_tensor(ctx, 0);
    const Tensor begin = cast(ctx.input(1), x_shape.dtype());
    const Tensor after = subtract(subtract(x_shape, begin), shape(dy[0], x_shape.dtype()));
    return {pad(dy[0], stack({begin, after}, 1)), Tensor(), Tensor()};
  }
  const std::vector<std::int64_t> begin = input_ints(ctx, 1, "begin"), size = input_ints(ctx, 2, "size");
  std::vector<std::array<std::int64_t, 2>> paddings;
  for (int d = 0; d < in.rank(); ++d) {
    const std::int64_t n = size[d] < 0 ? in.dim(d) - begin[d] : size[d];
    paddings.push_back({begin[d], in.dim(d) - begin[d] - n});
  }
  return {pad(dy[0], paddings), Tensor(), Tensor()};
}

// Pad(x, paddings[, constant]): the gradient's middle block.
Grads pad_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const TensorShape& in = ctx.input_shape(0);
  Grads g(ctx.num_inputs());
  if (!has_value(ctx, 1)) {  // paddings computed in the graph: begin is their first column
    g[0] = slice(dy[0], reshape(slice(ctx.input(1), {0, 0}, {-1, 1}), {-1}), input_shape_tensor(ctx, 0));
    return g;
  }
  const std::vector<std::int64_t> p = input_ints(ctx, 1, "paddings");
  std::vector<std::int64_t> begin;  // one row of paddings per dimension, even when the rank is unknown
  for (std::size_t d = 0; d < p.size() / 2; ++d) begin.push_back(p[2 * d]);
  g[0] = slice(dy[0], begin, in.is_fully_defined() ? IntArray(dims_of(in)) : IntArray(input_shape_tensor(ctx, 0)));
  return g;
}

Grads reverse_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {reverse(dy[0], ctx.input(1)), Tensor()};
}

// Tile(x, multiples): view the gradient as [m0, d0, m1, d1, ...] and sum over the m's. The
// rank is the number of multiples, which is known even when x's rank is not.
Grads tile_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const TensorShape& in = ctx.input_shape(0);
  if (!in.is_fully_defined() || !has_value(ctx, 1)) {
    const std::int64_t rank = in.has_unknown_rank() ? ctx.input(1).shape().num_elements() : in.rank();
    if (rank < 0) fail_unknown_shape(ctx, in, "the input's rank");
    std::vector<std::int64_t> axes;
    for (std::int64_t d = 0; d < rank; ++d) axes.push_back(2 * d);
    const Tensor x_shape = input_shape_tensor(ctx, 0);
    const Tensor split_shape = reshape(stack({cast(ctx.input(1), x_shape.dtype()), x_shape}, 1), {-1});
    return {rank == 0 ? dy[0] : reduce_sum(reshape(dy[0], split_shape), Axes(axes)), Tensor()};
  }
  const std::vector<std::int64_t> m = input_ints(ctx, 1, "multiples");
  std::vector<std::int64_t> split_shape, axes;
  for (int d = 0; d < in.rank(); ++d) {
    axes.push_back(static_cast<std::int64_t>(split_shape.size()));
    split_shape.push_back(m[d]);
    split_shape.push_back(in.dim(d));
  }
  Tensor g = in.rank() == 0 ? dy[0] : reduce_sum(reshape(dy[0], split_shape), Axes(axes));
  return {g, Tensor()};
}

// StridedSlice(x, begin, end, strides; masks): StridedSliceGrad writes dy back into zeros of x's shape.
StridedSliceOptions strided_slice_masks(const GradientContext& ctx) {
  return {ctx.attr<std::int64_t>(0), ctx.attr<std::int64_t>(1), ctx.attr<std::int64_t>(2), ctx.attr<std::int64_t>(3),
          ctx.attr<std::int64_t>(4)};
}
Grads strided_slice_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor x_shape = input_shape_tensor(ctx, 0);
  return {ops::array::strided_slice_grad(x_shape, ctx.input(1), ctx.input(2), ctx.input(3), dy[0],
                                         strided_slice_masks(ctx)),
          Tensor(), Tensor(), Tensor()};
}
// StridedSliceGrad(shape, begin, end, strides, dy) is linear in dy: its adjoint is the slice.
Grads strided_slice_grad_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {Tensor(), Tensor(), Tensor(), Tensor(),
          strided_slice(dy[0], ctx.input(1), ctx.input(2), ctx.input(3), strided_slice_masks(ctx))};
}

// MirrorPad(x, paddings; mode) and MirrorPadGrad(dy, paddings; mode) are each other's adjoint.
Grads mirror_pad_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {ops::array::mirror_pad_grad(dy[0], ctx.input(1), ctx.attr<std::string>(0)), Tensor()};
}
Grads mirror_pad_grad_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {pad(dy[0], ctx.input(1), {.mode = ctx.attr<std::string>(0)}), Tensor()};
}

// Fill(dims, value): every element came from the value.
Grads fill_grad(const GradientContext&, std::span<const Tensor> dy) { return {Tensor(), reduce_sum(dy[0])}; }

// SumToShape(grad, shape) is linear in grad: its adjoint broadcasts back to grad's shape.
Grads sum_to_shape_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {add(dy[0], zeros_like_input(ctx, 0)), Tensor()};
}

}  // namespace

TF_REGISTER_GRADIENT("Fill", fill_grad, kNothing);
TF_REGISTER_GRADIENT("SumToShape", sum_to_shape_grad, kNothing);
TF_REGISTER_GRADIENT("Reshape", reshape_grad, kNothing);
TF_REGISTER_GRADIENT("Squeeze", reshape_grad, kNothing);
TF_REGISTER_GRADIENT("ExpandDims", reshape_grad, kNothing);
TF_REGISTER_GRADIENT("Identity", identity_grad, kNothing);
TF_REGISTER_GRADIENT("EnsureShape", identity_grad, kNothing);
TF_REGISTER_GRADIENT("Transpose", transpose_grad, kNothing);
TF_REGISTER_GRADIENT("ConcatV2", concat_grad, kNothing);
TF_REGISTER_GRADIENT("Pack", pack_grad, kNothing);
TF_REGISTER_GRADIENT("Unpack", unpack_grad, kNothing);
TF_REGISTER_GRADIENT("Split", split_grad, kNothing);
TF_REGISTER_GRADIENT("SplitV", split_v_grad, kNothing);
TF_REGISTER_GRADIENT("Slice", slice_grad, kNothing);
TF_REGISTER_GRADIENT("Pad", pad_grad, kNothing);
TF_REGISTER_GRADIENT("PadV2", pad_grad, kNothing);
TF_REGISTER_GRADIENT("ReverseV2", reverse_grad, kNothing);
TF_REGISTER_GRADIENT("Tile", tile_grad, kNothing);
TF_REGISTER_GRADIENT("StridedSlice", strided_slice_grad, kNothing);
TF_REGISTER_GRADIENT("StridedSliceGrad", strided_slice_grad_grad, kNothing);
TF_REGISTER_GRADIENT("MirrorPad", mirror_pad_grad, kNothing);
TF_REGISTER_GRADIENT("MirrorPadGrad", mirror_pad_grad_grad, kNothing);
// As in TensorFlow: LinSpace's values depend on start and stop, but it has no gradient.
TF_NO_GRADIENT("LinSpace");

}  // namespace tf::autodiff
