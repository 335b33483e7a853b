// Segment reductions: SegmentSum/Mean/Max/Min/Prod (sorted ids) and UnsortedSegmentSum/Max/
// Min/Prod (ids in any order, a number of segments, negative ids dropped), and UnsortedSegmentJoin
// (tf.strings.unsorted_segment_join, the unsorted layout over strings). The number of output
// rows depends on the ids' values, so the kernels allocate their outputs; the shape functions
// give every other dimension (and the unsorted ops' first one when num_segments is known).
// Kernels repeat the shape checks: shapes unknown while tracing are known only when they run.
#include "tfpp/segment_ops.h"

#include <algorithm>
#include <array>
#include <limits>

#include "core/tensor_impl.h"
#include "kernels/cpu/reduce_simd.h"
#include "ops/array/array_common.h"
#include "ops/array/gradient_shape_ops.h"
#include "ops/execute.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/string_segment_join.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;
using ops::array::check_int_input;
using ops::array::describe;
using ops::array::int_values;
using ops::array::known_int_values;

enum class Combine { kSum, kMean, kMax, kMin, kProd };

// The running value a combined with the next row's b. For max and min, a NaN is replaced by the
// next value, whichever it is, as in TensorFlow's kernels (a comparison with NaN is false).
template <class T, Combine op>
T combine(T a, T b) {
  // Integers wrap, computed in an unsigned type at least as wide as int (no signed overflow).
  using W = kernels::WrappingArithmetic<T>;
  if constexpr (op == Combine::kMax) return a > b ? a : b;
  else if constexpr (op == Combine::kMin) return a < b ? a : b;
  else if constexpr (op == Combine::kProd) return static_cast<T>(W(a) * W(b));
  else return static_cast<T>(W(a) + W(b));
}

// What an unsorted segment with no rows holds: the identity of the combination.
template <class T, Combine op>
T identity() {
  if constexpr (op == Combine::kMax) return std::numeric_limits<T>::lowest();
  else if constexpr (op == Combine::kMin) return std::numeric_limits<T>::max();
  else if constexpr (op == Combine::kProd) return T{1};
  else return T{0};
}

// data.shape[from:], appended to `out`.
void append_tail(TensorShape& out, const TensorShape& data, int from) {
  for (int d = from; d < data.rank(); ++d) out.append(data.dim(d));
}

// ---- Sorted: data [n, ...], segment_ids [n] -> [last id + 1, ...] ----

void check_segment_inputs(const ops::OpContext& ctx) {
  const TensorShape& data = ctx.input(0).shape();
  const TensorShape& ids = ctx.input(1).shape();
  if (!is_index_dtype(ctx.input(1).dtype()))
    ctx.fail("segment_ids must be int32 or int64, got " + describe(ctx.input(1)));
  if (!data.has_unknown_rank() && data.rank() < 1) ctx.fail("input must be at least rank 1, got " + describe(ctx.input(0)));
  if (!ids.has_unknown_rank() && ids.rank() != 1)
    ctx.fail("segment_ids should be a vector, got " + describe(ctx.input(1)));
  if (!data.has_unknown_rank() && !ids.has_unknown_rank() && data.dim(0) >= 0 && ids.dim(0) >= 0 && data.dim(0) != ids.dim(0))
    ctx.fail("segment_ids should be the same size as dimension 0 of input: segment_ids " + ids.debug_string() +
             ", data " + data.debug_string());
}

void segment_shape(ShapeContext& ctx) {
  check_segment_inputs(ctx);
  const TensorShape& data = ctx.input(0).shape();
  if (data.has_unknown_rank()) {
    ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
    return;
  }
  TensorShape out{None};
  append_tail(out, data, 1);
  ctx.add_output(ctx.input(0).dtype(), out);
}

// Checks the ids as TensorFlow does, segment by segment: the next id may not be smaller, and
// each id must lie in [0, rows).
void check_sorted(const KernelContext& ctx, const std::vector<std::int64_t>& ids, std::int64_t rows) {
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i + 1 < ids.size() && ids[i + 1] < ids[i]) ctx.fail("segment ids are not increasing");
    if (ids[i] < 0 || ids[i] >= rows)
      ctx.fail("Segment id " + std::to_string(ids[i]) + " out of range [0, " + std::to_string(rows) +
               "), possibly because 'segment_ids' input is not sorted.");
  }
}

template <class T, Combine op>
void segment_kernel(KernelContext& ctx) {
  check_segment_inputs(ctx);
  const Tensor& data = ctx.input(0);
  const std::vector<std::int64_t> ids = int_values(ctx.input(1));
  const std::int64_t rows = ids.empty() ? 0 : ids.back() + 1;
  check_sorted(ctx, ids, rows);
  TensorShape shape{rows};
  append_tail(shape, data.shape(), 1);
  Tensor out = core::empty(data.dtype(), shape);
  const std::int64_t inner = shape.num_elements() / std::max<std::int64_t>(rows, 1);
  const T* x = data.data<T>();
  T* y = out.mutable_data<T>();
  std::fill(y, y + shape.num_elements(), op == Combine::kProd ? T{1} : T{0});  // empty segments
  for (std::size_t start = 0; start < ids.size();) {
    std::size_t end = start + 1;
    while (end < ids.size() && ids[end] == ids[start]) ++end;
    T* row = y + ids[start] * inner;
    std::copy(x + start * inner, x + (start + 1) * inner, row);
    for (std::size_t r = start + 1; r < end; ++r)
      for (std::int64_t j = 0; j < inner; ++j) row[j] = combine<T, op>(row[j], x[r * inner + j]);
    if constexpr (op == Combine::kMean)
      for (std::int64_t j = 0; j < inner; ++j) row[j] = static_cast<T>(row[j] / static_cast<T>(end - start));
    start = end;
  }
  ctx.output(0) = std::move(out);
}

template <Combine op>
OpBuilder segment_op(const char* name) {
  OpBuilder b(name);
  b.inputs(2).shape(segment_shape).kernel_allocates_outputs()
      .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t,
               std::uint32_t, std::uint64_t>([]<class T>() -> KernelFn { return &segment_kernel<T, op>; });
  return b;
}

const OpDef& kSegmentSum = segment_op<Combine::kSum>("SegmentSum");
const OpDef& kSegmentMean = segment_op<Combine::kMean>("SegmentMean");
const OpDef& kSegmentMax = segment_op<Combine::kMax>("SegmentMax");
const OpDef& kSegmentMin = segment_op<Combine::kMin>("SegmentMin");
const OpDef& kSegmentProd = segment_op<Combine::kProd>("SegmentProd");

// ---- Unsorted: data [ids.shape..., rest], segment_ids, num_segments -> [num_segments, rest] ----

// Checks the inputs; returns num_segments when known.
std::int64_t check_unsorted_segment_inputs(const ops::OpContext& ctx) {
  const TensorShape& data = ctx.input(0).shape();
  const TensorShape& ids = ctx.input(1).shape();
  check_int_input(ctx, 1, "segment_ids", -1);
  check_int_input(ctx, 2, "num_segments", -1);
  const TensorShape& num_shape = ctx.input(2).shape();
  if (!num_shape.has_unknown_rank() && num_shape.rank() != 0)
    ctx.fail("num_segments should be a scalar, not shape " + num_shape.debug_string());
  std::int64_t num = None;
  if (const auto value = known_int_values(ctx, 2)) {
    num = value->at(0);
    if (num < 0) ctx.fail("Input num_segments == " + std::to_string(num) + " must not be negative.");
  }
  if (data.has_unknown_rank() || ids.has_unknown_rank()) return num;
  bool prefix = ids.rank() <= data.rank();
  for (int d = 0; prefix && d < ids.rank(); ++d)
    prefix = ids.dim(d) < 0 || data.dim(d) < 0 || ids.dim(d) == data.dim(d);
  if (!prefix)
    ctx.fail("data.shape = " + data.debug_string() + " does not start with segment_ids.shape = " + ids.debug_string());
  return num;
}

void unsorted_segment_shape(ShapeContext& ctx) {
  const std::int64_t num = check_unsorted_segment_inputs(ctx);
  const TensorShape& data = ctx.input(0).shape();
  const TensorShape& ids = ctx.input(1).shape();
  if (data.has_unknown_rank() || ids.has_unknown_rank()) {
    ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
    return;
  }
  TensorShape out{num};
  append_tail(out, data, ids.rank());
  ctx.add_output(ctx.input(0).dtype(), out);
}

// What an unsorted segment kernel works from: the checked number of segments, the ids, the
// output shape and the size of one row of it.
struct UnsortedLayout {
  std::int64_t num;
  std::vector<std::int64_t> ids;
  TensorShape shape;
  std::int64_t inner;
};

UnsortedLayout unsorted_layout(KernelContext& ctx) {
  UnsortedLayout l{check_unsorted_segment_inputs(ctx), int_values(ctx.input(1)), {}, 0};
  l.shape = TensorShape{l.num};
  append_tail(l.shape, ctx.input(0).shape(), ctx.input(1).rank());
  l.inner = l.shape.num_elements() / std::max<std::int64_t>(l.num, 1);
  return l;
}

template <class T, Combine op>
void unsorted_segment_kernel(KernelContext& ctx) {
  const Tensor& data = ctx.input(0);
  const auto [num, ids, shape, inner] = unsorted_layout(ctx);
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ids[i] >= num)
      ctx.fail("segment_ids[" + std::to_string(i) + "] = " + std::to_string(ids[i]) + " is out of range [0, " +
               std::to_string(num) + ")");
  Tensor out = core::empty(data.dtype(), shape);
  const T* x = data.data<T>();
  T* y = out.mutable_data<T>();
  std::fill(y, y + shape.num_elements(), identity<T, op>());
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] < 0) continue;  // dropped, as TensorFlow does
    T* row = y + ids[i] * inner;
    for (std::int64_t j = 0; j < inner; ++j) row[j] = combine<T, op>(row[j], x[i * inner + j]);
  }
  ctx.output(0) = std::move(out);
}

template <Combine op>
OpBuilder unsorted_segment_op(const char* name) {
  OpBuilder b(name);
  b.inputs(3).shape(unsorted_segment_shape).kernel_allocates_outputs()
      .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t,
               std::uint32_t, std::uint64_t>([]<class T>() -> KernelFn { return &unsorted_segment_kernel<T, op>; });
  return b;
}

const OpDef& kUnsortedSegmentSum = unsorted_segment_op<Combine::kSum>("UnsortedSegmentSum");
const OpDef& kUnsortedSegmentMax = unsorted_segment_op<Combine::kMax>("UnsortedSegmentMax");
const OpDef& kUnsortedSegmentMin = unsorted_segment_op<Combine::kMin>("UnsortedSegmentMin");
const OpDef& kUnsortedSegmentProd = unsorted_segment_op<Combine::kProd>("UnsortedSegmentProd");

// ---- UnsortedSegmentJoin: the unsorted layout over strings, joined with a separator ----

void unsorted_segment_join_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0, "inputs");
  unsorted_segment_shape(ctx);
}

// Unlike the numeric ops, TensorFlow's kernel refuses negative ids too.
void unsorted_segment_join_kernel(KernelContext& ctx) {
  const Tensor& data = ctx.input(0);
  const auto [num, ids, shape, inner] = unsorted_layout(ctx);
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ids[i] < 0 || ids[i] >= num)
      ctx.fail("segment_ids are not allowed to exceed num_segments or to have negative values: segment_ids[" +
               std::to_string(i) + "] = " + std::to_string(ids[i]) + ", num_segments = " + std::to_string(num));
  const std::string& separator = ctx.attr<std::string>(0);
  Tensor out = core::empty(string, shape);
  const std::string* x = data.data<std::string>();
  std::string* y = out.mutable_data<std::string>();
  std::vector<bool> started(static_cast<std::size_t>(shape.num_elements()), false);
  for (std::size_t i = 0; i < ids.size(); ++i)
    for (std::int64_t j = 0; j < inner; ++j) {
      const std::int64_t target = ids[i] * inner + j;
      if (started[target]) y[target] += separator;
      started[target] = true;
      y[target] += x[i * inner + j];
    }
  ctx.output(0) = std::move(out);
}

const OpDef& kUnsortedSegmentJoin = OpBuilder("UnsortedSegmentJoin").inputs(3).attrs({"separator"})
    .shape(unsorted_segment_join_shape).kernel_allocates_outputs().kernel(string, unsorted_segment_join_kernel)
    .no_gradient();

// The number of rows of each segment, at least 1, in the shape of the segment sums (a sum of
// ones shaped like data: it broadcasts with no reshape, also when shapes are unknown while tracing).
Tensor segment_counts(const Tensor& data, const IntArray& segment_ids, const Tensor& num_segments) {
  const Tensor ones = ones_like(data);
  const Tensor counts = ops::execute1(kUnsortedSegmentSum, {ones, segment_ids.tensor(), num_segments});
  return maximum(counts, 1);
}

}  // namespace

namespace math {

Tensor segment_sum(const Tensor& data, const IntArray& ids) { return ops::execute1(kSegmentSum, {data, ids.tensor()}); }
Tensor segment_mean(const Tensor& data, const IntArray& ids) { return ops::execute1(kSegmentMean, {data, ids.tensor()}); }
Tensor segment_max(const Tensor& data, const IntArray& ids) { return ops::execute1(kSegmentMax, {data, ids.tensor()}); }
Tensor segment_min(const Tensor& data, const IntArray& ids) { return ops::execute1(kSegmentMin, {data, ids.tensor()}); }
Tensor segment_prod(const Tensor& data, const IntArray& ids) { return ops::execute1(kSegmentProd, {data, ids.tensor()}); }

Tensor unsorted_segment_sum(const Tensor& data, const IntArray& ids, const Tensor& num) {
  return ops::execute1(kUnsortedSegmentSum, {data, ids.tensor(), num});
}
Tensor unsorted_segment_max(const Tensor& data, const IntArray& ids, const Tensor& num) {
  return ops::execute1(kUnsortedSegmentMax, {data, ids.tensor(), num});
}
Tensor unsorted_segment_min(const Tensor& data, const IntArray& ids, const Tensor& num) {
  return ops::execute1(kUnsortedSegmentMin, {data, ids.tensor(), num});
}
Tensor unsorted_segment_prod(const Tensor& data, const IntArray& ids, const Tensor& num) {
  return ops::execute1(kUnsortedSegmentProd, {data, ids.tensor(), num});
}
Tensor unsorted_segment_mean(const Tensor& data, const IntArray& ids, const Tensor& num) {
  return divide(unsorted_segment_sum(data, ids, num), segment_counts(data, ids, num));
}
Tensor unsorted_segment_sqrt_n(const Tensor& data, const IntArray& ids, const Tensor& num) {
  return divide(unsorted_segment_sum(data, ids, num), sqrt(segment_counts(data, ids, num)));
}

Tensor unsorted_segment_sum(const Tensor& data, const IntArray& ids, std::int64_t num) {
  return unsorted_segment_sum(data, ids, constant(num));
}
Tensor unsorted_segment_max(const Tensor& data, const IntArray& ids, std::int64_t num) {
  return unsorted_segment_max(data, ids, constant(num));
}
Tensor unsorted_segment_min(const Tensor& data, const IntArray& ids, std::int64_t num) {
  return unsorted_segment_min(data, ids, constant(num));
}
Tensor unsorted_segment_prod(const Tensor& data, const IntArray& ids, std::int64_t num) {
  return unsorted_segment_prod(data, ids, constant(num));
}
Tensor unsorted_segment_mean(const Tensor& data, const IntArray& ids, std::int64_t num) {
  return unsorted_segment_mean(data, ids, constant(num));
}
Tensor unsorted_segment_sqrt_n(const Tensor& data, const IntArray& ids, std::int64_t num) {
  return unsorted_segment_sqrt_n(data, ids, constant(num));
}

}  // namespace math

namespace strings {

Tensor unsorted_segment_join(const Tensor& inputs, const IntArray& ids, const Tensor& num, const std::string& separator) {
  const std::array<ops::AttrValue, 1> attrs{separator};
  return std::move(ops::execute(kUnsortedSegmentJoin, {inputs, ids.tensor(), num}, attrs)[0]);
}
Tensor unsorted_segment_join(const Tensor& inputs, const IntArray& ids, std::int64_t num, const std::string& separator) {
  return unsorted_segment_join(inputs, ids, constant(num), separator);
}

}  // namespace strings
}  // namespace tf
