// Candidate sampling and the sampled losses for Python: the samplers' and ComputeAccidentalHits'
// ops, nce_loss and sampled_softmax_loss (python/tfpp/candidate_sampling.py gives them
// TensorFlow's signatures and named tuples).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "tfpp/candidate_sampling.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

using Sampled = std::tuple<tf::Tensor, tf::Tensor, tf::Tensor>;
using RangeSamplerFn = tf::random::SampledCandidates (*)(const tf::Tensor&, std::int64_t, std::int64_t, bool,
                                                         std::int64_t, std::optional<std::int64_t>);

Sampled as_tuple(tf::random::SampledCandidates s) {
  return {std::move(s.sampled_candidates), std::move(s.true_expected_count), std::move(s.sampled_expected_count)};
}

// weights as TensorFlow takes them: one tensor or variable, or a list of partitions.
std::vector<tf::Tensor> partitions(nb::handle weights) {
  std::vector<tf::Tensor> out;
  if (nb::isinstance<nb::list>(weights) || nb::isinstance<nb::tuple>(weights)) {
    for (nb::handle w : weights) out.push_back(to_tensor(w));
  } else {
    out.push_back(to_tensor(weights));
  }
  return out;
}

}  // namespace

void bind_candidate_sampling(nb::module_& m) {
  nb::module_ random = nb::borrow<nb::module_>(m.attr("random"));
  nb::module_ nn = nb::borrow<nb::module_>(m.attr("nn"));
  for (auto [name, fn] : {std::pair<const char*, RangeSamplerFn>{"_uniform_candidate_sampler",
                                                                  tf::random::uniform_candidate_sampler},
                          {"_log_uniform_candidate_sampler", tf::random::log_uniform_candidate_sampler},
                          {"_learned_unigram_candidate_sampler", tf::random::learned_unigram_candidate_sampler}}) {
    random.def(name, [fn](nb::handle true_classes, std::int64_t num_true, std::int64_t num_sampled, bool unique,
                          std::int64_t range_max, std::optional<std::int64_t> seed, nb::handle name) {
      NodeName named(name);
      return as_tuple(fn(to_tensor(true_classes, tf::int64), num_true, num_sampled, unique, range_max, seed));
    }, "true_classes"_a, "num_true"_a, "num_sampled"_a, "unique"_a, "range_max"_a, "seed"_a = nb::none(),
       "name"_a = nb::none());
  }
  random.def("_fixed_unigram_candidate_sampler",
             [](nb::handle true_classes, std::int64_t num_true, std::int64_t num_sampled, bool unique,
                std::int64_t range_max, std::string vocab_file, double distortion, std::int64_t num_reserved_ids,
                std::int64_t num_shards, std::int64_t shard, std::vector<float> unigrams,
                std::optional<std::int64_t> seed, nb::handle name) {
    NodeName named(name);
    return as_tuple(tf::random::fixed_unigram_candidate_sampler(
        to_tensor(true_classes, tf::int64), num_true, num_sampled, unique, range_max,
        {.vocab_file = std::move(vocab_file), .distortion = distortion, .num_reserved_ids = num_reserved_ids,
         .num_shards = num_shards, .shard = shard, .unigrams = std::move(unigrams), .seed = seed}));
  }, "true_classes"_a, "num_true"_a, "num_sampled"_a, "unique"_a, "range_max"_a, "vocab_file"_a, "distortion"_a,
     "num_reserved_ids"_a, "num_shards"_a, "shard"_a, "unigrams"_a, "seed"_a = nb::none(), "name"_a = nb::none());
  random.def("_all_candidate_sampler", [](nb::handle true_classes, std::int64_t num_true, std::int64_t num_sampled,
                                          bool unique, std::optional<std::int64_t> seed, nb::handle name) {
    NodeName named(name);
    return as_tuple(tf::random::all_candidate_sampler(to_tensor(true_classes, tf::int64), num_true, num_sampled, unique, seed));
  }, "true_classes"_a, "num_true"_a, "num_sampled"_a, "unique"_a, "seed"_a = nb::none(), "name"_a = nb::none());
  nn.def("_compute_accidental_hits", [](nb::handle true_classes, nb::handle sampled_candidates, std::int64_t num_true,
                                        std::optional<std::int64_t> seed, nb::handle name) {
    NodeName named(name);
    tf::nn::AccidentalHits h = tf::nn::compute_accidental_hits(to_tensor(true_classes, tf::int64),
                                                               to_tensor(sampled_candidates, tf::int64), num_true, seed);
    return std::make_tuple(std::move(h.indices), std::move(h.ids), std::move(h.weights));
  }, "true_classes"_a, "sampled_candidates"_a, "num_true"_a, "seed"_a = nb::none(), "name"_a = nb::none());
  // kind "nce" or "softmax"; sampled_values a (candidates, true counts, sampled counts) tuple or None.
  nn.def("_sampled_loss", [](const std::string& kind, nb::handle weights, nb::handle biases, nb::handle labels,
                             nb::handle inputs, std::int64_t num_sampled, std::int64_t num_classes, std::int64_t num_true,
                             nb::handle sampled_values, bool remove_accidental_hits, std::string partition_strategy,
                             std::optional<std::int64_t> seed) {
    tf::nn::SampledLossOptions options{.num_true = num_true, .sampled_values = std::nullopt,
                                       .remove_accidental_hits = remove_accidental_hits,
                                       .partition_strategy = std::move(partition_strategy), .seed = seed};
    if (!sampled_values.is_none()) {
      const nb::sequence values = nb::borrow<nb::sequence>(sampled_values);
      if (nb::len(values) != 3)
        throw nb::value_error("sampled_values must be (sampled_candidates, true_expected_count, sampled_expected_count)");
      options.sampled_values = tf::random::SampledCandidates{to_tensor(values[0]), to_tensor(values[1]), to_tensor(values[2])};
    }
    const std::vector<tf::Tensor> w = partitions(weights);
    const tf::Tensor in = to_tensor(inputs);
    if (kind == "nce") return tf::nn::nce_loss(w, to_tensor(biases), to_tensor(labels), in, num_sampled, num_classes, options);
    return tf::nn::sampled_softmax_loss(w, to_tensor(biases), to_tensor(labels), in, num_sampled, num_classes, options);
  }, "kind"_a, "weights"_a, "biases"_a, "labels"_a, "inputs"_a, "num_sampled"_a, "num_classes"_a, "num_true"_a,
     "sampled_values"_a.none(), "remove_accidental_hits"_a, "partition_strategy"_a, "seed"_a.none());
}

}  // namespace tfpp_python
