// Eigen's QR, symmetric eigen, SVD and LU decompositions behind kernels/cpu/eigen/decompositions.h.
#include "kernels/cpu/eigen/decompositions.h"

#include <Eigen/Cholesky>
#include <Eigen/Dense>
#include <Eigen/SVD>

#include "kernels/cpu/eigen/row_major.h"

namespace tf::kernels::linalg {
namespace {

template <class T>
using Matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

}  // namespace

template <class T>
void qr(const T* a, std::int64_t m, std::int64_t n, bool full, T* q, T* r) {
  const std::int64_t p = full ? m : std::min(m, n);
  if (m == 0 || n == 0) {  // q is the identity (or empty), r empty or zero
    Map<T>(q, m, p) = Matrix<T>::Identity(m, p);
    Map<T>(r, p, n).setZero();
    return;
  }
  const Eigen::HouseholderQR<Matrix<T>> h{Matrix<T>(ConstMap<T>(a, m, n))};
  Map<T>(q, m, p) = h.householderQ() * Matrix<T>::Identity(m, p);
  Map<T>(r, p, n) = h.matrixQR().topRows(p).template triangularView<Eigen::Upper>();
}

template <class T>
bool self_adjoint_eig(const T* a, std::int64_t n, T* e, T* v) {
  if (n == 0) return true;
  const Eigen::SelfAdjointEigenSolver<Matrix<T>> eig(Matrix<T>(ConstMap<T>(a, n, n)),
                                                     v ? Eigen::ComputeEigenvectors : Eigen::EigenvaluesOnly);
  if (eig.info() != Eigen::Success) return false;
  Eigen::Map<Eigen::Matrix<T, Eigen::Dynamic, 1>>(e, n) = eig.eigenvalues();
  if (v) Map<T>(v, n, n) = eig.eigenvectors();
  return true;
}

template <class T>
void svd(const T* a, std::int64_t m, std::int64_t n, bool full, T* s, T* u, T* v) {
  const std::int64_t p = std::min(m, n);
  const std::int64_t pu = full ? m : p, pv = full ? n : p;
  if (p == 0) {  // no singular values; full singular vectors are the identity
    if (u) Map<T>(u, m, pu) = Matrix<T>::Identity(m, pu);
    if (v) Map<T>(v, n, pv) = Matrix<T>::Identity(n, pv);
    return;
  }
  const unsigned options = !u ? 0u : full ? (Eigen::ComputeFullU | Eigen::ComputeFullV) : (Eigen::ComputeThinU | Eigen::ComputeThinV);
  const Eigen::BDCSVD<Matrix<T>> d(Matrix<T>(ConstMap<T>(a, m, n)), options);
  Eigen::Map<Eigen::Matrix<T, Eigen::Dynamic, 1>>(s, p) = d.singularValues();
  if (!u) return;
  Map<T>(u, m, pu) = d.matrixU();
  Map<T>(v, n, pv) = d.matrixV();
}

template <class T, class Index>
bool lu(const T* a, std::int64_t n, T* out, Index* perm) {
  if (n == 0) return true;
  const Eigen::PartialPivLU<Matrix<T>> d{Matrix<T>(ConstMap<T>(a, n, n))};
  if (!(d.matrixLU().diagonal().cwiseAbs().minCoeff() > T(0))) return false;
  Map<T>(out, n, n) = d.matrixLU();
  // Eigen's P moves row i of a to row indices[i] of P a = L U; perm is its inverse.
  const auto& indices = d.permutationP().indices();
  for (std::int64_t i = 0; i < n; ++i) perm[indices[i]] = static_cast<Index>(i);
  return true;
}

template <class T>
bool least_squares(const T* a, const T* b, std::int64_t m, std::int64_t n, std::int64_t k, T l2, bool fast, T* x) {
  Map<T> out(x, n, k);
  if (m == 0 || n == 0 || k == 0) {
    out.setZero();
    return true;
  }
  const Matrix<T> am = ConstMap<T>(a, m, n), bm = ConstMap<T>(b, m, k);
  if (!fast) {
    out = Eigen::CompleteOrthogonalDecomposition<Matrix<T>>(am).solve(bm);
    return true;
  }
  const bool tall = m >= n;
  Matrix<T> gram = tall ? Matrix<T>(am.transpose() * am) : Matrix<T>(am * am.transpose());
  gram.diagonal().array() += l2;
  const Eigen::LLT<Matrix<T>, Eigen::Lower> llt(gram);
  if (llt.info() != Eigen::Success) return false;
  if (tall) out = llt.solve(am.transpose() * bm);
  else out = am.transpose() * llt.solve(bm);
  return true;
}

#define TFPP_DECOMPOSITIONS_INSTANTIATE(T)                                                       \
  template void qr<T>(const T*, std::int64_t, std::int64_t, bool, T*, T*);                        \
  template bool self_adjoint_eig<T>(const T*, std::int64_t, T*, T*);                              \
  template void svd<T>(const T*, std::int64_t, std::int64_t, bool, T*, T*, T*);                   \
  template bool lu<T, std::int32_t>(const T*, std::int64_t, T*, std::int32_t*);                   \
  template bool lu<T, std::int64_t>(const T*, std::int64_t, T*, std::int64_t*);                   \
  template bool least_squares<T>(const T*, const T*, std::int64_t, std::int64_t, std::int64_t, T, bool, T*);
TFPP_DECOMPOSITIONS_INSTANTIATE(float)
TFPP_DECOMPOSITIONS_INSTANTIATE(double)
#undef TFPP_DECOMPOSITIONS_INSTANTIATE

}  // namespace tf::kernels::linalg
