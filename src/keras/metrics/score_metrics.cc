// Keras 3's FBetaScore / F1Score (keras/src/metrics/f_score_metrics.py) and R2Score
// (keras/src/metrics/regression_metrics.py).
#include "tfpp/keras/score_metrics.h"

#include "keras/metrics/metric_names.h"
#include "keras/losses/loss_utils.h"
#include "keras/metrics/confusion_matrix.h"
#include "tfpp/array_ops.h"
#include "tfpp/broadcast_ops.h"
#include "tfpp/float_classification_ops.h"
#include "tfpp/keras/epsilon.h"
#include "tfpp/keras/losses.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::metrics {

using naming::default_name;
using confusion::inputs_context;

namespace {

ConfigValue optional_string(const std::optional<std::string>& s) { return s ? ConfigValue(*s) : ConfigValue(); }

// The [batch, outputs] check both metrics make before creating their state.
std::int64_t outputs_of(const char* who, const Tensor& y_true, const Tensor& y_pred) {
  if (y_true.rank() != 2 || y_pred.rank() != 2)
    throw InvalidArgumentError(std::string(who) + " expects 2D inputs with shape (batch_size, output_dim). Received "
                               "input shapes: y_pred.shape=" + y_pred.shape().debug_string() +
                               " and y_true.shape=" + y_true.shape().debug_string() + ".");
  const std::int64_t n = y_pred.shape().dim(-1);
  if (n < 0 || y_true.shape().dim(-1) < 0)
    throw InvalidArgumentError(std::string(who) + " expects 2D inputs with shape (batch_size, output_dim), with "
                               "output_dim fully defined (not None). Received input shapes: y_pred.shape=" +
                               y_pred.shape().debug_string() + " and y_true.shape=" + y_true.shape().debug_string() + ".");
  return n;
}

}  // namespace

FBetaScore::FBetaScore(FBetaScoreOptions o) : Metric(default_name(o.name, "fbeta_score"), o.dtype), options_(std::move(o)) {
  const auto& a = options_.average;
  if (a && *a != "micro" && *a != "macro" && *a != "weighted")
    throw InvalidArgumentError("[" + name() + "] Invalid `average` argument value. Expected one of: {None, 'micro', "
                               "'macro', 'weighted'}. Received: average=" + *a);
  if (!(options_.beta > 0.0))
    throw InvalidArgumentError("[" + name() + "] Invalid `beta` argument value. It should be > 0. Received: beta=" +
                               std::to_string(options_.beta));
  if (options_.threshold && (*options_.threshold > 1.0 || *options_.threshold <= 0.0))
    throw InvalidArgumentError("[" + name() + "] Invalid `threshold` argument value. It should verify 0 < threshold "
                               "<= 1. Received: threshold=" + std::to_string(*options_.threshold));
}

void FBetaScore::build(const Tensor& y_true, const Tensor& y_pred) {
  const std::int64_t classes = outputs_of("FBetaScore", y_true, y_pred);
  const TensorShape shape = options_.average == "micro" ? TensorShape{} : TensorShape{classes};
  true_positives_ = add_variable(shape, "true_positives");
  false_positives_ = add_variable(shape, "false_positives");
  false_negatives_ = add_variable(shape, "false_negatives");
  intermediate_weights_ = add_variable(shape, "intermediate_weights");
  built_ = true;
}

void FBetaScore::update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  keras::detail::naming_errors(name(), inputs_context(y_true, y_pred, sample_weight), [&] {
    const Tensor t = keras::detail::cast_if_needed(y_true, dtype());
    const Tensor p = keras::detail::cast_if_needed(y_pred, dtype());
    if (!built_) build(t, p);
    // Without a threshold each row's largest score (if not ~0) is the predicted class.
    const Tensor predicted = cast(options_.threshold ? p > *options_.threshold
                                                     : (p >= reduce_max(p, -1, {.keepdims = true})) & (math::abs(p) > 1e-9),
                                  dtype());
    const Tensor w = sample_weight.defined() ? expand_dims(keras::detail::cast_if_needed(sample_weight, dtype()), 1) : Tensor();
    const auto weighted_sum = [&](const Tensor& v) {
      const Tensor x = w.defined() ? v * w : v;
      return options_.average == "micro" ? reduce_sum(x) : reduce_sum(x, 0);
    };
    true_positives_.assign_add(weighted_sum(predicted * t));
    false_positives_.assign_add(weighted_sum(predicted * (1.0 - t)));
    false_negatives_.assign_add(weighted_sum((1.0 - predicted) * t));
    intermediate_weights_.assign_add(weighted_sum(t));
  });
}

Tensor FBetaScore::result() const {
  if (!built_) return constant(0.0, dtype());
  const double eps = config::epsilon(), b2 = options_.beta * options_.beta;
  const Tensor tp = true_positives_.read_value();
  const Tensor precision = tp / (tp + false_positives_.read_value() + eps);
  const Tensor recall = tp / (tp + false_negatives_.read_value() + eps);
  const Tensor score = precision * recall / (precision * b2 + recall + eps) * (1.0 + b2);
  if (options_.average == "weighted") {
    const Tensor weights = intermediate_weights_.read_value();
    return reduce_sum(score * (weights / (reduce_sum(weights) + eps)));
  }
  return options_.average ? reduce_mean(score) : score;
}

Config FBetaScore::get_config() const {
  Config config = Metric::get_config();
  config["average"] = optional_string(options_.average);
  config["beta"] = options_.beta;
  config["threshold"] = options_.threshold ? ConfigValue(*options_.threshold) : ConfigValue();
  return config;
}

F1Score::F1Score(F1ScoreOptions o)
    : FBetaScore({.average = std::move(o.average), .beta = 1.0, .threshold = o.threshold,
                  .name = default_name(o.name, "f1_score"), .dtype = o.dtype}) {}

Config F1Score::get_config() const {
  Config config = FBetaScore::get_config();
  config.erase("beta");
  return config;
}

R2Score::R2Score(R2ScoreOptions o) : Metric(default_name(o.name, "r2_score"), o.dtype), options_(std::move(o)) {
  const auto& a = options_.class_aggregation;
  if (a && *a != "uniform_average" && *a != "variance_weighted_average")
    throw InvalidArgumentError("[" + name() + "] Invalid value for argument `class_aggregation`. Expected one of (None, "
                               "'uniform_average', 'variance_weighted_average'). Received: class_aggregation=" + *a);
  if (options_.num_regressors < 0)
    throw InvalidArgumentError("[" + name() + "] Invalid value for argument `num_regressors`. Expected a value >= 0. "
                               "Received: num_regressors=" + std::to_string(options_.num_regressors));
  num_samples_ = add_variable({}, "num_samples");
}

void R2Score::update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  keras::detail::naming_errors(name(), inputs_context(y_true, y_pred, sample_weight), [&] {
    auto [t, p] = losses::squeeze_or_expand_to_same_rank(keras::detail::cast_if_needed(y_true, dtype()),
                                                         keras::detail::cast_if_needed(y_pred, dtype()));
    if (!built_) {
      const TensorShape shape{outputs_of("R2Score", t, p)};
      squared_sum_ = add_variable(shape, "squared_sum");
      sum_ = add_variable(shape, "sum");
      residual_ = add_variable(shape, "residual");
      count_ = add_variable(shape, "count");
      built_ = true;
    }
    Tensor w = sample_weight.defined() ? keras::detail::cast_if_needed(sample_weight, dtype()) : constant(1.0, dtype());
    if (w.rank() == 1) w = expand_dims(w, 1);
    w = broadcast_to(w, shape(t));
    const Tensor weighted = t * w;
    sum_.assign_add(reduce_sum(weighted, 0));
    squared_sum_.assign_add(reduce_sum(t * weighted, 0));
    residual_.assign_add(reduce_sum(math::square(t - p) * w, 0));
    count_.assign_add(reduce_sum(w, 0));
    num_samples_.assign_add(keras::detail::num_elements_as(t, dtype()));
  });
}

Tensor R2Score::result() const {
  if (!built_) return constant(0.0, dtype());
  const Tensor sum = sum_.read_value();
  const Tensor mean = sum / count_.read_value();
  const Tensor total = squared_sum_.read_value() - sum * mean;
  Tensor raw = 1.0 - residual_.read_value() / total;
  raw = where(math::is_inf(raw), zeros_like(raw), raw);
  Tensor r2 = raw;
  if (options_.class_aggregation == "uniform_average") r2 = reduce_mean(raw);
  else if (options_.class_aggregation == "variance_weighted_average") r2 = reduce_sum(total * raw) / reduce_sum(total);
  if (options_.num_regressors == 0) return r2;
  // The adjusted R2; with no more samples than regressors + 1, Keras falls back to the plain R2.
  const Tensor n = num_samples_.read_value();
  const double p = static_cast<double>(options_.num_regressors);
  const Tensor adjusted = 1.0 - (1.0 - r2) * (n - 1.0) / (n - p - 1.0);
  return where(n - 1.0 > p, adjusted, r2);
}

Config R2Score::get_config() const {
  Config config = Metric::get_config();
  config["class_aggregation"] = optional_string(options_.class_aggregation);
  config["num_regressors"] = options_.num_regressors;
  return config;
}

}  // namespace tf::keras::metrics
