// Joining and splitting along one axis: ConcatV2, Pack (stack), Unpack (unstack), Split, SplitV.
// All of them move contiguous runs: with the tensor seen as [outer, axis, inner], each
// outer row of a part is one memcpy.
#include "ops/array/array_common.h"
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

std::int64_t product(const TensorShape& s, int begin, int end) {
  std::int64_t n = 1;
  for (int i = begin; i < end; ++i) n *= s.dim(i);
  return n;
}

// Copies parts into dst: row o of the output is part 0's row o, then part 1's row o, ...;
// part k's rows are chunks[k] elements long.
template <class S>
void join_rows(std::span<const Tensor> parts, std::span<const std::int64_t> chunks, std::int64_t outer, S* dst) {
  std::int64_t row = 0;
  std::vector<std::int64_t> starts;
  for (std::int64_t c : chunks) {
    starts.push_back(row);
    row += c;
  }
  const std::int64_t n = static_cast<std::int64_t>(parts.size());
  kernels::parallel_for(outer * n, row / std::max<std::int64_t>(n, 1), [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t task = begin; task < end; ++task) {
      const std::int64_t o = task / n, k = task % n;
      kernels::copy_run(elements<S>(parts[k]) + o * chunks[k], chunks[k], dst + o * row + starts[k]);
    }
  });
}

// Copies the slice [start, start+len) along `axis` of `in` into `out`.
template <class S>
void copy_axis_slice(const Tensor& in, int axis, std::int64_t start, std::int64_t len, Tensor& out) {
  const TensorShape& s = in.shape();
  const std::int64_t inner = product(s, axis + 1, s.rank());
  kernels::StridedView view;
  view.add_dim(product(s, 0, axis), s.dim(axis) * inner);
  view.add_dim(len * inner, 1);
  view.offset = start * inner;
  kernels::strided_copy(elements<S>(in), mutable_elements<S>(out), view);
}

// ---- ConcatV2: inputs values[0..N), axis ----

std::optional<std::int64_t> known_scalar(const OpContext& ctx, std::size_t i, const char* what) {
  check_int_input(ctx, i, what, -1);
  auto v = known_int_values(ctx, i);
  if (!v) return std::nullopt;
  if (v->size() != 1) ctx.fail(std::string(what) + " must be a scalar, got shape " + ctx.input(i).shape().debug_string());
  return (*v)[0];
}

// `skip` value of merge_value_shapes that compares no dimensions, only dtypes and ranks.
constexpr int kNoDims = -2;

// Checks the values of Concat/Pack (same dtype; ranks and all dims but `skip` equal) and
// returns the merged shape of values[0..n); `skip` -1 compares every dimension.
TensorShape merge_value_shapes(const OpContext& ctx, std::size_t n, int skip) {
  TensorShape merged = TensorShape::unknown_rank();
  std::size_t first = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const Tensor& v = ctx.input(k);
    if (v.dtype() != ctx.input(0).dtype())
      ctx.fail("all values must have the same dtype: values[0] is " + describe(ctx.input(0)) + ", values[" +
               std::to_string(k) + "] is " + describe(v));
    const TensorShape& s = v.shape();
    if (s.has_unknown_rank()) continue;
    if (merged.has_unknown_rank()) {
      merged = s;
      first = k;
      continue;
    }
    if (s.rank() != merged.rank())
      ctx.fail("ranks of all values must match: values[" + std::to_string(first) + "] is " +
               ctx.input(first).shape().debug_string() + ", values[" + std::to_string(k) + "] is " + s.debug_string());
    for (int d = 0; d < s.rank(); ++d) {
      if (d == skip || skip == kNoDims || s.dim(d) == None) continue;
      if (merged.dim(d) == None) merged.set_dim(d, s.dim(d));
      else if (merged.dim(d) != s.dim(d))
        ctx.fail("dimension " + std::to_string(d) + " of all values must match: values[" + std::to_string(first) +
                 "] is " + ctx.input(first).shape().debug_string() + ", values[" + std::to_string(k) + "] is " +
                 s.debug_string());
    }
  }
  return merged;
}

void concat_shape(ShapeContext& ctx) {
  const std::size_t n = ctx.num_inputs() - 1;
  if (ctx.num_inputs() < 2) ctx.fail("needs at least one value and the axis");
  const auto axis_value = known_scalar(ctx, n, "axis");
  const TensorShape ranked = merge_value_shapes(ctx, n, kNoDims);
  const DType dtype = ctx.input(0).dtype();
  if (ranked.has_unknown_rank()) return ctx.add_output(dtype, ranked);
  const int rank = ranked.rank();
  if (rank == 0) ctx.fail("cannot concatenate scalars (use tf::stack instead)");
  if (!axis_value) {
    TensorShape out;
    for (int d = 0; d < rank; ++d) out.append(None);
    return ctx.add_output(dtype, out);
  }
  const int axis = ops::normalize_axis(ctx, *axis_value, rank);
  TensorShape out = merge_value_shapes(ctx, n, axis);
  std::int64_t total = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const TensorShape& s = ctx.input(k).shape();
    const std::int64_t d = s.has_unknown_rank() ? None : s.dim(axis);
    total = (total == None || d == None) ? None : total + d;
  }
  out.set_dim(axis, total);
  ctx.add_output(dtype, out);
}

template <class S>
void concat_kernel(KernelContext& ctx) {
  const std::size_t n = ctx.num_inputs() - 1;
  const TensorShape& out_shape = ctx.output(0).shape();
  const int axis = ops::normalize_axis(ctx, int_values(ctx.input(n))[0], out_shape.rank());
  const std::int64_t inner = product(out_shape, axis + 1, out_shape.rank());
  std::vector<std::int64_t> chunks;
  for (std::size_t k = 0; k < n; ++k) chunks.push_back(ctx.input(k).shape().dim(axis) * inner);
  join_rows<S>(ctx.inputs().first(n), chunks, product(out_shape, 0, axis), mutable_elements<S>(ctx.output(0)));
}

// ---- Pack: values[0..N), attr axis ----

void pack_shape(ShapeContext& ctx) {
  const std::size_t n = ctx.num_inputs();
  if (n == 0) ctx.fail("needs at least one value");
  TensorShape out = merge_value_shapes(ctx, n, -1);
  if (out.has_unknown_rank()) return ctx.add_output(ctx.input(0).dtype(), out);
  const std::int64_t axis = ctx.attr<std::int64_t>(0);
  const int rank = out.rank();
  if (axis < -rank - 1 || axis > rank)
    ctx.fail("axis " + std::to_string(axis) + " is out of range [" + std::to_string(-rank - 1) + ", " +
             std::to_string(rank) + "] for values of shape " + out.debug_string());
  out.insert_dim(static_cast<int>(axis < 0 ? axis + rank + 1 : axis), static_cast<std::int64_t>(n));
  ctx.add_output(ctx.input(0).dtype(), out);
}

template <class S>
void pack_kernel(KernelContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  const std::int64_t a = ctx.attr<std::int64_t>(0);
  const int axis = static_cast<int>(a < 0 ? a + in.rank() + 1 : a);
  const std::vector<std::int64_t> chunks(ctx.num_inputs(), product(in, axis, in.rank()));
  join_rows<S>(ctx.inputs(), chunks, product(in, 0, axis), mutable_elements<S>(ctx.output(0)));
}

// ---- Unpack: value, attrs num, axis ----

void unpack_shape(ShapeContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  const std::int64_t num = ctx.attr<std::int64_t>(0);
  TensorShape part = in;
  if (!in.has_unknown_rank()) {
    if (in.rank() == 0) ctx.fail("cannot unstack a scalar");
    const int axis = ops::normalize_axis(ctx, ctx.attr<std::int64_t>(1), in.rank());
    if (in.dim(axis) != None && in.dim(axis) != num)
      ctx.fail("num " + std::to_string(num) + " does not match dimension " + std::to_string(axis) + " of shape " +
               in.debug_string());
    part.remove_dim(axis);
  }
  for (std::int64_t k = 0; k < num; ++k) ctx.add_output(ctx.input(0).dtype(), part);
}

template <class S>
void unpack_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const int axis = ops::normalize_axis(ctx, ctx.attr<std::int64_t>(1), in.rank());
  for (std::size_t k = 0; k < ctx.outputs().size(); ++k) copy_axis_slice<S>(in, axis, k, 1, ctx.output(k));
}

// ---- Split: split_dim, value, attr num_split; SplitV: value, size_splits, split_dim ----

// Adds the outputs of a split of `in` along the (possibly unknown) axis into parts of `sizes`
// (None entries: unknown), or `num` parts of unknown size when `sizes` is empty.
void add_split_outputs(ShapeContext& ctx, const Tensor& value, std::optional<int> axis,
                       std::span<const std::int64_t> sizes) {
  const TensorShape& in = value.shape();
  for (std::int64_t size : sizes) {
    TensorShape part = in;
    if (in.has_unknown_rank()) {
    } else if (axis) {
      part.set_dim(*axis, size);
    } else {
      for (int d = 0; d < in.rank(); ++d) part.set_dim(d, None);
    }
    ctx.add_output(value.dtype(), part);
  }
}

// Split's parts: num_split equal sizes of the axis (None when unknown).
std::vector<std::int64_t> even_split_sizes(const OpContext& ctx, const TensorShape& in, std::optional<int> axis) {
  const std::int64_t num = ctx.attr<std::int64_t>(0);
  if (num <= 0) ctx.fail("num_split must be positive, got " + std::to_string(num));
  std::int64_t size = None;
  if (axis && in.dim(*axis) != None) {
    if (in.dim(*axis) % num != 0)
      ctx.fail("number of ways to split should evenly divide the split dimension, but got split_dim " +
               std::to_string(*axis) + " (size " + std::to_string(in.dim(*axis)) + ") and num_split " +
               std::to_string(num) + " for shape " + in.debug_string());
    size = in.dim(*axis) / num;
  }
  return std::vector<std::int64_t>(num, size);
}

std::optional<int> split_axis(const OpContext& ctx, std::size_t i, const TensorShape& in) {
  const auto a = known_scalar(ctx, i, "split_dim");
  if (!a || in.has_unknown_rank()) return std::nullopt;
  if (in.rank() == 0) ctx.fail("cannot split a scalar");
  return ops::normalize_axis(ctx, *a, in.rank());
}

void split_shape(ShapeContext& ctx) {
  const Tensor& value = ctx.input(1);
  const auto axis = split_axis(ctx, 0, value.shape());
  add_split_outputs(ctx, value, axis, even_split_sizes(ctx, value.shape(), axis));
}

// SplitV's sizes with a -1 resolved; checks they add up to the dimension.
std::vector<std::int64_t> resolved_split_sizes(const OpContext& ctx, std::vector<std::int64_t> sizes, std::int64_t dim) {
  const std::int64_t num = ctx.attr<std::int64_t>(0);
  if (static_cast<std::int64_t>(sizes.size()) != num)
    ctx.fail("size_splits " + join_ints(sizes) + " has " + std::to_string(sizes.size()) + " entries, num_split is " +
             std::to_string(num));
  int infer = -1;
  std::int64_t known = 0;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == -1) {
      if (infer >= 0) ctx.fail("size_splits " + join_ints(sizes) + " may contain at most one -1");
      infer = static_cast<int>(i);
    } else if (sizes[i] < 0) {
      ctx.fail("size_splits " + join_ints(sizes) + " has a negative size");
    } else {
      known += sizes[i];
    }
  }
  if (dim == None) return sizes;
  if ((infer < 0 && known != dim) || (infer >= 0 && known > dim))
    ctx.fail("size_splits " + join_ints(sizes) + " must add up to the size " + std::to_string(dim) +
             " of the split dimension (or stay below it with a -1)");
  if (infer >= 0) sizes[infer] = dim - known;
  return sizes;
}

void split_v_shape(ShapeContext& ctx) {
  const Tensor& value = ctx.input(0);
  check_int_input(ctx, 1, "size_splits", 1);
  const auto axis = split_axis(ctx, 2, value.shape());
  auto sizes = known_int_values(ctx, 1);
  if (!sizes) {
    add_split_outputs(ctx, value, std::nullopt, std::vector<std::int64_t>(ctx.attr<std::int64_t>(0), None));
    return;
  }
  const std::int64_t dim = axis ? value.shape().dim(*axis) : None;
  add_split_outputs(ctx, value, axis, resolved_split_sizes(ctx, std::move(*sizes), dim));
}

// Copies consecutive slices of `in` along `axis` into the outputs (sized by the shape function).
void split_into_outputs(KernelContext& ctx, const Tensor& in, int axis) {
  kernels::visit_copy_dtype(in.dtype(), [&](auto tag) {
    using S = kernels::storage_t<decltype(tag)>;
    std::int64_t start = 0;
    for (Tensor& out : ctx.outputs()) {
      const std::int64_t len = out.shape().dim(axis);
      copy_axis_slice<S>(in, axis, start, len, out);
      start += len;
    }
  });
}

void split_kernel(KernelContext& ctx) {
  split_into_outputs(ctx, ctx.input(1), ops::normalize_axis(ctx, int_values(ctx.input(0))[0], ctx.input(1).rank()));
}

void split_v_kernel(KernelContext& ctx) {
  split_into_outputs(ctx, ctx.input(0), ops::normalize_axis(ctx, int_values(ctx.input(2))[0], ctx.input(0).rank()));
}

OpBuilder concat_builder() {
  OpBuilder b("ConcatV2");
  b.variadic_inputs().shape(concat_shape);
  all_dtypes(b, []<class S>() -> KernelFn { return &concat_kernel<S>; });
  return b;
}
OpBuilder pack_builder() {
  OpBuilder b("Pack");
  b.variadic_inputs().attrs({"axis"}).shape(pack_shape);
  all_dtypes(b, []<class S>() -> KernelFn { return &pack_kernel<S>; });
  return b;
}
OpBuilder unpack_builder() {
  OpBuilder b("Unpack");
  b.inputs(1).attrs({"num", "axis"}).shape(unpack_shape);
  all_dtypes(b, []<class S>() -> KernelFn { return &unpack_kernel<S>; });
  return b;
}

const OpDef& kConcatV2 = concat_builder();
const OpDef& kPack = pack_builder();
const OpDef& kUnpack = unpack_builder();
// Split's first input is the axis (TensorFlow's order), so it dispatches on the axis dtype.
const OpDef& kSplit = OpBuilder("Split").inputs(2).attrs({"num_split"}).shape(split_shape)
                          .kernel(DType::kInt32, split_kernel).kernel(DType::kInt64, split_kernel);
const OpDef& kSplitV = all_dtypes(OpBuilder("SplitV").inputs(3).attrs({"num_split"}).shape(split_v_shape), split_v_kernel);

std::vector<Tensor> to_vector(ops::Outputs outputs) { return std::vector<Tensor>(outputs.begin(), outputs.end()); }

}  // namespace

Tensor concat(const std::vector<Tensor>& values, std::int64_t axis) {
  std::vector<Tensor> inputs = values;
  inputs.push_back(constant(static_cast<std::int32_t>(axis)));
  return std::move(ops::execute(kConcatV2, inputs)[0]);
}

Tensor stack(const std::vector<Tensor>& values, std::int64_t axis) {
  const AttrValue attrs[] = {axis};
  return std::move(ops::execute(kPack, values, attrs)[0]);
}

std::vector<Tensor> unstack(const Tensor& t, std::int64_t axis) {
  const TensorShape& s = t.shape();
  if (s.has_unknown_rank() || s.rank() == 0)
    throw InvalidArgumentError("[Unpack] cannot unstack a tensor of shape " + s.debug_string());
  if (axis < -s.rank() || axis >= s.rank())
    throw InvalidArgumentError("[Unpack] axis " + std::to_string(axis) + " is out of range for shape " + s.debug_string());
  const std::int64_t num = s.dim(static_cast<int>(axis < 0 ? axis + s.rank() : axis));
  if (num == None)
    throw InvalidArgumentError("[Unpack] cannot infer the number of parts from shape " + s.debug_string());
  const AttrValue attrs[] = {num, axis};
  return to_vector(ops::execute(kUnpack, {t}, attrs));
}

namespace detail {
std::vector<Tensor> split_evenly(const Tensor& t, std::int64_t num_splits, std::int64_t axis) {
  const AttrValue attrs[] = {num_splits};
  return to_vector(ops::execute(kSplit, {constant(static_cast<std::int32_t>(axis)), t}, attrs));
}
}  // namespace detail

std::vector<Tensor> split(const Tensor& t, const IntArray& size_splits, std::int64_t axis) {
  const AttrValue attrs[] = {size_splits.tensor().num_elements()};
  return to_vector(ops::execute(kSplitV, {t, size_splits.tensor(), constant(static_cast<std::int32_t>(axis))}, attrs));
}

}  // namespace tf
