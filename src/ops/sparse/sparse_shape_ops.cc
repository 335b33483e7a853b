// The sparse ops that move values between positions: SparseConcat, SparseSlice, SparseReshape
// and SparseFillEmptyRows. Outputs are in row-major order when the inputs are.
#include <algorithm>
#include <array>
#include <numeric>

#include "core/tensor_impl.h"
#include "kernels/cpu/copy.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/sparse/sparse_common.h"
#include "tfpp/constant.h"
#include "tfpp/sparse_ops.h"

namespace tf {
namespace {

using namespace ops::sparse;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// ---- SparseConcat: inputs indices x N, values x N, shapes x N; attrs concat_dim, N ----

void concat_shape(ShapeContext& ctx) {
  const std::int64_t n = ctx.attr<std::int64_t>(1);
  if (n < 2) ctx.fail("N must be >= 2, got " + std::to_string(n));
  if (static_cast<std::int64_t>(ctx.num_inputs()) != 3 * n)
    ctx.fail("expected " + std::to_string(3 * n) + " inputs (indices, values and shapes of " + std::to_string(n) +
             " SparseTensors), got " + std::to_string(ctx.num_inputs()));
  std::int64_t rank = None;
  for (std::int64_t i = 0; i < n; ++i) {
    const Tensor &indices = ctx.input(i), &values = ctx.input(n + i), &shape = ctx.input(2 * n + i);
    if (indices.dtype() != int64 || shape.dtype() != int64) ctx.fail("indices and shapes must be int64");
    if (values.dtype() != ctx.input(n).dtype())
      ctx.fail("values must have one dtype, got " + std::string(dtype_name(ctx.input(n).dtype())) + " and " +
               std::string(dtype_name(values.dtype())));
    if (!shape.shape().has_unknown_rank() && shape.rank() == 1 && shape.shape().dim(0) != None) rank = shape.shape().dim(0);
  }
  ctx.add_output(int64, TensorShape{None, rank});
  ctx.add_output(ctx.input(n).dtype(), TensorShape{None});
  ctx.add_output(int64, TensorShape{rank});
}

// A value taken from input `source`, position `position`, at `index` in the output.
struct Entry {
  std::vector<std::int64_t> index;
  std::int64_t source = 0, position = 0;
};

void concat_kernel(KernelContext& ctx) {
  const std::int64_t n = ctx.attr<std::int64_t>(1);
  std::vector<SparseView> parts;
  for (std::int64_t i = 0; i < n; ++i) {
    SparseView sp;
    const Tensor &indices = ctx.input(i), &shape = ctx.input(2 * n + i);
    if (indices.rank() != 2 || shape.rank() != 1 || indices.shape().dim(1) != shape.shape().dim(0) ||
        ctx.input(n + i).rank() != 1 || ctx.input(n + i).shape().dim(0) != indices.shape().dim(0))
      ctx.fail("input " + std::to_string(i) + " is not a SparseTensor: indices " + indices.shape().debug_string() +
               ", values " + ctx.input(n + i).shape().debug_string() + ", shape " + shape.shape().debug_string());
    sp.indices = indices.data<std::int64_t>();
    sp.n = indices.shape().dim(0);
    sp.rank = indices.shape().dim(1);
    sp.shape.assign(shape.data<std::int64_t>(), shape.data<std::int64_t>() + sp.rank);
    parts.push_back(std::move(sp));
  }
  const std::int64_t rank = parts[0].rank;
  std::int64_t axis = ctx.attr<std::int64_t>(0);
  if (axis < -rank || axis >= rank)
    ctx.fail("Concat dimension must be in range [" + std::to_string(-rank) + ", " + std::to_string(rank) + "), got " +
             std::to_string(axis));
  if (axis < 0) axis += rank;
  std::vector<std::int64_t> out_shape = parts[0].shape;
  out_shape[axis] = 0;
  std::vector<Entry> entries;
  for (std::int64_t i = 0; i < n; ++i) {
    const SparseView& sp = parts[i];
    if (sp.rank != rank)
      ctx.fail("Ranks of all input tensors must match: expected " + std::to_string(rank) + " but got " +
               std::to_string(sp.rank) + " at position " + std::to_string(i));
    for (std::int64_t d = 0; d < rank; ++d)
      if (d != axis && sp.shape[d] != parts[0].shape[d])
        ctx.fail("Input shapes must match: expected " + std::to_string(parts[0].shape[d]) + " for dimension " +
                 std::to_string(d) + " but got " + std::to_string(sp.shape[d]) + " at position " + std::to_string(i));
    for (std::int64_t k = 0; k < sp.n; ++k) {
      Entry e{std::vector<std::int64_t>(sp.indices + k * rank, sp.indices + (k + 1) * rank), i, k};
      e.index[axis] += out_shape[axis];
      entries.push_back(std::move(e));
    }
    out_shape[axis] += sp.shape[axis];
  }
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.index < b.index; });
  std::vector<std::int64_t> indices;
  for (const Entry& e : entries) indices.insert(indices.end(), e.index.begin(), e.index.end());
  ctx.output(0) = index_matrix(indices, static_cast<std::int64_t>(entries.size()), rank);
  Tensor values = core::empty(ctx.input(n).dtype(), TensorShape{static_cast<std::int64_t>(entries.size())});
  kernels::visit_copy_dtype(values.dtype(), [&](auto tag) {
    using S = decltype(tag);
    S* out = static_cast<S*>(values.raw_mutable_data());
    for (const Entry& e : entries) *out++ = static_cast<const S*>(ctx.input(n + e.source).raw_data())[e.position];
  });
  ctx.output(1) = std::move(values);
  ctx.output(2) = int64_vector(out_shape);
}

const OpDef& kSparseConcat = [] () -> const OpDef& {
  OpBuilder b("SparseConcat");
  b.variadic_inputs().attrs({"concat_dim", "N"}).shape(concat_shape).kernel(int64, concat_kernel)
      .kernel_allocates_outputs().no_gradient();
  return b;
}();

// ---- SparseSlice: inputs indices, values, shape, start, size ----

void slice_shape(ShapeContext& ctx) {
  check_components(ctx, 0);
  const std::int64_t rank = static_rank(ctx, 2);
  ctx.add_output(int64, TensorShape{None, rank});
  ctx.add_output(ctx.input(1).dtype(), TensorShape{None});
  ctx.add_output(int64, TensorShape{rank});
}

void slice_kernel(KernelContext& ctx) {
  const SparseView sp = read_sparse(ctx, 0);
  const std::vector<std::int64_t> start = ops::array::int_values(ctx.input(3));
  const std::vector<std::int64_t> size = ops::array::int_values(ctx.input(4));
  if (static_cast<std::int64_t>(start.size()) != sp.rank || static_cast<std::int64_t>(size.size()) != sp.rank)
    ctx.fail("Expected start and size to have " + std::to_string(sp.rank) + " elements, got " +
             std::to_string(start.size()) + " and " + std::to_string(size.size()));
  std::vector<std::int64_t> out_shape(static_cast<std::size_t>(sp.rank));
  for (std::int64_t d = 0; d < sp.rank; ++d) {
    if (start[d] < 0 || size[d] < 0) ctx.fail("start and size must be non-negative");
    out_shape[d] = std::max<std::int64_t>(0, std::min(start[d] + size[d], sp.shape[d]) - start[d]);
  }
  std::vector<std::int64_t> indices, kept;
  for (std::int64_t i = 0; i < sp.n; ++i) {
    bool inside = true;
    for (std::int64_t d = 0; d < sp.rank && inside; ++d)
      inside = sp.at(i, d) >= start[d] && sp.at(i, d) < start[d] + out_shape[d];
    if (!inside) continue;
    kept.push_back(i);
    for (std::int64_t d = 0; d < sp.rank; ++d) indices.push_back(sp.at(i, d) - start[d]);
  }
  ctx.output(0) = index_matrix(indices, static_cast<std::int64_t>(kept.size()), sp.rank);
  ctx.output(1) = take(ctx.input(1), kept);
  ctx.output(2) = int64_vector(out_shape);
}

const OpDef& kSparseSlice = OpBuilder("SparseSlice").inputs(5).shape(slice_shape).kernel(int64, slice_kernel)
    .kernel_allocates_outputs();

// ---- SparseReshape: inputs input_indices, input_shape, new_shape ----

void reshape_shape(ShapeContext& ctx) {
  if (ctx.input(0).dtype() != int64 || ctx.input(1).dtype() != int64 || ctx.input(2).dtype() != int64)
    ctx.fail("input_indices, input_shape and new_shape must be int64");
  const TensorShape& s = ctx.input(2).shape();
  const std::int64_t rank = s.has_unknown_rank() ? None : s.dim(0);
  ctx.add_output(int64, TensorShape{ctx.input(0).shape().has_unknown_rank() ? None : ctx.input(0).shape().dim(0), rank});
  ctx.add_output(int64, TensorShape{rank});
}

void reshape_kernel(KernelContext& ctx) {
  const Tensor &in_indices = ctx.input(0);
  const std::vector<std::int64_t> in_shape = ops::array::int_values(ctx.input(1));
  std::vector<std::int64_t> out_shape = ops::array::int_values(ctx.input(2));
  if (in_indices.rank() != 2 || in_indices.shape().dim(1) != static_cast<std::int64_t>(in_shape.size()))
    ctx.fail("Input indices should be a matrix with " + std::to_string(in_shape.size()) + " columns, got " +
             in_indices.shape().debug_string());
  std::int64_t dense_size = 1, product = 1, unknown = -1;
  for (std::int64_t d : in_shape) dense_size *= d;
  for (std::size_t d = 0; d < out_shape.size(); ++d) {
    if (out_shape[d] == -1) {
      if (unknown != -1)
        ctx.fail("only one output dimension may be -1, not both " + std::to_string(unknown) + " and " + std::to_string(d));
      unknown = static_cast<std::int64_t>(d);
    } else if (out_shape[d] < 0) {
      ctx.fail("size " + std::to_string(d) + " must be non-negative, not " + std::to_string(out_shape[d]));
    } else {
      product *= out_shape[d];
    }
  }
  if (unknown != -1) {
    if (product == 0 || dense_size % product != 0)
      ctx.fail("Input to reshape is a SparseTensor with " + std::to_string(dense_size) +
               " dense values, but the requested shape requires a multiple of " + std::to_string(product) +
               ". input_shape=" + dims_string(in_shape) + " output_shape=" + dims_string(out_shape));
    out_shape[unknown] = dense_size / product;
    product *= out_shape[unknown];
  }
  if (product != dense_size)
    ctx.fail("Input to reshape is a tensor with " + std::to_string(dense_size) +
             " dense values, but the requested shape has " + std::to_string(product) + ". input_shape=" +
             dims_string(in_shape) + " output_shape=" + dims_string(out_shape));
  const SparseView sp{in_indices.data<std::int64_t>(), in_indices.shape().dim(0), in_indices.shape().dim(1), in_shape};
  const std::vector<std::int64_t> in_strides = strides_of(in_shape), out_strides = strides_of(out_shape);
  const std::int64_t out_rank = static_cast<std::int64_t>(out_shape.size());
  Tensor indices = core::empty(int64, TensorShape{sp.n, out_rank});
  std::int64_t* out = indices.mutable_data<std::int64_t>();
  for (std::int64_t i = 0; i < sp.n; ++i) {
    std::int64_t offset = offset_of(sp, i, in_strides);
    for (std::int64_t d = 0; d < out_rank; ++d) {
      out[i * out_rank + d] = offset / out_strides[d];
      offset %= out_strides[d];
    }
  }
  ctx.output(0) = std::move(indices);
  ctx.output(1) = int64_vector(out_shape);
}

const OpDef& kSparseReshape = OpBuilder("SparseReshape").inputs(3).shape(reshape_shape).kernel(int64, reshape_kernel)
    .kernel_allocates_outputs().no_gradient();

// ---- SparseFillEmptyRows: inputs indices, values, dense_shape, default_value; outputs
// output_indices, output_values, empty_row_indicator, reverse_index_map ----

void fill_empty_rows_shape(ShapeContext& ctx) {
  check_components(ctx, 0);
  const Tensor& fill = ctx.input(3);
  if (!fill.shape().has_unknown_rank() && fill.rank() != 0)
    ctx.fail("default_value must be a scalar, got shape " + fill.shape().debug_string());
  if (fill.dtype() != ctx.input(1).dtype())
    ctx.fail("default_value must have the values' dtype " + std::string(dtype_name(ctx.input(1).dtype())) + ", got " +
             std::string(dtype_name(fill.dtype())));
  ctx.add_output(int64, TensorShape{None, static_rank(ctx, 2)});
  ctx.add_output(fill.dtype(), TensorShape{None});
  ctx.add_output(bool_, TensorShape{None});
  ctx.add_output(int64, ctx.input(1).shape());
}

void fill_empty_rows_kernel(KernelContext& ctx) {
  const SparseView sp = read_sparse(ctx, 0);
  if (sp.rank == 0) ctx.fail("dense_shape must have rank >= 1");
  const std::int64_t rows = sp.shape[0];
  std::vector<std::int64_t> count(static_cast<std::size_t>(rows), 0);
  for (std::int64_t i = 0; i < sp.n; ++i) {
    const std::int64_t row = sp.at(i, 0);
    if (row < 0 || row >= rows)
      ctx.fail("indices(" + std::to_string(i) + ", 0) is invalid: " + std::to_string(row) + " >= " + std::to_string(rows));
    ++count[row];
  }
  // Output position of each input value: its rank among values of earlier rows plus the empty rows
  // before it (values keep their order within a row, as in TensorFlow).
  std::vector<std::int64_t> row_start(static_cast<std::size_t>(rows) + 1, 0);
  for (std::int64_t r = 0; r < rows; ++r) row_start[r + 1] = row_start[r] + std::max<std::int64_t>(count[r], 1);
  const std::int64_t total = row_start[rows];
  std::vector<std::int64_t> next(row_start.begin(), row_start.end() - 1), source(static_cast<std::size_t>(total), -1);
  Tensor reverse = core::empty(int64, TensorShape{sp.n});
  std::int64_t* rev = reverse.mutable_data<std::int64_t>();
  Tensor indices = core::empty(int64, TensorShape{total, sp.rank});
  std::int64_t* idx = indices.mutable_data<std::int64_t>();
  std::fill(idx, idx + total * sp.rank, 0);
  for (std::int64_t i = 0; i < sp.n; ++i) {
    const std::int64_t at = next[sp.at(i, 0)]++;
    rev[i] = at;
    source[at] = i;
    std::copy(sp.indices + i * sp.rank, sp.indices + (i + 1) * sp.rank, idx + at * sp.rank);
  }
  Tensor empty_rows = core::empty(bool_, TensorShape{rows});
  bool* empty = empty_rows.mutable_data<bool>();
  for (std::int64_t r = 0; r < rows; ++r) {
    empty[r] = count[r] == 0;
    if (empty[r]) idx[row_start[r] * sp.rank] = r;
  }
  Tensor values = core::empty(ctx.input(1).dtype(), TensorShape{total});
  kernels::visit_copy_dtype(values.dtype(), [&](auto tag) {
    using S = decltype(tag);
    const S* in = static_cast<const S*>(ctx.input(1).raw_data());
    const S fill = *static_cast<const S*>(ctx.input(3).raw_data());
    S* out = static_cast<S*>(values.raw_mutable_data());
    for (std::int64_t k = 0; k < total; ++k) out[k] = source[k] < 0 ? fill : in[source[k]];
  });
  ctx.output(0) = std::move(indices);
  ctx.output(1) = std::move(values);
  ctx.output(2) = std::move(empty_rows);
  ctx.output(3) = std::move(reverse);
}

const OpDef& kSparseFillEmptyRows = OpBuilder("SparseFillEmptyRows").inputs(4).shape(fill_empty_rows_shape)
    .kernel(int64, fill_empty_rows_kernel).kernel_allocates_outputs();

}  // namespace

namespace sparse {

SparseTensor concat(std::int64_t axis, const std::vector<SparseTensor>& inputs) {
  std::vector<Tensor> flat;
  for (const SparseTensor& sp : inputs) flat.push_back(sp.indices);
  for (const SparseTensor& sp : inputs) flat.push_back(sp.values);
  for (const SparseTensor& sp : inputs) flat.push_back(sp.dense_shape);
  const std::array<ops::AttrValue, 2> attrs{axis, static_cast<std::int64_t>(inputs.size())};
  ops::Outputs out = ops::execute(kSparseConcat, flat, attrs);
  return {out[0], out[1], out[2]};
}

SparseTensor slice(const SparseTensor& sp, const std::vector<std::int64_t>& start, const std::vector<std::int64_t>& size) {
  ops::Outputs out = ops::execute(kSparseSlice, {sp.indices, sp.values, sp.dense_shape, int64_vector(start),
                                                 int64_vector(size)});
  return {out[0], out[1], out[2]};
}

SparseTensor reshape(const SparseTensor& sp, const std::vector<std::int64_t>& shape) {
  ops::Outputs out = ops::execute(kSparseReshape, {sp.indices, sp.dense_shape, int64_vector(shape)});
  return {out[0], sp.values, out[1]};
}

FillEmptyRowsResult fill_empty_rows(const SparseTensor& sp, const Tensor& default_value) {
  ops::Outputs out = ops::execute(kSparseFillEmptyRows, {sp.indices, sp.values, sp.dense_shape, default_value});
  return {{out[0], out[1], sp.dense_shape}, out[2]};
}

}  // namespace sparse
}  // namespace tf

// ---- SparseSplit: inputs split_dim, indices, values, shape; attr num_split; outputs the pieces'
// indices, then their values, then their shapes. The first (size % num_split) pieces are one longer.
namespace tf {
namespace {

using namespace ops::sparse;

void split_shape(ops::ShapeContext& ctx) {
  const std::int64_t n = ctx.attr<std::int64_t>(0);
  if (n < 1) ctx.fail("num_split must be >= 1, got " + std::to_string(n));
  if (ctx.input(0).dtype() != int64) ctx.fail("split_dim must be int64");
  check_components(ctx, 1);
  const std::int64_t rank = static_rank(ctx, 3);
  for (std::int64_t i = 0; i < n; ++i) ctx.add_output(int64, TensorShape{None, rank});
  for (std::int64_t i = 0; i < n; ++i) ctx.add_output(ctx.input(2).dtype(), TensorShape{None});
  for (std::int64_t i = 0; i < n; ++i) ctx.add_output(int64, TensorShape{rank});
}

void split_kernel(ops::KernelContext& ctx) {
  const std::int64_t pieces = ctx.attr<std::int64_t>(0);
  const SparseView sp = read_sparse(ctx, 1);
  std::int64_t axis = ctx.input(0).data<std::int64_t>()[0];
  if (axis < -sp.rank || axis >= sp.rank)
    ctx.fail("Input split_dim should be between " + std::to_string(-sp.rank) + " and " + std::to_string(sp.rank) +
             ", got " + std::to_string(axis));
  if (axis < 0) axis += sp.rank;
  const std::int64_t size = sp.shape[axis];
  if (pieces > size)
    ctx.fail("Split dimension " + std::to_string(size) + " is smaller than the number of splits " + std::to_string(pieces));
  check_bounds(ctx, sp);
  std::vector<std::int64_t> begin(static_cast<std::size_t>(pieces) + 1, 0);
  for (std::int64_t i = 0; i < pieces; ++i) begin[i + 1] = begin[i] + size / pieces + (i < size % pieces ? 1 : 0);
  std::vector<std::vector<std::int64_t>> indices(static_cast<std::size_t>(pieces)), kept(static_cast<std::size_t>(pieces));
  for (std::int64_t i = 0; i < sp.n; ++i) {
    const std::int64_t at = sp.at(i, axis);
    const std::int64_t piece = std::upper_bound(begin.begin(), begin.end(), at) - begin.begin() - 1;
    kept[piece].push_back(i);
    for (std::int64_t d = 0; d < sp.rank; ++d) indices[piece].push_back(d == axis ? at - begin[piece] : sp.at(i, d));
  }
  for (std::int64_t p = 0; p < pieces; ++p) {
    ctx.output(p) = index_matrix(indices[p], static_cast<std::int64_t>(kept[p].size()), sp.rank);
    ctx.output(pieces + p) = take(ctx.input(2), kept[p]);
    std::vector<std::int64_t> shape = sp.shape;
    shape[axis] = begin[p + 1] - begin[p];
    ctx.output(2 * pieces + p) = int64_vector(shape);
  }
}

const ops::OpDef& kSparseSplit = ops::OpBuilder("SparseSplit").inputs(4).attrs({"num_split"}).shape(split_shape)
    .kernel(int64, split_kernel).kernel_allocates_outputs();

}  // namespace

std::vector<SparseTensor> sparse::split(const SparseTensor& sp, std::int64_t num_split, std::int64_t axis) {
  const std::array<ops::AttrValue, 1> attrs{num_split};
  ops::Outputs out = ops::execute(kSparseSplit, {constant(axis), sp.indices, sp.values, sp.dense_shape}, attrs);
  std::vector<SparseTensor> pieces;
  for (std::int64_t p = 0; p < num_split; ++p) pieces.push_back({out[p], out[num_split + p], out[2 * num_split + p]});
  return pieces;
}

}  // namespace tf
