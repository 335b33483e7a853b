// LowerBound and UpperBound: a binary search of each value in its row of a sorted [rows, n]
// tensor. searchsorted flattens the leading dimensions into rows around them, as TensorFlow's
// Python does; is_non_decreasing / is_strictly_increasing compare neighbours.
#include <algorithm>

#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/search_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::AttrValue;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void bound_shape(ShapeContext& ctx) {
  const Tensor& sorted = ctx.input(0);
  const Tensor& values = ctx.input(1);
  if (sorted.dtype() != values.dtype())
    ctx.fail("sorted_inputs and values must have one dtype, got " + describe(sorted) + " and " + describe(values));
  const TensorShape& s = sorted.shape();
  const TensorShape& v = values.shape();
  if ((!s.has_unknown_rank() && s.rank() != 2) || (!v.has_unknown_rank() && v.rank() != 2))
    ctx.fail("sorted_inputs and values must be 2-D, got " + describe(sorted) + " and " + describe(values));
  if (!s.has_unknown_rank() && !v.has_unknown_rank() && s.dim(0) != None && v.dim(0) != None && s.dim(0) != v.dim(0))
    ctx.fail("Leading dim_size of both tensors must match, got sorted_inputs " + s.debug_string() + " and values " +
             v.debug_string());
  const DType out_type = ctx.attr<DType>(0);
  if (!is_index_dtype(out_type)) ctx.fail("out_type must be int32 or int64, got " + std::string(dtype_name(out_type)));
  ctx.add_output(out_type, v);
}

template <class T, class Out, bool kUpper>
void bound_rows(KernelContext& ctx) {
  const Tensor& sorted = ctx.input(0);
  const Tensor& values = ctx.input(1);
  const std::int64_t n = sorted.shape().dim(1), m = values.shape().dim(1);
  const T* s = sorted.data<T>();
  const T* v = values.data<T>();
  Out* out = ctx.output(0).mutable_data<Out>();
  kernels::parallel_for(values.shape().dim(0), m * 8, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t r = begin; r < end; ++r) {
      const T* row = s + r * n;
      for (std::int64_t j = 0; j < m; ++j) {
        const T x = v[r * m + j];
        const T* at = kUpper ? std::upper_bound(row, row + n, x) : std::lower_bound(row, row + n, x);
        out[r * m + j] = static_cast<Out>(at - row);
      }
    }
  });
}

template <class T, bool kUpper>
void bound_kernel(KernelContext& ctx) {
  if (ctx.attr<DType>(0) == DType::kInt32) bound_rows<T, std::int32_t, kUpper>(ctx);
  else bound_rows<T, std::int64_t, kUpper>(ctx);
}

template <bool kUpper>
OpBuilder bound_builder(const char* name) {
  OpBuilder b(name);
  b.inputs(2).attrs({"out_type"}).shape(bound_shape).no_gradient()
      .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t,
               std::uint32_t, std::uint64_t>([]<class T>() -> KernelFn { return &bound_kernel<T, kUpper>; });
  return b;
}

const OpDef& kLowerBound = bound_builder<false>("LowerBound");
const OpDef& kUpperBound = bound_builder<true>("UpperBound");

// `t` as a matrix of rows of its last dimension (a static shape where `t` has one).
Tensor as_rows(const Tensor& t) {
  const TensorShape& s = t.shape();
  if (!s.has_unknown_rank() && s.rank() > 0 && s.dim(-1) != None) return reshape(t, {-1, s.dim(-1)});
  // An unknown last dimension: read it at run time (slice takes no negative begin).
  return reshape(t, IntArray(concat({constant(std::vector<std::int32_t>{-1}), slice(shape(t), {s.rank() - 1}, {1})}, 0)));
}

// x flattened, without its first (`drop_first`) or last element.
Tensor neighbours(const Tensor& x, bool drop_first) {
  const Tensor flat = reshape(x, {-1});
  if (drop_first) return strided_slice(flat, {1}, {0}, {1}, {.end_mask = 1});
  return strided_slice(flat, {0}, {-1}, {1}, {.begin_mask = 1});
}

Tensor check_numeric(const Tensor& x, const char* op) {
  if (!is_numeric(x.dtype()))
    throw InvalidArgumentError(std::string("[") + op + "] expected x to be numeric, got " + describe(x));
  return x;
}

}  // namespace

Tensor searchsorted(const Tensor& sorted_sequence, const Tensor& values, const std::string& side, DType out_type) {
  if (side != "left" && side != "right")
    throw InvalidArgumentError("[searchsorted] side must be either 'right' or 'left', got '" + side + "'");
  if (sorted_sequence.shape().has_unknown_rank() || values.shape().has_unknown_rank() || sorted_sequence.rank() == 0 ||
      values.rank() == 0)
    throw InvalidArgumentError("[searchsorted] sorted_sequence and values must have known ranks of at least 1, got " +
                               describe(sorted_sequence) + " and " + describe(values));
  const AttrValue attrs[] = {out_type};
  const Tensor found = ops::execute1(side == "left" ? kLowerBound : kUpperBound,
                                     {as_rows(sorted_sequence), as_rows(values)}, attrs);
  // values' shape back: as constant dims (one unknown as -1) where that is unambiguous, keeping it static.
  const std::vector<std::int64_t> dims(values.shape().dims().begin(), values.shape().dims().end());
  std::int64_t known = 1;
  for (std::int64_t d : dims) known *= d == None ? 1 : d;
  if (known > 0 && std::count(dims.begin(), dims.end(), None) <= 1) return reshape(found, dims);
  return reshape(found, IntArray(shape(values)));
}

namespace math {

Tensor is_non_decreasing(const Tensor& x) {
  check_numeric(x, "is_non_decreasing");
  return reduce_all(less_equal(neighbours(x, false), neighbours(x, true)));
}

Tensor is_strictly_increasing(const Tensor& x) {
  check_numeric(x, "is_strictly_increasing");
  return reduce_all(less(neighbours(x, false), neighbours(x, true)));
}

}  // namespace math
}  // namespace tf
