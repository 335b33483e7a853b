// SparseTensorDenseMatMul: a rank-2 SparseTensor times a dense matrix, each value adding its
// multiple of one row of b to one row of the product.
#include <array>

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

// Inputs a_indices, a_values, a_shape, b; attrs adjoint_a, adjoint_b.
void matmul_shape(ShapeContext& ctx) {
  check_components(ctx, 0, "a");
  const Tensor& b = ctx.input(3);
  if (ctx.input(1).dtype() != b.dtype())
    ctx.fail("a and b must have one dtype, got " + std::string(dtype_name(ctx.input(1).dtype())) + " and " +
             std::string(dtype_name(b.dtype())));
  if (!b.shape().has_unknown_rank() && b.rank() != 2) ctx.fail("Tensor 'b' is not a matrix, got shape " + b.shape().debug_string());
  const std::int64_t rank = static_rank(ctx, 2);
  if (rank != None && rank != 2) ctx.fail("Tensor 'a_shape' is not a vector of 2 elements, got rank " + std::to_string(rank));
  const bool adjoint_a = ctx.attr<bool>(0), adjoint_b = ctx.attr<bool>(1);
  std::int64_t rows = None;
  if (const Tensor& s = ctx.input(2); !s.is_symbolic()) rows = s.data<std::int64_t>()[adjoint_a ? 1 : 0];
  const std::int64_t cols = b.shape().has_unknown_rank() ? None : b.shape().dim(adjoint_b ? 0 : 1);
  ctx.add_output(b.dtype(), TensorShape{rows, cols});
}

void matmul_kernel(KernelContext& ctx) {
  const SparseView a = read_sparse(ctx, 0, "a");
  const Tensor& b = ctx.input(3);
  const bool adjoint_a = ctx.attr<bool>(0), adjoint_b = ctx.attr<bool>(1);
  if (a.rank != 2) ctx.fail("Tensor 'a_shape' is not a vector of 2 elements, got " + dims_string(a.shape));
  const std::int64_t rows = a.shape[adjoint_a ? 1 : 0], inner = a.shape[adjoint_a ? 0 : 1];
  const std::int64_t b_inner = b.shape().dim(adjoint_b ? 1 : 0), cols = b.shape().dim(adjoint_b ? 0 : 1);
  if (inner != b_inner)
    ctx.fail("Cannot multiply A and B because inner dimension does not match: " + std::to_string(inner) + " vs. " +
             std::to_string(b_inner) + ".  Did you forget a transpose?  Dimensions of A: " + dims_string(a.shape) +
             ".  Dimensions of B: " + b.shape().debug_string());
  Tensor out = core::empty(b.dtype(), TensorShape{rows, cols});
  visit_real(ctx, b.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* o = out.mutable_data<T>();
    std::fill(o, o + out.num_elements(), T{});
    const T* v = ctx.input(1).data<T>();
    const T* bp = b.data<T>();
    for (std::int64_t n = 0; n < a.n; ++n) {
      const std::int64_t i = a.at(n, adjoint_a ? 1 : 0), k = a.at(n, adjoint_a ? 0 : 1);
      if (i < 0 || i >= rows)
        ctx.fail("row index " + std::to_string(i) + " from index[" + std::to_string(n) + "] out of bounds (>=" +
                 std::to_string(rows) + ")");
      if (k < 0 || k >= inner)
        ctx.fail("k (" + std::to_string(k) + ") from index[" + std::to_string(n) + "," + (adjoint_a ? "0" : "1") +
                 "] out of bounds (>=" + std::to_string(inner) + ")");
      T* row = o + i * cols;
      if (adjoint_b)
        for (std::int64_t c = 0; c < cols; ++c) row[c] += v[n] * bp[c * b_inner + k];
      else
        for (std::int64_t c = 0; c < cols; ++c) row[c] += v[n] * bp[k * cols + c];
    }
  });
  ctx.output(0) = std::move(out);
}

const OpDef& kSparseTensorDenseMatMul = OpBuilder("SparseTensorDenseMatMul").inputs(4)
    .attrs({"adjoint_a", "adjoint_b"}).shape(matmul_shape).kernel(int64, matmul_kernel).kernel_allocates_outputs();

}  // namespace

Tensor sparse::sparse_dense_matmul(const SparseTensor& a, const Tensor& b, const MatMulOptions& options) {
  const std::array<ops::AttrValue, 2> attrs{options.adjoint_a, options.adjoint_b};
  return ops::execute1(kSparseTensorDenseMatMul, {a.indices, a.values, a.dense_shape, b}, attrs);
}

}  // namespace tf
