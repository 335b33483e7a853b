// Logical ops on bool tensors: LogicalAnd, LogicalOr (with broadcasting), LogicalNot.
#include "kernels/cpu/elementwise.h"
#include "ops/execute.h"
#include "ops/math/elementwise_shapes.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;

void and_kernel(KernelContext& ctx) {
  kernels::broadcast_binary<bool, bool, bool>(ctx.input(0), ctx.input(1), ctx.output(0),
                                              [](bool a, bool b) { return a && b; });
}
void or_kernel(KernelContext& ctx) {
  kernels::broadcast_binary<bool, bool, bool>(ctx.input(0), ctx.input(1), ctx.output(0),
                                              [](bool a, bool b) { return a || b; });
}
void not_kernel(KernelContext& ctx) {
  kernels::map_tensor<bool, bool>(ctx.input(0), ctx.output(0), [](bool x) { return !x; });
}

const OpDef& kLogicalAnd =
    OpBuilder("LogicalAnd").inputs(2).shape(ops::binary_elementwise_shape).kernel(DType::kBool, and_kernel).no_gradient();
const OpDef& kLogicalOr =
    OpBuilder("LogicalOr").inputs(2).shape(ops::binary_elementwise_shape).kernel(DType::kBool, or_kernel).no_gradient();
const OpDef& kLogicalNot =
    OpBuilder("LogicalNot").inputs(1).shape(ops::unary_elementwise_shape).kernel(DType::kBool, not_kernel).no_gradient();

}  // namespace

namespace math {

Tensor logical_and(const Tensor& a, const Tensor& b) { return ops::execute1(kLogicalAnd, {a, b}); }
Tensor logical_or(const Tensor& a, const Tensor& b) { return ops::execute1(kLogicalOr, {a, b}); }
Tensor logical_not(const Tensor& x) { return ops::execute1(kLogicalNot, {x}); }

}  // namespace math
}  // namespace tf
