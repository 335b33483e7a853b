// SpaceToBatchND and BatchToSpaceND. Both walk the batch-side tensor: entry (block offset k,
// batch b, spatial position s) is spatial position s * block + offset(k) of batch b on the
// space side, shifted by the padding (or crop) before it; rows past the spatial dimensions
// move whole.
#include <algorithm>
#include <array>

#include "core/tensor_impl.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/space_batch_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// The block shape and the [M, 2] paddings (or crops) of a call, checked against the input.
struct Blocks {
  std::vector<std::int64_t> block, before, after;
};

Blocks blocks_of(const OpContext& ctx, const std::vector<std::int64_t>& block, const std::vector<std::int64_t>& edges,
                 const TensorShape& input, const char* edge_name) {
  const std::size_t m = block.size();
  if (m < 1) ctx.fail("block_shape must have at least one element");
  if (edges.size() != 2 * m)
    ctx.fail(std::string(edge_name) + " must have shape [" + std::to_string(m) + ", 2], got " +
             std::to_string(edges.size()) + " values");
  if (!input.has_unknown_rank() && input.rank() < static_cast<int>(m) + 1)
    ctx.fail("input rank should be >= " + std::to_string(m + 1) + " instead of " + std::to_string(input.rank()));
  Blocks b;
  for (std::size_t i = 0; i < m; ++i) {
    if (block[i] < 1) ctx.fail("block_shape must be positive, got " + join_ints(block));
    if (edges[2 * i] < 0 || edges[2 * i + 1] < 0) ctx.fail(std::string(edge_name) + " must be non-negative, got " + join_ints(edges));
    b.block.push_back(block[i]);
    b.before.push_back(edges[2 * i]);
    b.after.push_back(edges[2 * i + 1]);
  }
  return b;
}

void check_inputs(ShapeContext& ctx) {
  check_int_input(ctx, 1, "block_shape", 1);
  check_int_input(ctx, 2, ctx.op().name == "SpaceToBatchND" ? "paddings" : "crops", 2);
}

// The space-side shape of a batch-side shape, or the reverse (sizes of unknown dims stay unknown).
void space_to_batch_shape(ShapeContext& ctx) {
  check_inputs(ctx);
  const TensorShape& in = ctx.input(0).shape();
  const auto block = known_int_values(ctx, 1), pads = known_int_values(ctx, 2);
  if (!block || !pads || in.has_unknown_rank()) return ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
  const Blocks b = blocks_of(ctx, *block, *pads, in, "paddings");
  std::int64_t blocks = 1;
  TensorShape out({None});
  for (std::size_t i = 0; i < b.block.size(); ++i) {
    blocks *= b.block[i];
    const std::int64_t dim = in.dim(static_cast<int>(i) + 1);
    if (dim == None) {
      out.append(None);
      continue;
    }
    const std::int64_t padded = dim + b.before[i] + b.after[i];
    if (padded % b.block[i])
      ctx.fail("padded_shape[" + std::to_string(i) + "]=" + std::to_string(padded) + " is not divisible by block_shape[" +
               std::to_string(i) + "]=" + std::to_string(b.block[i]));
    out.append(padded / b.block[i]);
  }
  for (int d = static_cast<int>(b.block.size()) + 1; d < in.rank(); ++d) out.append(in.dim(d));
  if (in.dim(0) != None) out.set_dim(0, in.dim(0) * blocks);
  ctx.add_output(ctx.input(0).dtype(), out);
}

void batch_to_space_shape(ShapeContext& ctx) {
  check_inputs(ctx);
  const TensorShape& in = ctx.input(0).shape();
  const auto block = known_int_values(ctx, 1), crops = known_int_values(ctx, 2);
  if (!block || !crops || in.has_unknown_rank()) return ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
  const Blocks b = blocks_of(ctx, *block, *crops, in, "crops");
  std::int64_t blocks = 1;
  for (std::int64_t s : b.block) blocks *= s;
  TensorShape out({None});
  if (in.dim(0) != None) {
    if (in.dim(0) % blocks)
      ctx.fail("Input batch dimension (" + std::to_string(in.dim(0)) + ") is not divisible by product of block sizes (" +
               std::to_string(blocks) + ")");
    out.set_dim(0, in.dim(0) / blocks);
  }
  for (std::size_t i = 0; i < b.block.size(); ++i) {
    const std::int64_t dim = in.dim(static_cast<int>(i) + 1);
    if (dim == None) {
      out.append(None);
      continue;
    }
    const std::int64_t cropped = dim * b.block[i] - b.before[i] - b.after[i];
    if (cropped < 0)
      ctx.fail("Negative output dimension size caused by overly large crop values: crops " + join_ints(*crops) +
               " of dimension " + std::to_string(i + 1) + " of size " + std::to_string(dim * b.block[i]));
    out.append(cropped);
  }
  for (int d = static_cast<int>(b.block.size()) + 1; d < in.rank(); ++d) out.append(in.dim(d));
  ctx.add_output(ctx.input(0).dtype(), out);
}

// Visits every (batch-side row, space-side row or -1 when it falls in the padding) pair, rows
// being the trailing dimensions past the spatial ones.
template <class Fn>
void for_each_row(const TensorShape& batch_side, const TensorShape& space_side, const Blocks& b, Fn&& fn) {
  const int m = static_cast<int>(b.block.size());
  const std::int64_t space_batch = space_side.dim(0);
  const std::int64_t batch_rows = batch_side.dim(0);
  std::vector<std::int64_t> spatial(m);
  std::int64_t out_row = 0;
  for (std::int64_t ob = 0; ob < batch_rows; ++ob) {
    // ob = offset_flat * space_batch + batch; offset_flat is row-major over the block dimensions.
    std::int64_t offset_flat = ob / space_batch;
    const std::int64_t batch = ob % space_batch;
    std::vector<std::int64_t> offset(m);
    for (int i = m - 1; i >= 0; --i) {
      offset[i] = offset_flat % b.block[i];
      offset_flat /= b.block[i];
    }
    std::fill(spatial.begin(), spatial.end(), 0);
    std::int64_t count = 1;
    for (int i = 0; i < m; ++i) count *= batch_side.dim(i + 1);
    for (std::int64_t k = 0; k < count; ++k, ++out_row) {
      std::int64_t in_row = batch;
      bool inside = true;
      for (int i = 0; i < m; ++i) {
        const std::int64_t pos = spatial[i] * b.block[i] + offset[i] - b.before[i];
        inside = inside && pos >= 0 && pos < space_side.dim(i + 1);
        in_row = in_row * space_side.dim(i + 1) + (inside ? pos : 0);
      }
      fn(out_row, inside ? in_row : -1);
      for (int i = m - 1; i >= 0; --i) {  // next spatial position, row-major
        if (++spatial[i] < batch_side.dim(i + 1)) break;
        spatial[i] = 0;
      }
    }
  }
}

// The element count of one row: the dimensions past the batch and the m spatial ones.
std::int64_t row_size(const TensorShape& shape, std::size_t m) {
  std::int64_t size = 1;
  for (int d = static_cast<int>(m) + 1; d < shape.rank(); ++d) size *= shape.dim(d);
  return size;
}

template <class S>
void space_to_batch_kernel(KernelContext& ctx) {
  const Tensor& input = ctx.input(0);
  Tensor& out = ctx.output(0);
  const Blocks b = blocks_of(ctx, int_values(ctx.input(1)), int_values(ctx.input(2)), input.shape(), "paddings");
  const std::int64_t row = row_size(out.shape(), b.block.size());
  const S* src = elements<S>(input);
  S* dst = mutable_elements<S>(out);
  for_each_row(out.shape(), input.shape(), b, [&](std::int64_t batch_row, std::int64_t space_row) {
    S* to = dst + batch_row * row;
    if (space_row < 0) std::fill(to, to + row, S{});  // the zero padding
    else std::copy(src + space_row * row, src + (space_row + 1) * row, to);
  });
}

template <class S>
void batch_to_space_kernel(KernelContext& ctx) {
  const Tensor& input = ctx.input(0);
  Tensor& out = ctx.output(0);
  const Blocks b = blocks_of(ctx, int_values(ctx.input(1)), int_values(ctx.input(2)), input.shape(), "crops");
  const std::int64_t row = row_size(input.shape(), b.block.size());
  const S* src = elements<S>(input);
  S* dst = mutable_elements<S>(out);
  // Every output row comes from one input row; input rows in the crops are dropped.
  for_each_row(input.shape(), out.shape(), b, [&](std::int64_t batch_row, std::int64_t space_row) {
    if (space_row >= 0) std::copy(src + batch_row * row, src + (batch_row + 1) * row, dst + space_row * row);
  });
}

const OpDef& kSpaceToBatchND = copy_op("SpaceToBatchND", 3, space_to_batch_shape, {},
                                       []<class S>() -> KernelFn { return &space_to_batch_kernel<S>; });
const OpDef& kBatchToSpaceND = copy_op("BatchToSpaceND", 3, batch_to_space_shape, {},
                                       []<class S>() -> KernelFn { return &batch_to_space_kernel<S>; });

}  // namespace

Tensor space_to_batch_nd(const Tensor& input, const IntArray& block_shape, const IntArray& paddings) {
  return ops::execute1(kSpaceToBatchND, {input, block_shape.tensor(), paddings.tensor()});
}

Tensor batch_to_space_nd(const Tensor& input, const IntArray& block_shape, const IntArray& crops) {
  return ops::execute1(kBatchToSpaceND, {input, block_shape.tensor(), crops.tensor()});
}

}  // namespace tf
