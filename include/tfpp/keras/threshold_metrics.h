// Keras 3's confusion-matrix metrics at thresholds beyond Precision, Recall and AUC: the counts
// (TruePositives, FalsePositives, TrueNegatives, FalseNegatives) and the best value of one rate
// where another meets a bound (PrecisionAtRecall, RecallAtPrecision, SensitivityAtSpecificity,
// SpecificityAtSensitivity).
//
//   namespace metrics = tf::keras::metrics;
//   metrics::TruePositives tp({.thresholds = {0.3, 0.7}});
//   tp.update_state(labels, scores);             // tp.result(): one count per threshold
//   metrics::PrecisionAtRecall p({.recall = 0.8});
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/keras/metrics.h"

namespace tf::keras::metrics {

/// Options of the four counts.
struct ConfusionCountOptions {
  std::vector<double> thresholds;  ///< predictions above a threshold count as positive; empty: 0.5
  std::string name;                ///< the metric's name; empty for the class's default
  std::optional<DType> dtype;      ///< the result dtype (float32 if unset)
};

/// The (weighted) number of one confusion-matrix entry at each threshold (a scalar for one
/// threshold): variable "accumulator". The four classes below choose the entry.
class ConfusionCount : public Metric {
 public:
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) override;
  Tensor result() const override;
  Config get_config() const override;

 protected:
  /// The entry is "true_positives", "false_positives", "true_negatives" or "false_negatives".
  ConfusionCount(ConfusionCountOptions options, const char* entry);

 private:
  ConfusionCountOptions options_;
  std::vector<double> thresholds_;
  std::string entry_;
  Variable accumulator_;
};

/// Labels 1 predicted above the threshold.
class TruePositives : public ConfusionCount {
 public:
  explicit TruePositives(ConfusionCountOptions options = {});
};
/// Labels 0 predicted above the threshold.
class FalsePositives : public ConfusionCount {
 public:
  explicit FalsePositives(ConfusionCountOptions options = {});
};
/// Labels 0 predicted at or below the threshold.
class TrueNegatives : public ConfusionCount {
 public:
  explicit TrueNegatives(ConfusionCountOptions options = {});
};
/// Labels 1 predicted at or below the threshold.
class FalseNegatives : public ConfusionCount {
 public:
  explicit FalseNegatives(ConfusionCountOptions options = {});
};

/// What the *At* metrics share: counts at num_thresholds evenly spaced thresholds in [0, 1]
/// (0.5 alone when it is 1), for one class of y_pred's last axis if class_id is set. Variables
/// "true_positives", "false_positives", "true_negatives", "false_negatives".
class SensitivitySpecificityBase : public Metric {
 public:
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) override;
  Config get_config() const override;

 protected:
  /// `value_key` names the bound in the config ("recall", ...); it must be in [0, 1].
  SensitivitySpecificityBase(std::string name, std::optional<DType> dtype, const char* value_key, double value,
                             std::int64_t num_thresholds, std::optional<std::int64_t> class_id);
  /// tp / (tp + fn), tn / (tn + fp) and tp / (tp + fp) per threshold.
  Tensor recalls() const;
  Tensor specificities() const;
  Tensor precisions() const;
  /// The largest `dependent` at a threshold where constrained >= the bound; 0 if none.
  Tensor max_where_at_least(const Tensor& constrained, const Tensor& dependent) const;

 private:
  const char* value_key_;
  double value_;
  std::int64_t num_thresholds_;
  std::optional<std::int64_t> class_id_;
  std::vector<double> thresholds_;
  Variable true_positives_, false_positives_, true_negatives_, false_negatives_;
};

/// Options of PrecisionAtRecall.
struct PrecisionAtRecallOptions {
  double recall = 0.5;                    ///< the least recall (Keras requires it)
  std::int64_t num_thresholds = 200;      ///< thresholds evenly spaced in [0, 1]
  std::optional<std::int64_t> class_id;   ///< look only at this class
  std::string name;                       ///< empty for "precision_at_recall"
  std::optional<DType> dtype;             ///< the result dtype (float32 if unset)
};
/// The best precision where recall >= options.recall.
class PrecisionAtRecall : public SensitivitySpecificityBase {
 public:
  explicit PrecisionAtRecall(PrecisionAtRecallOptions options = {});
  Tensor result() const override;
};

/// Options of RecallAtPrecision.
struct RecallAtPrecisionOptions {
  double precision = 0.5;                 ///< the least precision (Keras requires it)
  std::int64_t num_thresholds = 200;      ///< thresholds evenly spaced in [0, 1]
  std::optional<std::int64_t> class_id;   ///< look only at this class
  std::string name;                       ///< empty for "recall_at_precision"
  std::optional<DType> dtype;             ///< the result dtype (float32 if unset)
};
/// The best recall where precision >= options.precision.
class RecallAtPrecision : public SensitivitySpecificityBase {
 public:
  explicit RecallAtPrecision(RecallAtPrecisionOptions options = {});
  Tensor result() const override;
};

/// Options of SensitivityAtSpecificity.
struct SensitivityAtSpecificityOptions {
  double specificity = 0.5;               ///< the least specificity (Keras requires it)
  std::int64_t num_thresholds = 200;      ///< thresholds evenly spaced in [0, 1]
  std::optional<std::int64_t> class_id;   ///< look only at this class
  std::string name;                       ///< empty for "sensitivity_at_specificity"
  std::optional<DType> dtype;             ///< the result dtype (float32 if unset)
};
/// The best sensitivity (recall) where specificity >= options.specificity.
class SensitivityAtSpecificity : public SensitivitySpecificityBase {
 public:
  explicit SensitivityAtSpecificity(SensitivityAtSpecificityOptions options = {});
  Tensor result() const override;
};

/// Options of SpecificityAtSensitivity.
struct SpecificityAtSensitivityOptions {
  double sensitivity = 0.5;               ///< the least sensitivity (Keras requires it)
  std::int64_t num_thresholds = 200;      ///< thresholds evenly spaced in [0, 1]
  std::optional<std::int64_t> class_id;   ///< look only at this class
  std::string name;                       ///< empty for "specificity_at_sensitivity"
  std::optional<DType> dtype;             ///< the result dtype (float32 if unset)
};
/// The best specificity where sensitivity (recall) >= options.sensitivity.
class SpecificityAtSensitivity : public SensitivitySpecificityBase {
 public:
  explicit SpecificityAtSensitivity(SpecificityAtSensitivityOptions options = {});
  Tensor result() const override;
};

}  // namespace tf::keras::metrics
