// Padding (Pad, PadV2, MirrorPad, and MirrorPadGrad for its gradient) and Tile.
//
// Pad kernels walk the output row by row (a row: the innermost dimension). A row maps to one
// input row (or, in CONSTANT mode, lies entirely in the padding); its middle is one memcpy
// and only the padded ends are filled element by element. Tile is a strided copy whose
// [multiple, dim] dimension pairs have source strides [0, stride].
#include <cctype>

#include "core/tensor_impl.h"
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

enum class PadMode { kConstant, kReflect, kSymmetric };

PadMode mirror_mode(const OpContext& ctx) {
  const std::string& m = ctx.attr<std::string>(0);
  if (m == "REFLECT") return PadMode::kReflect;
  if (m == "SYMMETRIC") return PadMode::kSymmetric;
  ctx.fail("mode must be REFLECT or SYMMETRIC, got '" + m + "'");
}

// Validated paddings (pairs per dim) of input 1 against input 0's shape; null when not concrete.
std::optional<std::vector<std::int64_t>> checked_paddings(const OpContext& ctx, PadMode mode) {
  check_int_input(ctx, 1, "paddings", 2);
  const TensorShape& in = ctx.input(0).shape();
  const TensorShape& ps = ctx.input(1).shape();
  if (!in.has_unknown_rank() && !ps.has_unknown_rank() &&
      ((ps.dim(0) != None && ps.dim(0) != in.rank()) || (ps.dim(1) != None && ps.dim(1) != 2)))
    ctx.fail("paddings must have shape [rank, 2] = [" + std::to_string(in.rank()) + ",2] for input " +
             describe(ctx.input(0)) + ", got " + ps.debug_string());
  auto p = known_int_values(ctx, 1);
  if (!p || in.has_unknown_rank()) return std::nullopt;
  for (int d = 0; d < in.rank(); ++d) {
    const std::int64_t before = (*p)[2 * d], after = (*p)[2 * d + 1], dim = in.dim(d);
    if (before < 0 || after < 0)
      ctx.fail("paddings must be non-negative, got " + std::to_string(before) + " " + std::to_string(after) +
               " for dimension " + std::to_string(d));
    if (mode == PadMode::kConstant || dim == None) continue;
    const std::int64_t limit = mode == PadMode::kReflect ? dim - 1 : dim;
    if (before > limit || after > limit)
      ctx.fail(std::string("paddings must be no greater than the dimension size") +
               (mode == PadMode::kReflect ? " minus 1 in REFLECT mode" : " in SYMMETRIC mode") + ": " +
               std::to_string(before) + ", " + std::to_string(after) + " for dimension " + std::to_string(d) +
               " of size " + std::to_string(dim));
  }
  return p;
}

void add_padded_output(ShapeContext& ctx, PadMode mode) {
  const TensorShape& in = ctx.input(0).shape();
  const auto p = checked_paddings(ctx, mode);
  TensorShape out = in;
  for (int d = 0; d < (in.has_unknown_rank() ? 0 : in.rank()); ++d)
    out.set_dim(d, !p || in.dim(d) == None ? None : in.dim(d) + (*p)[2 * d] + (*p)[2 * d + 1]);
  ctx.add_output(ctx.input(0).dtype(), out);
}

void pad_shape(ShapeContext& ctx) { add_padded_output(ctx, PadMode::kConstant); }
void pad_v2_shape(ShapeContext& ctx) {
  if (ctx.input(2).dtype() != ctx.input(0).dtype() || ctx.input(2).shape().rank() != 0)
    ctx.fail("constant_values must be a scalar of the input's dtype " + describe(ctx.input(0)) + ", got " +
             describe(ctx.input(2)));
  add_padded_output(ctx, PadMode::kConstant);
}
void mirror_pad_shape(ShapeContext& ctx) { add_padded_output(ctx, mirror_mode(ctx)); }

// The input index that output index `o` of a dimension reads, or -1 for constant padding.
inline std::int64_t source_index(std::int64_t o, std::int64_t before, std::int64_t dim, PadMode mode) {
  std::int64_t x = o - before;
  if (mode == PadMode::kConstant) return x >= 0 && x < dim ? x : -1;
  if (x < 0) x = mode == PadMode::kReflect ? -x : -x - 1;
  else if (x >= dim) x = mode == PadMode::kReflect ? 2 * dim - 2 - x : 2 * dim - 1 - x;
  return x;
}

template <class S>
void pad_rows(const Tensor& in, const std::vector<std::int64_t>& p, PadMode mode, const S& value, Tensor& out) {
  const S* src = elements<S>(in);
  S* dst = mutable_elements<S>(out);
  const int r = in.rank();
  if (r == 0) {
    dst[0] = src[0];
    return;
  }
  const auto in_strides = kernels::row_major_strides(in.shape());
  const TensorShape& os = out.shape();
  const std::int64_t width = os.dim(r - 1), in_width = in.shape().dim(r - 1), before = p[2 * r - 2];
  if (width == 0) return;
  const std::int64_t rows = out.num_elements() / width;
  kernels::parallel_for(rows, width, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t row = begin; row < end; ++row) {
      S* o = dst + row * width;
      std::int64_t rem = row, offset = 0;
      bool inside = true;
      for (int d = r - 2; d >= 0; --d) {
        const std::int64_t x = source_index(rem % os.dim(d), p[2 * d], in.shape().dim(d), mode);
        rem /= os.dim(d);
        if (x < 0) inside = false;
        offset += x * in_strides[d];
      }
      if (!inside || in_width == 0) {
        std::fill(o, o + width, value);
        continue;
      }
      const S* s = src + offset;
      for (std::int64_t j = 0; j < before; ++j) {
        const std::int64_t x = source_index(j, before, in_width, mode);
        o[j] = x < 0 ? value : s[x];
      }
      kernels::copy_run(s, in_width, o + before);
      for (std::int64_t j = before + in_width; j < width; ++j) {
        const std::int64_t x = source_index(j, before, in_width, mode);
        o[j] = x < 0 ? value : s[x];
      }
    }
  });
}

template <class S>
void pad_kernel(KernelContext& ctx) {
  pad_rows<S>(ctx.input(0), int_values(ctx.input(1)), PadMode::kConstant, S{}, ctx.output(0));
}
template <class S>
void pad_v2_kernel(KernelContext& ctx) {
  pad_rows<S>(ctx.input(0), int_values(ctx.input(1)), PadMode::kConstant, *elements<S>(ctx.input(2)), ctx.output(0));
}
template <class S>
void mirror_pad_kernel(KernelContext& ctx) {
  pad_rows<S>(ctx.input(0), int_values(ctx.input(1)), mirror_mode(ctx), S{}, ctx.output(0));
}

// ---- MirrorPadGrad: dy, paddings; attr mode. Sums dy's mirrored elements back onto the input. ----

void mirror_pad_grad_shape(ShapeContext& ctx) {
  const PadMode mode = mirror_mode(ctx);
  check_int_input(ctx, 1, "paddings", 2);
  const TensorShape& dy = ctx.input(0).shape();
  if (!is_numeric(ctx.input(0).dtype())) ctx.fail("dy must be numeric, got " + describe(ctx.input(0)));
  const auto p = known_int_values(ctx, 1);
  if (dy.has_unknown_rank()) return ctx.add_output(ctx.input(0).dtype(), dy);
  if (!p) {  // paddings known only at run time: every size is unknown
    TensorShape out;
    for (int d = 0; d < dy.rank(); ++d) out.append(None);
    return ctx.add_output(ctx.input(0).dtype(), out);
  }
  if (static_cast<int>(p->size()) != 2 * dy.rank())
    ctx.fail("paddings must have shape [rank, 2] for dy " + describe(ctx.input(0)) + ", got " +
             ctx.input(1).shape().debug_string());
  TensorShape out;
  for (int d = 0; d < dy.rank(); ++d) {
    const std::int64_t before = (*p)[2 * d], after = (*p)[2 * d + 1];
    const std::int64_t size = dy.dim(d) == None ? None : dy.dim(d) - before - after;
    const std::int64_t limit = mode == PadMode::kReflect ? size - 1 : size;
    if (before < 0 || after < 0 || (size != None && (size < 0 || before > limit || after > limit)))
      ctx.fail("paddings " + std::to_string(before) + ", " + std::to_string(after) + " of dimension " +
               std::to_string(d) + " do not fit dy " + describe(ctx.input(0)) + " in " + ctx.attr<std::string>(0) + " mode");
    out.append(size);
  }
  ctx.add_output(ctx.input(0).dtype(), out);
}

template <class T>
void mirror_pad_grad_kernel(KernelContext& ctx) {
  const Tensor& dy = ctx.input(0);
  Tensor& out = ctx.output(0);
  const std::vector<std::int64_t> p = int_values(ctx.input(1));
  const PadMode mode = mirror_mode(ctx);
  T* o = out.mutable_data<T>();
  std::fill(o, o + out.num_elements(), T{});
  const T* g = dy.data<T>();
  const int r = dy.rank();
  if (r == 0) {
    o[0] = g[0];
    return;
  }
  const auto out_strides = kernels::row_major_strides(out.shape());
  const std::int64_t width = dy.shape().dim(r - 1), out_width = out.shape().dim(r - 1);
  if (width == 0) return;
  // Serial: mirrored rows and columns add into the same output elements.
  for (std::int64_t row = 0; row < dy.num_elements() / width; ++row) {
    std::int64_t rem = row, offset = 0;
    for (int d = r - 2; d >= 0; --d) {
      offset += source_index(rem % dy.shape().dim(d), p[2 * d], out.shape().dim(d), mode) * out_strides[d];
      rem /= dy.shape().dim(d);
    }
    const T* grow = g + row * width;
    for (std::int64_t j = 0; j < width; ++j) o[offset + source_index(j, p[2 * r - 2], out_width, mode)] += grow[j];
  }
}

// ---- Tile: input, multiples ----

std::optional<std::vector<std::int64_t>> checked_multiples(const OpContext& ctx) {
  check_int_input(ctx, 1, "multiples", 1);
  const TensorShape& in = ctx.input(0).shape();
  auto m = known_int_values(ctx, 1);
  if (!m || in.has_unknown_rank()) return std::nullopt;
  if (static_cast<int>(m->size()) != in.rank())
    ctx.fail("multiples " + join_ints(*m) + " must have one entry per dimension of " + describe(ctx.input(0)));
  for (std::size_t d = 0; d < m->size(); ++d)
    if ((*m)[d] < 0)
      ctx.fail("expected multiples[" + std::to_string(d) + "] >= 0, but got " + std::to_string((*m)[d]));
  return m;
}

void tile_shape(ShapeContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  const auto m = checked_multiples(ctx);
  TensorShape out = in;
  for (int d = 0; d < (in.has_unknown_rank() ? 0 : in.rank()); ++d)
    out.set_dim(d, !m || in.dim(d) == None ? None : in.dim(d) * (*m)[d]);
  ctx.add_output(ctx.input(0).dtype(), out);
}

template <class S>
void tile_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const std::vector<std::int64_t> m = int_values(ctx.input(1));
  const auto strides = kernels::row_major_strides(in.shape());
  kernels::StridedView view;
  for (int d = 0; d < in.rank(); ++d) {
    view.add_dim(m[d], 0);
    view.add_dim(in.shape().dim(d), strides[d]);
  }
  kernels::strided_copy(elements<S>(in), mutable_elements<S>(ctx.output(0)), view);
}

const OpDef& kPad = copy_op("Pad", 2, pad_shape, {}, []<class S>() -> KernelFn { return &pad_kernel<S>; });
const OpDef& kPadV2 = copy_op("PadV2", 3, pad_v2_shape, {}, []<class S>() -> KernelFn { return &pad_v2_kernel<S>; });
const OpDef& kMirrorPad =
    copy_op("MirrorPad", 2, mirror_pad_shape, {"mode"}, []<class S>() -> KernelFn { return &mirror_pad_kernel<S>; });
const OpDef& kMirrorPadGrad = OpBuilder("MirrorPadGrad").inputs(2).attrs({"mode"}).shape(mirror_pad_grad_shape)
                                  .kernels<float, double, std::int32_t, std::int64_t>(
                                      []<class T>() -> KernelFn { return &mirror_pad_grad_kernel<T>; });
// TensorFlow's Tile kernel rejects uint16 (its CPU kernel lists no uint16 case).
void tile_uint16_kernel(KernelContext&) {
  throw UnimplementedError("[Tile] the input data type is not supported, DataType: uint16");
}

const OpDef& kTile = copy_op("Tile", 2, tile_shape, {}, []<class S>() -> KernelFn { return &tile_kernel<S>; })
                         .kernel(DType::kUInt16, tile_uint16_kernel);

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

namespace ops::array {
Tensor mirror_pad_grad(const Tensor& dy, const Tensor& paddings, const std::string& mode) {
  const AttrValue attrs[] = {mode};
  return execute1(kMirrorPadGrad, {dy, paddings}, attrs);
}
}  // namespace ops::array

Tensor pad(const Tensor& t, const Tensor& paddings, const PadOptions& options) {
  const std::string mode = upper(options.mode);
  if (mode == "CONSTANT") {
    if (options.constant_values == 0) return ops::execute1(kPad, {t, paddings});
    return ops::execute1(kPadV2, {t, paddings, scalar_like(t, options.constant_values)});
  }
  if (mode != "REFLECT" && mode != "SYMMETRIC")
    throw InvalidArgumentError("[Pad] mode must be CONSTANT, REFLECT or SYMMETRIC, got '" + options.mode + "'");
  const AttrValue attrs[] = {mode};
  return ops::execute1(kMirrorPad, {t, paddings}, attrs);
}

Tensor pad(const Tensor& t, const std::vector<std::array<std::int64_t, 2>>& paddings, const PadOptions& options) {
  std::vector<std::int64_t> flat;
  for (const auto& p : paddings) flat.insert(flat.end(), p.begin(), p.end());
  // A view, not a Reshape op: inside tf::function the paddings stay a known constant.
  const Tensor p = ops::array::int_tensor(flat);
  return pad(t, core::view(p, TensorShape{static_cast<std::int64_t>(paddings.size()), 2}), options);
}

Tensor tile(const Tensor& t, const IntArray& multiples) { return ops::execute1(kTile, {t, multiples.tensor()}); }

}  // namespace tf
