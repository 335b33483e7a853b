// Fill(dims, value) and SumToShape(grad, shape), whose shapes are run-time int tensors, and
// EnsureShape(t; shape).
#include "ops/array/gradient_shape_ops.h"

#include <algorithm>
#include <array>
#include <string>

#include "core/tensor_impl.h"
#include "kernels/cpu/reduce.h"
#include "ops/array/array_common.h"
#include "ops/array/shape_tensor.h"
#include "ops/execute.h"

namespace tf::ops::array {
namespace {

void fill_shape(ShapeContext& ctx) {
  const TensorShape& v = ctx.input(1).shape();
  if (!v.has_unknown_rank() && v.rank() != 0) ctx.fail("value must be a scalar, got shape " + v.debug_string());
  ctx.add_output(ctx.input(1).dtype(), static_shape_of(ctx, 0, "dims"));
}

// Fill dispatches on input 0, the int dims, so its kernel visits the value's dtype itself.
void fill_kernel(KernelContext& ctx) {
  const Tensor& value = ctx.input(1);
  Tensor out = core::empty(value.dtype(), shape_from(ctx, int_values(ctx.input(0)), "dims"));
  kernels::visit_copy_dtype(value.dtype(), [&](auto tag) {
    using T = decltype(tag);
    std::fill_n(static_cast<T*>(out.raw_mutable_data()), out.num_elements(), *static_cast<const T*>(value.raw_data()));
  });
  ctx.output(0) = std::move(out);
}

// Which axes of `grad` broadcasting from `target` added (leading) or stretched (size 1 in target).
std::array<bool, kMaxRank> broadcast_axes(const OpContext& ctx, const TensorShape& grad, const TensorShape& target) {
  const int lead = grad.rank() - target.rank();
  if (lead < 0)
    ctx.fail("cannot sum shape " + grad.debug_string() + " to the larger rank of " + target.debug_string());
  std::array<bool, kMaxRank> reduced{};
  for (int d = 0; d < grad.rank(); ++d) {
    if (d < lead) {
      reduced[d] = true;
      continue;
    }
    const std::int64_t t = target.dim(d - lead), g = grad.dim(d);
    if (t != g && t != 1)
      ctx.fail("shape " + target.debug_string() + " does not broadcast to the gradient's shape " + grad.debug_string());
    reduced[d] = t != g;
  }
  return reduced;
}

void sum_to_shape_shape(ShapeContext& ctx) {
  const TensorShape target = static_shape_of(ctx, 1, "shape");
  const TensorShape& grad = ctx.input(0).shape();
  if (!grad.has_unknown_rank() && !target.has_unknown_rank() && target.rank() > grad.rank())
    ctx.fail("cannot sum shape " + grad.debug_string() + " to the larger rank of " + target.debug_string());
  ctx.add_output(ctx.input(0).dtype(), target);
}

template <class T>
void sum_to_shape_kernel(KernelContext& ctx) {
  const Tensor& grad = ctx.input(0);
  const TensorShape target = shape_from(ctx, int_values(ctx.input(1)), "shape");
  const std::array<bool, kMaxRank> reduced = broadcast_axes(ctx, grad.shape(), target);
  if (std::none_of(reduced.begin(), reduced.end(), [](bool r) { return r; })) {  // nothing broadcast: share the buffer
    ctx.output(0) = core::view(grad, target);
    return;
  }
  Tensor out = core::empty(grad.dtype(), target);
  kernels::reduce<T>(grad.data<T>(), grad.shape(), std::span<const bool>(reduced.data(), grad.rank()),
                     out.mutable_data<T>(), kernels::ReduceOp::kSum);
  ctx.output(0) = std::move(out);
}

// The more specific of two compatible shapes, dimension by dimension.
TensorShape merged(const OpContext& ctx, const TensorShape& a, const TensorShape& b) {
  if (!a.is_compatible_with(b))
    ctx.fail("shape of tensor " + a.debug_string() + " is not compatible with expected shape " + b.debug_string());
  if (a.has_unknown_rank()) return b;
  TensorShape out = a;
  for (int d = 0; d < out.rank() && !b.has_unknown_rank(); ++d)
    if (out.dim(d) == None) out.set_dim(d, b.dim(d));
  return out;
}

void ensure_shape_shape(ShapeContext& ctx) {
  ctx.add_output(ctx.input(0).dtype(), merged(ctx, ctx.input(0).shape(), ctx.attr<TensorShape>(0)));
}
void ensure_shape_kernel(KernelContext& ctx) {
  merged(ctx, ctx.input(0).shape(), ctx.attr<TensorShape>(0));
  ctx.output(0) = core::view(ctx.input(0), ctx.input(0).shape());
}

const OpDef& kEnsureShape = all_dtypes(OpBuilder("EnsureShape").inputs(1).attrs({"shape"}).shape(ensure_shape_shape)
                                           .kernel_allocates_outputs(), ensure_shape_kernel);
const OpDef& kFill = OpBuilder("Fill").inputs(2).shape(fill_shape).kernel_allocates_outputs()
    .kernel(DType::kInt32, fill_kernel).kernel(DType::kInt64, fill_kernel);
const OpDef& kSumToShape = OpBuilder("SumToShape").inputs(2).shape(sum_to_shape_shape).kernel_allocates_outputs()
    .kernels<float, double, std::int32_t, std::int64_t>([]<class T>() -> KernelFn { return &sum_to_shape_kernel<T>; });

}  // namespace

Tensor fill(const Tensor& dims, const Tensor& value) { return execute1(kFill, {dims, value}); }
Tensor sum_to_shape(const Tensor& grad, const Tensor& shape) { return execute1(kSumToShape, {grad, shape}); }
Tensor ensure_shape(const Tensor& t, const TensorShape& shape) {
  const AttrValue attrs[] = {shape};
  return execute1(kEnsureShape, {t}, attrs);
}

}  // namespace tf::ops::array
