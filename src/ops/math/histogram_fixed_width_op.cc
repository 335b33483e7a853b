// HistogramFixedWidth (inputs values, value_range, nbins; attr dtype) and the composite
// histogram_fixed_width_bins, binning as TensorFlow does.
#include <algorithm>
#include <array>
#include <cmath>

#include "ops/execute.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/histogram_ops.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void histogram_shape(ShapeContext& ctx) {
  const Tensor &values = ctx.input(0), &range = ctx.input(1), &nbins = ctx.input(2);
  const DType t = values.dtype();
  if (t != float32 && t != float64 && t != int32 && t != int64)
    ctx.fail("values must be float32, float64, int32 or int64, got " + std::string(dtype_name(t)));
  if (range.dtype() != t)
    ctx.fail("value_range must have the values' dtype " + std::string(dtype_name(t)) + ", got " +
             std::string(dtype_name(range.dtype())));
  if (!range.shape().has_unknown_rank() && range.shape() != TensorShape({2}))
    ctx.fail("value_range should be a vector of 2 elements, got shape " + range.shape().debug_string());
  if (nbins.dtype() != int32 || (!nbins.shape().has_unknown_rank() && nbins.rank() != 0))
    ctx.fail("nbins must be an int32 scalar, got " + std::string(dtype_name(nbins.dtype())) + " " + nbins.shape().debug_string());
  const DType out = ctx.attr<DType>(0);
  if (out != int32 && out != int64) ctx.fail("dtype must be int32 or int64, got " + std::string(dtype_name(out)));
  ctx.add_output(out, TensorShape({nbins.is_symbolic() ? None : nbins.item<std::int32_t>()}));
}

template <class T>
void histogram_kernel(KernelContext& ctx) {
  const Tensor& values = ctx.input(0);
  const T* range = ctx.input(1).data<T>();
  const std::int32_t nbins = ctx.input(2).item<std::int32_t>();
  if (nbins <= 0) ctx.fail("nbins should be a positive number, but got '" + std::to_string(nbins) + "'");
  if (!(range[0] < range[1]))
    ctx.fail("value_range should satisfy value_range[0] < value_range[1], but got '[" + std::to_string(range[0]) + ", " +
             std::to_string(range[1]) + "]'");
  // As TensorFlow's kernel: (max(x, lo) - lo) in T, divided by the bin width in double.
  const double step = static_cast<double>(range[1] - range[0]) / nbins;
  std::vector<std::int64_t> counts(static_cast<std::size_t>(nbins));
  const T* v = values.data<T>();
  for (std::int64_t i = 0; i < values.num_elements(); ++i) {
    const double offset = static_cast<double>(std::max(v[i], range[0]) - range[0]);
    const auto bin = static_cast<std::int64_t>(std::min(offset / step, static_cast<double>(nbins - 1)));
    ++counts[static_cast<std::size_t>(bin)];
  }
  Tensor& out = ctx.output(0);
  if (out.dtype() == int32) std::copy(counts.begin(), counts.end(), out.mutable_data<std::int32_t>());
  else std::copy(counts.begin(), counts.end(), out.mutable_data<std::int64_t>());
}

const OpDef& kHistogramFixedWidth = OpBuilder("HistogramFixedWidth").inputs(3).attrs({"dtype"}).shape(histogram_shape)
    .kernels<float, double, std::int32_t, std::int64_t>([]<class T>() -> KernelFn { return &histogram_kernel<T>; })
    .no_gradient();

}  // namespace

Tensor histogram_fixed_width(const Tensor& values, const Tensor& value_range, std::int64_t nbins, DType dtype) {
  const std::array<ops::AttrValue, 1> attrs{dtype};
  return ops::execute1(kHistogramFixedWidth, {values, value_range, constant(static_cast<std::int32_t>(nbins))}, attrs);
}

Tensor histogram_fixed_width_bins(const Tensor& values, const Tensor& value_range, std::int64_t nbins) {
  if (nbins <= 0) throw InvalidArgumentError("[histogram_fixed_width_bins] nbins must be > 0, got " + std::to_string(nbins));
  const Tensor lo = gather(value_range, IntArray({0})), hi = gather(value_range, IntArray({1}));
  const Tensor n = cast(constant(static_cast<std::int32_t>(nbins)), values.dtype());
  const Tensor scaled = (values - reshape(lo, {})) / (reshape(hi, {}) - reshape(lo, {}));
  const Tensor bins = math::floor(n * scaled);
  return cast(clip_by_value(bins, zeros_like(bins), n - cast(constant(1), values.dtype())), int32);
}

}  // namespace tf
