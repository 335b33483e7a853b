// TensorFlow's range samplers (core/kernels/range_sampler.cc): the base distributions over
// [0, range) that the candidate sampling ops draw from, and the expected count of a value in a
// batch of draws, with and without replacement.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "kernels/cpu/philox.h"

namespace tf::ops {

/// 32-bit words one at a time from Philox blocks, with TensorFlow's SimplePhilox helpers, so
/// that a sampler consumes the stream as TensorFlow's does.
class SimplePhilox {
 public:
  explicit SimplePhilox(kernels::Philox gen) : gen_(gen) {}
  std::uint32_t rand32() {
    if (used_ == 4) block_ = gen_(), used_ = 0;
    return block_[used_++];
  }
  std::uint64_t rand64() {
    const std::uint64_t lo = rand32(), hi = rand32();
    return lo | (hi << 32);
  }
  double rand_double() {
    const std::uint32_t x0 = rand32(), x1 = rand32();
    return kernels::uint64_to_double(x0, x1);
  }
  float rand_float() { return kernels::uint32_to_float(rand32()); }
  /// A value in [0, n) (n > 0), by TensorFlow's modulo.
  std::uint32_t uniform(std::uint32_t n) { return rand32() % n; }
  /// A value in [0, n) (n > 0) from 64 bits.
  std::uint64_t uniform64(std::uint64_t n) { return rand64() % n; }

 private:
  kernels::Philox gen_;
  kernels::Philox::Block block_{};
  int used_ = 4;
};

/// A distribution over [0, range) to draw candidates from.
class RangeSampler {
 public:
  explicit RangeSampler(std::int64_t range) : range_(range) {}
  virtual ~RangeSampler() = default;
  std::int64_t range() const { return range_; }
  /// One draw.
  virtual std::int64_t sample(SimplePhilox& rnd) const = 0;
  /// The probability of `value` in one draw.
  virtual float probability(std::int64_t value) const = 0;
  /// Fills `batch` with draws (distinct ones when `unique`, by rejection) and the expected count
  /// of each value of `batch` and `extras` in such a batch (TensorFlow's SampleBatchGetExpectedCount).
  virtual void sample_batch(SimplePhilox& rnd, bool unique, std::span<std::int64_t> batch,
                            std::span<float> batch_expected, std::span<const std::int64_t> extras,
                            std::span<float> extras_expected) const;

 private:
  std::int64_t range_;
};

/// The expected count of a value of probability p in `batch_size` distinct values found in
/// `num_tries` draws: p * batch_size without rejections, else 1 - (1 - p)^num_tries.
float expected_count(float p, std::int64_t batch_size, std::int64_t num_tries);

/// Every value equally likely (UniformSampler).
std::unique_ptr<RangeSampler> make_uniform_sampler(std::int64_t range);
/// P(v) = log((v + 2) / (v + 1)) / log(range + 1) (LogUniformSampler).
std::unique_ptr<RangeSampler> make_log_uniform_sampler(std::int64_t range);
/// Always [0, range) in order, each with expected count 1 (AllSampler).
std::unique_ptr<RangeSampler> make_all_sampler(std::int64_t range);

/// Integer weights, each value's probability its weight over the total (the learned unigram
/// sampler's ThreadUnsafeUnigramSampler): every value starts at 1 and gains 1 per occurrence
/// as a true class.
class UnigramSampler final : public RangeSampler {
 public:
  explicit UnigramSampler(std::int64_t range);
  std::int64_t sample(SimplePhilox& rnd) const override;
  float probability(std::int64_t value) const override;
  /// Counts each of `values` once more, until the total would pass int32's range.
  void update(std::span<const std::int64_t> values);

 private:
  std::vector<std::int64_t> cumulative_;  // running sums of the weights
  std::vector<std::int32_t> weights_;
};

/// Fixed float weights raised to `distortion` (FixedUnigramSampler): `num_reserved_ids` leading
/// values of weight 0, then the unigrams or the vocabulary file's last column, keeping the ids
/// with id % num_shards == shard. Drawn by Walker's alias method as TensorFlow's DistributionSampler.
class FixedUnigramSampler final : public RangeSampler {
 public:
  struct Spec {
    std::int64_t range;
    float distortion;
    std::int64_t num_reserved_ids, num_shards, shard;
  };
  /// From in-memory unigrams; InvalidArgumentError naming `op` unless the shard's count is `range`.
  FixedUnigramSampler(const std::string& op, const Spec& spec, std::span<const float> unigrams);
  /// From a CSV-like vocabulary file; NotFoundError when it cannot be read.
  FixedUnigramSampler(const std::string& op, const Spec& spec, const std::string& vocab_file);
  std::int64_t sample(SimplePhilox& rnd) const override;
  float probability(std::int64_t value) const override;

 private:
  void reserve_ids(const Spec& spec);
  void add_weight(const Spec& spec, float w);
  void build_alias_table(const std::string& op, const Spec& spec);

  std::int64_t next_id_ = 0;
  float total_weight_ = 0;
  std::vector<float> weights_;
  std::vector<float> prob_;  // alias method: keep the bucket with this probability...
  std::vector<std::int32_t> alt_;  // ...else take this value
};

}  // namespace tf::ops
