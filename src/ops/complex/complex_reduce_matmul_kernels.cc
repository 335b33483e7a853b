// complex64 / complex128 kernels of Sum, Prod, Mean, Cumsum, Cumprod, SumToShape (gradients of broadcasting),
// MatMul and BatchMatMulV2. The shape
// functions of the ops (ops/reduce, ops/linalg) have validated the inputs.
#include <Eigen/Core>
#include <algorithm>
#include <array>
#include <complex>
#include <vector>

#include "core/tensor_impl.h"
#include "ops/array/array_common.h"
#include "ops/complex/batch_matrices.h"
#include "ops/late_kernels.h"

namespace tf::ops {
namespace {

// out[j] = sum (or product) of the elements of `in` that map to output element j, the axes
// marked in `reduced` being summed over (their output extent is 1).
template <class C>
void reduce_axes(const C* in, const TensorShape& shape, const std::array<bool, kMaxRank>& reduced, C* out,
                 std::int64_t out_size, bool product) {
  std::fill_n(out, out_size, product ? C(1) : C(0));
  const int rank = shape.rank();
  std::array<std::int64_t, kMaxRank> out_stride{};
  std::int64_t stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    out_stride[d] = reduced[d] ? 0 : stride;
    if (!reduced[d]) stride *= shape.dim(d);
  }
  std::array<std::int64_t, kMaxRank> index{};
  const std::int64_t n = shape.num_elements();
  std::int64_t j = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    out[j] = product ? out[j] * in[i] : out[j] + in[i];
    for (int d = rank - 1; d >= 0; --d) {  // odometer step
      j += out_stride[d];
      if (++index[d] < shape.dim(d)) break;
      j -= out_stride[d] * index[d];
      index[d] = 0;
    }
  }
}

// The axes a Sum / Prod / Mean call reduces (attribute 0: the axes, or none for all).
std::array<bool, kMaxRank> attr_axes(const KernelContext& ctx, int rank) {
  std::array<bool, kMaxRank> reduced{};
  const auto* axes = std::get_if<std::vector<std::int64_t>>(&ctx.attrs()[0]);
  for (int d = 0; d < rank; ++d) reduced[d] = axes == nullptr;
  if (axes)
    for (std::int64_t a : *axes) reduced[a < 0 ? a + rank : a] = true;
  return reduced;
}

template <class C, bool kProduct, bool kMean>
void reduce_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  Tensor& out = ctx.output(0);
  C* y = out.mutable_data<C>();
  reduce_axes(in.data<C>(), in.shape(), attr_axes(ctx, in.rank()), y, out.num_elements(), kProduct);
  if constexpr (kMean) {
    const std::int64_t count = out.num_elements() ? in.num_elements() / out.num_elements() : 0;
    for (std::int64_t i = 0; i < out.num_elements(); ++i) y[i] /= C(static_cast<typename C::value_type>(count));
  }
}

template <class C>
void sum_to_shape_kernel(KernelContext& ctx) {
  const Tensor& grad = ctx.input(0);
  const std::vector<std::int64_t> dims = array::int_values(ctx.input(1));
  TensorShape target;
  for (std::int64_t d : dims) target.append(d);
  const int lead = grad.rank() - target.rank();
  std::array<bool, kMaxRank> reduced{};
  for (int d = 0; d < grad.rank(); ++d) reduced[d] = d < lead || target.dim(d - lead) != grad.shape().dim(d);
  Tensor out = core::empty(grad.dtype(), target);
  reduce_axes(grad.data<C>(), grad.shape(), reduced, out.mutable_data<C>(), out.num_elements(), false);
  ctx.output(0) = std::move(out);
}

// Cumsum / Cumprod (attributes axis, exclusive, reverse): running sums or products along the axis.
template <class C, bool kProduct>
void scan_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const std::int64_t axis = ctx.attr<std::int64_t>(0);
  const int a = static_cast<int>(axis < 0 ? axis + in.rank() : axis);
  const bool exclusive = ctx.attr<bool>(1), reverse = ctx.attr<bool>(2);
  std::int64_t outer = 1, inner = 1;
  for (int d = 0; d < a; ++d) outer *= in.shape().dim(d);
  for (int d = a + 1; d < in.rank(); ++d) inner *= in.shape().dim(d);
  const std::int64_t n = in.rank() ? in.shape().dim(a) : 1;
  const C* x = in.data<C>();
  C* y = ctx.output(0).mutable_data<C>();
  for (std::int64_t o = 0; o < outer; ++o)
    for (std::int64_t j = 0; j < inner; ++j) {
      C acc = kProduct ? C(1) : C(0);
      for (std::int64_t step = 0; step < n; ++step) {
        const std::int64_t i = (o * n + (reverse ? n - 1 - step : step)) * inner + j;
        if (exclusive) y[i] = acc;
        acc = kProduct ? acc * x[i] : acc + x[i];
        if (!exclusive) y[i] = acc;
      }
    }
}

// a @ b per batch element; the transpose attributes transpose without conjugating, as tfpp's
// real MatMul and BatchMatMulV2 read both attributes (tf::matmul's transpose_a / transpose_b).
template <class C>
void matmul_kernel(KernelContext& ctx) {
  using Matrix = Eigen::Matrix<C, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  using Map = Eigen::Map<const Matrix>;
  const Tensor &a = ctx.input(0), &b = ctx.input(1);
  Tensor& out = ctx.output(0);
  const bool ta = ctx.attr<bool>(0), tb = ctx.attr<bool>(1);
  const std::int64_t m = out.shape().dim(-2), n = out.shape().dim(-1);
  const std::int64_t batches = m * n != 0 ? out.num_elements() / (m * n) : 0;
  const std::int64_t ar = a.shape().dim(-2), ac = a.shape().dim(-1), br = b.shape().dim(-2), bc = b.shape().dim(-1);
  for (std::int64_t k = 0; k < batches; ++k) {
    const Map ma(a.data<C>() + batch_offset(k, a.shape(), out.shape()), ar, ac);
    const Map mb(b.data<C>() + batch_offset(k, b.shape(), out.shape()), br, bc);
    Eigen::Map<Matrix> y(out.mutable_data<C>() + k * m * n, m, n);
    if (ta && tb) y.noalias() = ma.transpose() * mb.transpose();
    else if (ta) y.noalias() = ma.transpose() * mb;
    else if (tb) y.noalias() = ma * mb.transpose();
    else y.noalias() = ma * mb;
  }
}

template <class C>
bool register_for() {
  constexpr DType d = dtype_of<C>();
  add_kernel("Sum", d, &reduce_kernel<C, false, false>);
  add_kernel("Prod", d, &reduce_kernel<C, true, false>);
  add_kernel("Mean", d, &reduce_kernel<C, false, true>);
  add_kernel("SumToShape", d, &sum_to_shape_kernel<C>);
  add_kernel("Cumsum", d, &scan_kernel<C, false>);
  add_kernel("Cumprod", d, &scan_kernel<C, true>);
  add_kernel("MatMul", d, &matmul_kernel<C>);
  return add_kernel("BatchMatMulV2", d, &matmul_kernel<C>);
}

[[maybe_unused]] const bool kRegistered[] = {register_for<std::complex<float>>(), register_for<std::complex<double>>()};

}  // namespace
}  // namespace tf::ops
