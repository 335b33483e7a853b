// Keras 3's TruePositives / FalsePositives / TrueNegatives / FalseNegatives
// (_ConfusionMatrixConditionCount) and SensitivitySpecificityBase's four metrics
// (keras/src/metrics/confusion_metrics.py).
#include "tfpp/keras/threshold_metrics.h"

#include "keras/metrics/metric_names.h"
#include "keras/losses/loss_utils.h"
#include "keras/metrics/confusion_matrix.h"
#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::metrics {

using namespace confusion;
using naming::given_or_auto_name;
using keras::detail::divide_no_nan_value;

ConfusionCount::ConfusionCount(ConfusionCountOptions o, const char* entry)
    : Metric(given_or_auto_name(o.name, entry), o.dtype), options_(std::move(o)), entry_(entry) {
  check_thresholds(name(), options_.thresholds);
  thresholds_ = options_.thresholds.empty() ? std::vector<double>{0.5} : options_.thresholds;
  accumulator_ = add_variable({static_cast<std::int64_t>(thresholds_.size())}, "accumulator");
}

void ConfusionCount::update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  keras::detail::naming_errors(name(), inputs_context(y_true, y_pred, sample_weight), [&] {
    ConfusionVariables vars;
    if (entry_ == "true_positives") vars.true_positives = accumulator_;
    else if (entry_ == "false_positives") vars.false_positives = accumulator_;
    else if (entry_ == "true_negatives") vars.true_negatives = accumulator_;
    else vars.false_negatives = accumulator_;
    update_confusion_matrix(vars, y_true, y_pred, thresholds_, std::nullopt, std::nullopt, sample_weight, false, {},
                            dtype());
  });
}

Tensor ConfusionCount::result() const {
  const Tensor counts = accumulator_.read_value();
  return thresholds_.size() == 1 ? reshape(counts, std::vector<std::int64_t>{}) : counts;
}

Config ConfusionCount::get_config() const {
  Config config = Metric::get_config();
  config["thresholds"] = list_or_none(options_.thresholds);
  return config;
}

TruePositives::TruePositives(ConfusionCountOptions o) : ConfusionCount(std::move(o), "true_positives") {}
FalsePositives::FalsePositives(ConfusionCountOptions o) : ConfusionCount(std::move(o), "false_positives") {}
TrueNegatives::TrueNegatives(ConfusionCountOptions o) : ConfusionCount(std::move(o), "true_negatives") {}
FalseNegatives::FalseNegatives(ConfusionCountOptions o) : ConfusionCount(std::move(o), "false_negatives") {}

SensitivitySpecificityBase::SensitivitySpecificityBase(std::string name, std::optional<DType> dtype,
                                                       const char* value_key, double value,
                                                       std::int64_t num_thresholds,
                                                       std::optional<std::int64_t> class_id)
    : Metric(std::move(name), dtype),
      value_key_(value_key),
      value_(value),
      num_thresholds_(num_thresholds),
      class_id_(class_id) {
  if (!(value >= 0.0 && value <= 1.0))
    throw InvalidArgumentError("[" + this->name() + "] Argument `" + value_key + "` must be in the range [0, 1]. Received: " +
                               value_key + "=" + std::to_string(value));
  if (num_thresholds <= 0)
    throw InvalidArgumentError("[" + this->name() + "] Argument `num_thresholds` must be an integer > 0. Received: "
                               "num_thresholds=" + std::to_string(num_thresholds));
  if (num_thresholds == 1) {
    thresholds_ = {0.5};
  } else {
    thresholds_.push_back(0.0);
    for (std::int64_t i = 0; i < num_thresholds - 2; ++i)
      thresholds_.push_back(static_cast<double>(i + 1) / static_cast<double>(num_thresholds - 1));
    thresholds_.push_back(1.0);
  }
  const std::int64_t n = static_cast<std::int64_t>(thresholds_.size());
  true_positives_ = add_variable({n}, "true_positives");
  false_positives_ = add_variable({n}, "false_positives");
  true_negatives_ = add_variable({n}, "true_negatives");
  false_negatives_ = add_variable({n}, "false_negatives");
}

void SensitivitySpecificityBase::update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  keras::detail::naming_errors(name(), inputs_context(y_true, y_pred, sample_weight), [&] {
    ConfusionVariables vars{true_positives_, false_positives_, true_negatives_, false_negatives_};
    update_confusion_matrix(vars, y_true, y_pred, thresholds_, std::nullopt, class_id_, sample_weight, false, {},
                            dtype());
  });
}

Config SensitivitySpecificityBase::get_config() const {
  Config config = Metric::get_config();
  config["class_id"] = optional_int(class_id_);
  config["num_thresholds"] = num_thresholds_;
  config[value_key_] = value_;
  return config;
}

Tensor SensitivitySpecificityBase::recalls() const {
  const Tensor tp = true_positives_.read_value();
  return divide_no_nan_value(tp, tp + false_negatives_.read_value());
}
Tensor SensitivitySpecificityBase::specificities() const {
  const Tensor tn = true_negatives_.read_value();
  return divide_no_nan_value(tn, tn + false_positives_.read_value());
}
Tensor SensitivitySpecificityBase::precisions() const {
  const Tensor tp = true_positives_.read_value();
  return divide_no_nan_value(tp, tp + false_positives_.read_value());
}

Tensor SensitivitySpecificityBase::max_where_at_least(const Tensor& constrained, const Tensor& dependent) const {
  // ops.max(where(feasible, dependent, 0), initial=0).
  const Tensor feasible = constrained >= value_;
  const Tensor zero = zeros_like(dependent);
  return math::maximum(reduce_max(where(feasible, dependent, zero)), constant(0.0, dtype()));
}

PrecisionAtRecall::PrecisionAtRecall(PrecisionAtRecallOptions o)
    : SensitivitySpecificityBase(given_or_auto_name(o.name, "precision_at_recall"), o.dtype, "recall", o.recall,
                                 o.num_thresholds, o.class_id) {}
Tensor PrecisionAtRecall::result() const { return max_where_at_least(recalls(), precisions()); }

RecallAtPrecision::RecallAtPrecision(RecallAtPrecisionOptions o)
    : SensitivitySpecificityBase(given_or_auto_name(o.name, "recall_at_precision"), o.dtype, "precision", o.precision,
                                 o.num_thresholds, o.class_id) {}
Tensor RecallAtPrecision::result() const { return max_where_at_least(precisions(), recalls()); }

SensitivityAtSpecificity::SensitivityAtSpecificity(SensitivityAtSpecificityOptions o)
    : SensitivitySpecificityBase(given_or_auto_name(o.name, "sensitivity_at_specificity"), o.dtype, "specificity",
                                 o.specificity, o.num_thresholds, o.class_id) {}
Tensor SensitivityAtSpecificity::result() const { return max_where_at_least(specificities(), recalls()); }

SpecificityAtSensitivity::SpecificityAtSensitivity(SpecificityAtSensitivityOptions o)
    : SensitivitySpecificityBase(given_or_auto_name(o.name, "specificity_at_sensitivity"), o.dtype, "sensitivity",
                                 o.sensitivity, o.num_thresholds, o.class_id) {}
Tensor SpecificityAtSensitivity::result() const { return max_where_at_least(recalls(), specificities()); }

}  // namespace tf::keras::metrics
