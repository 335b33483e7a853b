// The Cross op (3-element vectors along the last axis; a scalar loop, the op is rare) and the
// composites matvec and normalize.
#include "ops/execute.h"
#include "ops/math/elementwise_shapes.h"
#include "ops/shape_fns.h"
#include "tfpp/array_ops.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/linalg_vector_ops.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void cross_shape(ShapeContext& ctx) {
  ops::check_same_dtype(ctx, 0, 1);
  ops::check_supported_dtype(ctx, ctx.input(0).dtype());
  const TensorShape &a = ctx.input(0).shape(), &b = ctx.input(1).shape();
  if (!a.is_compatible_with(b))
    ctx.fail("Both inputs must be of same shape: " + a.debug_string() + " vs. " + b.debug_string());
  if (!a.has_unknown_rank() && a.rank() < 1) ctx.fail("Input must be at least 1-dim, got shape " + a.debug_string());
  const std::int64_t last = a.has_unknown_rank() ? None : a.dim(-1) != None ? a.dim(-1) : b.has_unknown_rank() ? None : b.dim(-1);
  if (last != None && last != 3)
    throw FailedPreconditionError("[Cross] Cross-products are only defined for 3-element vectors, got shape " +
                                  a.debug_string());
  ctx.add_output(ctx.input(0).dtype(), a.has_unknown_rank() ? b : a);
}

template <class T>
void cross_kernel(KernelContext& ctx) {
  const T* a = ctx.input(0).data<T>();
  const T* b = ctx.input(1).data<T>();
  T* c = ctx.output(0).mutable_data<T>();
  for (std::int64_t i = 0; i < ctx.input(0).num_elements(); i += 3) {
    c[i] = a[i + 1] * b[i + 2] - a[i + 2] * b[i + 1];
    c[i + 1] = a[i + 2] * b[i] - a[i] * b[i + 2];
    c[i + 2] = a[i] * b[i + 1] - a[i + 1] * b[i];
  }
}

const OpDef& kCross = OpBuilder("Cross").inputs(2).shape(cross_shape).kernels<float, double, std::int32_t, std::int64_t>(
    []<class T>() -> KernelFn { return &cross_kernel<T>; });

}  // namespace

namespace linalg {

Tensor cross(const Tensor& a, const Tensor& b) { return ops::execute1(kCross, {a, b}); }

Tensor matvec(const Tensor& a, const Tensor& b, const MatvecOptions& options) {
  const Tensor column = expand_dims(b, -1);
  return squeeze(matmul(a, column, {.transpose_a = options.transpose_a || options.adjoint_a}), {-1});
}

std::pair<Tensor, Tensor> normalize(const Tensor& tensor, const NormOrder& ord,
                                    const std::optional<std::vector<std::int64_t>>& axis) {
  const Tensor n = cast(::tf::norm(tensor, {.ord = ord, .axis = axis, .keepdims = true}), tensor.dtype());
  return {tensor / n, n};
}

}  // namespace linalg
}  // namespace tf
