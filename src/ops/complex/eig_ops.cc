// Eig (tf.linalg.eig / eigvals) through Eigen's EigenSolver (real matrices) and ComplexEigenSolver, and complex64 / complex128 kernels of MatrixSolve (Eig's gradient solves with the
// adjoint eigenvectors).
#include "tfpp/linalg_eig.h"

#include <Eigen/Dense>
#include <Eigen/Eigenvalues>
#include <atomic>
#include <complex>
#include <string>

#include "ops/complex/batch_matrices.h"
#include "ops/complex/complex_dtype.h"
#include "ops/execute.h"
#include "ops/late_kernels.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

template <class T>
using RowMajor = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Attributes: compute_v, Tout. Outputs e [..., n] and v [..., n, n] (a scalar without compute_v).
void eig_shape(ShapeContext& ctx) {
  const DType d = ctx.input(0).dtype();
  if (!is_floating(d) && !is_complex(d))
    ctx.fail("expects a float32, float64, complex64 or complex128 input, got " + std::string(dtype_name(d)));
  const DType out = d == DType::kFloat64 || d == DType::kComplex128 ? DType::kComplex128 : DType::kComplex64;
  const TensorShape& s = ctx.input(0).shape();
  if (s.has_unknown_rank()) {
    ctx.add_output(out, s);
    return ctx.add_output(out, ctx.attr<bool>(0) ? s : TensorShape{});
  }
  if (s.rank() < 2) ctx.fail("input must have rank >= 2, got shape " + s.debug_string());
  if (s.dim(-1) != None && s.dim(-2) != None && s.dim(-1) != s.dim(-2))
    ctx.fail("input must be square matrices, got shape " + s.debug_string());
  TensorShape e = s;
  e.remove_dim(s.rank() - 1);
  ctx.add_output(out, e);
  ctx.add_output(out, ctx.attr<bool>(0) ? s : TensorShape{});
}

template <class In>
void eig_kernel(KernelContext& ctx) {
  using C = std::conditional_t<std::is_same_v<In, double> || std::is_same_v<In, std::complex<double>>,
                               std::complex<double>, std::complex<float>>;
  const Tensor& in = ctx.input(0);
  const bool compute_v = ctx.attr<bool>(0);
  const std::int64_t n = in.shape().dim(-1);
  const std::int64_t count = n ? in.num_elements() / (n * n) : 0;
  C* e = ctx.output(0).mutable_data<C>();
  C* v = compute_v ? ctx.output(1).mutable_data<C>() : nullptr;
  for (std::int64_t b = 0; b < count; ++b) {
    const Eigen::Map<const RowMajor<In>> a(in.data<In>() + b * n * n, n, n);
    // Real matrices go through the real solver, as TensorFlow's do: real eigenvalues get real
    // eigenvectors, conjugate pairs conjugate ones, in the real Schur form's order.
    std::conditional_t<std::is_floating_point_v<In>, Eigen::EigenSolver<RowMajor<In>>, Eigen::ComplexEigenSolver<RowMajor<C>>>
        solver(a, compute_v);
    if (solver.info() != Eigen::Success)
      ctx.fail("Eigen decomposition was not successful. The input might not be valid.");
    Eigen::Map<Eigen::Vector<C, Eigen::Dynamic>>(e + b * n, n) = solver.eigenvalues();
    if (compute_v) Eigen::Map<RowMajor<C>>(v + b * n * n, n, n) = solver.eigenvectors();
  }
}

// MatrixSolve for complex matrices: x with matrix @ x = rhs (adjoint: matrix^H @ x = rhs).
template <class C>
void solve_kernel(KernelContext& ctx) {
  const Tensor &m = ctx.input(0), &r = ctx.input(1);
  Tensor& out = ctx.output(0);
  const std::int64_t n = out.shape().dim(-2), k = out.shape().dim(-1);
  const std::int64_t count = n * k != 0 ? out.num_elements() / (n * k) : 0;
  for (std::int64_t b = 0; b < count; ++b) {
    const Eigen::Map<const RowMajor<C>> a(m.data<C>() + ops::batch_offset(b, m.shape(), out.shape()), n, n);
    const Eigen::Map<const RowMajor<C>> rhs(r.data<C>() + ops::batch_offset(b, r.shape(), out.shape()), n, k);
    const Eigen::PartialPivLU<RowMajor<C>> lu(ctx.attr<bool>(0) ? RowMajor<C>(a.adjoint()) : RowMajor<C>(a));
    if (lu.determinant() == C(0)) ctx.fail("Input matrix is not invertible.");
    Eigen::Map<RowMajor<C>>(out.mutable_data<C>() + b * n * k, n, k) = lu.solve(rhs);
  }
}

const OpDef& kEig = OpBuilder("Eig").inputs(1).attrs({"compute_v", "Tout"}).shape(eig_shape)
                        .kernels<float, double, std::complex<float>, std::complex<double>>(
                            []<class T>() -> KernelFn { return &eig_kernel<T>; });

[[maybe_unused]] const bool kSolveKernels[] = {
    ops::add_kernel("MatrixSolve", DType::kComplex64, &solve_kernel<std::complex<float>>),
    ops::add_kernel("MatrixSolve", DType::kComplex128, &solve_kernel<std::complex<double>>)};

ops::Outputs run_eig(const Tensor& tensor, bool compute_v) {
  const DType d = tensor.dtype();
  const ops::AttrValue attrs[] = {compute_v, d == DType::kFloat64 || d == DType::kComplex128 ? complex128 : complex64};
  return ops::execute(kEig, {tensor}, attrs);
}

}  // namespace

namespace linalg {

Eig eig(const Tensor& tensor) {
  ops::Outputs out = run_eig(tensor, true);
  return {out[0], out[1]};
}

Tensor eigvals(const Tensor& tensor) { return run_eig(tensor, false)[0]; }

}  // namespace linalg
}  // namespace tf
