#include "autodiff/grad_utils.h"

#include "ops/array/array_common.h"
#include "ops/array/gradient_shape_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::autodiff {
namespace {

// Whether forward input i's dimension `d` (counted from the end, 1-based) is known to equal the
// broadcast output's: true when every other input lacks that dimension or has size 1 there.
bool partners_leave_dim(const GradientContext& ctx, std::size_t i, int from_end) {
  for (std::size_t j = 0; j < ctx.num_inputs(); ++j) {
    if (j == i) continue;
    const TensorShape& s = ctx.input_shape(j);
    if (s.has_unknown_rank()) return false;
    if (s.rank() >= from_end && s.dim(s.rank() - from_end) != 1) return false;
  }
  return true;
}

}  // namespace

std::vector<std::int64_t> dims_of(const TensorShape& shape) {
  return std::vector<std::int64_t>(shape.dims().begin(), shape.dims().end());
}

bool has_value(const GradientContext& ctx, std::size_t i) { return ctx.input(i).defined() && !ctx.input(i).is_symbolic(); }

std::vector<std::int64_t> input_ints(const GradientContext& ctx, std::size_t i, const std::string& what) {
  if (!has_value(ctx, i))
    throw UnimplementedError("[" + ctx.op().name + "] the gradient needs the values of " + what +
                             " while tracing, but they are computed in the graph; pass them as constants");
  return ops::array::int_values(ctx.input(i));
}

void fail_unknown_shape(const GradientContext& ctx, const TensorShape& shape, const std::string& needs) {
  throw UnimplementedError("[" + ctx.op().name + "] the gradient needs " + needs + ", but the static shape is " +
                           shape.debug_string() + "; give the tf::function an input_signature with these sizes known");
}

Tensor shape_tensor(const Tensor& t, const TensorShape& known, const std::string& what) {
  if (known.is_fully_defined()) return ops::array::int_tensor(known.dims());
  if (!t.defined())
    throw InternalError("[GradientTape] the run-time shape of " + what + " " + known.debug_string() +
                        " is needed, but the tape did not keep the tensor");
  return shape(t);
}

Tensor input_shape_tensor(const GradientContext& ctx, std::size_t i) {
  return shape_tensor(ctx.input(i), ctx.input_shape(i), ctx.op().name + " input " + std::to_string(i));
}

Tensor zeros_shaped(const Tensor& t, const TensorShape& known, DType dtype) {
  if (known.is_fully_defined()) return zeros(known, dtype);
  return ops::array::fill(shape_tensor(t, known, "a tensor"), constant(0.0, dtype));
}

Tensor zeros_like_input(const GradientContext& ctx, std::size_t i) {
  if (ctx.input_shape(i).is_fully_defined()) return zeros(ctx.input_shape(i), ctx.input_dtype(i));
  return ops::array::fill(input_shape_tensor(ctx, i), constant(0.0, ctx.input_dtype(i)));
}

Tensor reshape_to_input(const Tensor& t, const GradientContext& ctx, std::size_t i) {
  const TensorShape& shape = ctx.input_shape(i);
  if (shape.is_fully_defined()) return t.shape() == shape ? t : reshape(t, dims_of(shape));
  return reshape(t, input_shape_tensor(ctx, i));
}

// Static when the shapes decide which axes broadcasting stretched (see partners_leave_dim),
// else SumToShape with the run-time shape.
Tensor unbroadcast(const Tensor& grad, const GradientContext& ctx, std::size_t i, int core_dims) {
  const TensorShape &g = grad.shape(), &shape = ctx.input_shape(i);
  if (shape.is_fully_defined() && g == shape) return grad;
  bool known = !g.has_unknown_rank() && !shape.has_unknown_rank() && g.rank() >= shape.rank();
  const int lead = known ? g.rank() - shape.rank() : 0;
  std::vector<std::int64_t> lead_axes, one_axes;
  for (int d = 0; known && d < g.rank(); ++d) {
    if (d < lead) {
      lead_axes.push_back(d);
      continue;
    }
    const std::int64_t s = shape.dim(d - lead), n = g.dim(d);
    const int from_end = g.rank() - d;
    if (from_end <= core_dims || n == 1 || (s != None && s != 1)) continue;  // never stretched
    if (s == 1) one_axes.push_back(d);
    else known = partners_leave_dim(ctx, i, from_end);  // s unknown: 1 at run time, or the output's size?
  }
  if (!known) return ops::array::sum_to_shape(grad, input_shape_tensor(ctx, i));
  if (shape.is_fully_defined()) {  // one reduction and a reshape (a view), as eagerly
    std::vector<std::int64_t> axes = lead_axes;
    axes.insert(axes.end(), one_axes.begin(), one_axes.end());
    const Tensor summed = axes.empty() ? grad : reduce_sum(grad, Axes(axes));
    return summed.shape() == shape ? summed : reshape(summed, dims_of(shape));
  }
  Tensor summed = one_axes.empty() ? grad : reduce_sum(grad, Axes(one_axes), {.keepdims = true});
  return lead_axes.empty() ? summed : reduce_sum(summed, Axes(lead_axes));
}

// Dynamically: Fill when t is one element, else Tile by shape(x) / shape(t), t's size being 1
// or x's in every dimension (a maximum with 1 keeps empty dimensions from dividing by zero).
Tensor broadcast_up(const Tensor& t, const Tensor& x, const TensorShape& known) {
  if (known.is_fully_defined()) {
    if (t.shape() == known) return t;
    std::vector<std::int64_t> multiples;
    for (int d = 0; d < known.rank(); ++d) multiples.push_back(t.shape().dim(d) == known.dim(d) ? 1 : known.dim(d));
    return tile(t, multiples);
  }
  const Tensor x_shape = shape_tensor(x, known, "a broadcast target");
  if (t.shape().num_elements() == 1) return ops::array::fill(x_shape, reshape(t, IntArray()));
  return tile(t, math::floordiv(x_shape, maximum(shape(t), scalar_like(x_shape, 1))));
}

Tensor neg(const Tensor& t) { return multiply(t, scalar_like(t, -1.0)); }

}  // namespace tf::autodiff
