// OneHot: indices -> one-hot vectors along a new `depth` dimension. As in TensorFlow, an index
// outside [0, depth) (for example -1) selects nothing and gives a row of off_value.
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/array_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::AttrValue;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// The position of the depth dimension in the output, for indices of rank `rank`.
int depth_axis(const OpContext& ctx, int rank) {
  const std::int64_t axis = ctx.attr<std::int64_t>(0);
  if (axis < -1 || axis > rank)
    ctx.fail("expected axis to be -1 or in [0, " + std::to_string(rank) + "] for indices of rank " +
             std::to_string(rank) + ", got " + std::to_string(axis));
  return static_cast<int>(axis == -1 ? rank : axis);
}

void one_hot_shape(ShapeContext& ctx) {
  // TensorFlow's TI: uint8, int8, int32, int64
  if (const Tensor& indices = ctx.input(0); indices.dtype() != uint8 && indices.dtype() != int8)
    check_int_input(ctx, 0, "indices", -1);
  check_int_input(ctx, 1, "depth", 0);
  const Tensor& on = ctx.input(2);
  const Tensor& off = ctx.input(3);
  if (on.dtype() != off.dtype() || on.shape().rank() != 0 || off.shape().rank() != 0)
    ctx.fail("on_value and off_value must be scalars of one dtype, got " + describe(on) + " and " + describe(off));
  const TensorShape& in = ctx.input(0).shape();
  if (in.has_unknown_rank()) return ctx.add_output(on.dtype(), in);
  std::int64_t depth = None;
  if (auto d = known_int_values(ctx, 1)) {
    depth = (*d)[0];
    if (depth < 0) ctx.fail("depth must be non-negative, got " + std::to_string(depth));
  }
  TensorShape out = in;
  out.insert_dim(depth_axis(ctx, in.rank()), depth);
  ctx.add_output(on.dtype(), out);
}

template <class S, class Index>
void one_hot_fill(KernelContext& ctx) {
  const Tensor& indices = ctx.input(0);
  Tensor& out = ctx.output(0);
  const int axis = depth_axis(ctx, indices.rank());
  const std::int64_t depth = out.shape().dim(axis);
  std::int64_t inner = 1;
  for (int i = axis; i < indices.rank(); ++i) inner *= indices.shape().dim(i);
  const std::int64_t outer = indices.num_elements() / std::max<std::int64_t>(inner, 1);
  const S on = *elements<S>(ctx.input(2)), off = *elements<S>(ctx.input(3));
  const Index* idx = indices.data<Index>();
  S* dst = mutable_elements<S>(out);
  // Output viewed as [outer, depth, inner]; element (o, d, i) is `on` where idx[o, i] == d.
  kernels::parallel_for(outer, depth * inner, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t o = begin; o < end; ++o) {
      S* block = dst + o * depth * inner;
      std::fill(block, block + depth * inner, off);
      for (std::int64_t i = 0; i < inner; ++i) {
        const Index d = idx[o * inner + i];
        if (d >= 0 && d < depth) block[d * inner + i] = on;
      }
    }
  });
}

template <class Index>
void one_hot_kernel(KernelContext& ctx) {
  kernels::visit_copy_dtype(ctx.input(2).dtype(), [&](auto tag) { one_hot_fill<kernels::storage_t<decltype(tag)>, Index>(ctx); });
}

// OneHot dispatches on the dtype of its first input, the indices.
const OpDef& kOneHot = OpBuilder("OneHot").inputs(4).attrs({"axis"}).shape(one_hot_shape).no_gradient()
                           .kernels<std::int32_t, std::int64_t, std::uint8_t, std::int8_t>(
                               []<class I>() -> KernelFn { return &one_hot_kernel<I>; });

}  // namespace

Tensor one_hot(const IntArray& indices, std::int64_t depth, const OneHotOptions& options) {
  const AttrValue attrs[] = {options.axis};
  return ops::execute1(kOneHot,
                       {indices.tensor(), constant(static_cast<std::int32_t>(depth)),
                        constant(options.on_value, options.dtype), constant(options.off_value, options.dtype)},
                       attrs);
}

}  // namespace tf
