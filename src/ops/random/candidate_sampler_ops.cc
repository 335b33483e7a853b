// The candidate sampler ops (UniformCandidateSampler, LogUniformCandidateSampler,
// LearnedUnigramCandidateSampler, FixedUnigramCandidateSampler, AllCandidateSampler) and the
// tf::random functions that call them, checking input as TensorFlow's kernels do.
#include <array>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

#include "ops/execute.h"
#include "ops/random/random_seed.h"
#include "ops/random/range_samplers.h"
#include "tfpp/candidate_sampling.h"
#include "tfpp/random_ops.h"

namespace tf {
namespace {

using ops::AttrValue;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::RangeSampler;
using ops::ShapeContext;

// Every sampler starts with these attrs; the range ops then have range_max, seed, seed2.
enum CommonAttr { kNumTrue, kNumSampled, kUnique, kRangeMax };
// FixedUnigramCandidateSampler's attrs after range_max.
enum FixedAttr { kVocabFile = 4, kDistortion, kNumReservedIds, kNumShards, kShard, kUnigrams, kFixedSeed, kFixedSeed2 };

// The unigram list attr (a list of floats, which tfpp's attrs carry as a payload).
struct Unigrams final : ops::OpPayload {
  std::vector<float> values;
};
const std::vector<float>& unigrams_attr(const ops::OpContext& ctx) {
  return static_cast<const Unigrams&>(*ctx.attr<std::shared_ptr<const ops::OpPayload>>(kUnigrams)).values;
}

void check_minimum(const ops::OpContext& ctx, std::size_t attr, std::int64_t minimum) {
  const std::int64_t value = ctx.attr<std::int64_t>(attr);
  if (value < minimum)
    ctx.fail("Value for attr '" + ctx.op().attr_names[attr] + "' of " + std::to_string(value) +
             " must be at least minimum " + std::to_string(minimum));
}

bool is_fixed_unigram(const ops::OpContext& ctx) { return ctx.op().attr_names.size() == 12; }
bool has_range_max(const ops::OpContext& ctx) { return ctx.op().attr_names.size() != 5; }

// The sampler's range: range_max, or num_sampled for AllCandidateSampler.
std::int64_t sampler_range(const ops::OpContext& ctx) {
  return ctx.attr<std::int64_t>(has_range_max(ctx) ? kRangeMax : kNumSampled);
}

void sampler_shape(ShapeContext& ctx) {
  ctx.expect_input_dtype(0, int64);
  check_minimum(ctx, kNumTrue, 1);
  check_minimum(ctx, kNumSampled, 1);
  if (has_range_max(ctx)) check_minimum(ctx, kRangeMax, 1);
  if (is_fixed_unigram(ctx)) {
    check_minimum(ctx, kNumShards, 1);
    check_minimum(ctx, kShard, 0);
    const bool file = !ctx.attr<std::string>(kVocabFile).empty(), list = !unigrams_attr(ctx).empty();
    if (!file && !list) ctx.fail("Must provide either vocab_file or unigrams.");
    if (file && list) ctx.fail("Must only provide one of vocab_file and unigrams.");
  }
  const TensorShape& shape = ctx.input(0).shape();
  const std::int64_t num_true = ctx.attr<std::int64_t>(kNumTrue), num_sampled = ctx.attr<std::int64_t>(kNumSampled);
  if (!shape.has_unknown_rank() && shape.rank() != 2)
    ctx.fail("true_classes must be a matrix, got shape " + shape.debug_string());
  // TensorFlow's message names the columns "expected" and num_true "was".
  if (!shape.has_unknown_rank() && shape.dim(1) != None && shape.dim(1) != num_true)
    ctx.fail("true_classes must have num_true columns, expected: " + std::to_string(shape.dim(1)) +
             " was: " + std::to_string(num_true));
  const std::int64_t batch = shape.has_unknown_rank() ? None : shape.dim(0);
  ctx.add_output(int64, TensorShape({num_sampled}));
  ctx.add_output(float32, TensorShape({batch, num_true}));
  ctx.add_output(float32, TensorShape({num_sampled}));
}

// The learned unigram samplers' counts, one set per attribute values, as TensorFlow's eager
// kernel cache keeps one kernel (and its counts) per attributes.
struct LearnedSamplers {
  std::mutex mutex;
  std::map<std::tuple<std::int64_t, std::int64_t, bool, std::int64_t, std::int64_t, std::int64_t>,
           std::unique_ptr<ops::UnigramSampler>>
      by_attrs;
};
LearnedSamplers& learned_samplers() {
  static LearnedSamplers samplers;
  return samplers;
}

void run_sampler(KernelContext& ctx, const RangeSampler& sampler, std::int64_t seed, std::int64_t seed2) {
  const Tensor& true_classes = ctx.input(0);
  const std::int64_t num_sampled = ctx.attr<std::int64_t>(kNumSampled);
  if (ctx.attr<bool>(kUnique) && num_sampled > sampler.range()) ctx.fail("Sampler's range is too small.");
  const std::span<const std::int64_t> true_ids(true_classes.data<std::int64_t>(),
                                               static_cast<std::size_t>(true_classes.num_elements()));
  for (std::int64_t id : true_ids)
    if (id < 0 || id >= sampler.range())
      ctx.fail("`true_candidate` out of range [0, " + std::to_string(sampler.range()) + "), received " + std::to_string(id));
  // TensorFlow's kernels reserve 2048 32-bit samples per sampled candidate.
  ops::SimplePhilox rnd(ops::reserve_philox(ctx, seed, seed2, ops::blocks_for_samples32(2048 * num_sampled)));
  sampler.sample_batch(rnd, ctx.attr<bool>(kUnique),
                       {ctx.output(0).mutable_data<std::int64_t>(), static_cast<std::size_t>(num_sampled)},
                       {ctx.output(2).mutable_data<float>(), static_cast<std::size_t>(num_sampled)}, true_ids,
                       {ctx.output(1).mutable_data<float>(), true_ids.size()});
}

std::int64_t seed_attr(const KernelContext& ctx, int which) {
  const std::size_t first = is_fixed_unigram(ctx) ? kFixedSeed : has_range_max(ctx) ? 4 : 3;
  return ctx.attr<std::int64_t>(first + static_cast<std::size_t>(which));
}

template <std::unique_ptr<RangeSampler> (*make)(std::int64_t)>
void stateless_sampler_kernel(KernelContext& ctx) {
  run_sampler(ctx, *make(sampler_range(ctx)), seed_attr(ctx, 0), seed_attr(ctx, 1));
}

void learned_unigram_kernel(KernelContext& ctx) {
  const std::int64_t range = sampler_range(ctx), seed = seed_attr(ctx, 0), seed2 = seed_attr(ctx, 1);
  LearnedSamplers& samplers = learned_samplers();
  std::lock_guard lock(samplers.mutex);
  auto& sampler = samplers.by_attrs[{ctx.attr<std::int64_t>(kNumTrue), ctx.attr<std::int64_t>(kNumSampled),
                                     ctx.attr<bool>(kUnique), range, seed, seed2}];
  if (!sampler) sampler = std::make_unique<ops::UnigramSampler>(range);
  run_sampler(ctx, *sampler, seed, seed2);
  const Tensor& true_classes = ctx.input(0);
  sampler->update({true_classes.data<std::int64_t>(), static_cast<std::size_t>(true_classes.num_elements())});
}

void fixed_unigram_kernel(KernelContext& ctx) {
  const ops::FixedUnigramSampler::Spec spec{
      ctx.attr<std::int64_t>(kRangeMax), static_cast<float>(ctx.attr<double>(kDistortion)),
      ctx.attr<std::int64_t>(kNumReservedIds), ctx.attr<std::int64_t>(kNumShards), ctx.attr<std::int64_t>(kShard)};
  const std::string& vocab_file = ctx.attr<std::string>(kVocabFile);
  const ops::FixedUnigramSampler sampler = vocab_file.empty()
                                               ? ops::FixedUnigramSampler(ctx.op().name, spec, unigrams_attr(ctx))
                                               : ops::FixedUnigramSampler(ctx.op().name, spec, vocab_file);
  run_sampler(ctx, sampler, seed_attr(ctx, 0), seed_attr(ctx, 1));
}

const std::vector<std::string> kRangeAttrs = {"num_true", "num_sampled", "unique", "range_max", "seed", "seed2"};

const OpDef& kUniformCandidateSampler = OpBuilder("UniformCandidateSampler")
    .inputs(1).attrs(kRangeAttrs).shape(sampler_shape).stateful().no_gradient()
    .kernel(int64, stateless_sampler_kernel<ops::make_uniform_sampler>);
const OpDef& kLogUniformCandidateSampler = OpBuilder("LogUniformCandidateSampler")
    .inputs(1).attrs(kRangeAttrs).shape(sampler_shape).stateful().no_gradient()
    .kernel(int64, stateless_sampler_kernel<ops::make_log_uniform_sampler>);
const OpDef& kLearnedUnigramCandidateSampler = OpBuilder("LearnedUnigramCandidateSampler")
    .inputs(1).attrs(kRangeAttrs).shape(sampler_shape).stateful().no_gradient()
    .kernel(int64, learned_unigram_kernel);
const OpDef& kFixedUnigramCandidateSampler = OpBuilder("FixedUnigramCandidateSampler")
    .inputs(1)
    .attrs({"num_true", "num_sampled", "unique", "range_max", "vocab_file", "distortion", "num_reserved_ids",
            "num_shards", "shard", "unigrams", "seed", "seed2"})
    .shape(sampler_shape).stateful().no_gradient()
    .kernel(int64, fixed_unigram_kernel);
const OpDef& kAllCandidateSampler = OpBuilder("AllCandidateSampler")
    .inputs(1).attrs({"num_true", "num_sampled", "unique", "seed", "seed2"}).shape(sampler_shape).stateful().no_gradient()
    .kernel(int64, stateless_sampler_kernel<ops::make_all_sampler>);

random::SampledCandidates sampled(const OpDef& op, const Tensor& true_classes, std::span<const AttrValue> attrs) {
  ops::Outputs out = ops::execute(op, std::span<const Tensor>(&true_classes, 1), attrs);
  return {std::move(out[0]), std::move(out[1]), std::move(out[2])};
}

random::SampledCandidates range_sampler(const OpDef& op, const Tensor& true_classes, std::int64_t num_true,
                                        std::int64_t num_sampled, bool unique, std::int64_t range_max,
                                        std::optional<std::int64_t> seed) {
  const auto [seed1, seed2] = random::get_seed(seed);
  const std::array<AttrValue, 7> attrs{num_true, num_sampled, unique, range_max, seed1, seed2,
                                       ops::random_stream(op, int64, seed1, seed2)};
  return sampled(op, true_classes, attrs);
}

}  // namespace

namespace random {

SampledCandidates uniform_candidate_sampler(const Tensor& true_classes, std::int64_t num_true, std::int64_t num_sampled,
                                            bool unique, std::int64_t range_max, std::optional<std::int64_t> seed) {
  return range_sampler(kUniformCandidateSampler, true_classes, num_true, num_sampled, unique, range_max, seed);
}

SampledCandidates log_uniform_candidate_sampler(const Tensor& true_classes, std::int64_t num_true, std::int64_t num_sampled,
                                                bool unique, std::int64_t range_max, std::optional<std::int64_t> seed) {
  return range_sampler(kLogUniformCandidateSampler, true_classes, num_true, num_sampled, unique, range_max, seed);
}

SampledCandidates learned_unigram_candidate_sampler(const Tensor& true_classes, std::int64_t num_true,
                                                    std::int64_t num_sampled, bool unique, std::int64_t range_max,
                                                    std::optional<std::int64_t> seed) {
  return range_sampler(kLearnedUnigramCandidateSampler, true_classes, num_true, num_sampled, unique, range_max, seed);
}

SampledCandidates fixed_unigram_candidate_sampler(const Tensor& true_classes, std::int64_t num_true,
                                                  std::int64_t num_sampled, bool unique, std::int64_t range_max,
                                                  const FixedUnigramOptions& options) {
  const auto [seed1, seed2] = get_seed(options.seed);
  auto unigrams = std::make_shared<Unigrams>();
  unigrams->values = options.unigrams;
  const std::array<AttrValue, 13> attrs{num_true, num_sampled, unique, range_max, options.vocab_file, options.distortion,
                                        options.num_reserved_ids, options.num_shards, options.shard,
                                        std::shared_ptr<const ops::OpPayload>(std::move(unigrams)), seed1, seed2,
                                        ops::random_stream(kFixedUnigramCandidateSampler, int64, seed1, seed2)};
  return sampled(kFixedUnigramCandidateSampler, true_classes, attrs);
}

SampledCandidates all_candidate_sampler(const Tensor& true_classes, std::int64_t num_true, std::int64_t num_sampled,
                                        bool unique, std::optional<std::int64_t> seed) {
  const auto [seed1, seed2] = get_seed(seed);
  const std::array<AttrValue, 6> attrs{num_true, num_sampled, unique, seed1, seed2,
                                       ops::random_stream(kAllCandidateSampler, int64, seed1, seed2)};
  return sampled(kAllCandidateSampler, true_classes, attrs);
}

}  // namespace random
}  // namespace tf
