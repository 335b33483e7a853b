// Candidate sampling (tf.random.*_candidate_sampler, tf.nn.compute_accidental_hits) and the
// sampled losses built on it (tf.nn.nce_loss, tf.nn.sampled_softmax_loss), for training over
// many classes by scoring the true classes against a few sampled ones.
//
//   auto s = tf::random::log_uniform_candidate_sampler(labels, 1, 64, true, 50000, {.seed = 7});
//   tf::Tensor loss = tf::nn::sampled_softmax_loss({w}, b, labels, x, 64, 50000, {.sampled_values = s});
//
// Samplers are TensorFlow's ops with its base distributions and expected counts: with
// unique = true, values are drawn without replacement by rejection and the expected count of
// a value of probability p is 1 - (1 - p)^num_tries. Seeds follow tfpp/random_ops.h (a call
// with an op seed is a pure function of its seeds, and draws what TensorFlow's first call with
// those seeds draws); the learned unigram sampler keeps its counts per attribute set, as
// TensorFlow's eager kernel cache keeps one kernel per attributes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::random {

/// What a candidate sampler returns.
struct SampledCandidates {
  Tensor sampled_candidates;      ///< int64 [num_sampled]
  Tensor true_expected_count;     ///< float32 [batch_size, num_true]
  Tensor sampled_expected_count;  ///< float32 [num_sampled]
};

/// Options of tf::random::fixed_unigram_candidate_sampler; exactly one of vocab_file and unigrams.
struct FixedUnigramOptions {
  std::string vocab_file{};           ///< CSV-like lines whose last field is the weight
  double distortion = 1.0;            ///< each weight is raised to this power
  std::int64_t num_reserved_ids = 0;  ///< leading ids of weight 0
  std::int64_t num_shards = 1;        ///< the range is split by id % num_shards ...
  std::int64_t shard = 0;             ///< ... and this shard's ids are kept
  std::vector<float> unigrams{};      ///< one weight per id after the reserved ones
  std::optional<std::int64_t> seed{};  ///< op seed, combined with the global seed
};

/// num_sampled classes drawn uniformly from [0, range_max) (op UniformCandidateSampler);
/// true_classes is int64 [batch_size, num_true].
SampledCandidates uniform_candidate_sampler(const Tensor& true_classes, std::int64_t num_true, std::int64_t num_sampled,
                                            bool unique, std::int64_t range_max,
                                            std::optional<std::int64_t> seed = std::nullopt);
/// Classes drawn with P(c) = log((c + 2) / (c + 1)) / log(range_max + 1) (op LogUniformCandidateSampler).
SampledCandidates log_uniform_candidate_sampler(const Tensor& true_classes, std::int64_t num_true, std::int64_t num_sampled,
                                                bool unique, std::int64_t range_max,
                                                std::optional<std::int64_t> seed = std::nullopt);
/// Classes drawn by counts of the true classes seen so far, each starting at 1
/// (op LearnedUnigramCandidateSampler).
SampledCandidates learned_unigram_candidate_sampler(const Tensor& true_classes, std::int64_t num_true,
                                                    std::int64_t num_sampled, bool unique, std::int64_t range_max,
                                                    std::optional<std::int64_t> seed = std::nullopt);
/// Classes drawn by fixed weights from a file or a list (op FixedUnigramCandidateSampler).
SampledCandidates fixed_unigram_candidate_sampler(const Tensor& true_classes, std::int64_t num_true,
                                                  std::int64_t num_sampled, bool unique, std::int64_t range_max,
                                                  const FixedUnigramOptions& options);
/// All classes [0, num_sampled) with expected counts 1 (op AllCandidateSampler); `unique` is ignored.
SampledCandidates all_candidate_sampler(const Tensor& true_classes, std::int64_t num_true, std::int64_t num_sampled,
                                        bool unique, std::optional<std::int64_t> seed = std::nullopt);

}  // namespace tf::random

namespace tf::nn {

/// The accidental hits of tf::nn::compute_accidental_hits, as a sparse [batch_size, num_sampled] matrix.
struct AccidentalHits {
  Tensor indices;  ///< int32: the row of true_classes
  Tensor ids;      ///< int64: the position in sampled_candidates
  Tensor weights;  ///< float32: each -FLT_MAX
};

/// Where a sampled candidate equals one of a row's true classes (op ComputeAccidentalHits); with
/// repeated candidates the last position counts.
AccidentalHits compute_accidental_hits(const Tensor& true_classes, const Tensor& sampled_candidates, std::int64_t num_true,
                                       std::optional<std::int64_t> seed = std::nullopt);

/// Options of tf::nn::nce_loss and sampled_softmax_loss.
struct SampledLossOptions {
  std::int64_t num_true = 1;                                    ///< true classes per example
  std::optional<random::SampledCandidates> sampled_values{};    ///< else log-uniform, unique, from `seed`
  std::optional<bool> remove_accidental_hits{};                 ///< default false for NCE, true for sampled softmax
  std::string partition_strategy = "div";                       ///< "div" (TensorFlow 2) or "mod" (TF1's default)
  bool subtract_log_q = true;                                   ///< subtract log expected counts from the logits
  std::optional<std::int64_t> seed{};                           ///< op seed of the default sampler
};

/// Noise-contrastive estimation loss per example, [batch_size] (tf.nn.nce_loss): weights is the
/// [num_classes, dim] table or its row partitions, biases [num_classes], labels int [batch, num_true],
/// inputs [batch, dim].
Tensor nce_loss(const std::vector<Tensor>& weights, const Tensor& biases, const Tensor& labels, const Tensor& inputs,
                std::int64_t num_sampled, std::int64_t num_classes, const SampledLossOptions& options = {});
/// Sampled softmax cross-entropy per example, [batch_size] (tf.nn.sampled_softmax_loss).
Tensor sampled_softmax_loss(const std::vector<Tensor>& weights, const Tensor& biases, const Tensor& labels,
                            const Tensor& inputs, std::int64_t num_sampled, std::int64_t num_classes,
                            const SampledLossOptions& options = {});

}  // namespace tf::nn
