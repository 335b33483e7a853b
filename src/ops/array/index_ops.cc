// InvertPermutation and UnravelIndex: integer index arithmetic, checked element by element.
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/index_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void invert_permutation_shape(ShapeContext& ctx) {
  const Tensor& x = ctx.input(0);
  if (!x.shape().has_unknown_rank() && x.rank() != 1)
    ctx.fail("invert_permutation expects a 1D vector, got " + describe(x));
  check_int_input(ctx, 0, "x", 1);
  ctx.add_output(x.dtype(), x.shape());
}

template <class I>
void invert_permutation_kernel(KernelContext& ctx) {
  const Tensor& x = ctx.input(0);
  const std::int64_t n = x.num_elements();
  const I* p = x.data<I>();
  I* out = ctx.output(0).mutable_data<I>();
  std::fill(out, out + n, I{-1});
  for (std::int64_t i = 0; i < n; ++i) {
    const I v = p[i];
    if (v < 0 || v >= n) ctx.fail(std::to_string(v) + " is not between 0 and " + std::to_string(n));
    if (out[v] != -1) ctx.fail(std::to_string(v) + " is duplicated in the input.");
    out[v] = static_cast<I>(i);
  }
}

const OpDef& kInvertPermutation = OpBuilder("InvertPermutation").inputs(1).shape(invert_permutation_shape).no_gradient()
                                      .kernels<std::int32_t, std::int64_t>(
                                          []<class I>() -> KernelFn { return &invert_permutation_kernel<I>; });

// ---- UnravelIndex: indices (scalar or 1-D), dims (1-D) of one dtype ----

void unravel_index_shape(ShapeContext& ctx) {
  check_int_input(ctx, 0, "indices", -1);
  check_int_input(ctx, 1, "dims", -1);
  const TensorShape& indices = ctx.input(0).shape();
  const TensorShape& dims = ctx.input(1).shape();
  if (ctx.input(0).dtype() != ctx.input(1).dtype())
    ctx.fail("indices and dims must have one dtype, got " + describe(ctx.input(0)) + " and " + describe(ctx.input(1)));
  if (!indices.has_unknown_rank() && indices.rank() > 1)
    ctx.fail("The indices can only be scalar or vector, got \"" + indices.debug_string() + "\"");
  if (!dims.has_unknown_rank() && dims.rank() != 1)
    ctx.fail("The indices can only be 1-D, got \"" + dims.debug_string() + "\"");
  const std::int64_t k = dims.has_unknown_rank() ? None : dims.dim(0);
  if (indices.has_unknown_rank()) return ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
  TensorShape out{k};
  if (indices.rank() == 1) out.append(indices.dim(0));
  ctx.add_output(ctx.input(0).dtype(), out);
}

template <class I>
void unravel_index_kernel(KernelContext& ctx) {
  const std::vector<std::int64_t> dims = int_values(ctx.input(1));
  std::int64_t total = 1;
  for (std::size_t d = 0; d < dims.size(); ++d) {
    if (dims[d] < 0)
      ctx.fail("Input dims cannot be negative. Got dim = " + std::to_string(dims[d]) + " at index " + std::to_string(d));
    if (dims[d] == 0)
      ctx.fail("Input dims cannot contain a dim of zero, but dims contains zero at index " + std::to_string(d));
    total *= dims[d];
  }
  const Tensor& indices = ctx.input(0);
  const std::int64_t n = indices.num_elements(), k = static_cast<std::int64_t>(dims.size());
  const I* idx = indices.data<I>();
  for (std::int64_t i = 0; i < n; ++i)
    if (idx[i] >= total)
      ctx.fail("index is out of bound as with dims: index " + std::to_string(idx[i]) + " for dims " + join_ints(dims));
  I* out = ctx.output(0).mutable_data<I>();
  // Row d holds (index / stride_d) % dims[d], with C++'s truncating division as TensorFlow's kernel.
  std::int64_t stride = 1;
  for (std::int64_t d = k - 1; d >= 0; --d) {
    for (std::int64_t i = 0; i < n; ++i) out[d * n + i] = static_cast<I>((idx[i] / stride) % dims[d]);
    stride *= dims[d];
  }
}

const OpDef& kUnravelIndex = OpBuilder("UnravelIndex").inputs(2).shape(unravel_index_shape).no_gradient()
                                 .kernels<std::int32_t, std::int64_t>(
                                     []<class I>() -> KernelFn { return &unravel_index_kernel<I>; });

}  // namespace

Tensor unravel_index(const Tensor& indices, const IntArray& dims) {
  return ops::execute1(kUnravelIndex, {indices, cast(dims.tensor(), indices.dtype())});
}

namespace math {
Tensor invert_permutation(const Tensor& x) { return ops::execute1(kInvertPermutation, {x}); }
}  // namespace math

}  // namespace tf
