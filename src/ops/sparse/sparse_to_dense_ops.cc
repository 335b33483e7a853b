// SparseToDense and SparseReorder, and the composites from_dense and retain.
#include <algorithm>
#include <array>
#include <numeric>

#include "core/tensor_impl.h"
#include "kernels/cpu/copy.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/sparse/sparse_common.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"
#include "tfpp/sparse_ops.h"

namespace tf {
namespace {

using namespace ops::sparse;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Inputs sparse_indices (0-2-D), output_shape [rank], sparse_values (scalar or [N]), default_value
// (scalar); attr validate_indices.
void sparse_to_dense_shape(ShapeContext& ctx) {
  ops::array::check_int_input(ctx, 0, "sparse_indices", -1);
  ops::array::check_int_input(ctx, 1, "output_shape", -1);
  const Tensor &indices = ctx.input(0), &out_shape = ctx.input(1), &values = ctx.input(2), &fill = ctx.input(3);
  if (!indices.shape().has_unknown_rank() && indices.rank() > 2)
    ctx.fail("sparse_indices should be a scalar, vector, or matrix, got shape " + indices.shape().debug_string());
  if (!out_shape.shape().has_unknown_rank() && out_shape.rank() > 1)
    ctx.fail("output_shape should be a scalar or vector, got shape " + out_shape.shape().debug_string());
  if (!values.shape().has_unknown_rank() && values.rank() > 1)
    ctx.fail("sparse_values should be a scalar or vector, got shape " + values.shape().debug_string());
  if (!fill.shape().has_unknown_rank() && fill.rank() != 0)
    ctx.fail("default_value should be a scalar, got shape " + fill.shape().debug_string());
  if (values.dtype() != fill.dtype())
    ctx.fail("sparse_values and default_value must have one dtype, got " + std::string(dtype_name(values.dtype())) +
             " and " + std::string(dtype_name(fill.dtype())));
  if (const auto dims = ops::array::known_int_values(ctx, 1)) return ctx.add_output(values.dtype(), TensorShape(*dims));
  const TensorShape& s = out_shape.shape();
  if (s.has_unknown_rank() || s.rank() == 0 || s.dim(0) == None)
    return ctx.add_output(values.dtype(), TensorShape::unknown_rank());
  ctx.add_output(values.dtype(), TensorShape(std::vector<std::int64_t>(static_cast<std::size_t>(s.dim(0)), None)));
}

void sparse_to_dense_kernel(KernelContext& ctx) {
  const std::vector<std::int64_t> dims = ops::array::int_values(ctx.input(1));
  const std::vector<std::int64_t> idx = ops::array::int_values(ctx.input(0));
  const Tensor& indices = ctx.input(0);
  const std::int64_t rank = static_cast<std::int64_t>(dims.size());
  const std::int64_t n = indices.rank() == 0 ? 1 : indices.shape().dim(0);
  const std::int64_t cols = indices.rank() == 2 ? indices.shape().dim(1) : 1;
  if (cols != rank)
    ctx.fail("sparse_indices has " + std::to_string(cols) + " columns but output_shape has rank " + std::to_string(rank));
  const Tensor& values = ctx.input(2);
  const bool scalar_value = values.rank() == 0;
  if (!scalar_value && values.num_elements() != n)
    ctx.fail("sparse_values has incorrect shape " + values.shape().debug_string() + ", should be [] or [" +
             std::to_string(n) + "]");
  SparseView sp{idx.data(), n, rank, dims};
  const bool validate = ctx.attr<bool>(0);
  const std::vector<std::int64_t> strides = strides_of(dims);
  std::vector<std::int64_t> offsets(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) {
    std::vector<std::int64_t> index(idx.begin() + i * rank, idx.begin() + (i + 1) * rank);
    for (std::int64_t j = 0; j < rank; ++j)
      if (index[j] < 0 || index[j] >= dims[j])
        ctx.fail("indices[" + std::to_string(i) + "] = " + dims_string(index) + " is out of bounds: need 0 <= index < " +
                 dims_string(dims));
    offsets[i] = offset_of(sp, i, strides);
    if (validate && i > 0 && offsets[i] <= offsets[i - 1])
      ctx.fail("indices[" + std::to_string(i) + "] = " + dims_string(index) +
               (offsets[i] == offsets[i - 1] ? std::string(" is repeated")
                                             : std::string(" is out of order. Many sparse ops require sorted indices.\n"
                                                           "    Use `tf.sparse.reorder` to create a correctly ordered "
                                                           "copy.\n\n")));
  }
  Tensor out = core::empty(values.dtype(), TensorShape(dims));
  kernels::visit_copy_dtype(values.dtype(), [&](auto tag) {
    using S = decltype(tag);
    S* dst = static_cast<S*>(out.raw_mutable_data());
    std::fill(dst, dst + out.num_elements(), *static_cast<const S*>(ctx.input(3).raw_data()));
    const S* src = static_cast<const S*>(values.raw_data());
    for (std::int64_t i = 0; i < n; ++i) dst[offsets[i]] = src[scalar_value ? 0 : i];
  });
  ctx.output(0) = std::move(out);
}

const OpDef& kSparseToDense = OpBuilder("SparseToDense").inputs(4).attrs({"validate_indices"})
    .shape(sparse_to_dense_shape).kernel(int32, sparse_to_dense_kernel).kernel(int64, sparse_to_dense_kernel)
    .kernel_allocates_outputs();

// Outputs output_indices and output_values, shaped as the inputs.
void reorder_shape(ShapeContext& ctx) {
  check_components(ctx, 0);
  ctx.add_output(int64, ctx.input(0).shape());
  ctx.add_output(ctx.input(1).dtype(), ctx.input(1).shape());
}

void reorder_kernel(KernelContext& ctx) {
  const SparseView sp = read_sparse(ctx, 0);
  check_bounds(ctx, sp);
  const std::vector<std::int64_t> strides = strides_of(sp.shape);
  std::vector<std::int64_t> offsets(static_cast<std::size_t>(sp.n)), order(static_cast<std::size_t>(sp.n));
  for (std::int64_t i = 0; i < sp.n; ++i) offsets[i] = offset_of(sp, i, strides);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) { return offsets[a] < offsets[b]; });
  std::vector<std::int64_t> indices;
  indices.reserve(static_cast<std::size_t>(sp.n * sp.rank));
  for (std::int64_t i : order) indices.insert(indices.end(), sp.indices + i * sp.rank, sp.indices + (i + 1) * sp.rank);
  ctx.output(0) = index_matrix(indices, sp.n, sp.rank);
  ctx.output(1) = take(ctx.input(1), order);
}

const OpDef& kSparseReorder = OpBuilder("SparseReorder").inputs(3).shape(reorder_shape).kernel(int64, reorder_kernel)
    .kernel_allocates_outputs();

}  // namespace

namespace sparse {

Tensor to_dense(const SparseTensor& sp, const ToDenseOptions& options) {
  Tensor fill = options.default_value;
  if (!fill.defined()) fill = sp.dtype() == string ? constant("") : cast(constant(0), sp.dtype());
  const std::array<ops::AttrValue, 1> attrs{options.validate_indices};
  return ops::execute1(kSparseToDense, {sp.indices, sp.dense_shape, sp.values, fill}, attrs);
}

SparseTensor from_dense(const Tensor& dense) {
  if (dense.shape().rank() == 0) throw InvalidArgumentError("[from_dense] needs a tensor of rank >= 1, got a scalar");
  const Tensor zero = dense.dtype() == string ? constant("") : cast(constant(0), dense.dtype());
  const Tensor indices = where(math::not_equal(dense, zero));
  return {indices, gather_nd(dense, indices), shape(dense, int64)};
}

SparseTensor reorder(const SparseTensor& sp) {
  ops::Outputs out = ops::execute(kSparseReorder, {sp.indices, sp.values, sp.dense_shape});
  return {out[0], out[1], sp.dense_shape};
}

SparseTensor retain(const SparseTensor& sp, const Tensor& to_retain) {
  if (to_retain.dtype() != bool_ || (!to_retain.shape().has_unknown_rank() && to_retain.rank() != 1))
    throw InvalidArgumentError("[retain] to_retain must be a bool vector, got " + ops::array::describe(to_retain));
  const Tensor kept = reshape(where(to_retain), {-1});
  return {gather(sp.indices, kept), gather(sp.values, kept), sp.dense_shape};
}

}  // namespace sparse
}  // namespace tf
