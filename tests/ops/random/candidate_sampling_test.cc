// The candidate samplers and ComputeAccidentalHits: dtypes and shapes, draws checked for range,
// uniqueness and frequencies against each base distribution over many draws, expected counts
// by TensorFlow's formulas (p * num_sampled with replacement, 1 - (1 - p)^num_tries without),
// the values TensorFlow 2.21 gives in the same run where they are deterministic, a first call's
// draws (TensorFlow's Philox stream used as its samplers use it), and its errors.
#include <gtest/gtest.h>

#include <tfpp/candidate_sampling.h>
#include <tfpp/tfpp.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "error_of.h"
#include "keras/keras_reference.h"

namespace {

using tf::Tensor;
using tf::random::SampledCandidates;
using tf::testing::error_of;

const Tensor kTrue = tf::constant(std::vector<std::int64_t>{1, 2, 3, 4}, {2, 2});

// How often each value of [0, range) was drawn, as fractions.
std::vector<double> frequencies(const Tensor& sampled, std::int64_t range) {
  std::vector<double> f(static_cast<std::size_t>(range));
  const std::vector<std::int64_t> v = sampled.numpy<std::int64_t>();
  for (std::int64_t x : v) {
    EXPECT_GE(x, 0);
    EXPECT_LT(x, range);
    if (x >= 0 && x < range) f[static_cast<std::size_t>(x)] += 1.0 / static_cast<double>(v.size());
  }
  return f;
}

void expect_shapes(const SampledCandidates& s, std::int64_t num_sampled) {
  EXPECT_EQ(s.sampled_candidates.dtype(), tf::int64);
  EXPECT_EQ(s.true_expected_count.dtype(), tf::float32);
  EXPECT_EQ(s.sampled_expected_count.dtype(), tf::float32);
  EXPECT_EQ(s.sampled_candidates.shape(), tf::TensorShape({num_sampled}));
  EXPECT_EQ(s.true_expected_count.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(s.sampled_expected_count.shape(), tf::TensorShape({num_sampled}));
}

// The unique draws' num_tries, recovered from an expected count 1 - (1 - p)^num_tries.
double num_tries_of(float expected, double p) { return std::log1p(-static_cast<double>(expected)) / std::log1p(-p); }

TEST(CandidateSampling, UniformFrequenciesAndCounts) {
  const std::int64_t n = 40000;
  const SampledCandidates s = tf::random::uniform_candidate_sampler(kTrue, 2, n, false, 8, 11);
  expect_shapes(s, n);
  for (double f : frequencies(s.sampled_candidates, 8)) EXPECT_NEAR(f, 1.0 / 8, 0.01);
  for (float c : s.sampled_expected_count.numpy<float>()) EXPECT_EQ(c, (1.0f / 8) * n);  // p * num_sampled
  for (float c : s.true_expected_count.numpy<float>()) EXPECT_EQ(c, (1.0f / 8) * n);
}

TEST(CandidateSampling, UniqueDrawsAreDistinctWithNumTriesCounts) {
  // All 30 values of the range: a permutation, found after at least 30 tries.
  const SampledCandidates all = tf::random::uniform_candidate_sampler(kTrue, 2, 30, true, 30, 5);
  const std::vector<std::int64_t> v = all.sampled_candidates.numpy<std::int64_t>();
  EXPECT_EQ(std::set<std::int64_t>(v.begin(), v.end()).size(), 30u);
  const float count = all.sampled_expected_count.numpy<float>()[0];
  const double tries = num_tries_of(count, 1.0 / 30);
  EXPECT_GT(tries, 30.5);  // a full permutation by rejection takes more than 30 draws
  EXPECT_NEAR(tries, std::round(tries), 1e-2);
  EXPECT_EQ(count, -std::expm1(static_cast<float>(std::round(tries)) * std::log1p(-1.0f / 30)));
  for (float c : all.true_expected_count.numpy<float>()) EXPECT_EQ(c, count);
  // Over many calls, each value is in a unique batch of 3 from 10 equally often.
  std::vector<double> seen(10);
  for (int seed = 0; seed < 2000; ++seed)
    for (std::int64_t x : tf::random::uniform_candidate_sampler(kTrue, 2, 3, true, 10, seed).sampled_candidates.numpy<std::int64_t>())
      seen[static_cast<std::size_t>(x)] += 1.0 / 2000;
  for (double f : seen) EXPECT_NEAR(f, 0.3, 0.04);
}

TEST(CandidateSampling, LogUniformFollowsZipf) {
  const std::int64_t n = 60000, range = 20;
  const SampledCandidates s = tf::random::log_uniform_candidate_sampler(kTrue, 2, n, false, range, 3);
  expect_shapes(s, n);
  const std::vector<double> f = frequencies(s.sampled_candidates, range);
  for (std::int64_t c = 0; c < range; ++c) {
    const double p = std::log((c + 2.0) / (c + 1.0)) / std::log(range + 1.0);
    EXPECT_NEAR(f[static_cast<std::size_t>(c)], p, 0.01) << c;
  }
  // Expected counts are p * num_sampled for each class, computed as TensorFlow does in float.
  const std::vector<float> t = s.true_expected_count.numpy<float>();
  for (std::size_t i = 0; i < 4; ++i) {
    const double c = static_cast<double>(i + 1);
    EXPECT_EQ(t[i], static_cast<float>(std::log((c + 2.0) / (c + 1.0)) / std::log1p(static_cast<double>(range))) * n);
  }
}

TEST(CandidateSampling, FixedUnigramWeightsDistortionReservedIdsAndShards) {
  // Reserved id 0 has weight 0; the others sqrt(1..4) after distortion 0.5.
  const std::int64_t n = 50000;
  const SampledCandidates s = tf::random::fixed_unigram_candidate_sampler(
      kTrue, 2, n, false, 5, {.distortion = 0.5, .num_reserved_ids = 1, .unigrams = {1, 2, 3, 4}, .seed = 9});
  double total = 0;
  for (int w = 1; w <= 4; ++w) total += std::sqrt(static_cast<double>(w));
  const std::vector<double> f = frequencies(s.sampled_candidates, 5);
  EXPECT_EQ(f[0], 0.0);
  for (int c = 1; c < 5; ++c) EXPECT_NEAR(f[static_cast<std::size_t>(c)], std::sqrt(static_cast<double>(c)) / total, 0.01);
  // Shard 1 of 2 keeps reserved id 1 and every other unigram.
  const SampledCandidates shard = tf::random::fixed_unigram_candidate_sampler(
      tf::constant(std::vector<std::int64_t>{1, 2}, {1, 2}), 2, 2000, false, 3,
      {.num_reserved_ids = 3, .num_shards = 2, .shard = 1, .unigrams = {3, 1, 2, 5}, .seed = 1});
  const std::vector<double> g = frequencies(shard.sampled_candidates, 3);
  EXPECT_EQ(g[0], 0.0);
  EXPECT_NEAR(g[1], 3.0 / 5, 0.05);
}

TEST(CandidateSampling, FixedUnigramReadsAVocabularyFile) {
  const std::filesystem::path file = std::filesystem::temp_directory_path() / "tfpp_candidate_vocab.txt";
  std::ofstream(file) << "a,3\nb, 1 \n\nc,2\nd,5\n";
  const SampledCandidates s = tf::random::fixed_unigram_candidate_sampler(
      tf::constant(std::vector<std::int64_t>{1, 2}, {1, 2}), 2, 2, false, 5,
      {.vocab_file = file.string(), .num_reserved_ids = 1, .seed = 4});
  // Weights 0, 3, 1, 2, 5 (the empty line is skipped): expected counts p * 2.
  EXPECT_EQ(s.true_expected_count.numpy<float>(), (std::vector<float>{3.0f / 11 * 2, 1.0f / 11 * 2}));
  std::ofstream(file) << "a,3\nb,x\n";
  EXPECT_EQ(error_of([&] {
              tf::random::fixed_unigram_candidate_sampler(kTrue, 2, 2, false, 2, {.vocab_file = file.string()});
            }),
            "[FixedUnigramCandidateSampler] Wrong vocabulary format at line: b,x");
  std::filesystem::remove(file);
  EXPECT_THROW(tf::random::fixed_unigram_candidate_sampler(kTrue, 2, 2, false, 2, {.vocab_file = file.string()}),
               tf::NotFoundError);
}

TEST(CandidateSampling, LearnedUnigramCountsTrueClassesAcrossCalls) {
  // A fresh attribute set starts from weights of 1; each call then counts its true classes.
  const Tensor classes = tf::constant(std::vector<std::int64_t>{1, 2, 3, 3}, {2, 2});
  const SampledCandidates first = tf::random::learned_unigram_candidate_sampler(classes, 2, 3, false, 10, 424242);
  EXPECT_EQ(first.true_expected_count.numpy<float>(), std::vector<float>(4, 0.1f * 3));
  const SampledCandidates second = tf::random::learned_unigram_candidate_sampler(classes, 2, 3, false, 10, 424242);
  EXPECT_EQ(second.true_expected_count.numpy<float>(),
            (std::vector<float>{2.0f / 14 * 3, 2.0f / 14 * 3, 3.0f / 14 * 3, 3.0f / 14 * 3}));
}

TEST(CandidateSampling, AllSamplerAndAccidentalHits) {
  const SampledCandidates s = tf::random::all_candidate_sampler(kTrue, 2, 5, true);
  EXPECT_EQ(s.sampled_candidates.numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(s.true_expected_count.numpy<float>(), std::vector<float>(4, 1.0f));
  EXPECT_EQ(s.sampled_expected_count.numpy<float>(), std::vector<float>(5, 1.0f));
  // Candidate 1 appears twice: its last position counts, as in TensorFlow.
  const tf::nn::AccidentalHits h =
      tf::nn::compute_accidental_hits(kTrue, tf::constant(std::vector<std::int64_t>{4, 1, 7, 1}), 2);
  EXPECT_EQ(h.indices.numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 1}));
  EXPECT_EQ(h.ids.numpy<std::int64_t>(), (std::vector<std::int64_t>{3, 0}));
  EXPECT_EQ(h.weights.numpy<float>(), std::vector<float>(2, -3.4028235e+38f));
}

TEST(CandidateSampling, SeedsFollowTheOpSeedRules) {
  const auto draw = [](std::optional<std::int64_t> seed) {
    return tf::random::log_uniform_candidate_sampler(kTrue, 2, 16, true, 1000, seed).sampled_candidates.numpy<std::int64_t>();
  };
  const auto first = draw(3);
  EXPECT_NE(draw(3), first);  // the op's stream continues, as TensorFlow's kernel's
  tf::random::set_seed(std::nullopt);  // and restarts
  EXPECT_EQ(draw(3), first);
  EXPECT_NE(draw(4), first);
  tf::random::set_seed(5);
  const auto a = draw(std::nullopt), b = draw(std::nullopt);
  tf::random::set_seed(5);
  EXPECT_EQ(draw(std::nullopt), a);
  EXPECT_EQ(draw(std::nullopt), b);
  tf::random::set_seed(std::nullopt);
}

TEST(CandidateSampling, ErrorsAreTensorFlows) {
  EXPECT_EQ(error_of([] { tf::random::uniform_candidate_sampler(kTrue, 2, 11, true, 10); }),
            "[UniformCandidateSampler] Sampler's range is too small.");
  EXPECT_EQ(error_of([] { tf::random::uniform_candidate_sampler(kTrue, 3, 4, true, 10); }),
            "[UniformCandidateSampler] true_classes must have num_true columns, expected: 2 was: 3");
  EXPECT_EQ(error_of([] { tf::random::log_uniform_candidate_sampler(tf::constant(std::vector<std::int64_t>{1, 2}), 2, 4, true, 10); }),
            "[LogUniformCandidateSampler] true_classes must be a matrix, got shape [2]");
  EXPECT_EQ(error_of([] { tf::random::uniform_candidate_sampler(tf::cast(kTrue, tf::int32), 2, 4, true, 10); }),
            "[UniformCandidateSampler] cannot compute UniformCandidateSampler as input #0(zero-based) was expected to "
            "be a int64 tensor but is a int32 tensor");
  EXPECT_EQ(error_of([] { tf::random::uniform_candidate_sampler(kTrue, 2, 0, true, 10); }),
            "[UniformCandidateSampler] Value for attr 'num_sampled' of 0 must be at least minimum 1");
  EXPECT_EQ(error_of([] { tf::random::learned_unigram_candidate_sampler(kTrue, 2, 3, true, 4); }),
            "[LearnedUnigramCandidateSampler] `true_candidate` out of range [0, 4), received 4");
  EXPECT_EQ(error_of([] { tf::random::fixed_unigram_candidate_sampler(kTrue, 2, 3, true, 5, {}); }),
            "[FixedUnigramCandidateSampler] Must provide either vocab_file or unigrams.");
  EXPECT_EQ(error_of([] { tf::random::fixed_unigram_candidate_sampler(kTrue, 2, 3, true, 4, {.unigrams = {1, 2, 3, 4, 5}}); }),
            "[FixedUnigramCandidateSampler] range is 4 must be equal to weights size  5");
  EXPECT_EQ(error_of([] { tf::random::all_candidate_sampler(kTrue, 2, 3, true); }),
            "[AllCandidateSampler] `true_candidate` out of range [0, 3), received 3");
  EXPECT_EQ(error_of([] { tf::nn::compute_accidental_hits(kTrue, tf::constant(std::vector<std::int64_t>{4}, {1, 1}), 2); }),
            "[ComputeAccidentalHits] sampled_candidates must be a vector, which is typically an output from "
            "CandidateSampler, got shape [1,1]");
}

// TensorFlow's expected counts where they do not depend on the draws: with replacement, and the
// fixed unigram sampler with its options.
TEST(CandidateSampling, ExpectedCountsMatchTensorFlow) {
  const std::string out = tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + R"PY(
import tensorflow as tf
tc = tf.constant([[1, 2], [3, 4]], tf.int64)
emit('uniform', tf.random.uniform_candidate_sampler(tc, 2, 7, False, 9, seed=1).true_expected_count)
emit('log_uniform', tf.random.log_uniform_candidate_sampler(tc, 2, 7, False, 9, seed=1).true_expected_count)
emit('fixed', tf.random.fixed_unigram_candidate_sampler(tc, 2, 3, False, 6, unigrams=[.5, 2, 3, 7, 1.5],
     distortion=0.75, num_reserved_ids=1, seed=1).true_expected_count)
emit('fixed_shard', tf.random.fixed_unigram_candidate_sampler(tc[:, :1] // 2, 1, 3, False, 3, unigrams=[3, 1, 2, 5, 4],
     num_reserved_ids=1, num_shards=2, shard=0, seed=1).true_expected_count)
)PY");
  const auto want = tf::testing::parse_values(out);
  const auto check = [&](const std::string& name, const Tensor& got) {
    ASSERT_TRUE(want.count(name)) << out;
    const std::vector<float> g = got.numpy<float>();
    ASSERT_EQ(g.size(), want.at(name).size()) << name;
    for (std::size_t i = 0; i < g.size(); ++i) EXPECT_EQ(g[i], static_cast<float>(want.at(name)[i])) << name << " " << i;
  };
  check("uniform", tf::random::uniform_candidate_sampler(kTrue, 2, 7, false, 9, 1).true_expected_count);
  check("log_uniform", tf::random::log_uniform_candidate_sampler(kTrue, 2, 7, false, 9, 1).true_expected_count);
  check("fixed", tf::random::fixed_unigram_candidate_sampler(
                     kTrue, 2, 3, false, 6, {.distortion = 0.75, .num_reserved_ids = 1, .unigrams = {.5, 2, 3, 7, 1.5}, .seed = 1})
                     .true_expected_count);
  check("fixed_shard", tf::random::fixed_unigram_candidate_sampler(
                           tf::constant(std::vector<std::int64_t>{0, 1}, {2, 1}), 1, 3, false, 3,
                           {.num_reserved_ids = 1, .num_shards = 2, .shard = 0, .unigrams = {3, 1, 2, 5, 4}, .seed = 1})
                           .true_expected_count);
}

// A first call with given seeds draws TensorFlow's numbers (TensorFlow's kernels then go on along
// their stream; tfpp's call with an op seed is a pure function of its seeds, so first calls only).
TEST(CandidateSampling, FirstDrawsAreTensorFlows) {
  const std::string out = tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + R"PY(
import tensorflow as tf
tc = tf.constant([[1, 2], [3, 4]], tf.int64)
def show(name, s):
    for part, value in zip(('candidates', 'true', 'sampled'), s):
        emit(name + '_' + part, value)
show('uniform', tf.random.uniform_candidate_sampler(tc, 2, 6, True, 12, seed=201))
show('log_uniform', tf.random.log_uniform_candidate_sampler(tc, 2, 9, True, 60, seed=202))
show('learned', tf.random.learned_unigram_candidate_sampler(tc, 2, 7, False, 30, seed=203))
show('fixed', tf.random.fixed_unigram_candidate_sampler(tc, 2, 4, True, 6, unigrams=[4, 1, 3, 9, 2],
     num_reserved_ids=1, distortion=0.8, seed=204))
)PY");
  const auto want = tf::testing::parse_values(out);
  const auto check = [&](const std::string& name, const SampledCandidates& s) {
    ASSERT_TRUE(want.count(name + "_candidates")) << out;
    const std::vector<std::int64_t> c = s.sampled_candidates.numpy<std::int64_t>();
    EXPECT_EQ(std::vector<double>(c.begin(), c.end()), want.at(name + "_candidates")) << name;
    const std::vector<float> t = s.true_expected_count.numpy<float>(), e = s.sampled_expected_count.numpy<float>();
    EXPECT_EQ(std::vector<double>(t.begin(), t.end()), want.at(name + "_true")) << name;
    EXPECT_EQ(std::vector<double>(e.begin(), e.end()), want.at(name + "_sampled")) << name;
  };
  check("uniform", tf::random::uniform_candidate_sampler(kTrue, 2, 6, true, 12, 201));
  check("log_uniform", tf::random::log_uniform_candidate_sampler(kTrue, 2, 9, true, 60, 202));
  check("learned", tf::random::learned_unigram_candidate_sampler(kTrue, 2, 7, false, 30, 203));
  check("fixed", tf::random::fixed_unigram_candidate_sampler(
                     kTrue, 2, 4, true, 6, {.distortion = 0.8, .num_reserved_ids = 1, .unigrams = {4, 1, 3, 9, 2}, .seed = 204}));
}

}  // namespace
