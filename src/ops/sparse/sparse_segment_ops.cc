// SparseSegmentSum / Mean / SqrtN (and their WithNumSegments forms): rows `indices` of data are
// combined by sorted `segment_ids`; empty segments give 0.
#include <cmath>
#include <string>

#include "core/tensor_impl.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/sparse/sparse_common.h"
#include "tfpp/constant.h"
#include "tfpp/sparse_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

enum class Segment { kSum, kMean, kSqrtN };

// Inputs data, indices [K], segment_ids [K] (, num_segments).
void segment_shape(ShapeContext& ctx) {
  ops::array::check_int_input(ctx, 1, "indices", 1);
  ops::array::check_int_input(ctx, 2, "segment_ids", 1);
  const TensorShape& data = ctx.input(0).shape();
  if (!data.has_unknown_rank() && data.rank() < 1) ctx.fail("data must be at least rank 1, got a scalar");
  const TensorShape &i = ctx.input(1).shape(), &s = ctx.input(2).shape();
  if (!i.has_unknown_rank() && !s.has_unknown_rank() && i.dim(0) != None && s.dim(0) != None && i.dim(0) != s.dim(0))
    ctx.fail("segment_ids and indices should have same size, got " + std::to_string(s.dim(0)) + " and " +
             std::to_string(i.dim(0)));
  if (data.has_unknown_rank()) return ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
  std::vector<std::int64_t> dims(data.dims().begin(), data.dims().end());
  dims[0] = None;
  if (ctx.num_inputs() == 4)
    if (const auto n = ops::array::known_int_values(ctx, 3)) dims[0] = n->at(0);
  ctx.add_output(ctx.input(0).dtype(), TensorShape(dims));
}

template <Segment kKind, class T>
void segment_kernel(KernelContext& ctx) {
  const Tensor& data = ctx.input(0);
  const std::vector<std::int64_t> indices = ops::array::int_values(ctx.input(1));
  const std::vector<std::int64_t> ids = ops::array::int_values(ctx.input(2));
  if (indices.size() != ids.size())
    ctx.fail("segment_ids and indices should have same size, got " + std::to_string(ids.size()) + " and " +
             std::to_string(indices.size()));
  const std::int64_t rows = data.shape().dim(0), width = rows == 0 ? 0 : data.num_elements() / rows;
  std::int64_t segments = ids.empty() ? 0 : ids.back() + 1;
  if (ctx.num_inputs() == 4) {
    segments = ops::array::int_values(ctx.input(3)).at(0);
    if (!ids.empty() && ids.back() >= segments)
      ctx.fail("segment ids must be < num_segments: " + std::to_string(ids.back()) + " >= " + std::to_string(segments));
  }
  std::vector<std::int64_t> dims(data.shape().dims().begin(), data.shape().dims().end());
  dims[0] = segments;
  Tensor out = core::empty(data.dtype(), TensorShape(dims));
  T* o = out.mutable_data<T>();
  std::fill(o, o + out.num_elements(), T{});
  std::vector<std::int64_t> count(static_cast<std::size_t>(segments), 0);
  const T* d = data.data<T>();
  for (std::size_t k = 0; k < ids.size(); ++k) {
    if (ids[k] < 0 || (k > 0 && ids[k] < ids[k - 1])) ctx.fail("segment ids are not increasing");
    // An id past the last one is a decrease still to come, or past num_segments: fail before writing.
    if (ids[k] >= segments)
      ctx.fail(ctx.num_inputs() == 4 ? "segment ids must be < num_segments: " + std::to_string(ids[k]) + " >= " +
                                           std::to_string(segments)
                                     : std::string("segment ids are not increasing"));
    if (indices[k] < 0 || indices[k] >= rows)
      ctx.fail("Bad: indices[" + std::to_string(k) + "] == " + std::to_string(indices[k]) + " out of range [0, " +
               std::to_string(rows) + ")");
    ++count[ids[k]];
    for (std::int64_t c = 0; c < width; ++c) o[ids[k] * width + c] += d[indices[k] * width + c];
  }
  if constexpr (kKind != Segment::kSum)
    for (std::int64_t s = 0; s < segments; ++s) {
      if (count[s] == 0) continue;
      // TensorFlow divides by the count but multiplies by the reciprocal square root (rounding differs).
      if (kKind == Segment::kMean)
        for (std::int64_t c = 0; c < width; ++c) o[s * width + c] /= static_cast<T>(count[s]);
      else
        for (std::int64_t c = 0; c < width; ++c) o[s * width + c] *= T{1} / static_cast<T>(std::sqrt(count[s]));
    }
  ctx.output(0) = std::move(out);
}

template <Segment kKind>
const OpDef& segment_op(const char* name, int inputs) {
  OpBuilder b(name);
  b.inputs(inputs).shape(segment_shape).kernel_allocates_outputs();
  if constexpr (kKind == Segment::kSum)
    b.kernels<float, double, std::int32_t, std::int64_t>([]<class T>() -> ops::KernelFn { return &segment_kernel<kKind, T>; });
  else
    b.kernels<float, double>([]<class T>() -> ops::KernelFn { return &segment_kernel<kKind, T>; });
  return b;
}

const OpDef& kSparseSegmentSum = segment_op<Segment::kSum>("SparseSegmentSum", 3);
const OpDef& kSparseSegmentMean = segment_op<Segment::kMean>("SparseSegmentMean", 3);
const OpDef& kSparseSegmentSqrtN = segment_op<Segment::kSqrtN>("SparseSegmentSqrtN", 3);
const OpDef& kSparseSegmentSumWithNumSegments = segment_op<Segment::kSum>("SparseSegmentSumWithNumSegments", 4);
const OpDef& kSparseSegmentMeanWithNumSegments = segment_op<Segment::kMean>("SparseSegmentMeanWithNumSegments", 4);
const OpDef& kSparseSegmentSqrtNWithNumSegments = segment_op<Segment::kSqrtN>("SparseSegmentSqrtNWithNumSegments", 4);

Tensor run(const OpDef& plain, const OpDef& with_num, const Tensor& data, const IntArray& indices,
           const IntArray& ids, const sparse::SegmentOptions& options) {
  if (!options.num_segments) return ops::execute1(plain, {data, indices.tensor(), ids.tensor()});
  return ops::execute1(with_num, {data, indices.tensor(), ids.tensor(), constant(*options.num_segments)});
}

}  // namespace

namespace sparse {

Tensor segment_sum(const Tensor& data, const IntArray& indices, const IntArray& segment_ids,
                   const SegmentOptions& options) {
  return run(kSparseSegmentSum, kSparseSegmentSumWithNumSegments, data, indices, segment_ids, options);
}
Tensor segment_mean(const Tensor& data, const IntArray& indices, const IntArray& segment_ids,
                    const SegmentOptions& options) {
  return run(kSparseSegmentMean, kSparseSegmentMeanWithNumSegments, data, indices, segment_ids, options);
}
Tensor segment_sqrt_n(const Tensor& data, const IntArray& indices, const IntArray& segment_ids,
                      const SegmentOptions& options) {
  return run(kSparseSegmentSqrtN, kSparseSegmentSqrtNWithNumSegments, data, indices, segment_ids, options);
}

}  // namespace sparse
}  // namespace tf
