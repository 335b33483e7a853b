// The range samplers, as TensorFlow's range_sampler.cc and distribution_sampler.cc compute them,
// in float where TensorFlow computes in float so that expected counts are its values.
#include "ops/random/range_samplers.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <unordered_set>

#include "tfpp/errors.h"

namespace tf::ops {

float expected_count(float p, std::int64_t batch_size, std::int64_t num_tries) {
  if (num_tries == batch_size) return p * static_cast<float>(batch_size);
  return -std::expm1(static_cast<float>(num_tries) * std::log1p(-p));  // 1 - (1 - p)^num_tries, stably
}

void RangeSampler::sample_batch(SimplePhilox& rnd, bool unique, std::span<std::int64_t> batch,
                                std::span<float> batch_expected, std::span<const std::int64_t> extras,
                                std::span<float> extras_expected) const {
  const std::int64_t batch_size = static_cast<std::int64_t>(batch.size());
  std::int64_t num_tries = batch_size;
  if (unique) {  // the caller checked batch_size <= range, so this ends
    std::unordered_set<std::int64_t> used(batch.size());
    std::size_t picked = 0;
    num_tries = 0;
    while (picked < batch.size()) {
      ++num_tries;
      const std::int64_t value = sample(rnd);
      if (used.insert(value).second) batch[picked++] = value;
    }
  } else {
    for (std::int64_t& value : batch) value = sample(rnd);
  }
  for (std::size_t i = 0; i < batch.size(); ++i)
    batch_expected[i] = expected_count(probability(batch[i]), batch_size, num_tries);
  for (std::size_t i = 0; i < extras.size(); ++i)
    extras_expected[i] = expected_count(probability(extras[i]), batch_size, num_tries);
}

namespace {

class UniformSampler final : public RangeSampler {
 public:
  explicit UniformSampler(std::int64_t range)
      : RangeSampler(range), inv_range_(static_cast<float>(1.0 / static_cast<double>(range))) {}
  std::int64_t sample(SimplePhilox& rnd) const override {
    return static_cast<std::int64_t>(rnd.uniform64(static_cast<std::uint64_t>(range())));
  }
  float probability(std::int64_t) const override { return inv_range_; }

 private:
  float inv_range_;
};

class LogUniformSampler final : public RangeSampler {
 public:
  explicit LogUniformSampler(std::int64_t range)
      : RangeSampler(range), log_range_(std::log1p(static_cast<double>(range))) {}
  std::int64_t sample(SimplePhilox& rnd) const override {
    const std::int64_t value = static_cast<std::int64_t>(std::exp(rnd.rand_double() * log_range_)) - 1;
    return value % range();  // exp may round up to range + 1
  }
  float probability(std::int64_t value) const override {
    const double v = static_cast<double>(value);
    return static_cast<float>(std::log((v + 2.0) / (v + 1.0)) / log_range_);
  }

 private:
  double log_range_;
};

class AllSampler final : public RangeSampler {
 public:
  using RangeSampler::RangeSampler;
  std::int64_t sample(SimplePhilox&) const override { return 0; }  // sample_batch never draws
  float probability(std::int64_t) const override { return 1.0f / static_cast<float>(range()); }
  void sample_batch(SimplePhilox&, bool, std::span<std::int64_t> batch, std::span<float> batch_expected,
                    std::span<const std::int64_t>, std::span<float> extras_expected) const override {
    for (std::size_t i = 0; i < batch.size(); ++i) batch[i] = static_cast<std::int64_t>(i);
    std::fill(batch_expected.begin(), batch_expected.end(), 1.0f);
    std::fill(extras_expected.begin(), extras_expected.end(), 1.0f);
  }
};

}  // namespace

std::unique_ptr<RangeSampler> make_uniform_sampler(std::int64_t range) { return std::make_unique<UniformSampler>(range); }
std::unique_ptr<RangeSampler> make_log_uniform_sampler(std::int64_t range) {
  return std::make_unique<LogUniformSampler>(range);
}
std::unique_ptr<RangeSampler> make_all_sampler(std::int64_t range) { return std::make_unique<AllSampler>(range); }

UnigramSampler::UnigramSampler(std::int64_t range)
    : RangeSampler(range), weights_(static_cast<std::size_t>(range), 1) {
  cumulative_.resize(weights_.size());
  for (std::size_t i = 0; i < weights_.size(); ++i) cumulative_[i] = static_cast<std::int64_t>(i) + 1;
}

std::int64_t UnigramSampler::sample(SimplePhilox& rnd) const {
  // TensorFlow's WeightedPicker: a uniform index into the total weight, then the value whose
  // cumulative weight first passes it.
  const std::uint32_t index = rnd.uniform(static_cast<std::uint32_t>(cumulative_.back()));
  return std::upper_bound(cumulative_.begin(), cumulative_.end(), static_cast<std::int64_t>(index)) - cumulative_.begin();
}

float UnigramSampler::probability(std::int64_t value) const {
  return static_cast<float>(weights_[static_cast<std::size_t>(value)]) /
         static_cast<float>(static_cast<std::int32_t>(cumulative_.back()));
}

void UnigramSampler::update(std::span<const std::int64_t> values) {
  const std::int64_t room = std::numeric_limits<std::int32_t>::max() - cumulative_.back();
  const std::int64_t n = std::min(static_cast<std::int64_t>(values.size()), room);
  for (std::int64_t i = 0; i < n; ++i) ++weights_[static_cast<std::size_t>(values[static_cast<std::size_t>(i)])];
  std::int64_t sum = 0;
  for (std::size_t i = 0; i < weights_.size(); ++i) cumulative_[i] = sum += weights_[i];
}

FixedUnigramSampler::FixedUnigramSampler(const std::string& op, const Spec& spec, std::span<const float> unigrams)
    : RangeSampler(spec.range) {
  reserve_ids(spec);
  for (float w : unigrams) add_weight(spec, w);
  build_alias_table(op, spec);
}

namespace {

// absl::SimpleAtof's rule as TensorFlow's safe_strtof uses it: the whole field, spaces around allowed.
bool parse_float(const std::string& field, float& value) {
  const char* begin = field.c_str();
  while (*begin == ' ' || *begin == '\t') ++begin;
  if (*begin == '\0') return false;
  char* end = nullptr;
  errno = 0;
  value = std::strtof(begin, &end);
  while (*end == ' ' || *end == '\t') ++end;
  return *end == '\0';
}

}  // namespace

FixedUnigramSampler::FixedUnigramSampler(const std::string& op, const Spec& spec, const std::string& vocab_file)
    : RangeSampler(spec.range) {
  reserve_ids(spec);
  std::ifstream in(vocab_file);
  if (!in) throw NotFoundError("[" + op + "] " + vocab_file + "; " + std::strerror(errno));
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;  // TensorFlow skips empty lines without giving them an id
    // The weight is the last comma-separated field; ids of other shards are not parsed.
    if (next_id_ % spec.num_shards == spec.shard) {
      float w = 0;
      if (!parse_float(line.substr(line.rfind(',') == std::string::npos ? 0 : line.rfind(',') + 1), w))
        throw InvalidArgumentError("[" + op + "] Wrong vocabulary format at line: " + line);
      add_weight(spec, w);
    } else {
      ++next_id_;
    }
  }
  build_alias_table(op, spec);
}

void FixedUnigramSampler::reserve_ids(const Spec& spec) {
  for (std::int64_t id = 0; id < spec.num_reserved_ids; ++id)
    if (id % spec.num_shards == spec.shard) weights_.push_back(0.0f);
  next_id_ = static_cast<std::int64_t>(weights_.size());  // as TensorFlow, ids continue from the kept count
}

void FixedUnigramSampler::add_weight(const Spec& spec, float w) {
  if (next_id_++ % spec.num_shards != spec.shard) return;
  w = std::pow(w, spec.distortion);
  total_weight_ += w;
  weights_.push_back(w);
}

void FixedUnigramSampler::build_alias_table(const std::string& op, const Spec& spec) {
  if (static_cast<std::int64_t>(weights_.size()) != spec.range)
    throw InvalidArgumentError("[" + op + "] range is " + std::to_string(spec.range) + " must be equal to weights size  " +
                               std::to_string(weights_.size()));
  const std::size_t n = weights_.size();
  double sum = 0;
  for (float w : weights_) sum += w;
  std::vector<double> pr(n);
  std::vector<std::int32_t> high, low;
  alt_.assign(n, -1);
  for (std::size_t i = 0; i < n; ++i) {
    pr[i] = (weights_[i] * static_cast<double>(n)) / sum;
    (pr[i] < 1.0 ? low : high).push_back(static_cast<std::int32_t>(i));
  }
  while (!high.empty() && !low.empty()) {  // pair each short bucket with a long one
    const std::int32_t l = low.back(), h = high.back();
    low.pop_back(), high.pop_back();
    alt_[static_cast<std::size_t>(l)] = h;
    pr[static_cast<std::size_t>(h)] -= 1.0 - pr[static_cast<std::size_t>(l)];
    (pr[static_cast<std::size_t>(h)] < 1.0 ? low : high).push_back(h);
  }
  prob_.assign(pr.begin(), pr.end());
  // Rounding leaves buckets near 1 in either list: they keep themselves.
  for (const auto* rest : {&high, &low})
    for (std::int32_t i : *rest) prob_[static_cast<std::size_t>(i)] = 1.0f, alt_[static_cast<std::size_t>(i)] = i;
}

std::int64_t FixedUnigramSampler::sample(SimplePhilox& rnd) const {
  const float r = rnd.rand_float();
  const std::uint32_t i = rnd.uniform(static_cast<std::uint32_t>(prob_.size()));
  return r < prob_[i] ? i : alt_[i];
}

float FixedUnigramSampler::probability(std::int64_t value) const {
  if (value < 0 || value >= static_cast<std::int64_t>(weights_.size())) return 0.0f;
  return weights_[static_cast<std::size_t>(value)] / total_weight_;
}

}  // namespace tf::ops
