// The metrics Keras 3 builds from loss functions (keras/src/metrics/regression_metrics.py,
// hinge_metrics.py, probabilistic_metrics.py): running means of per-sample values.
#include <cmath>

#include "keras/losses/loss_utils.h"
#include "tfpp/array_ops.h"
#include "tfpp/keras/losses.h"
#include "tfpp/keras/metrics.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::metrics {

namespace {

MetricOptions named(const MetricOptions& o, const char* fallback) {
  return {.name = o.name.empty() ? fallback : o.name, .dtype = o.dtype};
}

// Keras keeps label_smoothing as the number given; its default is the integer 0.
ConfigValue number(double v) {
  return v == std::floor(v) && std::abs(v) < 1e15 ? ConfigValue(static_cast<std::int64_t>(v)) : ConfigValue(v);
}

// Keras' regression_metrics.cosine_similarity: the similarity itself, not its negative.
Tensor positive_cosine_similarity(const Tensor& y_true, const Tensor& y_pred, std::int64_t axis) {
  return -losses::cosine_similarity(y_true, y_pred, axis);
}

}  // namespace

MeanAbsoluteError::MeanAbsoluteError(MetricOptions o)
    : MeanMetricWrapper(losses::mean_absolute_error, named(o, "mean_absolute_error")) {}

MeanAbsolutePercentageError::MeanAbsolutePercentageError(MetricOptions o)
    : MeanMetricWrapper(losses::mean_absolute_percentage_error, named(o, "mean_absolute_percentage_error")) {}

MeanSquaredLogarithmicError::MeanSquaredLogarithmicError(MetricOptions o)
    : MeanMetricWrapper(losses::mean_squared_logarithmic_error, named(o, "mean_squared_logarithmic_error")) {}

CosineSimilarity::CosineSimilarity(CosineSimilarityOptions o)
    : MeanMetricWrapper([axis = o.axis](const Tensor& y, const Tensor& p) { return positive_cosine_similarity(y, p, axis); },
                        {.name = o.name, .dtype = o.dtype}),
      axis_(o.axis) {}
Config CosineSimilarity::get_config() const {
  Config config = Metric::get_config();
  config["axis"] = axis_;
  return config;
}

LogCoshError::LogCoshError(MetricOptions o) : MeanMetricWrapper(losses::log_cosh, named(o, "logcosh")) {}

Hinge::Hinge(MetricOptions o) : MeanMetricWrapper(losses::hinge, named(o, "hinge")) {}

SquaredHinge::SquaredHinge(MetricOptions o) : MeanMetricWrapper(losses::squared_hinge, named(o, "squared_hinge")) {}

CategoricalHinge::CategoricalHinge(MetricOptions o)
    : MeanMetricWrapper(losses::categorical_hinge, named(o, "categorical_hinge")) {}

KLDivergence::KLDivergence(MetricOptions o) : MeanMetricWrapper(losses::kl_divergence, named(o, "kl_divergence")) {}

Poisson::Poisson(MetricOptions o) : MeanMetricWrapper(losses::poisson, named(o, "poisson")) {}

BinaryCrossentropy::BinaryCrossentropy(BinaryCrossentropyOptions o)
    : MeanMetricWrapper(
          [o](const Tensor& y, const Tensor& p) { return losses::binary_crossentropy(y, p, o.from_logits, o.label_smoothing); },
          {.name = o.name, .dtype = o.dtype}),
      options_(o) {}

Config BinaryCrossentropy::get_config() const {
  Config config = Metric::get_config();
  config["from_logits"] = options_.from_logits;
  config["label_smoothing"] = number(options_.label_smoothing);
  return config;
}

CategoricalCrossentropy::CategoricalCrossentropy(CategoricalCrossentropyOptions o)
    : MeanMetricWrapper(
          [o](const Tensor& y, const Tensor& p) {
            return losses::categorical_crossentropy(y, p, o.from_logits, o.label_smoothing, o.axis);
          },
          {.name = o.name, .dtype = o.dtype}),
      options_(o) {}

Config CategoricalCrossentropy::get_config() const {
  Config config = Metric::get_config();
  config["from_logits"] = options_.from_logits;
  config["label_smoothing"] = number(options_.label_smoothing);
  config["axis"] = options_.axis;
  return config;
}

SparseCategoricalCrossentropy::SparseCategoricalCrossentropy(SparseCategoricalCrossentropyOptions o)
    : MeanMetricWrapper(
          [o](const Tensor& y, const Tensor& p) {
            return losses::sparse_categorical_crossentropy(y, p, o.from_logits, o.ignore_class, o.axis);
          },
          {.name = o.name, .dtype = o.dtype}),
      options_(o) {}

void SparseCategoricalCrossentropy::update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  // Keras masks the ignored entries, and Mean applies that mask only to given sample weights:
  // without weights, ignored entries still count (as zeros).
  if (!options_.ignore_class || !sample_weight.defined())
    return MeanMetricWrapper::update_state(y_true, y_pred, sample_weight);
  if (!y_true.defined() || !y_pred.defined())
    throw InvalidArgumentError("[" + name() + "] update_state needs defined input tensors");
  const auto context = [&] {
    return "y_true is " + keras::detail::describe(y_true) + ", y_pred is " + keras::detail::describe(y_pred) +
           ", sample_weight is " + keras::detail::describe(sample_weight);
  };
  keras::detail::naming_errors(name(), context, [&] {
    const Tensor values =
        losses::sparse_categorical_crossentropy(y_true, y_pred, options_.from_logits, options_.ignore_class, options_.axis);
    Tensor labels = y_true;
    if (labels.rank() == y_pred.rank() && labels.shape().dim(-1) == 1) labels = squeeze(labels, {-1});
    const Tensor valid = math::not_equal(labels, constant(static_cast<double>(*options_.ignore_class), labels.dtype()));
    auto [mask, weight] = losses::squeeze_or_expand_to_same_rank(cast(valid, dtype()),
                                                                 keras::detail::cast_if_needed(sample_weight, dtype()));
    accumulate(values, weight * mask);
  });
}

Config SparseCategoricalCrossentropy::get_config() const {
  Config config = Metric::get_config();
  config["from_logits"] = options_.from_logits;
  config["ignore_class"] = options_.ignore_class ? ConfigValue(*options_.ignore_class) : ConfigValue();
  config["axis"] = options_.axis;
  return config;
}

}  // namespace tf::keras::metrics
