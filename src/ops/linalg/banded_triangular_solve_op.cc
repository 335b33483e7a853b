// BandedTriangularSolve as TensorFlow's CPU kernel: forward or back substitution limited to the
// band, reading the matrix from its LEFT_RIGHT-aligned band storage (lower: bands[d][j] =
// a[j][j - d]; upper: bands[K - 1 - d][j] = a[j][j + d]), batch dimensions broadcast.
#include <Eigen/Dense>
#include <algorithm>
#include <complex>
#include <string>

#include "ops/complex/batch_matrices.h"
#include "ops/execute.h"
#include "ops/linalg/linalg_shapes.h"
#include "ops/math/python_name_scope.h"
#include "ops/shape_fns.h"
#include "tfpp/linalg_banded.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;
using ops::linalg::batch_shape;
using ops::linalg::with_matrix;

template <class T>
using RowMajor = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Attributes: lower, adjoint. bands [..., K, M], rhs [..., M, N] -> [broadcast batch..., M, N].
// The checks and messages are TensorFlow's kernel's; its shape function's check that K <= M is
// made only when tracing, as TensorFlow's eager kernel accepts more bands (it never reads them).
void banded_triangular_solve_shape(ShapeContext& ctx) {
  ops::check_same_dtype(ctx, 0, 1);
  ops::linalg::check_matrices(ctx, 0);
  const TensorShape &b = ctx.input(0).shape(), &r = ctx.input(1).shape();
  if (!r.has_unknown_rank() && r.rank() < 2) ctx.fail("In[1] ndims must be >= 2: " + std::to_string(r.rank()));
  if (b.has_unknown_rank() || r.has_unknown_rank()) return ctx.add_output(ctx.input(0).dtype(), TensorShape::unknown_rank());
  if (b.is_fully_defined() && b.num_elements() == 0) ctx.fail("In[0] must not be an empty tensor: shape " + b.debug_string());
  if (r.is_fully_defined() && r.num_elements() == 0) ctx.fail("In[1] must not be an empty tensor: shape " + r.debug_string());
  TensorShape batch;
  try {
    batch = ops::broadcast_shapes(ctx, batch_shape(b), batch_shape(r));
  } catch (const InvalidArgumentError&) {
    ctx.fail("In[0] and In[1] must have compatible batch dimensions: " + b.debug_string() + " vs. " + r.debug_string());
  }
  if (b.dim(-1) != None && r.dim(-2) != None && b.dim(-1) != r.dim(-2))
    ctx.fail("In[0] mismatch In[1] shape: " + std::to_string(b.dim(-1)) + " vs. " + std::to_string(r.dim(-2)) + ": " +
             b.debug_string() + " " + r.debug_string());
  const bool traced = ctx.input(0).is_symbolic() || ctx.input(1).is_symbolic();
  if (traced && b.dim(-2) != None && b.dim(-1) != None && b.dim(-2) > b.dim(-1))
    ctx.fail("Number of bands " + std::to_string(b.dim(-2)) + " cannot exceed the size of the matrix " + std::to_string(b.dim(-1)));
  ctx.add_output(ctx.input(0).dtype(), with_matrix(batch, r.dim(-2) != None ? r.dim(-2) : b.dim(-1), r.dim(-1)));
}

template <class T>
T conj_if(const T& v, bool conjugate) {
  if constexpr (Eigen::NumTraits<T>::IsComplex) return conjugate ? std::conj(v) : v;
  else return v;
}

// One system: x = a^-1 rhs (a^H with adjoint), a given by `bands` (k x m), rhs and x m x n.
template <class T>
void solve_banded(const Eigen::Map<const RowMajor<T>>& bands, const Eigen::Map<const RowMajor<T>>& rhs, bool lower,
                  bool adjoint, Eigen::Map<RowMajor<T>>& x) {
  const std::int64_t k = bands.rows(), m = bands.cols();
  // a[i][j] inside the band, read from its storage.
  const auto a = [&](std::int64_t i, std::int64_t j) { return lower ? bands(i - j, i) : bands(k - 1 - (j - i), i); };
  // Substitution runs forward when the solved matrix (a, or a^H) is lower triangular.
  const bool forward = lower != adjoint;
  for (std::int64_t step = 0; step < m; ++step) {
    const std::int64_t i = forward ? step : m - 1 - step;
    x.row(i) = rhs.row(i);
    const std::int64_t first = forward ? std::max<std::int64_t>(0, i - (k - 1)) : i + 1;
    const std::int64_t last = forward ? i : std::min<std::int64_t>(m, i + k);
    for (std::int64_t j = first; j < last; ++j)
      x.row(i) -= conj_if(adjoint ? a(j, i) : a(i, j), adjoint) * x.row(j);
    x.row(i) /= conj_if(a(i, i), adjoint);
  }
}

template <class T>
void banded_triangular_solve_kernel(KernelContext& ctx) {
  const Tensor &b = ctx.input(0), &r = ctx.input(1);
  Tensor& out = ctx.output(0);
  if (out.num_elements() == 0) return;
  const std::int64_t k = b.shape().dim(-2), m = b.shape().dim(-1), n = r.shape().dim(-1);
  const bool lower = ctx.attr<bool>(0), adjoint = ctx.attr<bool>(1);
  // TensorFlow checks the diagonal of the first matrix of the batch only.
  const Eigen::Map<const RowMajor<T>> first(b.data<T>(), k, m);
  if (first.row(lower ? 0 : k - 1).cwiseAbs().minCoeff() <= 0) ctx.fail("Input matrix is not invertible.");
  const std::int64_t count = out.num_elements() / (m * n);
  ops::linalg::for_each_matrix(count, k * m * n, [&](std::int64_t i) {
    const Eigen::Map<const RowMajor<T>> bands(b.data<T>() + ops::batch_offset(i, b.shape(), out.shape()), k, m);
    const Eigen::Map<const RowMajor<T>> rhs(r.data<T>() + ops::batch_offset(i, r.shape(), out.shape()), m, n);
    Eigen::Map<RowMajor<T>> x(out.mutable_data<T>() + i * m * n, m, n);
    solve_banded<T>(bands, rhs, lower, adjoint, x);
  });
}

const OpDef& kBandedTriangularSolve =
    OpBuilder("BandedTriangularSolve").inputs(2).attrs({"lower", "adjoint"}).shape(banded_triangular_solve_shape)
        .kernels<float, double, std::complex<float>, std::complex<double>>(
            []<class T>() -> KernelFn { return &banded_triangular_solve_kernel<T>; });

}  // namespace

namespace linalg {

Tensor banded_triangular_solve(const Tensor& bands, const Tensor& rhs, bool lower, bool adjoint) {
  return ops::with_python_scope("banded_triangular_solve", [&](graph::OpNameScope*) {
    const ops::AttrValue attrs[] = {lower, adjoint};
    return ops::execute1(kBandedTriangularSolve, {bands, rhs}, attrs);
  });
}

}  // namespace linalg
}  // namespace tf
