// Eigen's dense factorizations behind kernels/cpu/eigen/linalg.h, as TensorFlow's CPU kernels
// use them (partial-pivoting LU, LLT, triangular views).
#include "kernels/cpu/eigen/linalg.h"

#include <cmath>
#include <limits>

#include <Eigen/Cholesky>
#include <Eigen/Dense>
#include <Eigen/LU>

#include "kernels/cpu/eigen/row_major.h"

namespace tf::kernels::linalg {
namespace {

// TensorFlow's guard: partial pivoting promises nothing about conditioning, but an exactly
// zero pivot means the matrix is singular.
template <class T>
bool has_zero_pivot(const Eigen::PartialPivLU<RowMajor<T>>& lu) {
  return lu.matrixLU().rows() > 0 && !(lu.matrixLU().diagonal().cwiseAbs().minCoeff() > T(0));
}

template <class T>
RowMajor<T> maybe_transposed(const T* a, std::int64_t n, bool adjoint) {
  const ConstMap<T> m(a, n, n);
  return adjoint ? RowMajor<T>(m.transpose()) : RowMajor<T>(m);
}

}  // namespace

template <class T>
bool inverse(const T* a, std::int64_t n, bool adjoint, T* out) {
  if (n == 0) return true;
  const Eigen::PartialPivLU<RowMajor<T>> lu(maybe_transposed(a, n, adjoint));
  if (has_zero_pivot(lu)) return false;
  Map<T>(out, n, n) = lu.inverse();
  return true;
}

template <class T>
void sign_log_abs_determinant(const T* a, std::int64_t n, T* sign, T* log_abs_det) {
  *sign = T(1);
  *log_abs_det = T(0);
  if (n == 0) return;
  const Eigen::PartialPivLU<RowMajor<T>> lu(ConstMap<T>(a, n, n));
  T s = T(lu.permutationP().determinant());
  for (std::int64_t i = 0; i < n; ++i) {
    const T d = lu.matrixLU()(i, i);
    *log_abs_det += std::log(std::abs(d));
    s *= d > T(0) ? T(1) : d < T(0) ? T(-1) : T(0);
  }
  *sign = s;
  if (!std::isfinite(*log_abs_det)) {
    *sign = s * T(0);
    *log_abs_det = *log_abs_det > T(0) ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity();
  }
}

template <class T>
bool solve(const T* a, const T* b, std::int64_t n, std::int64_t k, bool adjoint, T* x) {
  if (n == 0 || k == 0) return true;
  const Eigen::PartialPivLU<RowMajor<T>> lu(maybe_transposed(a, n, adjoint));
  if (has_zero_pivot(lu)) return false;
  Map<T>(x, n, k) = lu.solve(ConstMap<T>(b, n, k));
  return true;
}

template <class T>
void triangular_solve(const T* a, const T* b, std::int64_t n, std::int64_t k, bool lower, bool adjoint, T* x) {
  if (n == 0 || k == 0) return;
  const ConstMap<T> m(a, n, n);
  Map<T> out(x, n, k);
  out = ConstMap<T>(b, n, k);
  if (lower && !adjoint) m.template triangularView<Eigen::Lower>().solveInPlace(out);
  else if (lower) m.transpose().template triangularView<Eigen::Upper>().solveInPlace(out);
  else if (!adjoint) m.template triangularView<Eigen::Upper>().solveInPlace(out);
  else m.transpose().template triangularView<Eigen::Lower>().solveInPlace(out);
}

template <class T>
bool cholesky(const T* a, std::int64_t n, T* l) {
  if (n == 0) return true;
  const Eigen::LLT<RowMajor<T>, Eigen::Lower> llt(ConstMap<T>(a, n, n));
  if (llt.info() != Eigen::Success) return false;
  Map<T>(l, n, n) = llt.matrixL();
  return true;
}

#define TFPP_LINALG_INSTANTIATE(T)                                                                             \
  template bool inverse<T>(const T*, std::int64_t, bool, T*);                                                  \
  template void sign_log_abs_determinant<T>(const T*, std::int64_t, T*, T*);                                   \
  template bool solve<T>(const T*, const T*, std::int64_t, std::int64_t, bool, T*);                            \
  template void triangular_solve<T>(const T*, const T*, std::int64_t, std::int64_t, bool, bool, T*);           \
  template bool cholesky<T>(const T*, std::int64_t, T*);
TFPP_LINALG_INSTANTIATE(float)
TFPP_LINALG_INSTANTIATE(double)
#undef TFPP_LINALG_INSTANTIATE

}  // namespace tf::kernels::linalg
