// Slice (a block given by begin and size) and ReverseV2: both are strided views of the input.
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/array_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// ---- Slice: input, begin, size ----

// The slice's sizes with -1 resolved; validates begin and size against the input shape
// (unknown dims, None, pass unchecked and give None for a -1 size).
TensorShape slice_sizes(const OpContext& ctx, const TensorShape& in, std::span<const std::int64_t> begin,
                        std::span<const std::int64_t> size) {
  if (static_cast<int>(begin.size()) != in.rank() || static_cast<int>(size.size()) != in.rank())
    ctx.fail("begin " + join_ints(begin) + " and size " + join_ints(size) + " must have one entry per dimension of " +
             describe(ctx.input(0)));
  TensorShape out;
  for (int i = 0; i < in.rank(); ++i) {
    const std::int64_t dim = in.dim(i);
    if (begin[i] < 0 || (dim != None && begin[i] > dim))
      ctx.fail("expected begin[" + std::to_string(i) + "] in [0, " + std::to_string(dim) + "], but got " +
               std::to_string(begin[i]) + " (input shape " + in.debug_string() + ")");
    std::int64_t s = size[i];
    if (s == -1) s = dim == None ? None : dim - begin[i];
    else if (s < 0 || (dim != None && begin[i] + s > dim))
      ctx.fail("expected size[" + std::to_string(i) + "] in [0, " + std::to_string(dim - begin[i]) + "], but got " +
               std::to_string(s) + " (begin " + join_ints(begin) + ", input shape " + in.debug_string() + ")");
    out.append(s);
  }
  return out;
}

void slice_shape(ShapeContext& ctx) {
  check_int_input(ctx, 1, "begin", 1);
  check_int_input(ctx, 2, "size", 1);
  const TensorShape& in = ctx.input(0).shape();
  const auto begin = known_int_values(ctx, 1), size = known_int_values(ctx, 2);
  if (in.has_unknown_rank()) return ctx.add_output(ctx.input(0).dtype(), in);
  if (begin && size) return ctx.add_output(ctx.input(0).dtype(), slice_sizes(ctx, in, *begin, *size));
  TensorShape out;
  for (int i = 0; i < in.rank(); ++i) out.append(size && (*size)[i] >= 0 ? (*size)[i] : None);
  ctx.add_output(ctx.input(0).dtype(), out);
}

template <class S>
void slice_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const auto strides = kernels::row_major_strides(in.shape());
  const std::vector<std::int64_t> begin = int_values(ctx.input(1));
  const TensorShape& out = ctx.output(0).shape();
  kernels::StridedView view;
  for (int i = 0; i < in.rank(); ++i) {
    view.add_dim(out.dim(i), strides[i]);
    view.offset += begin[i] * strides[i];
  }
  kernels::strided_copy(elements<S>(in), mutable_elements<S>(ctx.output(0)), view);
}

// ---- ReverseV2: tensor, axis ----

std::array<bool, kMaxRank> reversed_axes(const OpContext& ctx, std::span<const std::int64_t> axes, int rank) {
  std::array<bool, kMaxRank> reversed{};
  for (std::int64_t a : axes) {
    const int axis = ops::normalize_axis(ctx, a, rank);
    if (reversed[axis]) ctx.fail("axis " + std::to_string(axis) + " is specified more than once in " + join_ints(axes));
    reversed[axis] = true;
  }
  return reversed;
}

void reverse_shape(ShapeContext& ctx) {
  check_int_input(ctx, 1, "axis", 1);
  const TensorShape& in = ctx.input(0).shape();
  if (auto axes = known_int_values(ctx, 1); axes && !in.has_unknown_rank()) reversed_axes(ctx, *axes, in.rank());
  ctx.add_output(ctx.input(0).dtype(), in);
}

template <class S>
void reverse_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const auto reversed = reversed_axes(ctx, int_values(ctx.input(1)), in.rank());
  const auto strides = kernels::row_major_strides(in.shape());
  kernels::StridedView view;
  for (int i = 0; i < in.rank(); ++i) {
    const std::int64_t dim = in.shape().dim(i);
    view.add_dim(dim, reversed[i] ? -strides[i] : strides[i]);
    if (reversed[i] && dim > 0) view.offset += (dim - 1) * strides[i];
  }
  kernels::strided_copy(elements<S>(in), mutable_elements<S>(ctx.output(0)), view);
}

OpBuilder slice_builder() {
  OpBuilder b("Slice");
  b.inputs(3).shape(slice_shape);
  all_dtypes(b, []<class S>() -> KernelFn { return &slice_kernel<S>; });
  return b;
}
OpBuilder reverse_builder() {
  OpBuilder b("ReverseV2");
  b.inputs(2).shape(reverse_shape);
  all_dtypes(b, []<class S>() -> KernelFn { return &reverse_kernel<S>; });
  return b;
}

const OpDef& kSlice = slice_builder();
const OpDef& kReverseV2 = reverse_builder();

}  // namespace

Tensor slice(const Tensor& t, const IntArray& begin, const IntArray& size) {
  return ops::execute1(kSlice, {t, begin.tensor(), size.tensor()});
}

Tensor reverse(const Tensor& t, const IntArray& axis) { return ops::execute1(kReverseV2, {t, axis.tensor()}); }

}  // namespace tf
