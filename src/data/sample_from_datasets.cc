// Dataset.sample_from_datasets, built as TensorFlow builds it so that a seed gives TensorFlow's
// choices: choose_from_datasets over a selector that maps each pair of Dataset.random's numbers
// (a stateless seed) to one stateless categorical draw from log(weights).
#include <string>

#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/data/dataset.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/random_sampling.h"

namespace tf::data {

Dataset Dataset::sample_from_datasets(std::vector<Dataset> datasets, SampleOptions options) {
  if (datasets.empty())
    throw InvalidArgumentError("[Dataset.sample_from_datasets] Invalid `datasets`. `datasets` should not be empty.");
  std::vector<float> weights(datasets.size(), 1.0f);
  if (!options.weights.empty()) {
    if (options.weights.size() != datasets.size())
      throw InvalidArgumentError(
          "[Dataset.sample_from_datasets] Invalid `weights`. `weights` should have the same length as `datasets` but "
          "got `len(weights)=" + std::to_string(options.weights.size()) + "` vs. `len(datasets)=" +
          std::to_string(datasets.size()) + "`.");
    // As TensorFlow: datasets of weight <= 0 are dropped (an empty dataset if none is left).
    std::vector<Dataset> kept;
    weights.clear();
    for (std::size_t i = 0; i < datasets.size(); ++i) {
      if (options.weights[i] > 0) {
        kept.push_back(datasets[i]);
        weights.push_back(static_cast<float>(options.weights[i]));
      }
    }
    if (kept.empty()) {
      kept = {datasets[0].take(0)};
      weights = {1.0f};
    }
    datasets = std::move(kept);
  }
  if (datasets.size() == 1) return datasets[0];
  const Tensor logits = expand_dims(math::log(constant(weights)), 0);
  const Dataset seeds = random(options.seed, options.rerandomize_each_iteration).batch(2);
  const Dataset selector = seeds.map([logits](const Tensor& seed) {
    return squeeze(random::stateless_categorical(logits, 1, IntArray(seed)), {0, 1});
  });
  return choose_from_datasets(std::move(datasets), selector, options.stop_on_empty_dataset);
}

}  // namespace tf::data
