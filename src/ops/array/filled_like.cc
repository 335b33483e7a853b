// tf::zeros_like and tf::ones_like. Eagerly and for fully known static shapes they are constants;
// while tracing a tensor whose static shape is partial they are TensorFlow's ZerosLike / OnesLike
// ops, which follow their input's run-time shape and keep its static one.
#include <algorithm>
#include <complex>

#include "ops/array/gradient_shape_ops.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;

template <class T, int kValue>
void filled_like_kernel(KernelContext& ctx) {
  Tensor& out = ctx.output(0);
  std::fill_n(out.mutable_data<T>(), out.num_elements(), static_cast<T>(kValue));
}

void zeros_like_strings(KernelContext& ctx) {
  Tensor& out = ctx.output(0);
  std::fill_n(out.mutable_data<std::string>(), out.num_elements(), std::string());
}

template <int kValue>
OpBuilder& numeric_kernels(OpBuilder& b) {
  return b.kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, bool, std::complex<float>, std::complex<double>,
                   std::int8_t, std::int16_t, std::uint16_t, std::uint32_t, std::uint64_t>(
      []<class T>() -> KernelFn { return &filled_like_kernel<T, kValue>; });
}

const OpDef& kZerosLike =
    numeric_kernels<0>(OpBuilder("ZerosLike").inputs(1).shape(ops::unchanged_shape).no_gradient())
        .kernel(DType::kString, zeros_like_strings);
const OpDef& kOnesLike = numeric_kernels<1>(OpBuilder("OnesLike").inputs(1).shape(ops::unchanged_shape).no_gradient());

}  // namespace

Tensor ops::array::fill_like(const Tensor& t, const Tensor& value) {
  if (t.shape().is_fully_defined()) return tf::fill(t.shape(), value);
  return fill(shape(t), value);
}

Tensor zeros_like(const Tensor& t) {
  return t.shape().is_fully_defined() ? zeros(t.shape(), t.dtype()) : ops::execute1(kZerosLike, {t});
}
Tensor ones_like(const Tensor& t) {
  return t.shape().is_fully_defined() ? ones(t.shape(), t.dtype()) : ops::execute1(kOnesLike, {t});
}

}  // namespace tf
