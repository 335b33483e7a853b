// Indexing by index tensors: GatherV2, GatherNd, ScatterNd, Where, and boolean_mask (a
// composite of Where and GatherV2, as in TensorFlow). Every index is checked before any
// element moves, so a bad index raises an error naming it instead of reading out of bounds.
#include <complex>

#include "core/tensor_impl.h"
#include "core/visit_integer_dtype.h"
#include "ops/array/array_common.h"
#include "ops/array/index_tuples.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/array_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::AttrValue;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// ---- GatherV2: params, indices, axis; attr batch_dims ----

// Gathers take int16 indices too (TensorFlow's Tindices: int16, int32, int64).
void check_gather_indices(const OpContext& ctx) {
  if (ctx.input(1).dtype() != int16) check_int_input(ctx, 1, "indices", -1);
}

template <class Fn>
void visit_gather_index(const Tensor& indices, Fn&& fn) {
  if (indices.dtype() == DType::kInt16) fn(std::int16_t{});
  else visit_index(indices, std::forward<Fn>(fn));
}

struct GatherDims {
  int axis = 0, batch_dims = 0;
};

GatherDims gather_dims(const OpContext& ctx, std::int64_t axis, const TensorShape& params, const TensorShape& indices) {
  GatherDims g;
  g.axis = ops::normalize_axis(ctx, axis, params.rank());
  std::int64_t b = ctx.attr<std::int64_t>(0);
  if (b < -indices.rank() || b > indices.rank())
    ctx.fail("expected batch_dims in [" + std::to_string(-indices.rank()) + ", " + std::to_string(indices.rank()) +
             "] for indices of shape " + indices.debug_string() + ", got " + std::to_string(b));
  if (b < 0) b += indices.rank();
  if (b > g.axis)
    ctx.fail("batch_dims (" + std::to_string(b) + ") must be less than or equal to axis (" + std::to_string(g.axis) + ")");
  for (int i = 0; i < b; ++i)
    if (params.dim(i) != None && indices.dim(i) != None && params.dim(i) != indices.dim(i))
      ctx.fail("params " + params.debug_string() + " and indices " + indices.debug_string() +
               " must agree in their first " + std::to_string(b) + " (batch) dimensions");
  g.batch_dims = static_cast<int>(b);
  return g;
}

void gather_shape(ShapeContext& ctx) {
  check_gather_indices(ctx);
  check_int_input(ctx, 2, "axis", 0);
  const TensorShape& params = ctx.input(0).shape();
  const TensorShape& indices = ctx.input(1).shape();
  const auto axis = known_int_values(ctx, 2);
  if (params.has_unknown_rank() || indices.has_unknown_rank() || !axis)
    return ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
  const GatherDims g = gather_dims(ctx, (*axis)[0], params, indices);
  TensorShape out;
  for (int i = 0; i < g.axis; ++i) out.append(params.dim(i));
  for (int i = g.batch_dims; i < indices.rank(); ++i) out.append(indices.dim(i));
  for (int i = g.axis + 1; i < params.rank(); ++i) out.append(params.dim(i));
  ctx.add_output(ctx.input(0).dtype(), out);
}

template <class S, class Index>
void gather_rows(KernelContext& ctx, const GatherDims& g) {
  const Tensor& params = ctx.input(0);
  const Tensor& indices = ctx.input(1);
  const auto pd = params.shape().dims();
  const std::int64_t batch = product(pd.first(g.batch_dims));
  const std::int64_t outer = product(pd.subspan(g.batch_dims, g.axis - g.batch_dims));
  const std::int64_t limit = pd[g.axis], inner = product(pd.subspan(g.axis + 1));
  const std::int64_t count = product(indices.shape().dims().subspan(g.batch_dims));
  const Index* idx = indices.data<Index>();
  for (std::int64_t i = 0; i < indices.num_elements(); ++i)
    if (idx[i] < 0 || idx[i] >= limit)
      ctx.fail("indices" + coordinates(i, indices.shape().dims()) + " = " + std::to_string(idx[i]) + " is not in [0, " +
               std::to_string(limit) + ") (params shape " + params.shape().debug_string() + ", axis " +
               std::to_string(g.axis) + ")");
  const S* src = elements<S>(params);
  S* dst = mutable_elements<S>(ctx.output(0));
  kernels::parallel_for(batch * outer * count, inner, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t row = begin; row < end; ++row) {
      const std::int64_t i = row % count, bo = row / count, b = bo / outer;
      kernels::copy_run(src + (bo * limit + idx[b * count + i]) * inner, inner, dst + row * inner);
    }
  });
}

template <class S>
void gather_kernel(KernelContext& ctx) {
  const GatherDims g = gather_dims(ctx, int_values(ctx.input(2))[0], ctx.input(0).shape(), ctx.input(1).shape());
  visit_gather_index(ctx.input(1), [&](auto tag) { gather_rows<S, decltype(tag)>(ctx, g); });
}

// ---- GatherNd: params, indices ----

void gather_nd_shape(ShapeContext& ctx) {
  check_gather_indices(ctx);
  const TensorShape& params = ctx.input(0).shape();
  const TensorShape& indices = ctx.input(1).shape();
  if (params.has_unknown_rank() || indices.has_unknown_rank())
    return ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
  if (indices.rank() == 0) ctx.fail("indices must be at least a vector, got a scalar");
  const std::int64_t k = indices.dim(-1);
  if (k == None) return ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
  if (k > params.rank())
    ctx.fail("index innermost dimension length must be <= params rank; saw: " + std::to_string(k) + " vs. " +
             std::to_string(params.rank()) + " (indices " + indices.debug_string() + ", params " + params.debug_string() + ")");
  TensorShape out;
  for (int i = 0; i + 1 < indices.rank(); ++i) out.append(indices.dim(i));
  for (int i = static_cast<int>(k); i < params.rank(); ++i) out.append(params.dim(i));
  ctx.add_output(ctx.input(0).dtype(), out);
}

template <class S>
void gather_nd_kernel(KernelContext& ctx) {
  const Tensor& params = ctx.input(0);
  const int k = static_cast<int>(ctx.input(1).shape().dim(-1));
  std::vector<std::int64_t> offsets;
  visit_gather_index(ctx.input(1), [&](auto tag) {
    offsets = tuple_offsets<decltype(tag)>(ctx, ctx.input(1), params.shape(), "param");
  });
  const std::int64_t inner = product(params.shape().dims().subspan(k));
  const S* src = elements<S>(params);
  S* dst = mutable_elements<S>(ctx.output(0));
  kernels::parallel_for(static_cast<std::int64_t>(offsets.size()), inner, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t t = begin; t < end; ++t) kernels::copy_run(src + offsets[t] * inner, inner, dst + t * inner);
  });
}

// ---- ScatterNd: indices, updates, shape ----

void scatter_nd_shape(ShapeContext& ctx) {
  check_int_input(ctx, 0, "indices", -1);
  check_int_input(ctx, 2, "shape", 1);
  const TensorShape& indices = ctx.input(0).shape();
  const TensorShape& updates = ctx.input(1).shape();
  const DType dtype = ctx.input(1).dtype();
  const auto shape_values = known_int_values(ctx, 2);
  if (!shape_values) {
    const std::int64_t r = ctx.input(2).shape().has_unknown_rank() ? None : ctx.input(2).shape().dim(0);
    TensorShape out = TensorShape::unknown_rank();
    if (r != None) {
      out = TensorShape{};
      for (std::int64_t i = 0; i < r; ++i) out.append(None);
    }
    return ctx.add_output(dtype, out);
  }
  for (std::int64_t d : *shape_values)
    if (d < 0) ctx.fail("shape " + join_ints(*shape_values) + " must be non-negative");
  const TensorShape out(*shape_values);
  if (const auto expected = updates_shape(ctx, indices, out, "shape"); expected && !expected->is_compatible_with(updates))
    ctx.fail("updates must have shape indices.shape[:-1] + shape[indices.shape[-1]:] = " + expected->debug_string() +
             ", got " + updates.debug_string() + " (indices " + indices.debug_string() + ", shape " + out.debug_string() +
             ")");
  ctx.add_output(dtype, out);
}

// Adds each update slice into its place; threads own disjoint columns, so duplicates add safely.
template <class T, class Index>
void scatter_add(KernelContext& ctx) {
  Tensor& out = ctx.output(0);
  const std::vector<std::int64_t> offsets = tuple_offsets<Index>(ctx, ctx.input(0), out.shape(), "output");
  const int k = static_cast<int>(ctx.input(0).shape().dim(-1));
  const std::int64_t inner = product(out.shape().dims().subspan(k));
  const T* upd = ctx.input(1).data<T>();
  T* dst = out.mutable_data<T>();
  std::fill(dst, dst + out.num_elements(), T{});
  const std::int64_t n = static_cast<std::int64_t>(offsets.size());
  kernels::parallel_for(inner, n, [&](std::int64_t c0, std::int64_t c1) {
    for (std::int64_t t = 0; t < n; ++t) {
      T* o = dst + offsets[t] * inner;
      const T* u = upd + t * inner;
      for (std::int64_t c = c0; c < c1; ++c) {
        if constexpr (std::is_same_v<T, bool>) o[c] = o[c] || u[c];
        else o[c] += u[c];
      }
    }
  });
}

template <class Index>
void scatter_nd_kernel(KernelContext& ctx) {
  const DType dtype = ctx.input(1).dtype();
  if (dtype == DType::kComplex64) return scatter_add<std::complex<float>, Index>(ctx);
  if (dtype == DType::kComplex128) return scatter_add<std::complex<double>, Index>(ctx);
  visit_integer_dtype(dtype, [&](auto tag) { scatter_add<decltype(tag), Index>(ctx); });
}

// ---- Where: condition -> int64 [count, rank] coordinates of its true elements ----

void where_shape(ShapeContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  ctx.add_output(DType::kInt64, TensorShape{None, in.has_unknown_rank() ? None : in.rank()});
}

template <class T>
void where_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const T* p = in.data<T>();
  const std::int64_t n = in.num_elements();
  const int r = in.rank();
  std::int64_t count = 0;
  for (std::int64_t i = 0; i < n; ++i) count += p[i] != T{};
  Tensor out = core::empty(DType::kInt64, TensorShape{count, r});
  std::int64_t* o = out.mutable_data<std::int64_t>();
  for (std::int64_t i = 0; i < n; ++i) {
    if (p[i] == T{}) continue;
    std::int64_t rem = i;
    for (int d = r - 1; d >= 0; --d) {
      o[d] = rem % in.shape().dim(d);
      rem /= in.shape().dim(d);
    }
    o += r;
  }
  ctx.output(0) = std::move(out);
}

const OpDef& kGatherV2 = copy_op("GatherV2", 3, gather_shape, {"batch_dims"},
                                 []<class S>() -> KernelFn { return &gather_kernel<S>; });
const OpDef& kGatherNd = copy_op("GatherNd", 2, gather_nd_shape, {}, []<class S>() -> KernelFn { return &gather_nd_kernel<S>; });
// ScatterNd's first input is the indices (TensorFlow's order), so it dispatches on their dtype.
const OpDef& kScatterNd = OpBuilder("ScatterNd").inputs(3).shape(scatter_nd_shape)
                              .kernels<std::int32_t, std::int64_t>([]<class I>() -> KernelFn { return &scatter_nd_kernel<I>; });
const OpDef& kWhere = OpBuilder("Where").inputs(1).shape(where_shape).kernel_allocates_outputs().no_gradient()
                          .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, bool>(
                              []<class T>() -> KernelFn { return &where_kernel<T>; })
                          .kernels<std::int8_t, std::int16_t, std::uint16_t, std::uint32_t, std::uint64_t>(
                              []<class T>() -> KernelFn { return &where_kernel<T>; });

}  // namespace

Tensor gather(const Tensor& params, const IntArray& indices, const GatherOptions& options) {
  const AttrValue attrs[] = {options.batch_dims};
  return ops::execute1(kGatherV2, {params, indices.tensor(), constant(static_cast<std::int32_t>(options.axis))}, attrs);
}

Tensor gather_nd(const Tensor& params, const IntArray& indices) {
  return ops::execute1(kGatherNd, {params, indices.tensor()});
}

Tensor scatter_nd(const IntArray& indices, const Tensor& updates, const IntArray& shape) {
  return ops::execute1(kScatterNd, {indices.tensor(), updates, shape.tensor()});
}

Tensor where(const Tensor& condition) { return ops::execute1(kWhere, {condition}); }

Tensor boolean_mask(const Tensor& t, const Tensor& mask, std::int64_t axis) {
  const TensorShape& ts = t.shape();
  const TensorShape& ms = mask.shape();
  if (mask.dtype() != DType::kBool)
    throw InvalidArgumentError("[BooleanMask] mask must be bool, got " + ops::array::describe(mask));
  if (ms.has_unknown_rank() || ts.has_unknown_rank())
    throw InvalidArgumentError("[BooleanMask] the ranks of tensor and mask must be known");
  const int k = ms.rank();
  if (k == 0) throw InvalidArgumentError("[BooleanMask] mask cannot be a scalar");
  if (axis < 0) axis += ts.rank();
  if (axis < 0 || axis + k > ts.rank())
    throw InvalidArgumentError("[BooleanMask] mask of shape " + ms.debug_string() + " at axis " + std::to_string(axis) +
                               " does not fit tensor of shape " + ts.debug_string());
  for (int i = 0; i < k; ++i)
    if (ms.dim(i) != None && ts.dim(axis + i) != None && ms.dim(i) != ts.dim(axis + i))
      throw InvalidArgumentError("[BooleanMask] mask shape " + ms.debug_string() + " is incompatible with tensor shape " +
                                 ts.debug_string() + " at axis " + std::to_string(axis));
  // Merge the masked dims into one (reshape shares the buffer), then gather the true positions.
  const Tensor dims = shape(t);
  const int a = static_cast<int>(axis);
  const Tensor merged_shape = concat({slice(dims, {0}, {a}), constant({-1}), slice(dims, {a + k}, {-1})}, 0);
  const Tensor positions = reshape(where(reshape(mask, {-1})), {-1});
  return gather(reshape(t, merged_shape), positions, {.axis = axis});
}

}  // namespace tf
