// RandomGamma: Gamma(alpha, 1) samples by Marsaglia and Tsang's transformation-rejection, as
// TensorFlow's kernel draws them (sample o uses the Philox stream from block 256 o; doubles
// from pairs of words, normals by Box-Muller; alpha < 1 boosted by u^(1/alpha)); RandomGammaGrad,
// d sample / d alpha; and tf::random::gamma.
#include <algorithm>
#include <cmath>
#include <limits>

#include "kernels/cpu/eigen/special_functions_eigen.h"
#include "kernels/cpu/parallel.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/math/binary_kernels.h"
#include "ops/random/philox_doubles.h"
#include "ops/random/random_gamma_grad.h"
#include "ops/random/random_seed.h"
#include "ops/random/stateless_seed.h"
#include "tfpp/array_ops.h"
#include "tfpp/broadcast_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/random_distributions.h"
#include "tfpp/random_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpDef;
using ops::ShapeContext;

enum GammaAttr { kShape, kSeed, kSeed2 };

// Alpha is input `kAlpha`. RandomGamma's samples have shape `shape` + alpha.shape;
// StatelessRandomGammaV2's (alpha after the seed) have shape `shape`, which must end with alpha's.
template <int kAlpha>
void gamma_shape(ShapeContext& ctx) {
  if (kAlpha == 1) ops::check_stateless_seed(ctx, 0);
  const Tensor& alpha = ctx.input(kAlpha);
  if (!is_floating(alpha.dtype())) ctx.fail("alpha must be float32 or float64, got " + ops::array::describe(alpha));
  ops::add_sampler_output(ctx, ctx.attr<TensorShape>(kShape), alpha.shape(), alpha.dtype(), kAlpha == 1);
}

// Uniform and normal doubles come from separate pairs, as TensorFlow's two buffers.
double sample_gamma(double alpha, kernels::Philox gen) {
  ops::DoublePairs uniform, normal;
  if (alpha == 1.0) return -std::log1p(-uniform.uniform(gen));  // exponential
  const bool boost = alpha < 1;
  const double d = alpha + (boost ? 2.0 / 3 : -1.0 / 3), c = 1.0 / 3 / std::sqrt(d);
  while (true) {
    const double x = normal.normal(gen);
    double v = 1 + c * x;
    if (v <= 0) continue;
    v = v * v * v;
    const double u = uniform.uniform(gen);
    // The first test is a squeeze that skips the logs for most samples.
    if (u < 1 - 0.0331 * (x * x) * (x * x) || std::log(u) < 0.5 * x * x + d * (1 - v + std::log(v))) {
      double res = d * v;
      if (boost) res *= std::pow(uniform.uniform(gen), 1 / alpha);
      return res;
    }
  }
}

template <class T>
void fill_gamma(const Tensor& alpha, kernels::Philox base, Tensor& out) {
  const std::int64_t num_alphas = alpha.num_elements();
  if (num_alphas == 0 || out.num_elements() == 0) return;
  const std::int64_t per_alpha = out.num_elements() / num_alphas;
  const T* a = alpha.data<T>();
  T* y = out.mutable_data<T>();
  // Outputs are numbered alpha-major; sample s of alpha i lands at [s, i].
  kernels::parallel_for(out.num_elements(), 200, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t o = begin; o < end; ++o) {
      const std::int64_t i = o / per_alpha, s = o % per_alpha;
      y[s * num_alphas + i] = static_cast<T>(sample_gamma(static_cast<double>(a[i]), ops::sample_generator(base, o)));
    }
  });
}

template <class T>
void gamma_kernel(KernelContext& ctx) {
  fill_gamma<T>(ctx.input(0),
                ops::reserve_philox(ctx, ctx.attr<std::int64_t>(kSeed), ctx.attr<std::int64_t>(kSeed2),
                                    ops::blocks_for_outputs(ctx.output(0).num_elements())),
                ctx.output(0));
}

// Dispatched on the seed's dtype; alpha's picks the sampler's type.
void stateless_gamma_kernel(KernelContext& ctx) {
  const kernels::Philox base = ops::stateless_philox(ctx.input(0));
  if (ctx.input(1).dtype() == float32) fill_gamma<float>(ctx.input(1), base, ctx.output(0));
  else fill_gamma<double>(ctx.input(1), base, ctx.output(0));
}

template <class T> struct GammaSampleDerAlpha {
  T operator()(T alpha, T sample) const { return kernels::eigen::gamma_sample_der_alpha(alpha, sample); }
};

const OpDef& kRandomGamma = ops::OpBuilder("RandomGamma").inputs(1).attrs({"shape", "seed", "seed2"})
    .shape(gamma_shape<0>).stateful()
    .kernels<float, double>([]<class T>() -> KernelFn { return &gamma_kernel<T>; });
const OpDef& kStatelessRandomGammaV2 = ops::OpBuilder("StatelessRandomGammaV2").inputs(2).attrs({"shape"})
    .shape(gamma_shape<1>).kernel(int32, stateless_gamma_kernel).kernel(int64, stateless_gamma_kernel);
const OpDef& kRandomGammaGrad = ops::scalar_float_binary<GammaSampleDerAlpha>("RandomGammaGrad").no_gradient();

// The broadcast shape of alpha and beta: static when both shapes are, so traced samples keep
// static shapes (a mismatch is left to BroadcastArgs to report).
IntArray broadcast_shape(const Tensor& a, const Tensor& b) {
  const TensorShape &sa = a.shape(), &sb = b.shape();
  if (sa.is_fully_defined() && sb.is_fully_defined()) {
    const int rank = std::max(sa.rank(), sb.rank());
    std::vector<std::int64_t> dims(static_cast<std::size_t>(rank));
    bool compatible = true;
    for (int i = 0; i < rank; ++i) {
      const std::int64_t da = i < rank - sa.rank() ? 1 : sa.dim(i - (rank - sa.rank()));
      const std::int64_t db = i < rank - sb.rank() ? 1 : sb.dim(i - (rank - sb.rank()));
      compatible = compatible && (da == db || da == 1 || db == 1);
      dims[static_cast<std::size_t>(i)] = da == 1 ? db : da;
    }
    if (compatible) return IntArray(dims);
  }
  return IntArray(broadcast_dynamic_shape(tf::shape(a), tf::shape(b)));
}

}  // namespace

Tensor ops::random_gamma_grad(const Tensor& alpha, const Tensor& sample) {
  return ops::execute1(kRandomGammaGrad, {alpha, sample});
}

namespace random {

namespace {

// tf.random.gamma's steps around the sampler `draw(alpha_broadcast)`: alpha broadcast with beta,
// samples divided by beta and kept at least the dtype's smallest normal number.
template <class Draw>
Tensor scaled_gamma(const Tensor& alpha, const std::optional<Tensor>& beta_option, Draw draw) {
  const Tensor beta = beta_option ? cast(*beta_option, alpha.dtype()) : constant(1.0, alpha.dtype());
  const Tensor alpha_broadcast = beta_option ? broadcast_to(alpha, broadcast_shape(alpha, beta)) : alpha;
  const double tiny = alpha.dtype() == float32 ? std::numeric_limits<float>::min() : std::numeric_limits<double>::min();
  return maximum(constant(tiny, alpha.dtype()), draw(alpha_broadcast) / beta);
}

}  // namespace

Tensor gamma(const TensorShape& shape, const Tensor& alpha, const GammaOptions& options) {
  return scaled_gamma(alpha, options.beta, [&](const Tensor& a) {
    const auto [seed, seed2] = get_seed(options.seed);
    const ops::AttrValue attrs[] = {shape, seed, seed2, ops::random_stream(kRandomGamma, a.dtype(), seed, seed2)};
    return ops::execute1(kRandomGamma, {a}, attrs);
  });
}

Tensor stateless_gamma(const TensorShape& shape, const IntArray& seed, const Tensor& alpha,
                       const std::optional<Tensor>& beta) {
  return scaled_gamma(alpha, beta, [&](const Tensor& a) {
    const ops::AttrValue attrs[] = {shape};
    return ops::execute1(kStatelessRandomGammaV2, {seed.tensor(), a}, attrs);
  });
}

}  // namespace random
}  // namespace tf
