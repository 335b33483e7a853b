// StatelessRandomBinomial: Binomial(count, prob) samples from a seed as TensorFlow's kernel draws
// them: inversion (summing geometric variables) when count * min(p, 1-p) < 10, each sample from
// block 42 * output of the Philox stream, else Hormann's BTRS, from block 256 * output; and
// tf::random::stateless_binomial.
#include <algorithm>
#include <cmath>
#include <limits>

#include "kernels/cpu/parallel.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/random/philox_doubles.h"
#include "ops/random/stateless_seed.h"
#include "tfpp/array_ops.h"
#include "tfpp/broadcast_ops.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/random_distributions.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpDef;
using ops::ShapeContext;

enum BinomialAttr { kShape, kDtype };
constexpr std::uint64_t kInversionBlocks = 42;  // mean and variance <= 10: 10 deviations need ~42 draws

void binomial_shape(ShapeContext& ctx) {
  ops::check_stateless_seed(ctx, 0);
  const Tensor &counts = ctx.input(1), &probs = ctx.input(2);
  if (!is_floating(counts.dtype()) || probs.dtype() != counts.dtype())
    ctx.fail("counts and probs must be float32 or float64 of one dtype, got " + ops::array::describe(counts) + " and " +
             ops::array::describe(probs));
  if (counts.shape() != probs.shape())
    ctx.fail("counts and probs must have one shape, got " + ops::array::describe(counts) + " and " +
             ops::array::describe(probs));
  const DType dtype = ctx.attr<DType>(kDtype);
  if (!is_floating(dtype) && !is_index_dtype(dtype)) ctx.fail("unsupported dtype " + std::string(dtype_name(dtype)));
  ops::add_sampler_output(ctx, ctx.attr<TensorShape>(kShape), counts.shape(), dtype, true);
}

// The number of geometric(prob) variables whose sum stays within count.
double inversion(double count, double prob, kernels::Philox gen) {
  ops::DoublePairs uniform;
  double geom_sum = 0;
  int num_geom = 0;
  while (true) {
    geom_sum += std::ceil(std::log(uniform.uniform(gen)) / std::log1p(-prob));
    if (geom_sum > count) return num_geom;
    ++num_geom;
  }
}

// log(k!) - Stirling's approximation of it.
double stirling_tail(double k) {
  static constexpr double kTail[] = {0.0810614667953272,  0.0413406959554092,  0.0276779256849983, 0.02079067210376509,
                                     0.0166446911898211,  0.0138761288230707,  0.0118967099458917, 0.0104112652619720,
                                     0.00925546218271273, 0.00833056343336287};
  if (k <= 9) return kTail[static_cast<int>(k)];
  const double kp1sq = (k + 1) * (k + 1);
  return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1);
}

// Hormann's BTRS transformed rejection, with TensorFlow's constants.
double btrs(double count, double prob, kernels::Philox gen) {
  ops::DoublePairs uniform;
  const double stddev = std::sqrt(count * prob * (1 - prob));
  const double b = 1.15 + 2.53 * stddev, a = -0.0873 + 0.0248 * b + 0.01 * prob, c = count * prob + 0.5;
  const double v_r = 0.92 - 4.2 / b, r = prob / (1 - prob), alpha = (2.83 + 5.1 / b) * stddev;
  const double m = std::floor((count + 1) * prob);
  while (true) {
    double u = uniform.uniform(gen);
    double v = uniform.uniform(gen);
    u -= 0.5;
    const double us = 0.5 - std::abs(u);
    const double k = std::floor((2 * a / us + b) * u + c);
    if (us >= 0.07 && v <= v_r) return k;  // the tight box
    if (k < 0 || k > count) continue;
    v = std::log(v * alpha / (a / (us * us) + b));
    const double bound = (m + 0.5) * std::log((m + 1) / (r * (count - m + 1))) +
                         (count + 1) * std::log((count - m + 1) / (count - k + 1)) +
                         (k + 0.5) * std::log(r * (count - k + 1) / (k + 1)) + stirling_tail(m) +
                         stirling_tail(count - m) - stirling_tail(k) - stirling_tail(count - k);
    if (v <= bound) return k;
  }
}

double sample_binomial(double count, double prob, kernels::Philox base, std::int64_t o) {
  if (count <= 0 || prob <= 0) return 0;
  if (prob >= 1) return count;
  if (std::isnan(prob)) return std::numeric_limits<double>::quiet_NaN();
  const bool flip = prob > 0.5;  // sample the failures
  const double p = flip ? 1 - prob : prob;
  kernels::Philox gen = base;
  double k;
  if (count * p >= 10) {
    k = btrs(count, p, ops::sample_generator(base, o));
  } else {
    gen.skip(kInversionBlocks * static_cast<std::uint64_t>(o));
    k = inversion(count, p, gen);
  }
  return flip ? count - k : k;
}

template <class T, class U>
void fill_binomial(KernelContext& ctx) {
  const Tensor &counts = ctx.input(1), &probs = ctx.input(2);
  Tensor& out = ctx.output(0);
  const std::int64_t batches = counts.num_elements();
  if (batches == 0 || out.num_elements() == 0) return;
  const std::int64_t per_batch = out.num_elements() / batches;
  const kernels::Philox base = ops::stateless_philox(ctx.input(0));
  const T *n = counts.data<T>(), *p = probs.data<T>();
  U* y = out.mutable_data<U>();
  kernels::parallel_for(out.num_elements(), 200, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t o = begin; o < end; ++o) {
      const std::int64_t i = o / per_batch, s = o % per_batch;
      y[s * batches + i] = static_cast<U>(sample_binomial(static_cast<double>(n[i]), static_cast<double>(p[i]), base, o));
    }
  });
}

template <class T>
void binomial_counts(KernelContext& ctx) {
  switch (ctx.output(0).dtype()) {
    case DType::kFloat32: return fill_binomial<T, float>(ctx);
    case DType::kFloat64: return fill_binomial<T, double>(ctx);
    case DType::kInt32: return fill_binomial<T, std::int32_t>(ctx);
    default: return fill_binomial<T, std::int64_t>(ctx);
  }
}

// Dispatched on the seed's dtype; the counts' picks the parameter type.
void binomial_kernel(KernelContext& ctx) {
  if (ctx.input(1).dtype() == float32) binomial_counts<float>(ctx);
  else binomial_counts<double>(ctx);
}

const OpDef& kStatelessRandomBinomial = ops::OpBuilder("StatelessRandomBinomial").inputs(3).attrs({"shape", "dtype"})
    .shape(binomial_shape).no_gradient().kernel(int32, binomial_kernel).kernel(int64, binomial_kernel);

}  // namespace

namespace random {

Tensor stateless_binomial(const TensorShape& shape, const IntArray& seed, const Tensor& counts, const Tensor& probs,
                          DType output_dtype) {
  // Counts and probs broadcast together, to the trailing dimensions of `shape` (TensorFlow's rule).
  const TensorShape &sc = counts.shape(), &sp = probs.shape();
  const int rank = std::max(sc.rank(), sp.rank());
  bool ends_with = rank <= shape.rank();
  std::vector<std::int64_t> dims;
  for (int d = 0; ends_with && d < rank; ++d) {
    const std::int64_t dc = d < rank - sc.rank() ? 1 : sc.dim(d - (rank - sc.rank()));
    const std::int64_t dp = d < rank - sp.rank() ? 1 : sp.dim(d - (rank - sp.rank()));
    const std::int64_t both = dc == 1 ? dp : dc;
    ends_with = (dc == dp || dc == 1 || dp == 1) && both == shape.dim(shape.rank() - rank + d);
    dims.push_back(both);
  }
  if (!ends_with) throw InvalidArgumentError("[StatelessRandomBinomial] Shape passed in must end with broadcasted shape.");
  const Tensor c = broadcast_to(counts, IntArray(dims)), p = broadcast_to(cast(probs, counts.dtype()), IntArray(dims));
  const ops::AttrValue attrs[] = {shape, output_dtype};
  return ops::execute1(kStatelessRandomBinomial, {seed.tensor(), c, p}, attrs);
}

}  // namespace random
}  // namespace tf
