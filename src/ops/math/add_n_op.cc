// AddN: the elementwise sum of one or more tensors of the same dtype and shape.
#include "tfpp/add_n.h"

#include <complex>
#include <algorithm>
#include <string>

#include "ops/execute.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Same dtype; same rank and sizes where both are known (unknown sizes take a known one). Kernels
// check again: a traced output's shape may be static while some input's was not.
TensorShape merged_shape(const ops::OpContext& ctx) {
  if (ctx.num_inputs() == 0) ctx.fail("needs at least one input");
  TensorShape merged = TensorShape::unknown_rank();
  for (std::size_t k = 0; k < ctx.num_inputs(); ++k) {
    const Tensor& t = ctx.input(k);
    if (t.dtype() != ctx.input(0).dtype())
      ctx.fail("inputs must have the same dtype: input 0 is " + std::string(dtype_name(ctx.input(0).dtype())) +
               ", input " + std::to_string(k) + " is " + std::string(dtype_name(t.dtype())));
    const TensorShape& s = t.shape();
    if (s.has_unknown_rank()) continue;
    if (merged.has_unknown_rank()) {
      merged = s;
      continue;
    }
    if (!s.is_compatible_with(merged))
      ctx.fail("inputs must have the same size and shape: input 0: " + ctx.input(0).shape().debug_string() +
               " != input " + std::to_string(k) + ": " + s.debug_string());
    for (int d = 0; d < s.rank(); ++d)
      if (merged.dim(d) == None) merged.set_dim(d, s.dim(d));
  }
  return merged;
}

void add_n_shape(ShapeContext& ctx) { ctx.add_output(ctx.input(0).dtype(), merged_shape(ctx)); }

template <class T>
void add_n_kernel(KernelContext& ctx) {
  merged_shape(ctx);
  Tensor& out = ctx.output(0);
  T* y = out.mutable_data<T>();
  const std::int64_t n = out.num_elements();
  const T* first = ctx.input(0).data<T>();
  std::copy(first, first + n, y);
  for (std::size_t k = 1; k < ctx.num_inputs(); ++k) {
    const T* x = ctx.input(k).data<T>();
    for (std::int64_t i = 0; i < n; ++i) y[i] = static_cast<T>(y[i] + x[i]);
  }
}

const OpDef& kAddN = OpBuilder("AddN").variadic_inputs().shape(add_n_shape)
                         .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t,
                                  std::uint16_t, std::uint32_t, std::uint64_t, std::complex<float>, std::complex<double>>(
                             []<class T>() -> KernelFn { return &add_n_kernel<T>; });

}  // namespace

namespace math {
Tensor add_n(const std::vector<Tensor>& inputs) {
  if (inputs.empty()) throw InvalidArgumentError("[AddN] needs at least one input");
  if (inputs.size() == 1) return identity(inputs[0]);  // as TensorFlow's add_n: no AddN for one input
  return ops::execute(kAddN, inputs)[0];
}
}  // namespace math

}  // namespace tf
