// Ops that change only the shape, sharing the input's buffer (Reshape, Squeeze, ExpandDims,
// Identity), and the shape queries Shape, Size and Rank.
#include "core/tensor_impl.h"
#include "graph/shape_value.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/array_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::AttrValue;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// The shape Reshape produces for input shape `in` and the requested sizes (one may be -1).
TensorShape reshape_target(const OpContext& ctx, const TensorShape& in, std::span<const std::int64_t> sizes) {
  int infer = -1;
  std::int64_t known = 1;
  TensorShape out;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == -1) {
      if (infer >= 0)
        ctx.fail("only one input size may be -1, not both " + std::to_string(infer) + " and " + std::to_string(i) +
                 " (requested shape " + join_ints(sizes) + ")");
      infer = static_cast<int>(i);
    } else if (sizes[i] < 0) {
      ctx.fail("size " + std::to_string(i) + " must be non-negative, not " + std::to_string(sizes[i]));
    } else {
      known *= sizes[i];
    }
    if (i >= static_cast<std::size_t>(kMaxRank))
      ctx.fail("requested shape " + join_ints(sizes) + " exceeds the maximum rank " + std::to_string(kMaxRank));
    out.append(sizes[i]);
  }
  const std::int64_t n = in.num_elements();
  if (n < 0) return out;  // partly unknown input: an inferred size stays unknown
  if (infer >= 0) {
    if (known == 0) {
      if (n != 0)
        ctx.fail("cannot reshape a tensor of " + std::to_string(n) + " values (shape " + in.debug_string() +
                 ") into shape " + join_ints(sizes));
      ctx.fail("cannot infer the -1 size for an empty tensor unless all specified sizes are non-zero, got " +
               join_ints(sizes));
    }
    if (n % known != 0)
      ctx.fail("input to reshape is a tensor with " + std::to_string(n) + " values (shape " + in.debug_string() +
               "), but the requested shape " + join_ints(sizes) + " requires a multiple of " + std::to_string(known));
    out.set_dim(infer, n / known);
  } else if (known != n) {
    ctx.fail("input to reshape is a tensor with " + std::to_string(n) + " values (shape " + in.debug_string() +
             "), but the requested shape " + join_ints(sizes) + " has " + std::to_string(known));
  }
  return out;
}

// A traced shape tells some sizes (graph::shape_value); as TensorFlow's shape function does, the
// one size it does not tell is inferred when the input's size and all other sizes are known.
TensorShape partly_known_target(const TensorShape& in, TensorShape target) {
  std::int64_t unknown = -1, known = 1;
  for (std::int64_t i = 0; i < target.rank(); ++i) {
    if (target.dim(i) != None) known *= target.dim(i);
    else if (unknown >= 0) return target;
    else unknown = i;
  }
  const std::int64_t n = in.num_elements();
  if (unknown >= 0 && n >= 0 && known > 0 && n % known == 0) target.set_dim(unknown, n / known);
  return target;
}

void reshape_shape(ShapeContext& ctx) {
  check_int_input(ctx, 1, "shape", 1);
  const DType dtype = ctx.input(0).dtype();
  if (auto sizes = known_int_values(ctx, 1)) {
    ctx.add_output(dtype, reshape_target(ctx, ctx.input(0).shape(), *sizes));
    return;
  }
  if (std::optional<TensorShape> target = graph::shape_value(ctx.input(1))) {
    ctx.add_output(dtype, partly_known_target(ctx.input(0).shape(), std::move(*target)));
    return;
  }
  const TensorShape& s = ctx.input(1).shape();
  if (s.has_unknown_rank() || s.dim(0) == None) {
    ctx.add_output(dtype, TensorShape::unknown_rank());
    return;
  }
  TensorShape out;
  for (std::int64_t i = 0; i < s.dim(0); ++i) out.append(None);
  ctx.add_output(dtype, out);
}

void reshape_kernel(KernelContext& ctx) {
  ctx.output(0) = core::view(ctx.input(0), reshape_target(ctx, ctx.input(0).shape(), int_values(ctx.input(1))));
}

// Squeeze: removes the listed size-1 dims, or every size-1 dim when none are listed.
TensorShape squeeze_target(const OpContext& ctx, const TensorShape& in) {
  const auto& axes = ctx.attr<std::vector<std::int64_t>>(0);
  if (in.has_unknown_rank()) return in;
  std::array<bool, kMaxRank> drop{};
  for (std::int64_t a : axes) {
    const int axis = ops::normalize_axis(ctx, a, in.rank());
    if (in.dim(axis) != 1 && in.dim(axis) != None)
      ctx.fail("cannot squeeze dim[" + std::to_string(axis) + "], expected a dimension of 1, got " +
               std::to_string(in.dim(axis)) + " (input shape " + in.debug_string() + ")");
    drop[axis] = true;
  }
  TensorShape out;
  for (int i = 0; i < in.rank(); ++i) {
    if (axes.empty() && in.dim(i) == None) return TensorShape::unknown_rank();  // might be 1
    if (!(axes.empty() ? in.dim(i) == 1 : drop[i])) out.append(in.dim(i));
  }
  return out;
}

void squeeze_shape(ShapeContext& ctx) { ctx.add_output(ctx.input(0).dtype(), squeeze_target(ctx, ctx.input(0).shape())); }
void squeeze_kernel(KernelContext& ctx) { ctx.output(0) = core::view(ctx.input(0), squeeze_target(ctx, ctx.input(0).shape())); }

// ExpandDims: inserts a 1 at `dim`, which may be in [-rank-1, rank].
TensorShape expand_dims_target(const OpContext& ctx, const TensorShape& in, std::int64_t dim) {
  const int rank = in.rank();
  if (dim < -rank - 1 || dim > rank)
    ctx.fail("tried to expand dim index " + std::to_string(dim) + " for a tensor of shape " + in.debug_string() +
             " (valid range [" + std::to_string(-rank - 1) + ", " + std::to_string(rank) + "])");
  TensorShape out = in;
  out.insert_dim(static_cast<int>(dim < 0 ? dim + rank + 1 : dim), 1);
  return out;
}

std::int64_t expand_dim_value(const OpContext& ctx) {
  const std::vector<std::int64_t> v = int_values(ctx.input(1));
  if (v.size() != 1) ctx.fail("dim must be a single integer, got " + std::to_string(v.size()) + " values");
  return v[0];
}

void expand_dims_shape(ShapeContext& ctx) {
  check_int_input(ctx, 1, "dim", -1);
  const TensorShape& in = ctx.input(0).shape();
  if (in.has_unknown_rank()) {
    ctx.add_output(ctx.input(0).dtype(), in);
  } else if (ctx.input(1).is_symbolic()) {
    TensorShape out;
    for (int i = 0; i <= in.rank(); ++i) out.append(None);
    ctx.add_output(ctx.input(0).dtype(), out);
  } else {
    ctx.add_output(ctx.input(0).dtype(), expand_dims_target(ctx, in, expand_dim_value(ctx)));
  }
}

void expand_dims_kernel(KernelContext& ctx) {
  ctx.output(0) = core::view(ctx.input(0), expand_dims_target(ctx, ctx.input(0).shape(), expand_dim_value(ctx)));
}

void identity_kernel(KernelContext& ctx) { ctx.output(0) = core::view(ctx.input(0), ctx.input(0).shape()); }

DType checked_out_type(const OpContext& ctx) {
  const DType t = ctx.attr<DType>(0);
  if (!is_index_dtype(t)) ctx.fail("out_type must be int32 or int64, got " + std::string(dtype_name(t)));
  return t;
}

void shape_shape(ShapeContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  ctx.add_output(checked_out_type(ctx), TensorShape{in.has_unknown_rank() ? None : in.rank()});
}

void shape_kernel(KernelContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  Tensor& out = ctx.output(0);
  for (int i = 0; i < in.rank(); ++i) {
    if (out.dtype() == DType::kInt32) out.mutable_data<std::int32_t>()[i] = static_cast<std::int32_t>(in.dim(i));
    else out.mutable_data<std::int64_t>()[i] = in.dim(i);
  }
}

void size_shape(ShapeContext& ctx) { ctx.add_output(checked_out_type(ctx), TensorShape{}); }
void size_kernel(KernelContext& ctx) {
  Tensor& out = ctx.output(0);
  const std::int64_t n = ctx.input(0).num_elements();
  if (out.dtype() == DType::kInt32) *out.mutable_data<std::int32_t>() = static_cast<std::int32_t>(n);
  else *out.mutable_data<std::int64_t>() = n;
}

void rank_shape(ShapeContext& ctx) { ctx.add_output(DType::kInt32, TensorShape{}); }
void rank_kernel(KernelContext& ctx) { *ctx.output(0).mutable_data<std::int32_t>() = ctx.input(0).rank(); }

const OpDef& kReshape = all_dtypes(OpBuilder("Reshape").inputs(2).shape(reshape_shape).kernel_allocates_outputs(),
                                   reshape_kernel);
const OpDef& kSqueeze = all_dtypes(OpBuilder("Squeeze").inputs(1).attrs({"squeeze_dims"}).shape(squeeze_shape)
                                       .kernel_allocates_outputs(), squeeze_kernel);
const OpDef& kExpandDims = all_dtypes(OpBuilder("ExpandDims").inputs(2).shape(expand_dims_shape)
                                          .kernel_allocates_outputs(), expand_dims_kernel);
const OpDef& kIdentity = all_dtypes(OpBuilder("Identity").inputs(1).shape(ops::unchanged_shape)
                                        .kernel_allocates_outputs(), identity_kernel);
const OpDef& kShape = all_dtypes(OpBuilder("Shape").inputs(1).attrs({"out_type"}).shape(shape_shape).no_gradient(),
                                 shape_kernel);
const OpDef& kSize = all_dtypes(OpBuilder("Size").inputs(1).attrs({"out_type"}).shape(size_shape).no_gradient(),
                                size_kernel);
const OpDef& kRank = all_dtypes(OpBuilder("Rank").inputs(1).shape(rank_shape).no_gradient(), rank_kernel);

}  // namespace

Tensor reshape(const Tensor& t, const IntArray& shape) { return ops::execute1(kReshape, {t, shape.tensor()}); }

Tensor squeeze(const Tensor& t, const std::vector<std::int64_t>& axis) {
  const AttrValue attrs[] = {axis};
  return ops::execute1(kSqueeze, {t}, attrs);
}

Tensor expand_dims(const Tensor& t, std::int64_t axis) {
  return ops::execute1(kExpandDims, {t, constant(static_cast<std::int32_t>(axis))});
}

Tensor identity(const Tensor& t) { return ops::execute1(kIdentity, {t}); }

Tensor shape(const Tensor& t, DType out_type) {
  const AttrValue attrs[] = {out_type};
  return ops::execute1(kShape, {t}, attrs);
}

Tensor size(const Tensor& t, DType out_type) {
  const AttrValue attrs[] = {out_type};
  return ops::execute1(kSize, {t}, attrs);
}

Tensor rank(const Tensor& t) { return ops::execute1(kRank, {t}); }

}  // namespace tf
