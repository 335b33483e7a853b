// MatrixSquareRoot and MatrixLogarithm: Eigen's MatrixFunctions module on each matrix, as
// TensorFlow's kernels (a real Schur decomposition for real square roots, a complex one otherwise).
// TensorFlow registers MatrixLogarithm for complex dtypes only: the real logarithm of a matrix
// with negative eigenvalues is not real, and checking for them costs too much.
#include <Eigen/Dense>
#include <complex>
#include <unsupported/Eigen/MatrixFunctions>

#include "ops/execute.h"
#include "ops/linalg/linalg_shapes.h"
#include "tfpp/linalg_matrix_functions.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

template <class T>
using RowMajor = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

void square_matrices_shape(ShapeContext& ctx) {
  ctx.add_output(ctx.input(0).dtype(), ops::linalg::check_square_matrices(ctx, 0));
}

// Applies Eigen's matrix function `f` (sqrt or log) to each matrix of input 0.
template <class T, class F>
void each_matrix(KernelContext& ctx, F f) {
  const TensorShape& s = ctx.input(0).shape();
  const std::int64_t n = s.dim(-1);
  if (n == 0) return;
  const T* in = ctx.input(0).data<T>();
  T* out = ctx.output(0).mutable_data<T>();
  ops::linalg::for_each_matrix(ops::linalg::num_matrices(s), 30 * n * n * n, [&](std::int64_t b) {
    const RowMajor<T> a = Eigen::Map<const RowMajor<T>>(in + b * n * n, n, n);
    Eigen::Map<RowMajor<T>>(out + b * n * n, n, n) = f(a);
  });
}

template <class T>
void sqrt_kernel(KernelContext& ctx) {
  each_matrix<T>(ctx, [](const RowMajor<T>& a) -> RowMajor<T> { return a.sqrt(); });
}

template <class T>
void log_kernel(KernelContext& ctx) {
  each_matrix<T>(ctx, [](const RowMajor<T>& a) -> RowMajor<T> { return a.log(); });
}

const OpDef& kMatrixSquareRoot =
    OpBuilder("MatrixSquareRoot").inputs(1).shape(square_matrices_shape)
        .kernels<float, double, std::complex<float>, std::complex<double>>([]<class T>() -> KernelFn { return &sqrt_kernel<T>; });
const OpDef& kMatrixLogarithm =
    OpBuilder("MatrixLogarithm").inputs(1).shape(square_matrices_shape)
        .kernels<std::complex<float>, std::complex<double>>([]<class T>() -> KernelFn { return &log_kernel<T>; });

}  // namespace

namespace linalg {

Tensor sqrtm(const Tensor& input) { return ops::execute1(kMatrixSquareRoot, {input}); }

Tensor logm(const Tensor& input) { return ops::execute1(kMatrixLogarithm, {input}); }

}  // namespace linalg
}  // namespace tf
