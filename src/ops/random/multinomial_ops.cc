// Multinomial and StatelessMultinomial: class indices sampled from rows of logits, and
// tf::random::categorical / stateless_categorical built on them.
//
// As TensorFlow's CPU kernel: per row, an unnormalized CDF of exp(logit - max) over the finite
// logits (in double), then each sample is the first class whose CDF exceeds u * total, u a
// double from two Philox words. Rows draw one after another from one stream, as TensorFlow
// does when its kernel runs the batch as one shard (small batches); TensorFlow splits large
// batches across threads, each shard skipping ahead, so there the numbers differ.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/random/random_seed.h"
#include "ops/random/stateless_seed.h"
#include "tfpp/random_ops.h"
#include "tfpp/random_sampling.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpDef;
using ops::ShapeContext;

// Multinomial's attrs: num_samples, output_dtype, seed, seed2; StatelessMultinomial has the
// first two and the seed as input 1.
enum MultinomialAttr { kNumSamples, kOutputDtype, kSeed, kSeed2 };

void multinomial_shape(ShapeContext& ctx) {
  const Tensor& logits = ctx.input(0);
  const std::int64_t num_samples = ctx.attr<std::int64_t>(kNumSamples);
  const DType dtype = ctx.attr<DType>(kOutputDtype);
  if (!is_floating(logits.dtype()))
    ctx.fail("logits must be float32 or float64, got " + std::string(dtype_name(logits.dtype())));
  if (!is_index_dtype(dtype)) ctx.fail("output_dtype must be int32 or int64, got " + std::string(dtype_name(dtype)));
  if (logits.rank() != 2) ctx.fail("logits should be a matrix, got shape " + logits.shape().debug_string());
  if (num_samples < 0) ctx.fail("num_samples should be non-negative, got " + std::to_string(num_samples));
  const std::int64_t classes = logits.shape().dims()[1];
  if (classes == 0) ctx.fail("num_classes should be positive, got 0");
  if (ctx.num_inputs() == 2) ops::check_stateless_seed(ctx, 1);
  ctx.add_output(dtype, TensorShape({logits.shape().dims()[0], num_samples}));
}

// Four 32-bit words per Philox block, handed out one at a time (TensorFlow's SingleSampleAdapter).
class Words {
 public:
  explicit Words(kernels::Philox gen) : gen_(gen) {}
  std::uint32_t next() {
    if (used_ == 4) block_ = gen_(), used_ = 0;
    return block_[used_++];
  }

 private:
  kernels::Philox gen_;
  kernels::Philox::Block block_{};
  int used_ = 4;
};

template <class T, class Index>
void sample_rows(const Tensor& logits, kernels::Philox gen, Tensor& out) {
  const std::int64_t batch = logits.shape().dims()[0], classes = logits.shape().dims()[1];
  const std::int64_t samples = out.shape().dims()[1];
  const T* x = logits.data<T>();
  Index* y = out.mutable_data<Index>();
  Words words(gen);
  std::vector<double> cdf(static_cast<std::size_t>(classes));
  for (std::int64_t b = 0; b < batch; ++b) {
    const T* row = x + b * classes;
    T max = std::numeric_limits<T>::lowest();
    for (std::int64_t j = 0; j < classes; ++j)
      if (std::isfinite(row[j])) max = std::max(max, row[j]);
    double total = 0;
    for (std::int64_t j = 0; j < classes; ++j) {
      if (std::isfinite(row[j])) total += std::exp(static_cast<double>(row[j]) - static_cast<double>(max));
      cdf[static_cast<std::size_t>(j)] = total;
    }
    for (std::int64_t s = 0; s < samples; ++s) {
      const std::uint32_t w0 = words.next(), w1 = words.next();
      const double target = kernels::uint64_to_double(w0, w1) * total;
      y[b * samples + s] = static_cast<Index>(std::upper_bound(cdf.begin(), cdf.end(), target) - cdf.begin());
    }
  }
}

template <class T>
void sample(KernelContext& ctx, kernels::Philox gen) {
  Tensor& out = ctx.output(0);
  if (out.dtype() == int32) sample_rows<T, std::int32_t>(ctx.input(0), gen, out);
  else sample_rows<T, std::int64_t>(ctx.input(0), gen, out);
}

template <class T>
void multinomial_kernel(KernelContext& ctx) {
  // TensorFlow's CPU kernel reserves 256 blocks for each of twice the samples rounded up to 4, per row.
  const std::int64_t rows = ctx.input(0).shape().dim(0), samples = ctx.attr<std::int64_t>(kNumSamples);
  sample<T>(ctx, ops::reserve_philox(ctx, ctx.attr<std::int64_t>(kSeed), ctx.attr<std::int64_t>(kSeed2),
                                     ops::blocks_for_outputs(rows * ((samples + 3) / 4 * 4 * 2))));
}
template <class T>
void stateless_multinomial_kernel(KernelContext& ctx) {
  sample<T>(ctx, ops::stateless_philox(ctx.input(1)));
}

const OpDef& kMultinomial = ops::OpBuilder("Multinomial")
    .inputs(1).attrs({"num_samples", "output_dtype", "seed", "seed2"}).shape(multinomial_shape).stateful().no_gradient()
    .kernels<float, double>([]<class T>() -> KernelFn { return &multinomial_kernel<T>; });
const OpDef& kStatelessMultinomial = ops::OpBuilder("StatelessMultinomial")
    .inputs(2).attrs({"num_samples", "output_dtype"}).shape(multinomial_shape).no_gradient()
    .kernels<float, double>([]<class T>() -> KernelFn { return &stateless_multinomial_kernel<T>; });

}  // namespace

namespace random {

Tensor categorical(const Tensor& logits, std::int64_t num_samples, const CategoricalOptions& options) {
  const auto [seed, seed2] = get_seed(options.seed);
  const ops::AttrValue attrs[] = {num_samples, options.dtype, seed, seed2,
                                  ops::random_stream(kMultinomial, logits.dtype(), seed, seed2)};
  return ops::execute1(kMultinomial, {logits}, attrs);
}

Tensor stateless_categorical(const Tensor& logits, std::int64_t num_samples, const IntArray& seed, DType dtype) {
  const ops::AttrValue attrs[] = {num_samples, dtype};
  return ops::execute1(kStatelessMultinomial, {logits, seed.tensor()}, attrs);
}

}  // namespace random
}  // namespace tf
