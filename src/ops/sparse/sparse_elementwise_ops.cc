// Elementwise sparse ops: SparseDenseCwiseMul/Div/Add (a dense operand broadcast to the sparse
// shape, read at the sparse indices), SparseSparseMaximum/Minimum (absent values count as 0) and
// SparseSoftmax (softmax over each innermost row of values).
#include <algorithm>
#include <array>
#include <cmath>

#include "core/tensor_impl.h"
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

enum class Cwise { kMul, kDiv, kAdd };

// Inputs sp_indices, sp_values, sp_shape, dense; output [N].
void cwise_shape(ShapeContext& ctx) {
  check_components(ctx, 0, "sp");
  if (ctx.input(1).dtype() != ctx.input(3).dtype())
    ctx.fail("sp_values and dense must have one dtype, got " + std::string(dtype_name(ctx.input(1).dtype())) + " and " +
             std::string(dtype_name(ctx.input(3).dtype())));
  ctx.add_output(ctx.input(1).dtype(), ctx.input(1).shape());
}

template <Cwise kOp>
void cwise_kernel(KernelContext& ctx) {
  const SparseView sp = read_sparse(ctx, 0, "sp");
  check_bounds(ctx, sp, "sp");
  const Tensor& dense = ctx.input(3);
  const std::int64_t dense_rank = dense.rank();
  // The dense operand broadcasts to the sparse shape only (never the other way).
  bool broadcasts = dense_rank <= sp.rank;
  for (std::int64_t d = 0; broadcasts && d < dense_rank; ++d) {
    const std::int64_t dd = dense.shape().dim(d), sd = sp.shape[sp.rank - dense_rank + d];
    broadcasts = dd == 1 || dd == sd;
  }
  if (!broadcasts)
    ctx.fail("SparseDenseBinaryOpShared broadcasts dense to sparse only; got incompatible shapes: [" +
             std::string(dims_string(sp.shape)).substr(1) + " vs. " + dense.shape().debug_string());
  const std::vector<std::int64_t> strides = strides_of(dense.shape().dims());
  Tensor out = core::empty(ctx.input(1).dtype(), TensorShape{sp.n});
  visit_real(ctx, out.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* v = ctx.input(1).data<T>();
    const T* dp = dense.data<T>();
    T* o = out.mutable_data<T>();
    for (std::int64_t i = 0; i < sp.n; ++i) {
      std::int64_t offset = 0;
      for (std::int64_t d = 0; d < dense_rank; ++d)
        if (dense.shape().dim(d) != 1) offset += sp.at(i, sp.rank - dense_rank + d) * strides[d];
      if constexpr (kOp == Cwise::kMul) o[i] = static_cast<T>(v[i] * dp[offset]);
      else if constexpr (kOp == Cwise::kAdd) o[i] = static_cast<T>(v[i] + dp[offset]);
      else if constexpr (std::is_integral_v<T>) {
        if (dp[offset] == 0) ctx.fail("Integer division by zero");
        o[i] = static_cast<T>(v[i] / dp[offset]);
      } else {
        o[i] = v[i] / dp[offset];
      }
    }
  });
  ctx.output(0) = std::move(out);
}

template <Cwise kOp>
const OpDef& cwise_op(const char* name) {
  return OpBuilder(name).inputs(4).shape(cwise_shape).kernel(int64, cwise_kernel<kOp>).kernel_allocates_outputs();
}

const OpDef& kSparseDenseCwiseMul = cwise_op<Cwise::kMul>("SparseDenseCwiseMul");
const OpDef& kSparseDenseCwiseDiv = cwise_op<Cwise::kDiv>("SparseDenseCwiseDiv");
const OpDef& kSparseDenseCwiseAdd = cwise_op<Cwise::kAdd>("SparseDenseCwiseAdd");

// Inputs a's and b's components; outputs output_indices, output_values.
void min_max_shape(ShapeContext& ctx) {
  check_components(ctx, 0, "a");
  check_components(ctx, 3, "b");
  if (ctx.input(1).dtype() != ctx.input(4).dtype())
    ctx.fail("a and b values must have one dtype, got " + std::string(dtype_name(ctx.input(1).dtype())) + " and " +
             std::string(dtype_name(ctx.input(4).dtype())));
  ctx.add_output(int64, TensorShape{None, static_rank(ctx, 2)});
  ctx.add_output(ctx.input(1).dtype(), TensorShape{None});
}

template <bool kMax>
void min_max_kernel(KernelContext& ctx) {
  const SparseView a = read_sparse(ctx, 0, "a"), b = read_sparse(ctx, 3, "b");
  check_same_shape(ctx, a, b);
  std::vector<std::int64_t> indices;
  visit_real(ctx, ctx.input(1).dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* av = ctx.input(1).data<T>();
    const T* bv = ctx.input(4).data<T>();
    const auto pick = [](T x, T y) { return kMax ? std::max(x, y) : std::min(x, y); };
    std::vector<T> values;
    const auto emit = [&](const SparseView& s, std::int64_t i, T value) {
      indices.insert(indices.end(), s.indices + i * s.rank, s.indices + (i + 1) * s.rank);
      values.push_back(value);
    };
    std::int64_t i = 0, j = 0;
    while (i < a.n || j < b.n) {
      const int order = i == a.n ? 1 : j == b.n ? -1 : compare_index(a, i, b, j);
      if (order < 0) emit(a, i, pick(av[i], T{})), ++i;
      else if (order > 0) emit(b, j, pick(T{}, bv[j])), ++j;
      else emit(a, i, pick(av[i], bv[j])), ++i, ++j;
    }
    Tensor out = core::empty(ctx.input(1).dtype(), TensorShape{static_cast<std::int64_t>(values.size())});
    std::copy(values.begin(), values.end(), out.mutable_data<T>());
    ctx.output(1) = std::move(out);
  });
  ctx.output(0) = index_matrix(indices, ctx.output(1).num_elements(), a.rank);
}

const OpDef& kSparseSparseMaximum = OpBuilder("SparseSparseMaximum").inputs(6).shape(min_max_shape)
    .kernel(int64, min_max_kernel<true>).kernel_allocates_outputs();
const OpDef& kSparseSparseMinimum = OpBuilder("SparseSparseMinimum").inputs(6).shape(min_max_shape)
    .kernel(int64, min_max_kernel<false>).kernel_allocates_outputs();

// Inputs sp_indices, sp_values, sp_shape; output [N].
void softmax_shape(ShapeContext& ctx) {
  check_components(ctx, 0, "sp");
  const DType dtype = ctx.input(1).dtype();
  if (dtype != float32 && dtype != float64)
    ctx.fail("sp_values must be float32 or float64, got " + std::string(dtype_name(dtype)));
  const std::int64_t rank = static_rank(ctx, 2);
  if (rank != None && rank < 2) ctx.fail("Input should have rank >= 2, but received shape: [" + std::to_string(rank) + "]");
  ctx.add_output(dtype, ctx.input(1).shape());
}

template <class T>
void softmax_kernel(KernelContext& ctx) {
  const SparseView sp = read_sparse(ctx, 0, "sp");
  if (sp.rank < 2) ctx.fail("Input should have rank >= 2, but received shape: " + dims_string(sp.shape));
  const T* v = ctx.input(1).data<T>();
  Tensor out = core::empty(ctx.input(1).dtype(), TensorShape{sp.n});
  T* o = out.mutable_data<T>();
  // A row is a run of values whose indices agree on all but the last dimension.
  const auto same_row = [&](std::int64_t i, std::int64_t j) {
    for (std::int64_t d = 0; d + 1 < sp.rank; ++d)
      if (sp.at(i, d) != sp.at(j, d)) return false;
    return true;
  };
  for (std::int64_t begin = 0, end = 0; begin < sp.n; begin = end) {
    while (end < sp.n && same_row(begin, end)) ++end;
    const T top = *std::max_element(v + begin, v + end);
    T sum = 0;
    for (std::int64_t i = begin; i < end; ++i) sum += o[i] = std::exp(v[i] - top);
    for (std::int64_t i = begin; i < end; ++i) o[i] /= sum;
  }
  ctx.output(0) = std::move(out);
}

// SparseSoftmax dispatches on input 0 (indices), so its one kernel picks the values' type.
void softmax_dispatch(KernelContext& ctx) {
  if (ctx.input(1).dtype() == float64) softmax_kernel<double>(ctx);
  else softmax_kernel<float>(ctx);
}

const OpDef& kSparseSoftmax = OpBuilder("SparseSoftmax").inputs(3).shape(softmax_shape).kernel(int64, softmax_dispatch)
    .kernel_allocates_outputs();

SparseTensor binary(const OpDef& op, const SparseTensor& a, const SparseTensor& b) {
  ops::Outputs out = ops::execute(op, {a.indices, a.values, a.dense_shape, b.indices, b.values, b.dense_shape});
  return {out[0], out[1], a.dense_shape};
}

SparseTensor with_dense(const OpDef& op, const SparseTensor& sp, const Tensor& dense) {
  return {sp.indices, ops::execute1(op, {sp.indices, sp.values, sp.dense_shape, dense}), sp.dense_shape};
}

}  // namespace

namespace sparse {

SparseTensor softmax(const SparseTensor& sp) {
  return {sp.indices, ops::execute1(kSparseSoftmax, {sp.indices, sp.values, sp.dense_shape}), sp.dense_shape};
}
SparseTensor maximum(const SparseTensor& a, const SparseTensor& b) { return binary(kSparseSparseMaximum, a, b); }
SparseTensor minimum(const SparseTensor& a, const SparseTensor& b) { return binary(kSparseSparseMinimum, a, b); }
SparseTensor multiply(const SparseTensor& sp, const Tensor& dense) { return with_dense(kSparseDenseCwiseMul, sp, dense); }
SparseTensor divide(const SparseTensor& sp, const Tensor& dense) { return with_dense(kSparseDenseCwiseDiv, sp, dense); }
SparseTensor add_dense_at_indices(const SparseTensor& sp, const Tensor& dense) {
  return with_dense(kSparseDenseCwiseAdd, sp, dense);
}

}  // namespace sparse
}  // namespace tf
