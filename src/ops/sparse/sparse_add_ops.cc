// SparseAdd (with its gradient op SparseAddGrad) and SparseTensorDenseAdd. SparseAdd merges the
// two row-major index lists; only sums (not values present in one operand) are dropped when
// their magnitude is below the threshold, as TensorFlow does.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "core/tensor_impl.h"
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

// Inputs a's three components, b's, thresh; outputs sum_indices, sum_values, sum_shape.
void sparse_add_shape(ShapeContext& ctx) {
  check_components(ctx, 0, "a");
  check_components(ctx, 3, "b");
  if (ctx.input(1).dtype() != ctx.input(4).dtype())
    ctx.fail("a and b values must have one dtype, got " + std::string(dtype_name(ctx.input(1).dtype())) + " and " +
             std::string(dtype_name(ctx.input(4).dtype())));
  if (!ctx.input(6).shape().has_unknown_rank() && ctx.input(6).rank() != 0)
    ctx.fail("The magnitude threshold must be a scalar, got shape " + ctx.input(6).shape().debug_string());
  std::int64_t rank = static_rank(ctx, 2);
  if (rank == None) rank = static_rank(ctx, 5);
  ctx.add_output(int64, TensorShape{None, rank});
  ctx.add_output(ctx.input(1).dtype(), TensorShape{None});
  ctx.add_output(int64, ctx.input(2).shape());
}

template <class T>
double magnitude(T v) {
  if constexpr (std::is_unsigned_v<T>) return static_cast<double>(v);
  else return std::abs(static_cast<double>(v));
}

void sparse_add_kernel(KernelContext& ctx) {
  const SparseView a = read_sparse(ctx, 0, "a"), b = read_sparse(ctx, 3, "b");
  check_same_shape(ctx, a, b);
  std::vector<std::int64_t> indices;
  visit_real(ctx, ctx.input(1).dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* av = ctx.input(1).data<T>();
    const T* bv = ctx.input(4).data<T>();
    const double thresh = scalar_as_double(ctx, ctx.input(6));
    std::vector<T> values;
    auto copy_index = [&](const SparseView& s, std::int64_t i) {
      indices.insert(indices.end(), s.indices + i * s.rank, s.indices + (i + 1) * s.rank);
    };
    std::int64_t i = 0, j = 0;
    while (i < a.n && j < b.n) {
      const int order = compare_index(a, i, b, j);
      if (order < 0) {
        copy_index(a, i);
        values.push_back(av[i++]);
      } else if (order > 0) {
        copy_index(b, j);
        values.push_back(bv[j++]);
      } else {
        const T sum = static_cast<T>(av[i] + bv[j]);
        if (thresh <= magnitude(sum)) {
          copy_index(a, i);
          values.push_back(sum);
        }
        ++i, ++j;
      }
    }
    for (; i < a.n; ++i) copy_index(a, i), values.push_back(av[i]);
    for (; j < b.n; ++j) copy_index(b, j), values.push_back(bv[j]);
    Tensor out = core::empty(ctx.input(1).dtype(), TensorShape{static_cast<std::int64_t>(values.size())});
    std::copy(values.begin(), values.end(), out.mutable_data<T>());
    ctx.output(1) = std::move(out);
  });
  ctx.output(0) = index_matrix(indices, ctx.output(1).num_elements(), a.rank);
  ctx.output(2) = ctx.input(2);
}

const OpDef& kSparseAdd = OpBuilder("SparseAdd").inputs(7).shape(sparse_add_shape).kernel(int64, sparse_add_kernel)
    .kernel_allocates_outputs();

// Inputs backprop_val_grad [N], a_indices, b_indices, sum_indices; outputs a_val_grad, b_val_grad.
void sparse_add_grad_shape(ShapeContext& ctx) {
  for (std::size_t i = 1; i < 4; ++i) {
    const Tensor& indices = ctx.input(i);
    if (indices.dtype() != int64) ctx.fail("indices must be int64, got " + std::string(dtype_name(indices.dtype())));
    if (!indices.shape().has_unknown_rank() && indices.rank() != 2)
      ctx.fail("indices must be matrices, got shape " + indices.shape().debug_string());
  }
  const auto rows = [&](std::size_t i) {
    return ctx.input(i).shape().has_unknown_rank() ? None : ctx.input(i).shape().dim(0);
  };
  ctx.add_output(ctx.input(0).dtype(), TensorShape{rows(1)});
  ctx.add_output(ctx.input(0).dtype(), TensorShape{rows(2)});
}

SparseView view_of(const Tensor& indices) {
  return {indices.data<std::int64_t>(), indices.shape().dim(0), indices.shape().dim(1), {}};
}

void sparse_add_grad_kernel(KernelContext& ctx) {
  const SparseView a = view_of(ctx.input(1)), b = view_of(ctx.input(2)), sum = view_of(ctx.input(3));
  if (ctx.input(0).num_elements() != sum.n)
    ctx.fail("backprop_val_grad has " + std::to_string(ctx.input(0).num_elements()) + " values for " +
             std::to_string(sum.n) + " sum indices");
  visit_real(ctx, ctx.input(0).dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* g = ctx.input(0).data<T>();
    Tensor ga = core::empty(ctx.input(0).dtype(), TensorShape{a.n}), gb = core::empty(ctx.input(0).dtype(), TensorShape{b.n});
    T* pa = ga.mutable_data<T>();
    T* pb = gb.mutable_data<T>();
    std::fill(pa, pa + a.n, T{});
    std::fill(pb, pb + b.n, T{});
    // Each sum index matches the next a and/or b index in order; a sum dropped by the threshold
    // leaves its a and b entries at zero.
    std::int64_t i = 0, j = 0;
    for (std::int64_t k = 0; k < sum.n; ++k) {
      while (i < a.n && compare_index(a, i, sum, k) < 0) ++i;
      while (j < b.n && compare_index(b, j, sum, k) < 0) ++j;
      if (i < a.n && compare_index(a, i, sum, k) == 0) pa[i++] = g[k];
      if (j < b.n && compare_index(b, j, sum, k) == 0) pb[j++] = g[k];
    }
    ctx.output(0) = std::move(ga);
    ctx.output(1) = std::move(gb);
  });
}

const OpDef& kSparseAddGrad = OpBuilder("SparseAddGrad").inputs(4).shape(sparse_add_grad_shape)
    .kernels<float, double, std::int32_t, std::int64_t>([]<class T>() -> ops::KernelFn { return &sparse_add_grad_kernel; })
    .kernel_allocates_outputs().no_gradient();

// Inputs a's components and dense b of a's shape; output b's shape.
void sparse_dense_add_shape(ShapeContext& ctx) {
  check_components(ctx, 0, "a");
  if (ctx.input(1).dtype() != ctx.input(3).dtype())
    ctx.fail("a and b must have one dtype, got " + std::string(dtype_name(ctx.input(1).dtype())) + " and " +
             std::string(dtype_name(ctx.input(3).dtype())));
  ctx.add_output(ctx.input(3).dtype(), ctx.input(3).shape());
}

void sparse_dense_add_kernel(KernelContext& ctx) {
  const SparseView a = read_sparse(ctx, 0, "a");
  const Tensor& b = ctx.input(3);
  if (!std::ranges::equal(b.shape().dims(), a.shape))
    ctx.fail("Dimensions of a_shape " + dims_string(a.shape) + " and b " + b.shape().debug_string() + " differ");
  check_bounds(ctx, a, "a");
  const std::vector<std::int64_t> strides = strides_of(a.shape);
  Tensor out = core::empty(b.dtype(), b.shape());
  visit_real(ctx, b.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* o = out.mutable_data<T>();
    std::copy(b.data<T>(), b.data<T>() + b.num_elements(), o);
    const T* v = ctx.input(1).data<T>();
    for (std::int64_t i = 0; i < a.n; ++i) o[offset_of(a, i, strides)] += v[i];
  });
  ctx.output(0) = std::move(out);
}

const OpDef& kSparseTensorDenseAdd = OpBuilder("SparseTensorDenseAdd").inputs(4).shape(sparse_dense_add_shape)
    .kernel(int64, sparse_dense_add_kernel).kernel_allocates_outputs();

}  // namespace

namespace sparse {

SparseTensor add(const SparseTensor& a, const SparseTensor& b, const Tensor& threshold) {
  Tensor thresh = threshold.defined() ? threshold : cast(constant(0), a.dtype());
  ops::Outputs out = ops::execute(kSparseAdd, {a.indices, a.values, a.dense_shape, b.indices, b.values, b.dense_shape,
                                               thresh});
  return {out[0], out[1], out[2]};
}

Tensor add(const SparseTensor& a, const Tensor& b) {
  return ops::execute1(kSparseTensorDenseAdd, {a.indices, a.values, a.dense_shape, b});
}

}  // namespace sparse
}  // namespace tf
