// SparseReduceSum / SparseReduceMax and their SparseTensor-returning forms (…Sparse): the values
// are grouped by their index in the kept dimensions. Max looks only at the given values, as
// TensorFlow's does (a group of negative values has a negative maximum); a cell of the dense
// result that no value reaches is 0.
#include <algorithm>
#include <array>
#include <limits>
#include <map>

#include "core/tensor_impl.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/sparse/sparse_common.h"
#include "tfpp/sparse_ops.h"

namespace tf {
namespace {

using namespace ops::sparse;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

enum class Reduce { kSum, kMax };

// Which dimensions of a rank-`rank` tensor `axes` reduce (negative axes count from the end).
std::vector<bool> reduced_dims(const ops::OpContext& ctx, const std::vector<std::int64_t>& axes, std::int64_t rank) {
  std::vector<bool> reduced(static_cast<std::size_t>(rank), false);
  for (std::int64_t axis : axes) {
    if (axis < -rank || axis >= rank)
      ctx.fail("Invalid reduction dimension " + std::to_string(axis) + ", for input with " + std::to_string(rank) +
               " dimensions.");
    reduced[static_cast<std::size_t>(axis < 0 ? axis + rank : axis)] = true;
  }
  return reduced;
}

// The output's dense dimensions.
std::vector<std::int64_t> output_dims(std::span<const std::int64_t> dims, const std::vector<bool>& reduced, bool keep) {
  std::vector<std::int64_t> out;
  for (std::size_t d = 0; d < dims.size(); ++d)
    if (!reduced[d]) out.push_back(dims[d]);
    else if (keep) out.push_back(1);
  return out;
}

// Inputs input_indices, input_values, input_shape, reduction_axes; attr keep_dims.
template <bool kSparseOutput>
void reduce_shape(ShapeContext& ctx) {
  check_components(ctx, 0);
  ops::array::check_int_input(ctx, 3, "reduction_axes", -1);
  const DType dtype = ctx.input(1).dtype();
  std::optional<std::vector<std::int64_t>> dims = ops::array::known_int_values(ctx, 2);
  const auto axes = ops::array::known_int_values(ctx, 3);
  TensorShape dense = TensorShape::unknown_rank();
  if (dims && axes) dense = TensorShape(output_dims(*dims, reduced_dims(ctx, *axes, dims->size()), ctx.attr<bool>(0)));
  if (!kSparseOutput) return ctx.add_output(dtype, dense);
  ctx.add_output(int64, TensorShape{None, dense.has_unknown_rank() ? None : dense.rank()});
  ctx.add_output(dtype, TensorShape{None});
  ctx.add_output(int64, TensorShape{dense.has_unknown_rank() ? None : dense.rank()});
}

template <Reduce kReduce, bool kSparseOutput>
void reduce_kernel(KernelContext& ctx) {
  const SparseView sp = read_sparse(ctx, 0);
  check_bounds(ctx, sp);
  const bool keep = ctx.attr<bool>(0);
  const std::vector<bool> reduced = reduced_dims(ctx, ops::array::int_values(ctx.input(3)), sp.rank);
  const std::vector<std::int64_t> out_dims = output_dims(sp.shape, reduced, keep);
  // Each value's index in the output (reduced dimensions dropped, or 0 when kept).
  const auto out_index = [&](std::int64_t i) {
    std::vector<std::int64_t> index;
    for (std::int64_t d = 0; d < sp.rank; ++d)
      if (!reduced[d]) index.push_back(sp.at(i, d));
      else if (keep) index.push_back(0);
    return index;
  };
  visit_real(ctx, ctx.input(1).dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* v = ctx.input(1).data<T>();
    const auto combine = [](T& acc, T x) { acc = kReduce == Reduce::kSum ? static_cast<T>(acc + x) : std::max(acc, x); };
    const T identity = kReduce == Reduce::kSum ? T{} : std::numeric_limits<T>::lowest();
    if constexpr (kSparseOutput) {
      std::map<std::vector<std::int64_t>, T> cells;  // ordered: the output comes out row-major
      for (std::int64_t i = 0; i < sp.n; ++i) {
        auto [it, inserted] = cells.try_emplace(out_index(i), identity);
        combine(it->second, v[i]);
      }
      std::vector<std::int64_t> indices;
      Tensor values = core::empty(ctx.input(1).dtype(), TensorShape{static_cast<std::int64_t>(cells.size())});
      T* out = values.mutable_data<T>();
      for (const auto& [index, value] : cells) {
        indices.insert(indices.end(), index.begin(), index.end());
        *out++ = value;
      }
      ctx.output(0) = index_matrix(indices, values.num_elements(), static_cast<std::int64_t>(out_dims.size()));
      ctx.output(1) = std::move(values);
      ctx.output(2) = int64_vector(out_dims);
    } else {
      Tensor dense = core::empty(ctx.input(1).dtype(), TensorShape(out_dims));
      T* out = dense.mutable_data<T>();
      std::fill(out, out + dense.num_elements(), T{});
      std::vector<bool> reached(static_cast<std::size_t>(dense.num_elements()), false);
      const std::vector<std::int64_t> strides = strides_of(out_dims);
      for (std::int64_t i = 0; i < sp.n; ++i) {
        const std::vector<std::int64_t> index = out_index(i);
        std::int64_t offset = 0;
        for (std::size_t d = 0; d < index.size(); ++d) offset += index[d] * strides[d];
        if (!reached[offset]) out[offset] = identity;
        reached[offset] = true;
        combine(out[offset], v[i]);
      }
      ctx.output(0) = std::move(dense);
    }
  });
}

template <Reduce kReduce, bool kSparseOutput>
const OpDef& reduce_op(const char* name) {
  return OpBuilder(name).inputs(4).attrs({"keep_dims"}).shape(reduce_shape<kSparseOutput>)
      .kernel(int64, reduce_kernel<kReduce, kSparseOutput>).kernel_allocates_outputs();
}

const OpDef& kSparseReduceSum = reduce_op<Reduce::kSum, false>("SparseReduceSum");
const OpDef& kSparseReduceSumSparse = reduce_op<Reduce::kSum, true>("SparseReduceSumSparse");
const OpDef& kSparseReduceMax = reduce_op<Reduce::kMax, false>("SparseReduceMax");
const OpDef& kSparseReduceMaxSparse = reduce_op<Reduce::kMax, true>("SparseReduceMaxSparse");

// The axes to reduce: all of them when none are given (the rank must then be known statically).
Tensor axes_tensor(const SparseTensor& sp, const std::vector<std::int64_t>& axes) {
  if (!axes.empty()) return ops::array::int_tensor(axes);
  std::int64_t rank = sp.dense_shape.shape().has_unknown_rank() ? None : sp.dense_shape.shape().dim(0);
  if (rank == None && !sp.indices.shape().has_unknown_rank()) rank = sp.indices.shape().dim(1);
  if (rank == None) throw InvalidArgumentError("[SparseReduce] reducing every axis needs a SparseTensor of known rank");
  std::vector<std::int64_t> all(static_cast<std::size_t>(rank));
  for (std::int64_t d = 0; d < rank; ++d) all[d] = d;
  return ops::array::int_tensor(all);
}

Tensor reduce_dense(const OpDef& op, const SparseTensor& sp, const std::vector<std::int64_t>& axes, bool keepdims) {
  const std::array<ops::AttrValue, 1> attrs{keepdims};
  return ops::execute1(op, {sp.indices, sp.values, sp.dense_shape, axes_tensor(sp, axes)}, attrs);
}

SparseTensor reduce_sparse(const OpDef& op, const SparseTensor& sp, const std::vector<std::int64_t>& axes,
                           bool keepdims) {
  const std::array<ops::AttrValue, 1> attrs{keepdims};
  ops::Outputs out = ops::execute(op, {sp.indices, sp.values, sp.dense_shape, axes_tensor(sp, axes)}, attrs);
  return {out[0], out[1], out[2]};
}

}  // namespace

namespace sparse {

Tensor reduce_sum(const SparseTensor& sp, const std::vector<std::int64_t>& axes, const ReduceOptions& options) {
  return reduce_dense(kSparseReduceSum, sp, axes, options.keepdims);
}
SparseTensor reduce_sum_sparse(const SparseTensor& sp, const std::vector<std::int64_t>& axes,
                               const ReduceOptions& options) {
  return reduce_sparse(kSparseReduceSumSparse, sp, axes, options.keepdims);
}
Tensor reduce_max(const SparseTensor& sp, const std::vector<std::int64_t>& axes, const ReduceOptions& options) {
  return reduce_dense(kSparseReduceMax, sp, axes, options.keepdims);
}
SparseTensor reduce_max_sparse(const SparseTensor& sp, const std::vector<std::int64_t>& axes,
                               const ReduceOptions& options) {
  return reduce_sparse(kSparseReduceMaxSparse, sp, axes, options.keepdims);
}

}  // namespace sparse
}  // namespace tf
