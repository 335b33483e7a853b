// Keras 3's F-scores (FBetaScore, F1Score) and coefficient of determination (R2Score): metrics
// over [batch, outputs] inputs whose state, one entry per output, is made at the first update.
//
//   namespace metrics = tf::keras::metrics;
//   metrics::F1Score f1({.average = "macro", .threshold = 0.5});
//   f1.update_state(one_hot_labels, scores);
//   metrics::R2Score r2;   // uniform average over the outputs
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tfpp/keras/metrics.h"

namespace tf::keras::metrics {

/// Options of FBetaScore.
struct FBetaScoreOptions {
  std::optional<std::string> average;  ///< unset: one score per class; "micro", "macro" or "weighted"
  double beta = 1.0;                   ///< recall counts beta times as much as precision
  std::optional<double> threshold;     ///< predictions above it are 1; unset: each row's maximum is 1
  std::string name;                    ///< empty for "fbeta_score"
  std::optional<DType> dtype;          ///< the result dtype (float32 if unset)
};

/// (1 + beta^2) * precision * recall / (beta^2 * precision + recall), per class or averaged.
/// Variables "true_positives", "false_positives", "false_negatives", "intermediate_weights"
/// ([classes], or scalars for "micro"), made at the first update.
class FBetaScore : public Metric {
 public:
  explicit FBetaScore(FBetaScoreOptions options = {});
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) override;
  Tensor result() const override;
  Config get_config() const override;

 private:
  void build(const Tensor& y_true, const Tensor& y_pred);

  FBetaScoreOptions options_;
  bool built_ = false;
  Variable true_positives_, false_positives_, false_negatives_, intermediate_weights_;
};

/// Options of F1Score.
struct F1ScoreOptions {
  std::optional<std::string> average;  ///< unset: one score per class; "micro", "macro" or "weighted"
  std::optional<double> threshold;     ///< predictions above it are 1; unset: each row's maximum is 1
  std::string name;                    ///< empty for "f1_score"
  std::optional<DType> dtype;          ///< the result dtype (float32 if unset)
};

/// FBetaScore with beta = 1 (its config has no "beta").
class F1Score : public FBetaScore {
 public:
  explicit F1Score(F1ScoreOptions options = {});
  Config get_config() const override;
};

/// Options of R2Score.
struct R2ScoreOptions {
  std::optional<std::string> class_aggregation = "uniform_average";  ///< or "variance_weighted_average"; unset: per output
  std::int64_t num_regressors = 0;    ///< p of the adjusted R2 (0: the plain R2)
  std::string name;                   ///< empty for "r2_score"
  std::optional<DType> dtype;         ///< the result dtype (float32 if unset)
};

/// 1 - sum of squared residuals / total sum of squares, per output then aggregated. Variables
/// "num_samples", then at the first update "squared_sum", "sum", "residual", "count" ([outputs]).
class R2Score : public Metric {
 public:
  explicit R2Score(R2ScoreOptions options = {});
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) override;
  Tensor result() const override;
  Config get_config() const override;

 private:
  R2ScoreOptions options_;
  bool built_ = false;
  Variable num_samples_, squared_sum_, sum_, residual_, count_;
};

}  // namespace tf::keras::metrics
