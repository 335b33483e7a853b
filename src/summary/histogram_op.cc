// SummaryHistogramBuckets: TensorBoard's histogram bucketing (tensorboard/plugins/histogram,
// summary_v2's _buckets) as one kernel: bucket_count equal-width buckets from min to max, a
// value in bucket floor((x - min) / width) (the last bucket also takes max); a single distinct
// value puts every count in the last bucket with both edges at that value; empty data gives
// zeros.
#include <algorithm>
#include <cmath>
#include <limits>

#include "ops/execute.h"
#include "summary/summary_ops.h"

namespace tf::summary::detail {
namespace {

template <class T>
void histogram_kernel(ops::KernelContext& ctx) {
  const Tensor& data = ctx.input(0);
  const std::int64_t k = std::max<std::int64_t>(ctx.attr<std::int64_t>(0), 0);
  double* out = ctx.output(0).mutable_data<double>();
  std::fill(out, out + 3 * k, 0.0);
  const std::int64_t n = data.num_elements();
  if (n == 0 || k == 0) return;
  const T* x = data.data<T>();
  // NaNs are not counted: TensorFlow's int cast of floor(NaN) lands outside every bucket.
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  std::int64_t counted = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    if (std::isnan(static_cast<double>(x[i]))) continue;
    ++counted;
    lo = std::min(lo, static_cast<double>(x[i]));
    hi = std::max(hi, static_cast<double>(x[i]));
  }
  if (lo > hi) return;  // only NaNs
  const double range = hi - lo;
  if (range == 0 || !std::isfinite(range)) {
    for (std::int64_t b = 0; b < k; ++b) out[3 * b] = out[3 * b + 1] = hi;
    out[3 * (k - 1) + 2] = static_cast<double>(counted);
    return;
  }
  const double width = range / static_cast<double>(k);
  for (std::int64_t i = 0; i < n; ++i) {
    const double position = std::floor((static_cast<double>(x[i]) - lo) / width);
    if (!std::isfinite(position)) continue;
    out[3 * static_cast<std::int64_t>(std::clamp(position, 0.0, static_cast<double>(k - 1))) + 2] += 1;
  }
  const double step = range / static_cast<double>(k);  // tf.linspace(min, max, k + 1), last edge max
  for (std::int64_t b = 0; b < k; ++b) {
    out[3 * b] = lo + step * static_cast<double>(b);
    out[3 * b + 1] = b + 1 == k ? hi : lo + step * static_cast<double>(b + 1);
  }
}

void histogram_shape(ops::ShapeContext& ctx) {
  const DType d = ctx.input(0).dtype();
  if (!is_numeric(d)) ctx.fail("data must be a real number tensor, got " + std::string(dtype_name(d)));
  ctx.add_output(DType::kFloat64, TensorShape{std::max<std::int64_t>(ctx.attr<std::int64_t>(0), 0), 3});
}

const ops::OpDef& kHistogramBuckets = [] {
  ops::OpBuilder b("SummaryHistogramBuckets");
  b.inputs(1).attrs({"bucket_count"}).shape(histogram_shape).no_gradient();
  b.kernels<float, double, std::int32_t, std::int64_t, std::uint8_t>([]<class T>() { return &histogram_kernel<T>; });
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

}  // namespace

const ops::OpDef& histogram_buckets_op() { return kHistogramBuckets; }

}  // namespace tf::summary::detail
