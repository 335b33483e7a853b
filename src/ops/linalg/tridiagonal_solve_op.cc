// TridiagonalSolve: TensorFlow's CPU kernel, one system per matrix of the batch. Gaussian
// elimination with partial pivoting as LAPACK's gtsv (the U factor has two superdiagonals after
// row interchanges), the Thomas algorithm without pivoting, and with perturb_singular LAPACK's
// xLAGTF + xLAGTS, which perturbs tiny pivots so that inverse iteration on a singular system works.
#include "ops/linalg/tridiagonal_solve.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <string>

#include "ops/execute.h"
#include "ops/linalg/linalg_shapes.h"
#include "ops/shape_fns.h"

namespace tf::ops::linalg {
namespace {

template <class T>
using RowMajor = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T>
using Row = Eigen::Matrix<T, 1, Eigen::Dynamic>;

// Attributes: partial_pivoting, perturb_singular. diagonals [..., 3, M], rhs [..., M, K] -> [..., M, K].
// The checks and messages are those of TensorFlow's kernel (LinearAlgebraOp's, then the op's).
void tridiagonal_solve_shape(ShapeContext& ctx) {
  if (!ctx.attr<bool>(0) && ctx.attr<bool>(1))
    ctx.fail("Setting perturb_singular requires also setting partial_pivoting.");
  const TensorShape& d = check_matrices(ctx, 0);
  const TensorShape& r = check_matrices(ctx, 1);
  check_same_dtype(ctx, 0, 1);
  if (d.has_unknown_rank() || r.has_unknown_rank()) return ctx.add_output(ctx.input(1).dtype(), r);
  if (d.rank() != r.rank()) ctx.fail("All input tensors must have the same rank.");
  if (!batch_shape(d).is_compatible_with(batch_shape(r))) ctx.fail("All input tensors must have the same outer dimensions.");
  if (d.dim(-2) != None && d.dim(-2) != 3)
    ctx.fail("Expected diagonals to be provided as a matrix with 3 rows, got " + std::to_string(d.dim(-2)) + " rows.");
  if (d.dim(-1) != None && r.dim(-2) != None && d.dim(-1) != r.dim(-2))
    ctx.fail("Expected the same number of left-hand sides and right-hand sides, got " + std::to_string(d.dim(-1)) +
             " and " + std::to_string(r.dim(-2)) + ".");
  TensorShape out = r;
  for (int i = 0; i < r.rank() - 1; ++i)
    if (out.dim(i) == None) out.set_dim(i, i == r.rank() - 2 ? d.dim(-1) : d.dim(i));
  ctx.add_output(ctx.input(1).dtype(), out);
}

// What TensorFlow's kernel fills a singular system's solution with: numeric_limits<T>::quiet_NaN(),
// which for std::complex is not specialized and so is zero.
template <class T>
T not_invertible_value() {
  return std::numeric_limits<T>::quiet_NaN();
}

template <class T>
class TridiagonalSystem {
 public:
  using Real = typename Eigen::NumTraits<T>::Real;
  using Rows = Eigen::Map<RowMajor<T>>;
  using ConstRows = Eigen::Map<const RowMajor<T>>;

  TridiagonalSystem(const T* diagonals, std::int64_t n) : super_(diagonals), diag_(diagonals + n), sub_(diagonals + 2 * n), n_(n) {}

  void solve(const ConstRows& rhs, Rows& x, bool pivoting, bool perturb) const {
    if (n_ == 0) return;
    if (pivoting && perturb) return solve_perturbing_singular(rhs, x);
    if (n_ == 1) {
      if (diag_[0] == T(0)) return x.fill(not_invertible_value<T>());
      x.row(0) = rhs.row(0) / diag_[0];
      return;
    }
    if (pivoting) return solve_pivoting(rhs, x);
    solve_thomas(rhs, x);
  }

 private:
  // LAPACK's gtsv: u's columns are U's diagonal and its two superdiagonals.
  void solve_pivoting(const ConstRows& rhs, Rows& x) const {
    const std::int64_t n = n_;
    Eigen::Array<T, Eigen::Dynamic, 3> u(n, 3);
    u(0, 0) = diag_[0];
    u(0, 1) = super_[0];
    x.row(0) = rhs.row(0);
    for (std::int64_t i = 0; i < n - 1; ++i) {
      if (std::abs(u(i, 0)) >= std::abs(sub_[i + 1])) {
        if (u(i, 0) == T(0)) return x.fill(not_invertible_value<T>());
        const T factor = sub_[i + 1] / u(i, 0);
        u(i + 1, 0) = diag_[i + 1] - factor * u(i, 1);
        x.row(i + 1) = rhs.row(i + 1) - factor * x.row(i);
        if (i != n - 2) {
          u(i + 1, 1) = super_[i + 1];
          u(i, 2) = T(0);
        }
      } else {  // interchange rows i and i + 1
        const T factor = u(i, 0) / sub_[i + 1];
        u(i, 0) = sub_[i + 1];
        u(i + 1, 0) = u(i, 1) - factor * diag_[i + 1];
        u(i, 1) = diag_[i + 1];
        x.row(i + 1) = x.row(i) - factor * rhs.row(i + 1);
        x.row(i) = rhs.row(i + 1);
        if (i != n - 2) {
          u(i, 2) = super_[i + 1];
          u(i + 1, 1) = -factor * super_[i + 1];
        }
      }
    }
    if (u(n - 1, 0) == T(0)) return x.fill(not_invertible_value<T>());
    x.row(n - 1) /= u(n - 1, 0);
    x.row(n - 2) = (x.row(n - 2) - u(n - 2, 1) * x.row(n - 1)) / u(n - 2, 0);
    for (std::int64_t i = n - 3; i >= 0; --i)
      x.row(i) = (x.row(i) - u(i, 1) * x.row(i + 1) - u(i, 2) * x.row(i + 2)) / u(i, 0);
  }

  // The Thomas algorithm: U has ones on its diagonal and u as its superdiagonal.
  void solve_thomas(const ConstRows& rhs, Rows& x) const {
    const std::int64_t n = n_;
    Eigen::Vector<T, Eigen::Dynamic> u(n);
    if (diag_[0] == T(0)) return x.fill(not_invertible_value<T>());
    u(0) = super_[0] / diag_[0];
    x.row(0) = rhs.row(0) / diag_[0];
    for (std::int64_t i = 1; i < n; ++i) {
      const T denom = diag_[i] - sub_[i] * u(i - 1);
      if (denom == T(0)) return x.fill(not_invertible_value<T>());
      u(i) = super_[i] / denom;
      x.row(i) = (rhs.row(i) - sub_[i] * x.row(i - 1)) / denom;
    }
    for (std::int64_t i = n - 2; i >= 0; --i) x.row(i) -= u(i) * x.row(i + 1);
  }

  // LAPACK's xLAGTS safeguard: grows a pivot below 1 (by `perturb`, doubling) until neither
  // 1 / pivot nor row / pivot overflows, or scales both up when the pivot underflows.
  static void maybe_perturb_pivot(Real perturb, T& pivot, Row<T>& row) {
    const Real safemin = std::numeric_limits<Real>::min(), bignum = Real(1) / safemin;
    Real abs_pivot = std::abs(pivot);
    if (abs_pivot >= Real(1)) return;
    perturb = std::copysign(std::max(std::abs(perturb), safemin), std::real(pivot));
    const Real max_factor = row.size() ? row.array().abs().maxCoeff() : Real(0);
    bool stop = false;
    while (abs_pivot < Real(1) && !stop) {
      if (abs_pivot < safemin) {
        if (abs_pivot == Real(0) || max_factor * safemin > abs_pivot) {
          pivot += perturb;
          perturb *= 2;
        } else {
          pivot *= bignum;
          row *= bignum;
          stop = true;
        }
      } else if (max_factor > abs_pivot * bignum) {
        pivot += perturb;
        perturb *= 2;
      } else {
        stop = true;
      }
      abs_pivot = std::abs(pivot);
    }
  }

  // LAPACK's xLAGTF (row interchanges chosen on scaled pivots) fused with the forward solve, then
  // xLAGTS's back substitution with pivots perturbed on the scale of eps * max |U(i, j)|.
  void solve_perturbing_singular(const ConstRows& rhs, Rows& x) const {
    const std::int64_t n = n_;
    const Real eps = std::numeric_limits<Real>::epsilon();
    if (n == 1) {
      T denom = diag_[0];
      Row<T> row = rhs.row(0);
      maybe_perturb_pivot(eps * std::abs(denom), denom, row);
      x.row(0) = row * (T(1) / denom);
      return;
    }
    Eigen::Array<T, Eigen::Dynamic, 3> u(n, 3);
    u(0, 0) = diag_[0];
    u(0, 1) = super_[0];
    Real max_abs_u = std::max(std::abs(u(0, 0)), std::abs(u(0, 1)));
    Real scale1 = std::abs(u(0, 0)) + std::abs(u(0, 1));
    x.row(0) = rhs.row(0);
    for (std::int64_t k = 0; k < n - 1; ++k) {
      u(k + 1, 0) = diag_[k + 1];
      Real scale2 = std::abs(sub_[k + 1]) + std::abs(u(k + 1, 0));
      if (k < n - 2) scale2 += std::abs(super_[k + 1]);
      if (sub_[k + 1] == T(0)) {
        scale1 = scale2;
        u(k + 1, 1) = super_[k + 1];
        u(k, 2) = T(0);
        x.row(k + 1) = rhs.row(k + 1);
      } else {
        const Real piv1 = u(k, 0) == T(0) ? Real(0) : std::abs(u(k, 0)) / scale1;
        const Real piv2 = std::abs(sub_[k + 1]) / scale2;
        if (piv2 <= piv1) {
          scale1 = scale2;
          const T factor = sub_[k + 1] / u(k, 0);
          u(k + 1, 0) = diag_[k + 1] - factor * u(k, 1);
          u(k + 1, 1) = super_[k + 1];
          u(k, 2) = T(0);
          x.row(k + 1) = rhs.row(k + 1) - factor * x.row(k);
        } else {
          const T factor = u(k, 0) / sub_[k + 1];
          u(k, 0) = sub_[k + 1];
          u(k + 1, 0) = u(k, 1) - factor * diag_[k + 1];
          u(k, 1) = diag_[k + 1];
          if (k < n - 2) {
            u(k, 2) = super_[k + 1];
            u(k + 1, 1) = -factor * super_[k + 1];
          }
          x.row(k + 1) = x.row(k) - factor * rhs.row(k + 1);
          x.row(k) = rhs.row(k + 1);
        }
      }
      if (k < n - 2)
        for (int i = 0; i < 3; ++i) max_abs_u = std::max(max_abs_u, std::abs(u(k, i)));
    }
    max_abs_u = std::max(max_abs_u, std::abs(u(n - 1, 0)));
    const Real tol = eps * max_abs_u;
    T denom = u(n - 1, 0);
    Row<T> row = x.row(n - 1);
    maybe_perturb_pivot(tol, denom, row);
    x.row(n - 1) = row * (T(1) / denom);
    denom = u(n - 2, 0);
    row = x.row(n - 2) - u(n - 2, 1) * x.row(n - 1);
    maybe_perturb_pivot(std::copysign(tol, std::real(denom)), denom, row);
    x.row(n - 2) = row * (T(1) / denom);
    for (std::int64_t k = n - 3; k >= 0; --k) {
      row = x.row(k) - u(k, 1) * x.row(k + 1) - u(k, 2) * x.row(k + 2);
      denom = u(k, 0);
      maybe_perturb_pivot(std::copysign(tol, std::real(denom)), denom, row);
      x.row(k) = row * (T(1) / denom);
    }
  }

  const T* super_;
  const T* diag_;
  const T* sub_;
  std::int64_t n_;
};

template <class T>
void tridiagonal_solve_kernel(KernelContext& ctx) {
  const TensorShape& s = ctx.input(1).shape();
  const std::int64_t n = s.dim(-2), k = s.dim(-1);
  const T* d = ctx.input(0).data<T>();
  const T* r = ctx.input(1).data<T>();
  T* x = ctx.output(0).mutable_data<T>();
  const bool pivoting = ctx.attr<bool>(0), perturb = ctx.attr<bool>(1);
  for_each_matrix(num_matrices(s), 8 * n * (k + 1), [&](std::int64_t b) {
    const typename TridiagonalSystem<T>::ConstRows rhs(r + b * n * k, n, k);
    typename TridiagonalSystem<T>::Rows out(x + b * n * k, n, k);
    TridiagonalSystem<T>(d + b * 3 * n, n).solve(rhs, out, pivoting, perturb);
  });
}

const OpDef& kTridiagonalSolve =
    OpBuilder("TridiagonalSolve").inputs(2).attrs({"partial_pivoting", "perturb_singular"}).shape(tridiagonal_solve_shape)
        .kernels<float, double, std::complex<float>, std::complex<double>>(
            []<class T>() -> KernelFn { return &tridiagonal_solve_kernel<T>; });

}  // namespace

Tensor tridiagonal_solve_op(const Tensor& diagonals, const Tensor& rhs, bool partial_pivoting, bool perturb_singular) {
  const AttrValue attrs[] = {partial_pivoting, perturb_singular};
  return execute1(kTridiagonalSolve, {diagonals, rhs}, attrs);
}

}  // namespace tf::ops::linalg
