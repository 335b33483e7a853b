// Roll: rotates a tensor along some axes. Each output row (along the innermost dimension) is
// copied from one source row, in at most two runs when the innermost axis itself rolls.
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/sequence_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

void check_scalar_or_vector(const OpContext& ctx, std::size_t i, const char* what) {
  check_int_input(ctx, i, what, -1);
  const TensorShape& s = ctx.input(i).shape();
  if (!s.has_unknown_rank() && s.rank() > 1)
    ctx.fail(std::string(what) + " must be a scalar or a 1-D vector. Found: " + s.debug_string());
}

void roll_shape(ShapeContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  if (!in.has_unknown_rank() && in.rank() == 0) ctx.fail("input must be 1-D or higher");
  check_scalar_or_vector(ctx, 1, "shift");
  check_scalar_or_vector(ctx, 2, "axis");
  const TensorShape& s = ctx.input(1).shape();
  const TensorShape& a = ctx.input(2).shape();
  if (s.is_fully_defined() && a.is_fully_defined() && s.num_elements() != a.num_elements())
    ctx.fail("shift and axis must have the same size, got shift " + s.debug_string() + " and axis " + a.debug_string());
  ctx.add_output(ctx.input(0).dtype(), in);
}

// The shift of each dimension in [0, dim), shifts of one axis adding up.
std::vector<std::int64_t> dim_shifts(const OpContext& ctx, const TensorShape& shape) {
  const std::vector<std::int64_t> shift = int_values(ctx.input(1)), axis = int_values(ctx.input(2));
  std::vector<std::int64_t> result(shape.rank(), 0);
  for (std::size_t i = 0; i < axis.size(); ++i) {
    std::int64_t a = axis[i];
    if (a < -shape.rank() || a >= shape.rank())
      ctx.fail("axis " + std::to_string(a) + " is out of range for input of shape " + shape.debug_string());
    if (a < 0) a += shape.rank();
    result[a] += shift[i];
  }
  for (int d = 0; d < shape.rank(); ++d) {
    const std::int64_t n = shape.dim(d);
    result[d] = n == 0 ? 0 : ((result[d] % n) + n) % n;
  }
  return result;
}

template <class S>
void roll_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const TensorShape& shape = in.shape();
  const std::vector<std::int64_t> shifts = dim_shifts(ctx, shape);
  if (in.num_elements() == 0) return;
  const int r = shape.rank();
  const std::int64_t inner = shape.dim(r - 1), s = shifts[r - 1];
  const auto strides = kernels::row_major_strides(shape);
  const S* src = elements<S>(in);
  S* dst = mutable_elements<S>(ctx.output(0));
  kernels::parallel_for(in.num_elements() / inner, inner, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t row = begin; row < end; ++row) {
      std::int64_t rem = row, from = 0;
      for (int d = r - 2; d >= 0; --d) {  // output index i along d reads source index i - shift
        const std::int64_t n = shape.dim(d), i = rem % n;
        rem /= n;
        from += ((i - shifts[d] + n) % n) * strides[d];
      }
      S* out = dst + row * inner;
      kernels::copy_run(src + from + inner - s, s, out);
      kernels::copy_run(src + from, inner - s, out + s);
    }
  });
}

OpBuilder roll_builder() {
  OpBuilder b("Roll");
  b.inputs(3).shape(roll_shape);
  all_dtypes(b, []<class S>() -> KernelFn { return &roll_kernel<S>; });
  return b;
}

const OpDef& kRoll = roll_builder();

}  // namespace

Tensor roll(const Tensor& input, const IntArray& shift, const IntArray& axis) {
  return ops::execute1(kRoll, {input, shift.tensor(), axis.tensor()});
}

Tensor roll(const Tensor& input, std::int64_t shift, std::int64_t axis) {
  return roll(input, IntArray(constant(shift)), IntArray(constant(axis)));
}

}  // namespace tf
