// ArgMax and ArgMin: the index of the largest (smallest) element along one axis.
#include "kernels/cpu/reduce_arg.h"
#include "kernels/cpu/reduce_blocks.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/reduction_ops.h"

namespace tf {
namespace {

using ops::AttrValue;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Attributes: dimension (int64), output_type (int32 or int64).
void arg_shape(ShapeContext& ctx) {
  const DType out_type = ctx.attr<DType>(1);
  if (out_type != DType::kInt32 && out_type != DType::kInt64)
    ctx.fail("output_type must be int32 or int64, got " + std::string(dtype_name(out_type)));
  const TensorShape& in = ctx.input(0).shape();
  if (in.has_unknown_rank()) {
    ctx.add_output(out_type, TensorShape::unknown_rank());
    return;
  }
  const int axis = ops::normalize_axis(ctx, ctx.attr<std::int64_t>(0), in.rank());
  if (in.dim(axis) == 0)
    ctx.fail("reduction axis " + std::to_string(axis) + " is empty in shape " + in.debug_string());
  TensorShape out = in;
  out.remove_dim(axis);
  ctx.add_output(out_type, out);
}

template <class T, bool max>
void arg_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  std::int64_t outer, n, inner;
  kernels::split_at_axis(in.shape(), ops::normalize_axis(ctx, ctx.attr<std::int64_t>(0), in.rank()), outer, n, inner);
  Tensor& out = ctx.output(0);
  if (out.dtype() == DType::kInt32)
    kernels::arg_reduce<T, std::int32_t>(in.data<T>(), out.mutable_data<std::int32_t>(), outer, n, inner, max);
  else
    kernels::arg_reduce<T, std::int64_t>(in.data<T>(), out.mutable_data<std::int64_t>(), outer, n, inner, max);
}

template <bool max>
OpBuilder arg_op(const char* name) {
  OpBuilder b(name);
  b.inputs(1).attrs({"dimension", "output_type"}).shape(arg_shape).no_gradient()
      .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t,
               std::uint32_t, std::uint64_t, bool>([]<class T>() -> KernelFn { return &arg_kernel<T, max>; });
  return b;
}

const OpDef& kArgMax = arg_op<true>("ArgMax");
const OpDef& kArgMin = arg_op<false>("ArgMin");

}  // namespace

Tensor argmax(const Tensor& input, std::int64_t axis, DType output_type) {
  const AttrValue attrs[] = {axis, output_type};
  return ops::execute1(kArgMax, {input}, attrs);
}

Tensor argmin(const Tensor& input, std::int64_t axis, DType output_type) {
  const AttrValue attrs[] = {axis, output_type};
  return ops::execute1(kArgMin, {input}, attrs);
}

}  // namespace tf
