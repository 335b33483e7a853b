// Keras 3's Precision, Recall and AUC (keras/src/metrics/confusion_metrics.py), from confusion
// matrices at thresholds (keras/src/metrics/metrics_utils.py: update_confusion_matrix_variables).
#include <algorithm>

#include "keras/metrics/metric_names.h"
#include "keras/losses/loss_utils.h"
#include "keras/metrics/confusion_matrix.h"
#include "tfpp/array_ops.h"
#include "tfpp/keras/epsilon.h"
#include "tfpp/keras/losses.h"
#include "tfpp/keras/metrics.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::metrics {

using namespace confusion;
using naming::given_or_auto_name;

namespace {

using keras::detail::divide_no_nan;

std::vector<double> precision_recall_thresholds(const std::string& name, const PrecisionRecallOptions& o) {
  if (!o.thresholds.empty()) {
    check_thresholds(name, o.thresholds);
    return o.thresholds;
  }
  return {o.top_k ? kNegInf : 0.5};
}

Config precision_recall_config(Config config, const PrecisionRecallOptions& o) {
  config["thresholds"] = list_or_none(o.thresholds);
  config["top_k"] = optional_int(o.top_k);
  config["class_id"] = optional_int(o.class_id);
  return config;
}

// Entries [0, T-1) and [1, T) along the first axis.
Tensor head(const Tensor& t, std::int64_t n) { return strided_slice(t, {0}, {n - 1}); }
Tensor tail(const Tensor& t) { return strided_slice(t, {1}, {0}, {}, {.end_mask = 1}); }

}  // namespace

Precision::Precision(PrecisionRecallOptions o)
    : Metric(given_or_auto_name(o.name, "precision"), o.dtype),
      options_(std::move(o)),
      thresholds_(precision_recall_thresholds(name(), options_)) {
  const std::int64_t n = static_cast<std::int64_t>(thresholds_.size());
  true_positives_ = add_variable({n}, "true_positives");
  false_positives_ = add_variable({n}, "false_positives");
}

void Precision::update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  keras::detail::naming_errors(name(), inputs_context(y_true, y_pred, sample_weight), [&] {
    ConfusionVariables vars{.true_positives = true_positives_, .false_positives = false_positives_,
                            .true_negatives = {}, .false_negatives = {}};
    update_confusion_matrix(vars, y_true, y_pred, thresholds_, options_.top_k, options_.class_id, sample_weight, false,
                            {}, dtype());
  });
}

Tensor Precision::result() const {
  const Tensor tp = true_positives_.read_value();
  const Tensor r = divide_no_nan(tp, tp + false_positives_.read_value());
  return thresholds_.size() == 1 ? reshape(r, std::vector<std::int64_t>{}) : r;
}

Config Precision::get_config() const { return precision_recall_config(Metric::get_config(), options_); }

Recall::Recall(PrecisionRecallOptions o)
    : Metric(given_or_auto_name(o.name, "recall"), o.dtype),
      options_(std::move(o)),
      thresholds_(precision_recall_thresholds(name(), options_)) {
  const std::int64_t n = static_cast<std::int64_t>(thresholds_.size());
  true_positives_ = add_variable({n}, "true_positives");
  false_negatives_ = add_variable({n}, "false_negatives");
}

void Recall::update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  keras::detail::naming_errors(name(), inputs_context(y_true, y_pred, sample_weight), [&] {
    ConfusionVariables vars{.true_positives = true_positives_, .false_positives = {}, .true_negatives = {},
                            .false_negatives = false_negatives_};
    update_confusion_matrix(vars, y_true, y_pred, thresholds_, options_.top_k, options_.class_id, sample_weight, false,
                            {}, dtype());
  });
}

Tensor Recall::result() const {
  const Tensor tp = true_positives_.read_value();
  const Tensor r = divide_no_nan(tp, tp + false_negatives_.read_value());
  return thresholds_.size() == 1 ? reshape(r, std::vector<std::int64_t>{}) : r;
}

Config Recall::get_config() const { return precision_recall_config(Metric::get_config(), options_); }

AUC::AUC(AUCOptions o) : Metric(given_or_auto_name(o.name, "auc"), o.dtype), options_(std::move(o)) {
  if (options_.curve != "ROC" && options_.curve != "PR" && options_.curve != "PRGAIN")
    throw InvalidArgumentError("[" + name() + "] invalid curve '" + options_.curve + "': expected ROC, PR or PRGAIN");
  const std::string& s = options_.summation_method;
  if (s != "interpolation" && s != "minoring" && s != "majoring")
    throw InvalidArgumentError("[" + name() + "] invalid summation_method '" + s +
                               "': expected interpolation, minoring or majoring");
  std::vector<double> inner = options_.thresholds;
  if (!inner.empty()) {
    check_thresholds(name(), inner);
    std::sort(inner.begin(), inner.end());
    options_.thresholds = inner;
    options_.num_thresholds = static_cast<std::int64_t>(inner.size()) + 2;
  } else {
    if (options_.num_thresholds <= 1)
      throw InvalidArgumentError("[" + name() + "] num_thresholds must be an integer > 1, got " +
                                 std::to_string(options_.num_thresholds));
    for (std::int64_t i = 0; i < options_.num_thresholds - 2; ++i)
      inner.push_back(static_cast<double>(i + 1) / static_cast<double>(options_.num_thresholds - 1));
  }
  thresholds_.push_back(0.0 - config::epsilon());
  thresholds_.insert(thresholds_.end(), inner.begin(), inner.end());
  thresholds_.push_back(1.0 + config::epsilon());
  if (!options_.multi_label && options_.num_labels)
    throw InvalidArgumentError("[" + name() + "] num_labels is needed only when multi_label is true");
  if (!options_.multi_label) build(0);
  else if (options_.num_labels) build(*options_.num_labels);
}

void AUC::build(std::int64_t num_labels) {
  const TensorShape shape = options_.multi_label ? TensorShape{options_.num_thresholds, num_labels}
                                                 : TensorShape{options_.num_thresholds};
  true_positives_ = add_variable(shape, "true_positives");
  false_positives_ = add_variable(shape, "false_positives");
  true_negatives_ = add_variable(shape, "true_negatives");
  false_negatives_ = add_variable(shape, "false_negatives");
  built_ = true;
}

void AUC::update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  keras::detail::naming_errors(name(), inputs_context(y_true, y_pred, sample_weight), [&] {
    if (!built_) {
      if (y_pred.rank() != 2 || y_pred.shape().dim(1) < 0)
        throw InvalidArgumentError("y_pred must have rank 2 with a known number of labels when multi_label is true");
      build(y_pred.shape().dim(1));
    }
    const Tensor predictions = options_.from_logits ? math::sigmoid(y_pred) : y_pred;
    ConfusionVariables vars{true_positives_, false_positives_, true_negatives_, false_negatives_};
    update_confusion_matrix(vars, y_true, predictions, thresholds_, std::nullopt, std::nullopt, sample_weight,
                            options_.multi_label, options_.multi_label ? std::vector<double>{} : options_.label_weights,
                            dtype());
  });
}

void AUC::reset_state() {
  if (built_) Metric::reset_state();
}

// Keras' interpolate_pr_auc (Davis & Goadrich 2006): precision interpolated between thresholds.
Tensor AUC::interpolate_pr_auc() const {
  const std::int64_t n = options_.num_thresholds;
  const Tensor tp = true_positives_.read_value();
  const Tensor p = tp + false_positives_.read_value();
  const Tensor fn = false_negatives_.read_value();
  const Tensor dtp = head(tp, n) - tail(tp);
  const Tensor dp = head(p, n) - tail(p);
  const Tensor zero = constant(0.0, dtype());
  const Tensor prec_slope = divide_no_nan(dtp, math::maximum(dp, zero));
  const Tensor intercept = tail(tp) - prec_slope * tail(p);
  const Tensor both_positive = (head(p, n) > 0.0) & (tail(p) > 0.0);
  const Tensor safe_p_ratio =
      where(both_positive, divide_no_nan(head(p, n), math::maximum(tail(p), zero)), constant(1.0, dtype()));
  const Tensor increment = divide_no_nan(prec_slope * (dtp + intercept * math::log(safe_p_ratio)),
                                         math::maximum(tail(tp) + tail(fn), zero));
  if (!options_.multi_label) return reduce_sum(increment);
  const Tensor by_label = reduce_sum(increment, 0);
  if (options_.label_weights.empty()) return reduce_mean(by_label);
  const Tensor lw = cast(constant(options_.label_weights), dtype());
  return divide_no_nan(reduce_sum(by_label * lw), reduce_sum(lw));
}

Tensor AUC::result() const {
  if (!built_) return constant(0.0, dtype());
  if (options_.curve == "PR" && options_.summation_method == "interpolation") return interpolate_pr_auc();
  const std::int64_t n = options_.num_thresholds;
  const Tensor tp = true_positives_.read_value(), fp = false_positives_.read_value();
  const Tensor tn = true_negatives_.read_value(), fn = false_negatives_.read_value();
  const Tensor recall = divide_no_nan(tp, tp + fn);
  Tensor x, y;
  if (options_.curve == "ROC") {
    x = divide_no_nan(fp, fp + tn);
    y = recall;
  } else if (options_.curve == "PR") {
    x = recall;
    y = divide_no_nan(tp, tp + fp);
  } else {  // PRGAIN
    const Tensor scaling = divide_no_nan(tp + fn, tn + fp);
    const Tensor tp_zero = math::equal(tp, constant(0.0, dtype()));
    const Tensor recall_gain = where(tp_zero, 0.0, 1.0 - scaling * divide_no_nan(fn, tp));
    const Tensor precision_gain = where(tp_zero, 1.0, 1.0 - scaling * divide_no_nan(fp, tp));
    x = math::maximum(recall_gain, constant(0.0, dtype()));
    y = precision_gain;
  }
  Tensor heights;
  if (options_.summation_method == "interpolation")
    heights = (head(y, n) + tail(y)) / 2.0;
  else if (options_.summation_method == "minoring")
    heights = math::minimum(head(y, n), tail(y));
  else
    heights = math::maximum(head(y, n), tail(y));
  const Tensor riemann_terms = (head(x, n) - tail(x)) * heights;
  if (!options_.multi_label) return reduce_sum(riemann_terms);
  const Tensor by_label = reduce_sum(riemann_terms, 0);
  if (options_.label_weights.empty()) return reduce_mean(by_label);
  const Tensor lw = cast(constant(options_.label_weights), dtype());
  return divide_no_nan(reduce_sum(by_label * lw), reduce_sum(lw));
}

Config AUC::get_config() const {
  Config config = Metric::get_config();
  config["num_thresholds"] = options_.num_thresholds;
  config["curve"] = options_.curve;
  config["summation_method"] = options_.summation_method;
  config["multi_label"] = options_.multi_label;
  config["num_labels"] = optional_int(options_.num_labels);
  config["label_weights"] = list_or_none(options_.label_weights);
  config["from_logits"] = options_.from_logits;
  if (!options_.thresholds.empty()) config["thresholds"] = list_or_none(options_.thresholds);
  return config;
}

}  // namespace tf::keras::metrics
