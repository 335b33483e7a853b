// BroadcastTo (a strided copy whose broadcast dimensions have stride 0), BroadcastArgs (the
// broadcast of two shape vectors), and meshgrid, a composite of reshape and BroadcastTo.
#include <algorithm>

#include "ops/array/array_common.h"
#include "ops/array/shape_tensor.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/broadcast_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// Checks that `in` broadcasts to `out` (TensorFlow's messages); unknown dimensions pass.
void check_broadcastable(const OpContext& ctx, const TensorShape& in, const TensorShape& out) {
  if (in.has_unknown_rank() || out.has_unknown_rank()) return;
  if (in.rank() > out.rank())
    ctx.fail("Rank of input (" + std::to_string(in.rank()) + ") must be no greater than rank of output shape (" +
             std::to_string(out.rank()) + ").");
  for (int i = 0; i < in.rank(); ++i) {
    const std::int64_t d = in.dim(i), o = out.dim(out.rank() - in.rank() + i);
    if (d != None && o != None && d != 1 && d != o)
      ctx.fail("Incompatible shapes: " + in.debug_string() + " vs. " + out.debug_string());
  }
}

void broadcast_to_shape(ShapeContext& ctx) {
  const TensorShape out = static_shape_of(ctx, 1, "shape");
  check_broadcastable(ctx, ctx.input(0).shape(), out);
  ctx.add_output(ctx.input(0).dtype(), out);
}

template <class S>
void broadcast_to_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  Tensor& out = ctx.output(0);
  const TensorShape& o = out.shape();
  const auto strides = kernels::row_major_strides(in.shape());
  kernels::StridedView view;
  for (int i = 0; i < o.rank(); ++i) {
    const int k = i - (o.rank() - in.rank());  // the input dimension aligned with output dimension i
    view.add_dim(o.dim(i), k < 0 || in.shape().dim(k) == 1 ? 0 : strides[k]);
  }
  kernels::strided_copy(elements<S>(in), mutable_elements<S>(out), view);
}

OpBuilder broadcast_to_builder() {
  OpBuilder b("BroadcastTo");
  b.inputs(2).shape(broadcast_to_shape);
  all_dtypes(b, []<class S>() -> KernelFn { return &broadcast_to_kernel<S>; });
  return b;
}

const OpDef& kBroadcastTo = broadcast_to_builder();

// ---- BroadcastArgs: s0, s1 -> the broadcast shape, in their dtype ----

void broadcast_args_shape(ShapeContext& ctx) {
  check_int_input(ctx, 0, "s0", 1);
  check_int_input(ctx, 1, "s1", 1);
  if (ctx.input(0).dtype() != ctx.input(1).dtype())
    ctx.fail("s0 and s1 must have one dtype, got " + describe(ctx.input(0)) + " and " + describe(ctx.input(1)));
  const TensorShape& a = ctx.input(0).shape();
  const TensorShape& b = ctx.input(1).shape();
  const bool known = !a.has_unknown_rank() && !b.has_unknown_rank() && a.dim(0) != None && b.dim(0) != None;
  ctx.add_output(ctx.input(0).dtype(), TensorShape{known ? std::max(a.dim(0), b.dim(0)) : None});
}

template <class I>
void broadcast_args_kernel(KernelContext& ctx) {
  const std::vector<std::int64_t> a = int_values(ctx.input(0)), b = int_values(ctx.input(1));
  const std::size_t rank = std::max(a.size(), b.size());
  I* out = ctx.output(0).mutable_data<I>();
  for (std::size_t i = 0; i < rank; ++i) {
    const std::int64_t da = i + a.size() >= rank ? a[i + a.size() - rank] : 1;
    const std::int64_t db = i + b.size() >= rank ? b[i + b.size() - rank] : 1;
    if (da != db && da != 1 && db != 1)
      ctx.fail("Incompatible shapes: " + join_ints(a) + " vs. " + join_ints(b));
    out[i] = static_cast<I>(da == 1 ? db : da);
  }
}

const OpDef& kBroadcastArgs = OpBuilder("BroadcastArgs").inputs(2).shape(broadcast_args_shape).no_gradient()
                                  .kernels<std::int32_t, std::int64_t>(
                                      []<class I>() -> KernelFn { return &broadcast_args_kernel<I>; });

}  // namespace

TensorShape broadcast_static_shape(const TensorShape& a, const TensorShape& b) {
  std::optional<TensorShape> out = ops::try_broadcast_shapes(a, b);
  if (!out)
    throw InvalidArgumentError("[broadcast_static_shape] Incompatible shapes for broadcasting: " + a.debug_string() +
                               " and " + b.debug_string());
  return *std::move(out);
}

Tensor broadcast_to(const Tensor& input, const IntArray& shape) {
  return ops::execute1(kBroadcastTo, {input, shape.tensor()});
}

Tensor broadcast_dynamic_shape(const Tensor& a, const Tensor& b) { return ops::execute1(kBroadcastArgs, {a, b}); }

std::vector<Tensor> meshgrid(const std::vector<Tensor>& inputs, const std::string& indexing) {
  if (indexing != "xy" && indexing != "ij")
    throw InvalidArgumentError("[meshgrid] indexing parameter must be either 'xy' or 'ij', got '" + indexing + "'");
  const int n = static_cast<int>(inputs.size());
  const bool xy = indexing == "xy" && n > 1;
  // Input k varies along output dimension k, except that "xy" swaps the first two.
  const auto position = [&](int k) { return xy && k < 2 ? 1 - k : k; };
  // Known sizes give a constant grid shape, so traced grids keep static shapes.
  const bool known = std::all_of(inputs.begin(), inputs.end(), [](const Tensor& t) { return t.shape().is_fully_defined(); });
  std::vector<std::int64_t> static_sizes(n);
  std::vector<Tensor> sizes(n);
  for (int k = 0; k < n; ++k) {
    if (known) static_sizes[position(k)] = inputs[k].shape().num_elements();
    else sizes[position(k)] = reshape(size(inputs[k]), {1});
  }
  const IntArray grid_shape = known ? IntArray(static_sizes) : IntArray(concat(sizes, 0));
  std::vector<Tensor> out;
  for (int k = 0; k < n; ++k) {
    std::vector<std::int64_t> dims(n, 1);
    dims[position(k)] = -1;
    out.push_back(broadcast_to(reshape(inputs[k], dims), grid_shape));
  }
  return out;
}

}  // namespace tf
