#include "ops/sparse/sparse_common.h"

#include "core/tensor_impl.h"
#include "kernels/cpu/copy.h"

namespace tf::ops::sparse {

namespace {

bool rank_is(const Tensor& t, int rank) { return t.shape().has_unknown_rank() || t.rank() == rank; }

}  // namespace

void check_components(const OpContext& ctx, std::size_t first, const std::string& what) {
  const Tensor &indices = ctx.input(first), &values = ctx.input(first + 1), &shape = ctx.input(first + 2);
  if (indices.dtype() != int64 || shape.dtype() != int64)
    ctx.fail(what + " indices and dense shape must be int64, got " + std::string(dtype_name(indices.dtype())) +
             " and " + std::string(dtype_name(shape.dtype())));
  if (!rank_is(indices, 2) || !rank_is(values, 1) || !rank_is(shape, 1))
    ctx.fail(what + " must be a SparseTensor's indices [N, rank], values [N] and dense shape [rank], got shapes " +
             indices.shape().debug_string() + ", " + values.shape().debug_string() + " and " +
             shape.shape().debug_string());
  if (indices.shape().has_unknown_rank()) return;
  const std::int64_t n = indices.shape().dim(0), r = indices.shape().dim(1);
  const std::int64_t nv = values.shape().has_unknown_rank() ? None : values.shape().dim(0);
  const std::int64_t rs = shape.shape().has_unknown_rank() ? None : shape.shape().dim(0);
  if (n != None && nv != None && n != nv)
    ctx.fail(what + " has " + std::to_string(n) + " indices but " + std::to_string(nv) + " values");
  if (r != None && rs != None && r != rs)
    ctx.fail(what + " indices have " + std::to_string(r) + " columns but the dense shape has rank " +
             std::to_string(rs));
}

std::int64_t static_rank(const OpContext& ctx, std::size_t shape_input) {
  const TensorShape& s = ctx.input(shape_input).shape();
  return s.has_unknown_rank() ? None : s.dim(0);
}

SparseView read_sparse(const OpContext& ctx, std::size_t first, const std::string& what) {
  check_components(ctx, first, what);
  const Tensor &indices = ctx.input(first), &shape = ctx.input(first + 2);
  SparseView sp;
  sp.indices = indices.data<std::int64_t>();
  sp.n = indices.shape().dim(0);
  sp.rank = indices.shape().dim(1);
  const std::int64_t* dims = shape.data<std::int64_t>();
  sp.shape.assign(dims, dims + shape.num_elements());
  for (std::int64_t d : sp.shape)
    if (d < 0) ctx.fail(what + " dense shape " + dims_string(sp.shape) + " has a negative dimension");
  return sp;
}

void check_bounds(const OpContext& ctx, const SparseView& sp, const std::string& what) {
  for (std::int64_t i = 0; i < sp.n; ++i)
    for (std::int64_t j = 0; j < sp.rank; ++j)
      if (sp.at(i, j) < 0 || sp.at(i, j) >= sp.shape[static_cast<std::size_t>(j)]) {
        std::vector<std::int64_t> index(sp.indices + i * sp.rank, sp.indices + (i + 1) * sp.rank);
        ctx.fail(what + " indices[" + std::to_string(i) + "] = " + dims_string(index) +
                 " is out of bounds: need 0 <= index < " + dims_string(sp.shape));
      }
}

std::vector<std::int64_t> strides_of(std::span<const std::int64_t> dims) {
  std::vector<std::int64_t> strides(dims.size(), 1);
  for (std::size_t d = dims.size(); d-- > 1;) strides[d - 1] = strides[d] * dims[d];
  return strides;
}

std::int64_t offset_of(const SparseView& sp, std::int64_t i, std::span<const std::int64_t> strides) {
  std::int64_t offset = 0;
  for (std::int64_t j = 0; j < sp.rank; ++j) offset += sp.at(i, j) * strides[static_cast<std::size_t>(j)];
  return offset;
}

Tensor take(const Tensor& values, std::span<const std::int64_t> positions) {
  Tensor out = core::empty(values.dtype(), TensorShape{static_cast<std::int64_t>(positions.size())});
  kernels::visit_copy_dtype(values.dtype(), [&](auto tag) {
    using S = decltype(tag);
    const S* src = static_cast<const S*>(values.raw_data());
    S* dst = static_cast<S*>(out.raw_mutable_data());
    for (std::size_t i = 0; i < positions.size(); ++i) dst[i] = src[positions[i]];
  });
  return out;
}

Tensor index_matrix(std::span<const std::int64_t> indices, std::int64_t rows, std::int64_t rank) {
  Tensor out = core::empty(int64, TensorShape{rows, rank});
  std::copy(indices.begin(), indices.end(), out.mutable_data<std::int64_t>());
  return out;
}

Tensor int64_vector(std::span<const std::int64_t> values) {
  Tensor out = core::empty(int64, TensorShape{static_cast<std::int64_t>(values.size())});
  std::copy(values.begin(), values.end(), out.mutable_data<std::int64_t>());
  return out;
}

std::string dims_string(std::span<const std::int64_t> dims) {
  std::string s = "[";
  for (std::size_t i = 0; i < dims.size(); ++i) {
    if (i) s += ',';
    s += std::to_string(dims[i]);
  }
  return s + "]";
}

}  // namespace tf::ops::sparse

namespace tf::ops::sparse {

void check_same_shape(const OpContext& ctx, const SparseView& a, const SparseView& b) {
  if (a.shape.size() != b.shape.size())
    ctx.fail("Operands' ranks do not match: got " + std::to_string(a.shape.size()) + " and " +
             std::to_string(b.shape.size()));
  for (std::size_t d = 0; d < a.shape.size(); ++d)
    if (a.shape[d] != b.shape[d])
      ctx.fail("Operands' shapes do not match: got " + std::to_string(a.shape[d]) + " and " + std::to_string(b.shape[d]) +
               " for dimension " + std::to_string(d));
}

}  // namespace tf::ops::sparse
