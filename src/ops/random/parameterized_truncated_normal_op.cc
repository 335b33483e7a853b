// StatelessParameterizedTruncatedNormal (tf.random.stateless_parameterized_truncated_normal) and
// ParameterizedTruncatedNormal: truncated normal samples with parameters per batch member, drawn
// by TensorFlow's sampler (truncated_normal_sampler.h) in TensorFlow's shards (Note [TensorFlow's
// shards]), so a seed gives TensorFlow's numbers. The stateless op broadcasts its four parameters
// and lays samples out as [sample dims..., batch dims...]; the stateful one takes scalars or
// vectors along the first dimension.
#include <atomic>
#include <cstdlib>
#include <sched.h>
#include <string>
#include <vector>

#include "kernels/cpu/parallel.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/random/philox_doubles.h"
#include "ops/random/random_seed.h"
#include "ops/random/stateless_seed.h"
#include "ops/random/truncated_normal_sampler.h"
#include "ops/shape_fns.h"
#include "tfpp/parameterized_truncated_normal.h"
#include "tfpp/random_ops.h"

namespace tf {
namespace ops {

std::int64_t tensorflow_block_size(std::int64_t n, double cost, int threads) {
  using I64 = std::int64_t;
  const auto divup = [](I64 a, I64 b) { return (a + b - 1) / b; };
  // Eigen's TensorCostModel: one thread below 2.1e5 cycles of work.
  const double wanted = std::min<double>((n * cost - 100000) / 100000 + 0.9, std::numeric_limits<int>::max());
  if (n <= 1 || threads <= 1 || std::min(threads, std::max(1, static_cast<int>(wanted))) == 1) return n;
  // CalculateParallelForBlock: blocks of about 40000 cycles, at most 4 per thread, then coarsened
  // while that keeps the threads as evenly loaded.
  const auto block_size_f = static_cast<I64>(1.0 / (cost / 40000));
  I64 block_size = std::min(n, std::max(divup(n, 4 * threads), block_size_f));
  const I64 max_block_size = std::min(n, 2 * block_size);
  I64 block_count = divup(n, block_size);
  const auto efficiency = [&](I64 count) {
    return static_cast<double>(count) / static_cast<double>(divup(count, threads) * threads);
  };
  double max_efficiency = efficiency(block_count);
  for (I64 prev_block_count = block_count; max_efficiency < 1.0 && prev_block_count > 1;) {
    const I64 coarser_block_size = divup(n, prev_block_count - 1);
    if (coarser_block_size > max_block_size) break;
    const I64 coarser_block_count = divup(n, coarser_block_size);
    prev_block_count = coarser_block_count;
    const double coarser_efficiency = efficiency(coarser_block_count);
    if (coarser_efficiency + 0.01 >= max_efficiency) {
      block_size = coarser_block_size;
      block_count = coarser_block_count;
      max_efficiency = std::max(max_efficiency, coarser_efficiency);
    }
  }
  return block_size;
}

int tensorflow_intra_op_threads() {
  if (const char* env = std::getenv("TF_NUM_INTRAOP_THREADS"); env && std::atoi(env) > 0) return std::atoi(env);
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return 1;
}

}  // namespace ops

namespace {

using I64 = std::int64_t;
using ops::KernelContext;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

enum StatelessAttr { kShape };
enum StatefulAttr { kStatefulShape, kSeed, kSeed2 };
const char* const kParamNames[] = {"means", "stddevs", "minvals", "maxvals"};

// TensorFlow's cost model of the kernels, in Eigen's cycles: a batch's setup, and one round of
// the uniform sampler (their sum of sqrt, exp and arithmetic costs for float and double).
template <class T> constexpr double kSetupCost = sizeof(T) == 4 ? 53 : 90;
template <class T> constexpr double kRoundCost = sizeof(T) == 4 ? 67 : 84;

// The parameters are inputs first .. first + 3: one float dtype.
DType check_params(const OpContext& ctx, std::size_t first) {
  const DType dtype = ctx.input(first).dtype();
  for (std::size_t i = first; i < first + 4; ++i)
    if (ctx.input(i).dtype() != dtype || (dtype != float32 && dtype != float64))
      ctx.fail("means, stddevs, minvals and maxvals must be float32 or float64 of one dtype, got " +
               ops::array::describe(ctx.input(first)) + ", " + ops::array::describe(ctx.input(first + 1)) + ", " +
               ops::array::describe(ctx.input(first + 2)) + " and " + ops::array::describe(ctx.input(first + 3)));
  return dtype;
}

std::optional<TensorShape> broadcast_params(const OpContext& ctx, std::size_t first) {
  std::optional<TensorShape> shape = ctx.input(first).shape();
  for (std::size_t i = first + 1; shape && i < first + 4; ++i) shape = ops::try_broadcast_shapes(*shape, ctx.input(i).shape());
  return shape;
}

void stateless_shape(ShapeContext& ctx) {
  ops::check_stateless_seed(ctx, 0);
  const DType dtype = check_params(ctx, 1);
  const std::optional<TensorShape> batch = broadcast_params(ctx, 1);
  if (!batch)
    ctx.fail("means, stddevs, minvals, maxvals must have compatible batch dimensions: " +
             ctx.input(1).shape().debug_string() + " vs. " + ctx.input(2).shape().debug_string() + " vs. " +
             ctx.input(3).shape().debug_string() + " vs. " + ctx.input(4).shape().debug_string());
  ops::add_sampler_output(ctx, ctx.attr<TensorShape>(kShape), *batch, dtype, true);
}

// The parameters of `count` batches read at index(b) of each, checked as TensorFlow's kernel does.
template <class T, class Index>
std::vector<ops::TruncatedNormalSampler<T>> samplers(const OpContext& ctx, std::size_t first, I64 count, Index index) {
  std::vector<ops::TruncatedNormalSampler<T>> out;
  out.reserve(static_cast<std::size_t>(count));
  for (I64 b = 0; b < count; ++b) {
    T p[4];
    for (std::size_t i = 0; i < 4; ++i) p[i] = ctx.input(first + i).data<T>()[index(i, b)];
    if (!(p[1] > T(0) && p[2] < p[3] && (std::isfinite(p[2]) || std::isfinite(p[3]))))
      ctx.fail("Invalid parameters: mean " + std::to_string(p[0]) + ", stddev " + std::to_string(p[1]) + ", minval " +
               std::to_string(p[2]) + ", maxval " + std::to_string(p[3]) +
               " (stddev must be positive, minval below maxval, and a bound finite)");
    out.emplace_back(p[0], p[1], p[2], p[3]);
  }
  return out;
}

// Runs shards [begin, end) of `n` items in TensorFlow's blocks (in parallel); fails the op with
// TensorFlow's Internal error when a rejection sampler gave up.
template <class T, class Shard>
void run_shards(const OpContext& ctx, I64 n, double cost, Shard shard) {
  using Failure = typename ops::TruncatedNormalSampler<T>::Failure;
  const I64 block = ops::tensorflow_block_size(n, cost, ops::tensorflow_intra_op_threads());
  if (n == 0) return;
  std::atomic<int> failure{static_cast<int>(Failure::kNone)};
  kernels::parallel_for((n + block - 1) / block, 1, [&](I64 first, I64 last) {
    for (I64 k = first; k < last; ++k) {
      const Failure f = shard(k * block, std::min(n, (k + 1) * block));
      if (f != Failure::kNone) failure = static_cast<int>(f);
    }
  });
  const char* what[] = {"", "randn rejection sampler failed to accept a sample.",
                        "uniform rejection sampler failed to  accept a sample.",
                        "exponential distribution rejection sampler failed to accept a sample."};
  if (failure != static_cast<int>(Failure::kNone))
    throw InternalError("[" + ctx.op().name + "] TruncatedNormal " + what[failure.load()]);
}

template <class T>
void stateless_fill(KernelContext& ctx) {
  const TensorShape& shape = ctx.output(0).shape();
  const TensorShape batch = *broadcast_params(ctx, 1);
  const int sample_dims = shape.rank() - batch.rank();
  I64 per_batch = 1, batches = 1;
  for (int d = 0; d < shape.rank(); ++d) (d < sample_dims ? per_batch : batches) *= shape.dim(d);
  // Each parameter's flat index for batch b: b's coordinates, with 0 where the parameter is broadcast.
  std::vector<std::vector<I64>> strides(4);
  for (std::size_t i = 0; i < 4; ++i) {
    const TensorShape& p = ctx.input(1 + i).shape();
    strides[i].assign(static_cast<std::size_t>(batch.rank()), 0);
    I64 stride = 1;
    for (int d = p.rank() - 1; d >= 0; --d) {
      if (p.dim(d) != 1) strides[i][static_cast<std::size_t>(batch.rank() - p.rank() + d)] = stride;
      stride *= p.dim(d);
    }
  }
  const auto index = [&](std::size_t i, I64 b) {
    I64 flat = 0;
    for (int d = batch.rank() - 1; d >= 0; --d) {
      flat += (b % batch.dim(d)) * strides[i][static_cast<std::size_t>(d)];
      b /= batch.dim(d);
    }
    return flat;
  };
  const auto params = samplers<T>(ctx, 1, batches, index);
  const kernels::Philox base = ops::stateless_philox(ctx.input(0));
  T* out = ctx.output(0).mutable_data<T>();
  constexpr int kCount = ops::PhiloxDistributions<T>::kCount;
  run_shards<T>(ctx, shape.num_elements(), kSetupCost<T> + 2 * kRoundCost<T>, [&](I64 begin, I64 end) {
    kernels::Philox gen = base;
    gen.skip(static_cast<std::uint64_t>((begin * 2 * ops::kTruncatedNormalMaxIterations + kCount - 1) / kCount));
    for (I64 i = begin; i < end;) {
      const I64 b = i / per_batch, s = i % per_batch, count = std::min(per_batch - s, end - i);
      const auto f = params[static_cast<std::size_t>(b)].run(gen, count, [&](I64 k, T v) { out[(s + k) * batches + b] = v; });
      if (f != ops::TruncatedNormalSampler<T>::Failure::kNone) return f;
      i += count;
    }
    return ops::TruncatedNormalSampler<T>::Failure::kNone;
  });
}

// Dispatched on the seed's dtype; the parameters' picks the sampler's type.
void stateless_kernel(KernelContext& ctx) {
  if (ctx.input(1).dtype() == float32) stateless_fill<float>(ctx);
  else stateless_fill<double>(ctx);
}

// All parameters one value: TensorFlow then samples in batches of 100 for parallelism.
bool one_parameter_set(const OpContext& ctx) {
  const auto single = [&](std::size_t i, bool length_one) {
    const TensorShape& s = ctx.input(i).shape();
    return s.rank() == 0 || (length_one && s.dim(0) == 1);
  };
  return single(0, true) && single(1, true) && single(2, false) && single(3, false);
}

void stateful_shape(ShapeContext& ctx) {
  const DType dtype = check_params(ctx, 0);
  const TensorShape& shape = ctx.attr<TensorShape>(kStatefulShape);
  if (!shape.is_fully_defined() || shape.rank() == 0)
    ctx.fail("the shape must be fully defined with at least one dimension, got " + shape.debug_string());
  for (std::size_t i = 0; i < 4; ++i) {
    const TensorShape& p = ctx.input(i).shape();
    if (!p.has_unknown_rank() && p.rank() > 1)
      ctx.fail(std::string("Input ") + kParamNames[i] + " should be a scalar or vector, got shape: " + p.debug_string());
  }
  bool known = true;
  for (std::size_t i = 0; i < 4; ++i) known = known && ctx.input(i).shape().is_fully_defined();
  if (known && !one_parameter_set(ctx))
    for (std::size_t i = 0; i < 4; ++i) {
      const TensorShape& p = ctx.input(i).shape();
      if (p.rank() == 1 && p.dim(0) != 1 && p.dim(0) != shape.dim(0))
        ctx.fail(std::string("Input ") + kParamNames[i] + " should have length 1 or shape[0], got shape: " +
                 p.debug_string());
    }
  ctx.add_output(dtype, shape);
}

template <class T>
void stateful_kernel(KernelContext& ctx) {
  const TensorShape& shape = ctx.output(0).shape();
  const I64 n = shape.num_elements();
  I64 batches = shape.dim(0), per_batch = batches ? n / batches : 1;
  if (one_parameter_set(ctx)) per_batch = 100, batches = (n + 99) / 100;
  const auto index = [&](std::size_t i, I64 b) { return ctx.input(i).num_elements() == 1 ? 0 : b; };
  const auto params = samplers<T>(ctx, 0, batches, index);
  // TensorFlow's kernel reserves room for every batch's rejection rounds.
  const kernels::Philox base = ops::reserve_philox(
      ctx, ctx.attr<I64>(kSeed), ctx.attr<I64>(kSeed2),
      static_cast<std::uint64_t>(batches * 2 * ops::kTruncatedNormalMaxIterations * (per_batch + 3) / 4));
  T* out = ctx.output(0).mutable_data<T>();
  run_shards<T>(ctx, batches, kSetupCost<T> + kRoundCost<T> * 2 * static_cast<double>(per_batch), [&](I64 begin, I64 end) {
    kernels::Philox gen = base;
    gen.skip(static_cast<std::uint64_t>(begin * 2 * ops::kTruncatedNormalMaxIterations * (per_batch + 3) / 4));
    for (I64 b = begin; b < end; ++b) {
      const I64 first = b * per_batch, count = std::min((b + 1) * per_batch, n) - first;
      const auto f = params[static_cast<std::size_t>(b)].run(gen, count, [&](I64 k, T v) { out[first + k] = v; });
      if (f != ops::TruncatedNormalSampler<T>::Failure::kNone) return f;
    }
    return ops::TruncatedNormalSampler<T>::Failure::kNone;
  });
}

const OpDef& kStatelessParameterizedTruncatedNormal =
    ops::OpBuilder("StatelessParameterizedTruncatedNormal").inputs(5).attrs({"shape"}).shape(stateless_shape)
        .kernel(int32, stateless_kernel).kernel(int64, stateless_kernel);
const OpDef& kParameterizedTruncatedNormal =
    ops::OpBuilder("ParameterizedTruncatedNormal").inputs(4).attrs({"shape", "seed", "seed2"}).shape(stateful_shape)
        .stateful().no_gradient().kernel(float32, stateful_kernel<float>).kernel(float64, stateful_kernel<double>);

}  // namespace

namespace random {

Tensor stateless_parameterized_truncated_normal(const TensorShape& shape, const IntArray& seed, const Tensor& means,
                                                const Tensor& stddevs, const Tensor& minvals, const Tensor& maxvals) {
  const ops::AttrValue attrs[] = {shape};
  return ops::execute1(kStatelessParameterizedTruncatedNormal, {seed.tensor(), means, stddevs, minvals, maxvals}, attrs);
}

Tensor parameterized_truncated_normal(const TensorShape& shape, const Tensor& means, const Tensor& stddevs,
                                      const Tensor& minvals, const Tensor& maxvals, std::optional<std::int64_t> seed) {
  const auto [seed1, seed2] = get_seed(seed);
  const ops::AttrValue attrs[] = {shape, seed1, seed2, ops::random_stream(kParameterizedTruncatedNormal, means.dtype(), seed1, seed2)};
  return ops::execute1(kParameterizedTruncatedNormal, {means, stddevs, minvals, maxvals}, attrs);
}

}  // namespace random
}  // namespace tf
