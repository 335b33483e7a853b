#include "ops/linalg/fused_matmul.h"

#include <string>

#include "core/tensor_impl.h"
#include "ops/shape_fns.h"

namespace tf::ops {
namespace {

void fused_matmul_shape(ShapeContext& ctx) {
  check_same_dtype(ctx, 0, 1);
  check_same_dtype(ctx, 0, 2);
  const TensorShape &a = ctx.input(0).shape(), &b = ctx.input(1).shape(), &bias = ctx.input(2).shape();
  const bool ta = ctx.attr<bool>(0), tb = ctx.attr<bool>(1);
  if (a.has_unknown_rank() || b.has_unknown_rank() || bias.has_unknown_rank() || a.rank() != 2 || b.rank() != 2 ||
      bias.rank() != 1)
    ctx.fail("expects matrices a, b and a bias vector, got " + a.debug_string() + ", " + b.debug_string() + ", " +
             bias.debug_string());
  const std::int64_t ka = a.dim(ta ? 0 : 1), kb = b.dim(tb ? 1 : 0), n = b.dim(tb ? 0 : 1);
  if (ka != None && kb != None && ka != kb)
    ctx.fail("inner dimensions differ: a is " + a.debug_string() + ", b is " + b.debug_string());
  if (n != None && bias.dim(0) != None && bias.dim(0) != n)
    ctx.fail("bias " + bias.debug_string() + " does not match the " + std::to_string(n) + " output columns");
  ctx.add_output(ctx.input(0).dtype(), TensorShape{a.dim(ta ? 1 : 0), n});
}

void fused_matmul_kernel(KernelContext& ctx) {
  const Tensor &a = ctx.input(0), &b = ctx.input(1), &bias = ctx.input(2);
  const auto g = kernels::matmul_geometry(a.shape(), b.shape(), ctx.attr<bool>(0), ctx.attr<bool>(1));
  kernels::onednn_matmul_bias_activation(a.data<float>(), b.data<float>(), bias.data<float>(),
                                         ctx.output(0).mutable_data<float>(), g,
                                         static_cast<kernels::MatMulActivation>(ctx.attr<std::int64_t>(2)));
}

const OpDef& kFusedMatMul = OpBuilder("_FusedMatMul")
                                .inputs(3)
                                .attrs({"transpose_a", "transpose_b", "activation"})
                                .shape(fused_matmul_shape)
                                .kernel(DType::kFloat32, fused_matmul_kernel)
                                .no_gradient();

}  // namespace

const OpDef& fused_matmul_op() { return kFusedMatMul; }

}  // namespace tf::ops
