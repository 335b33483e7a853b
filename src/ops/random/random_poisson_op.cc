// RandomPoissonV2: Poisson(rate) samples as TensorFlow's kernel draws them (sample o uses the
// Philox stream from block 256 o): Knuth's multiplication method below rate 10, Hormann's
// transformed rejection above, in double; StatelessRandomPoisson, the same from a seed; and
// tf::random::poisson / stateless_poisson.
#include <cmath>
#include <limits>

#include "kernels/cpu/parallel.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/random/philox_doubles.h"
#include "ops/random/random_seed.h"
#include "ops/random/stateless_seed.h"
#include "tfpp/random_distributions.h"
#include "tfpp/random_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpDef;
using ops::ShapeContext;

enum PoissonAttr { kShape, kDtype, kSeed, kSeed2 };

bool numeric(DType d) { return is_floating(d) || is_index_dtype(d); }

// The rate is input `kRate`. RandomPoissonV2's samples have shape `shape` + rate.shape;
// StatelessRandomPoisson's (rate after the seed) have shape `shape`, which must end with rate's.
template <int kRate>
void poisson_shape(ShapeContext& ctx) {
  if (kRate == 1) ops::check_stateless_seed(ctx, 0);
  const Tensor& rate = ctx.input(kRate);
  const DType dtype = ctx.attr<DType>(kDtype);
  if (!numeric(rate.dtype())) ctx.fail("rate must be float32, float64, int32 or int64, got " + ops::array::describe(rate));
  if (!numeric(dtype)) ctx.fail("unsupported dtype " + std::string(dtype_name(dtype)));
  ops::add_sampler_output(ctx, ctx.attr<TensorShape>(kShape), rate.shape(), dtype, kRate == 1);
}

// Knuth: the number of uniform factors before their product drops to exp(-rate).
double knuth(double rate, kernels::Philox gen, double highest) {
  ops::DoublePairs uniform;
  const double exp_neg_rate = std::exp(-rate);
  double prod = 1, x = 0;
  while (true) {
    prod *= uniform.uniform(gen);
    if (prod <= exp_neg_rate && x <= highest) return x;
    x += 1;
  }
}

// Hormann's transformed rejection with TensorFlow's constants.
double hormann(double rate, kernels::Philox gen) {
  ops::DoublePairs uniform;
  const double log_rate = std::log(rate);
  const double b = 0.931 + 2.53 * std::sqrt(rate), a = -0.059 + 0.02483 * b;
  const double inv_alpha = 1.1239 + 1.1328 / (b - 3.4);
  while (true) {
    const double u = uniform.uniform(gen) - 0.5;
    const double v = uniform.uniform(gen);
    const double u_shifted = 0.5 - std::abs(u);
    const double k = std::floor((2 * a / u_shifted + b) * u + rate + 0.43);
    if (k < 0) continue;
    if (u_shifted >= 0.07 && v <= 0.9277 - 3.6224 / (b - 2)) return k;  // the rectangle under the curve
    if (k > 0 && u_shifted < 0.013 && v > u_shifted) continue;
    const double s = std::log(v * inv_alpha / (a / (u_shifted * u_shifted) + b));
    const double t = -rate + k * log_rate - std::lgamma(k + 1);
    if (s <= t) return k;
  }
}

template <class R, class U>
void fill_poisson(const Tensor& rate, kernels::Philox base, Tensor& out) {
  const std::int64_t num_rates = rate.num_elements();
  if (num_rates == 0 || out.num_elements() == 0) return;
  const std::int64_t per_rate = out.num_elements() / num_rates;
  const R* r = rate.data<R>();
  U* y = out.mutable_data<U>();
  const double highest = static_cast<double>(std::numeric_limits<U>::max());
  kernels::parallel_for(out.num_elements(), 200, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t o = begin; o < end; ++o) {
      const std::int64_t i = o / per_rate, s = o % per_rate;
      const double lambda = static_cast<double>(r[i]);
      double k;
      if (lambda == 0) k = 0;
      else if (lambda < 10) k = knuth(lambda, ops::sample_generator(base, o), highest);
      else if (std::isinf(lambda)) k = std::numeric_limits<double>::infinity();
      else k = hormann(lambda, ops::sample_generator(base, o));
      y[s * num_rates + i] = static_cast<U>(k);
    }
  });
}

template <class R>
void fill_counts(const Tensor& rate, kernels::Philox base, Tensor& out) {
  switch (out.dtype()) {
    case DType::kFloat32: return fill_poisson<R, float>(rate, base, out);
    case DType::kFloat64: return fill_poisson<R, double>(rate, base, out);
    case DType::kInt32: return fill_poisson<R, std::int32_t>(rate, base, out);
    default: return fill_poisson<R, std::int64_t>(rate, base, out);
  }
}

void fill_any(const Tensor& rate, kernels::Philox base, Tensor& out) {
  switch (rate.dtype()) {
    case DType::kFloat32: return fill_counts<float>(rate, base, out);
    case DType::kFloat64: return fill_counts<double>(rate, base, out);
    case DType::kInt32: return fill_counts<std::int32_t>(rate, base, out);
    default: return fill_counts<std::int64_t>(rate, base, out);
  }
}

void poisson_kernel(KernelContext& ctx) {
  fill_any(ctx.input(0),
           ops::reserve_philox(ctx, ctx.attr<std::int64_t>(kSeed), ctx.attr<std::int64_t>(kSeed2),
                               ops::blocks_for_outputs(ctx.output(0).num_elements())),
           ctx.output(0));
}
void stateless_poisson_kernel(KernelContext& ctx) {
  fill_any(ctx.input(1), ops::stateless_philox(ctx.input(0)), ctx.output(0));
}

const OpDef& kRandomPoissonV2 = ops::OpBuilder("RandomPoissonV2").inputs(1).attrs({"shape", "dtype", "seed", "seed2"})
    .shape(poisson_shape<0>).stateful().no_gradient()
    .kernel(float32, poisson_kernel).kernel(float64, poisson_kernel).kernel(int32, poisson_kernel).kernel(int64, poisson_kernel);
// Dispatched on the seed's dtype.
const OpDef& kStatelessRandomPoisson = ops::OpBuilder("StatelessRandomPoisson").inputs(2).attrs({"shape", "dtype"})
    .shape(poisson_shape<1>).no_gradient().kernel(int32, stateless_poisson_kernel).kernel(int64, stateless_poisson_kernel);

}  // namespace

namespace random {

Tensor poisson(const TensorShape& shape, const Tensor& lam, const PoissonOptions& options) {
  const auto [seed, seed2] = get_seed(options.seed);
  const ops::AttrValue attrs[] = {shape, options.dtype, seed, seed2,
                                  ops::random_stream(kRandomPoissonV2, options.dtype, seed, seed2)};
  return ops::execute1(kRandomPoissonV2, {lam}, attrs);
}

Tensor stateless_poisson(const TensorShape& shape, const IntArray& seed, const Tensor& lam, DType dtype) {
  const ops::AttrValue attrs[] = {shape, dtype};
  return ops::execute1(kStatelessRandomPoisson, {seed.tensor(), lam}, attrs);
}

}  // namespace random
}  // namespace tf
