// StridedSlice: NumPy-style t[begin:end:stride, ...] with TensorFlow's masks, and its gradient
// StridedSliceGrad (the slice's gradient written back into zeros of the input's shape).
//
// Note [Strided slice specs]: begin/end/strides form a "sparse" spec whose entries may be an
// ellipsis, a new axis or a shrinking index, so entry i need not be input dimension i. It is
// first expanded into a "dense" spec with exactly one entry per input dimension (the ellipsis
// covers the dimensions no entry names; with no ellipsis, one is implied at the end), then each
// dimension's begin/end is made canonical (negative indices count from the end, out-of-range
// values clamp, masked ones take the full range in the stride's direction). This follows
// TensorFlow's ValidateStridedSliceOp so that every corner (negative strides, empty ranges,
// shrinking with negative indices) matches.
#include "ops/array/array_common.h"
#include "ops/array/array_grad_ops.h"
#include "ops/execute.h"
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

constexpr int kNewAxis = -1, kShrinkAxis = -2;

// The result of validating a strided slice against an input shape.
struct SliceSpec {
  std::vector<std::int64_t> begin, strides, sizes;  // per input dimension; sizes may be None
  TensorShape final_shape;                          // after new axes and shrinking
};

std::int64_t mask_bit(const OpContext& ctx, int attr, int i) { return (ctx.attr<std::int64_t>(attr) >> i) & 1; }

SliceSpec compute_spec(const OpContext& ctx, const TensorShape& in, std::span<const std::int64_t> begin,
                       std::span<const std::int64_t> end, std::span<const std::int64_t> strides) {
  const std::int64_t ellipsis_mask = ctx.attr<std::int64_t>(2), new_axis_mask = ctx.attr<std::int64_t>(3);
  if (begin.size() != end.size() || begin.size() != strides.size())
    ctx.fail("begin " + join_ints(begin) + ", end " + join_ints(end) + " and strides " + join_ints(strides) +
             " must have the same length");
  if (begin.size() > 32) ctx.fail("at most 32 slice entries are supported, got " + std::to_string(begin.size()));
  if (ellipsis_mask & (ellipsis_mask - 1)) ctx.fail("multiple ellipses in slice spec are not allowed");
  const int sparse_dims = static_cast<int>(begin.size()), dims = in.rank();

  // Sparse -> dense (Note [Strided slice specs]).
  bool ellipsis_seen = false;
  int new_axes_after_ellipsis = 0;
  for (int i = 0; i < sparse_dims; ++i) {
    if (ellipsis_seen && ((new_axis_mask >> i) & 1)) ++new_axes_after_ellipsis;
    if ((ellipsis_mask >> i) & 1) ellipsis_seen = true;
  }
  const bool implicit_ellipsis = !ellipsis_seen;
  std::vector<std::int64_t> d_begin(dims, 0), d_end(dims, 0), d_strides(dims, 1);
  std::vector<bool> d_begin_mask(dims, false), d_end_mask(dims, false), d_shrink(dims, false);
  std::vector<int> gather;  // final shape: input dim index, kNewAxis or kShrinkAxis
  int full = 0;
  const int entries = sparse_dims + (implicit_ellipsis ? 1 : 0);
  for (int i = 0; i < entries; ++i) {
    const bool is_ellipsis = implicit_ellipsis ? i == sparse_dims : ((ellipsis_mask >> i) & 1);
    if (is_ellipsis) {
      const int next = std::min(dims - (entries - i) + 1 + new_axes_after_ellipsis, dims);
      for (; full < next; ++full) {
        d_begin_mask[full] = d_end_mask[full] = true;
        gather.push_back(full);
      }
    } else if ((new_axis_mask >> i) & 1) {
      gather.push_back(kNewAxis);
    } else {
      if (full == dims)
        ctx.fail("index out of range using input dim " + std::to_string(full) + "; input has only " +
                 std::to_string(dims) + " dims (shape " + in.debug_string() + ")");
      d_begin[full] = begin[i];
      d_end[full] = end[i];
      d_strides[full] = strides[i];
      d_begin_mask[full] = mask_bit(ctx, 0, i);
      d_end_mask[full] = mask_bit(ctx, 1, i);
      if (mask_bit(ctx, 4, i)) {
        d_shrink[full] = true;
        gather.push_back(kShrinkAxis);
      } else {
        gather.push_back(full);
      }
      ++full;
    }
  }

  // Canonical begin/end per dimension, and the number of elements it selects.
  SliceSpec spec;
  for (int i = 0; i < dims; ++i) {
    std::int64_t b = d_begin[i], e = d_end[i];
    const std::int64_t s = d_strides[i], dim = in.dim(i);
    if (s == 0) ctx.fail("strides[" + std::to_string(i) + "] must be non-zero");
    if (d_shrink[i] && s < 0) ctx.fail("only stride 1 is allowed on non-range indexing (dimension " + std::to_string(i) + ")");
    if (dim == None) {
      spec.begin.push_back(0);
      spec.strides.push_back(s);
      spec.sizes.push_back(d_shrink[i] ? 1 : None);
      continue;
    }
    if (d_shrink[i]) {
      const std::int64_t fwd = b < 0 ? dim + b : b;
      if (fwd < 0 || fwd >= dim)
        ctx.fail("slice index " + std::to_string(b) + " of dimension " + std::to_string(i) + " out of bounds (input shape " +
                 in.debug_string() + ")");
      b = fwd;
      e = fwd + 1;
    } else {
      const std::int64_t lo = s > 0 ? 0 : -1, hi = s > 0 ? dim : dim - 1;
      auto canonical = [&](std::int64_t x, bool masked, bool is_begin) {
        if (masked) return (s > 0) == is_begin ? lo : hi;
        const std::int64_t fwd = x < 0 ? dim + x : x;
        return fwd < lo ? lo : std::min(fwd, hi);
      };
      b = canonical(b, d_begin_mask[i], true);
      e = canonical(e, d_end_mask[i], false);
    }
    const std::int64_t length = e - b;
    std::int64_t size = 0;
    if (length != 0 && (length < 0) == (s < 0)) size = length / s + (length % s != 0 ? 1 : 0);
    spec.begin.push_back(b);
    spec.strides.push_back(s);
    spec.sizes.push_back(size);
  }
  for (int g : gather) {
    if (g >= 0) spec.final_shape.append(spec.sizes[g]);
    else if (g == kNewAxis) spec.final_shape.append(1);
  }
  return spec;
}

void strided_slice_shape(ShapeContext& ctx) {
  for (std::size_t i = 1; i <= 3; ++i) check_int_input(ctx, i, i == 1 ? "begin" : i == 2 ? "end" : "strides", 1);
  const TensorShape& in = ctx.input(0).shape();
  const auto begin = known_int_values(ctx, 1), end = known_int_values(ctx, 2), strides = known_int_values(ctx, 3);
  if (in.has_unknown_rank() || !begin || !end || !strides)
    return ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
  ctx.add_output(ctx.input(0).dtype(), compute_spec(ctx, in, *begin, *end, *strides).final_shape);
}

// The view of a tensor of shape `in` that the slice `spec` selects.
kernels::StridedView slice_view(const TensorShape& in, const SliceSpec& spec) {
  const auto strides = kernels::row_major_strides(in);
  kernels::StridedView view;
  for (int i = 0; i < in.rank(); ++i) {
    view.add_dim(spec.sizes[i], spec.strides[i] * strides[i]);
    view.offset += spec.begin[i] * strides[i];
  }
  return view;
}

template <class S>
void strided_slice_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const SliceSpec spec =
      compute_spec(ctx, in.shape(), int_values(ctx.input(1)), int_values(ctx.input(2)), int_values(ctx.input(3)));
  const kernels::StridedView view = slice_view(in.shape(), spec);
  kernels::strided_copy(elements<S>(in), mutable_elements<S>(ctx.output(0)), view);
}

// ---- StridedSliceGrad: shape, begin, end, strides, dy (same masks) ----

void strided_slice_grad_shape(ShapeContext& ctx) {
  check_int_input(ctx, 0, "shape", 1);
  for (std::size_t i = 1; i <= 3; ++i) check_int_input(ctx, i, i == 1 ? "begin" : i == 2 ? "end" : "strides", 1);
  const DType dtype = ctx.input(4).dtype();
  const auto shape = known_int_values(ctx, 0);
  if (!shape) {
    const TensorShape& s = ctx.input(0).shape();
    TensorShape out = TensorShape::unknown_rank();
    if (!s.has_unknown_rank() && s.dim(0) != None) {
      out = TensorShape{};
      for (std::int64_t i = 0; i < s.dim(0); ++i) out.append(None);
    }
    return ctx.add_output(dtype, out);
  }
  const TensorShape out(*shape);
  const auto begin = known_int_values(ctx, 1), end = known_int_values(ctx, 2), strides = known_int_values(ctx, 3);
  if (begin && end && strides) {
    const TensorShape sliced = compute_spec(ctx, out, *begin, *end, *strides).final_shape;
    if (!sliced.is_compatible_with(ctx.input(4).shape()))
      ctx.fail("dy has shape " + ctx.input(4).shape().debug_string() + " but the slice of shape " + out.debug_string() +
               " has shape " + sliced.debug_string());
  }
  ctx.add_output(dtype, out);
}

void strided_slice_grad_kernel(KernelContext& ctx) {
  Tensor& out = ctx.output(0);
  const SliceSpec spec =
      compute_spec(ctx, out.shape(), int_values(ctx.input(1)), int_values(ctx.input(2)), int_values(ctx.input(3)));
  kernels::visit_copy_dtype(out.dtype(), [&](auto tag) {
    using S = kernels::storage_t<decltype(tag)>;
    S* o = mutable_elements<S>(out);
    std::fill(o, o + out.num_elements(), S{});
    kernels::strided_scatter(elements<S>(ctx.input(4)), o, slice_view(out.shape(), spec));
  });
}

OpBuilder strided_slice_builder() {
  OpBuilder b("StridedSlice");
  b.inputs(4).attrs({"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"})
      .shape(strided_slice_shape);
  all_dtypes(b, []<class S>() -> KernelFn { return &strided_slice_kernel<S>; });
  return b;
}

const OpDef& kStridedSlice = strided_slice_builder();
// StridedSliceGrad's first input is the shape (TensorFlow's order), so it dispatches on its dtype.
const OpDef& kStridedSliceGrad =
    OpBuilder("StridedSliceGrad").inputs(5)
        .attrs({"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"})
        .shape(strided_slice_grad_shape).kernel(DType::kInt32, strided_slice_grad_kernel)
        .kernel(DType::kInt64, strided_slice_grad_kernel);


}  // namespace

namespace ops::array {
Tensor strided_slice_grad(const Tensor& shape, const Tensor& begin, const Tensor& end, const Tensor& strides,
                          const Tensor& dy, const StridedSliceOptions& options) {
  const AttrValue attrs[] = {options.begin_mask, options.end_mask, options.ellipsis_mask, options.new_axis_mask,
                             options.shrink_axis_mask};
  return execute1(kStridedSliceGrad, {shape, begin, end, strides, dy}, attrs);
}
}  // namespace ops::array

Tensor strided_slice(const Tensor& t, const IntArray& begin, const IntArray& end, const IntArray& strides,
                     const StridedSliceOptions& options) {
  // TensorFlow's default strides are all ones.
  const Tensor s = strides.tensor().num_elements() == 0 && begin.tensor().num_elements() > 0
                       ? ops::array::int_tensor(std::vector<std::int64_t>(begin.tensor().num_elements(), 1))
                       : strides.tensor();
  const AttrValue attrs[] = {options.begin_mask, options.end_mask, options.ellipsis_mask, options.new_axis_mask,
                             options.shrink_axis_mask};
  return ops::execute1(kStridedSlice, {t, begin.tensor(), end.tensor(), s}, attrs);
}

}  // namespace tf
