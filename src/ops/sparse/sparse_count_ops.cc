// DenseCountSparseOutput and SparseCountSparseOutput (tf.sparse.bincount): per batch row (or over
// the whole input when it is 1-D), how often each non-negative value occurs, or the sum of its
// weights, as a SparseTensor in row-major order. Values at or past maxlength are dropped.
#include <algorithm>
#include <array>
#include <map>

#include "core/tensor_impl.h"
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

// Attrs minlength, maxlength (-1: none), binary_output, output_type.
void count_outputs(ShapeContext& ctx, std::int64_t rank) {
  ctx.add_output(int64, TensorShape{None, rank});
  ctx.add_output(ctx.attr<DType>(3), TensorShape{None});
  ctx.add_output(int64, TensorShape{rank});
}

void dense_count_shape(ShapeContext& ctx) {
  ops::array::check_int_input(ctx, 0, "values", -1);
  const TensorShape& v = ctx.input(0).shape();
  if (!v.has_unknown_rank() && (v.rank() < 1 || v.rank() > 2))
    ctx.fail("Input must be a 1 or 2-dimensional tensor. Got: " + std::to_string(v.rank()));
  count_outputs(ctx, v.has_unknown_rank() ? None : v.rank());
}

void sparse_count_shape(ShapeContext& ctx) {
  check_components(ctx, 0, "input");
  ops::array::check_int_input(ctx, 1, "values", 1);
  count_outputs(ctx, static_rank(ctx, 2));
}

// Counts value `value` of batch row `row`, weighted by weight w.
struct Counter {
  std::map<std::pair<std::int64_t, std::int64_t>, double> cells;
  std::int64_t largest = -1;
};

void emit(KernelContext& ctx, const Counter& counter, std::int64_t rows, bool batched) {
  const std::int64_t minlength = ctx.attr<std::int64_t>(0), maxlength = ctx.attr<std::int64_t>(1);
  const bool binary = ctx.attr<bool>(2);
  const DType out_type = ctx.attr<DType>(3);
  std::int64_t width = std::max(counter.largest + 1, minlength);
  if (maxlength >= 0) width = std::min(width, maxlength);
  const std::int64_t rank = batched ? 2 : 1;
  std::vector<std::int64_t> indices;
  std::vector<double> values;
  for (const auto& [cell, sum] : counter.cells) {
    if (batched) indices.push_back(cell.first);
    indices.push_back(cell.second);
    values.push_back(binary ? 1.0 : sum);
  }
  ctx.output(0) = index_matrix(indices, static_cast<std::int64_t>(values.size()), rank);
  Tensor out = core::empty(out_type, TensorShape{static_cast<std::int64_t>(values.size())});
  visit_real(ctx, out_type, [&](auto tag) {
    using T = decltype(tag);
    std::transform(values.begin(), values.end(), out.mutable_data<T>(), [](double v) { return static_cast<T>(v); });
  });
  ctx.output(1) = std::move(out);
  ctx.output(2) = batched ? int64_vector(std::vector<std::int64_t>{rows, width}) : int64_vector(std::vector<std::int64_t>{width});
}

// Adds value `value` (weight index `w`, -1 for unweighted) of batch row `row`.
void count(KernelContext& ctx, Counter& counter, std::int64_t row, std::int64_t value, const Tensor& weights,
           std::int64_t w) {
  if (value < 0) ctx.fail("Input values must all be non-negative");
  const std::int64_t maxlength = ctx.attr<std::int64_t>(1);
  if (maxlength >= 0 && value >= maxlength) return;
  counter.largest = std::max(counter.largest, value);
  double weight = 1.0;
  if (weights.num_elements() > 0)
    visit_real(ctx, weights.dtype(), [&](auto tag) { weight = static_cast<double>(weights.data<decltype(tag)>()[w]); });
  counter.cells[{row, value}] += weight;
}

void dense_count_kernel(KernelContext& ctx) {
  const Tensor &values = ctx.input(0), &weights = ctx.input(1);
  const std::vector<std::int64_t> v = ops::array::int_values(values);
  if (weights.num_elements() > 0 && weights.shape() != values.shape())
    ctx.fail("Weights and values must have the same shape. Weight shape: " + weights.shape().debug_string() +
             "; values shape: " + values.shape().debug_string());
  const bool batched = values.rank() == 2;
  const std::int64_t rows = batched ? values.shape().dim(0) : 1, width = batched ? values.shape().dim(1) : values.num_elements();
  Counter counter;
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t j = 0; j < width; ++j) count(ctx, counter, r, v[r * width + j], weights, r * width + j);
  emit(ctx, counter, rows, batched);
}

void sparse_count_kernel(KernelContext& ctx) {
  const SparseView sp = read_sparse(ctx, 0);
  const std::vector<std::int64_t> v = ops::array::int_values(ctx.input(1));
  const Tensor& weights = ctx.input(3);
  if (weights.num_elements() > 0 && weights.num_elements() != sp.n)
    ctx.fail("Weights and values must have the same shape. Weight shape: " + weights.shape().debug_string() +
             "; values shape: " + ctx.input(1).shape().debug_string());
  if (sp.rank < 1 || sp.rank > 2) ctx.fail("Input must be a 1 or 2-dimensional tensor. Got: " + std::to_string(sp.rank));
  const bool batched = sp.rank == 2;
  Counter counter;
  for (std::int64_t i = 0; i < sp.n; ++i) count(ctx, counter, batched ? sp.at(i, 0) : 0, v[i], weights, i);
  emit(ctx, counter, batched ? sp.shape[0] : 1, batched);
}

const std::vector<std::string> kCountAttrs{"minlength", "maxlength", "binary_output", "output_type"};

const OpDef& kDenseCountSparseOutput = OpBuilder("DenseCountSparseOutput").inputs(2).attrs(kCountAttrs)
    .shape(dense_count_shape).kernel(int32, dense_count_kernel).kernel(int64, dense_count_kernel)
    .kernel_allocates_outputs().no_gradient();
const OpDef& kSparseCountSparseOutput = OpBuilder("SparseCountSparseOutput").inputs(4).attrs(kCountAttrs)
    .shape(sparse_count_shape).kernel(int64, sparse_count_kernel).kernel_allocates_outputs().no_gradient();

}  // namespace

SparseTensor sparse::bincount(const Tensor& values, const BincountOptions& options) {
  const Tensor weights = options.weights.defined() ? options.weights : zeros({0}, values.dtype());
  const DType out_type = options.weights.defined() ? options.weights.dtype() : values.dtype();
  const std::array<ops::AttrValue, 4> attrs{options.minlength, options.maxlength, options.binary_output, out_type};
  ops::Outputs out = ops::execute(kDenseCountSparseOutput, {values, weights}, attrs);
  return {out[0], out[1], out[2]};
}

SparseTensor sparse::bincount(const SparseTensor& values, const BincountOptions& options) {
  const Tensor weights = options.weights.defined() ? options.weights : zeros({0}, values.dtype());
  const DType out_type = options.weights.defined() ? options.weights.dtype() : values.dtype();
  const std::array<ops::AttrValue, 4> attrs{options.minlength, options.maxlength, options.binary_output, out_type};
  ops::Outputs out = ops::execute(kSparseCountSparseOutput, {values.indices, values.values, values.dense_shape, weights},
                                  attrs);
  return {out[0], out[1], out[2]};
}

}  // namespace tf
