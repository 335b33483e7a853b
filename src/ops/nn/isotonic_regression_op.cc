// IsotonicRegression (tf.nn.isotonic_regression): for each vector along the last axis, the
// non-increasing sequence nearest in squared distance, by the pool-adjacent-violators algorithm
// as TensorFlow's kernel runs it (pools summed and averaged in the output dtype), with the index
// of each element's pool; and tf::nn::isotonic_regression, which moves the axis last and flips
// the sign for increasing fits as TensorFlow's wrapper does.
#include <Eigen/Core>
#include <array>
#include <limits>
#include <optional>
#include <vector>

#include "kernels/cpu/parallel.h"
#include "ops/allowed_dtypes.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/array_ops.h"
#include "tfpp/isotonic_regression.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using I64 = std::int64_t;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpDef;
using ops::ShapeContext;

enum IsotonicAttr { kOutputDtype };

// The output dtype TensorFlow registers a kernel for, given the input's (none for unsigned inputs).
std::optional<DType> kernel_output(DType input) {
  switch (input) {
    case DType::kFloat16: case DType::kBFloat16: case DType::kFloat32: case DType::kFloat64: return input;
    case DType::kInt8: case DType::kInt16: return float32;
    case DType::kInt32: case DType::kInt64: return float64;
    default: return std::nullopt;
  }
}

void isotonic_regression_shape(ShapeContext& ctx) {
  const Tensor& input = ctx.input(0);
  const DType out = ctx.attr<DType>(kOutputDtype);
  ops::check_type_attr(ctx, input.dtype(),
                       std::array{DType::kFloat32, DType::kFloat64, DType::kInt32, DType::kUInt8, DType::kInt16,
                                  DType::kInt8, DType::kInt64, DType::kBFloat16, DType::kUInt16, DType::kFloat16,
                                  DType::kUInt32, DType::kUInt64});
  if (!is_floating(out))
    ctx.fail("Value for attr 'output_dtype' of " + std::string(dtype_name(out)) +
             " is not in the list of allowed values: half, bfloat16, float, double");
  if (kernel_output(input.dtype()) != out)
    throw NotFoundError("[IsotonicRegression] no CPU kernel for input " + std::string(dtype_name(input.dtype())) +
                        " with output_dtype " + std::string(dtype_name(out)) +
                        " (TensorFlow's: float types to themselves, int8 and int16 to float32, int32 and int64 to float64)");
  ctx.add_output(out, input.shape());
  ctx.add_output(int32, input.shape());
}

// A run of consecutive elements [start, limit) and the mean of their inputs.
template <class T>
struct Pool {
  I64 start, limit;
  T sum, mean;
};

// One vector: each element starts a pool, merged into the previous one while their means increase.
template <class In, class Out>
void solve_row(const In* x, Out* y, std::int32_t* segments, I64 n, std::vector<Pool<Out>>& pools) {
  pools.clear();
  for (I64 i = 0; i < n; ++i) {
    const Out v = static_cast<Out>(x[i]);
    pools.push_back({i, i + 1, v, v});
    while (pools.size() > 1 && pools.back().mean > pools[pools.size() - 2].mean) {
      Pool<Out>& prev = pools[pools.size() - 2];
      prev.limit = pools.back().limit;
      prev.sum += pools.back().sum;
      prev.mean = prev.sum / static_cast<Out>(static_cast<int>(prev.limit - prev.start));
      pools.pop_back();
    }
  }
  std::int32_t id = 0;
  for (const Pool<Out>& p : pools) {
    for (I64 i = p.start; i < p.limit; ++i) y[i] = p.mean, segments[i] = id;
    ++id;
  }
}

template <class In>
void isotonic_regression_kernel(KernelContext& ctx) {
  using Out = std::conditional_t<std::is_floating_point_v<In> || !std::is_integral_v<In>, In,
                                 std::conditional_t<(sizeof(In) <= 2), float, double>>;
  const Tensor& input = ctx.input(0);
  const TensorShape& s = input.shape();
  const I64 n = s.rank() == 0 ? 1 : s.dim(s.rank() - 1);
  if (input.num_elements() == 0) return;
  if (n > std::numeric_limits<std::int32_t>::max() || input.num_elements() / n > std::numeric_limits<std::int32_t>::max())
    ctx.fail("Tensor too large: " + s.debug_string());
  const In* x = input.data<In>();
  Out* y = ctx.output(0).mutable_data<Out>();
  std::int32_t* segments = ctx.output(1).mutable_data<std::int32_t>();
  kernels::parallel_for(input.num_elements() / n, std::max<I64>(1, 4096 / n), [&](I64 begin, I64 end) {
    std::vector<Pool<Out>> pools;
    for (I64 r = begin; r < end; ++r) solve_row(x + r * n, y + r * n, segments + r * n, n, pools);
  });
}

const OpDef& kIsotonicRegression = ops::OpBuilder("IsotonicRegression").inputs(1).attrs({"output_dtype"})
    .shape(isotonic_regression_shape)
    .kernels<Eigen::half, Eigen::bfloat16, float, double, std::int8_t, std::int16_t, std::int32_t, I64>(
        []<class T>() -> KernelFn { return &isotonic_regression_kernel<T>; });

// TensorFlow's type_promotions: float types to themselves, int8 and int16 to float32, others to float64.
DType output_dtype_for(DType input) {
  if (is_floating(input)) return input;
  return input == int8 || input == int16 ? float32 : float64;
}

ops::Outputs run_op(const Tensor& x) {
  const ops::AttrValue attrs[] = {output_dtype_for(x.dtype())};
  return ops::execute(kIsotonicRegression, {x}, attrs);
}

}  // namespace

namespace nn {

IsotonicRegressionResult isotonic_regression(const Tensor& inputs, const IsotonicRegressionOptions& options) {
  if (inputs.shape().has_unknown_rank() && options.axis != -1)
    throw InvalidArgumentError("[IsotonicRegression] an axis other than -1 needs a known rank, got shape " +
                               inputs.shape().debug_string());
  const int rank = inputs.shape().has_unknown_rank() ? 0 : inputs.shape().rank();
  const bool last = options.axis == -1 || options.axis == rank - 1;
  if (!last && (options.axis < -rank || options.axis >= rank))
    throw InvalidArgumentError("[IsotonicRegression] `dim` must be in the range [" + std::to_string(-rank) + ", " +
                               std::to_string(rank) + ") where " + std::to_string(rank) +
                               " is the number of dimensions in the input. Received: dim=" + std::to_string(options.axis));
  std::vector<I64> perm(static_cast<std::size_t>(rank));
  for (int i = 0; i < rank; ++i) perm[static_cast<std::size_t>(i)] = i;
  if (!last) std::swap(perm[static_cast<std::size_t>((options.axis + rank) % rank)], perm.back());
  const Tensor moved = last ? inputs : transpose(inputs, perm);
  ops::Outputs out = run_op(options.decreasing ? moved : negative(moved));
  if (!options.decreasing) out[0] = negative(out[0]);
  if (!last) out[0] = transpose(out[0], perm), out[1] = transpose(out[1], perm);
  return {std::move(out[0]), std::move(out[1])};
}

}  // namespace nn
}  // namespace tf
