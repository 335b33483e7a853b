// Metrics against Keras 3 (run in the same test), inside tf::function versus eagerly, shared
// state, get() and compile()'s accuracy choice, configs and error messages.
#include <gtest/gtest.h>

#include <tfpp/keras/clear_session.h>
#include <tfpp/keras/iou_variants.h>
#include <tfpp/keras/metrics.h>
#include <tfpp/keras/score_metrics.h>
#include <tfpp/keras/threshold_metrics.h>
#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"
#include "error_of.h"
#include "keras/losses_metrics_reference.h"

namespace {

namespace metrics = tf::keras::metrics;
using tf::testing::error_of;
using tf::testing::KerasCall;
using tf::testing::random_tensor;

tf::Tensor f32(const tf::Tensor& t) { return t.defined() && t.dtype() == tf::float64 ? tf::cast(t, tf::float32) : t; }

/// One metric fed a sequence of batches.
struct MetricCase {
  std::string id;
  std::string class_name;
  std::function<std::shared_ptr<metrics::Metric>()> make;
  std::vector<KerasCall> calls;  ///< values (Mean, Sum) or y_true / y_pred, with sample weights
};

// Runs the calls on `metric`: update_state per call (values for Mean and Sum).
void feed(metrics::Metric& metric, const KerasCall& call) {
  if (call.values.defined()) {
    if (auto* mean = dynamic_cast<metrics::Mean*>(&metric)) return mean->update_state(call.values, call.sample_weight);
    return dynamic_cast<metrics::Sum&>(metric).update_state(call.values, call.sample_weight);
  }
  metric.update_state(call.y_true, call.y_pred, call.sample_weight);
}

std::vector<MetricCase> metric_cases() {
  std::vector<MetricCase> cases;
  const tf::Tensor labels1 = tf::constant({2, 0, 1, 2, 1});
  const tf::Tensor scores1 = f32(random_tensor({5, 3}, 21));
  const tf::Tensor labels2 = tf::constant({{0}, {1}, {2}});
  const tf::Tensor scores2 = f32(random_tensor({3, 3}, 22));
  const tf::Tensor w5 = tf::constant({1.0f, 0.5f, 0.0f, 2.0f, 1.0f});
  cases.push_back({"mean", "Mean", [] { return std::make_shared<metrics::Mean>(); },
                   {{.sample_weight = {}, .values = tf::constant({1.0f, 3.0f, 5.0f, 7.0f})},
                    {.sample_weight = tf::constant({1.0f, 0.0f}), .values = tf::constant({2.0f, 4.0f})},
                    {.sample_weight = tf::constant({{1.0f}, {2.0f}}), .values = tf::constant({{1.0f, 2.0f}, {3.0f, 5.0f}})}}});
  cases.push_back({"sum", "Sum", [] { return std::make_shared<metrics::Sum>(); },
                   {{.values = tf::constant({1.0f, 3.0f, 5.0f, 7.0f})},
                    {.sample_weight = tf::constant({1.0f, 1.0f, 0.0f, 0.0f}), .values = tf::constant({1.0f, 3.0f, 5.0f, 7.0f})},
                    {.sample_weight = tf::constant(2.0f), .values = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}})}}});
  cases.push_back({"accuracy", "Accuracy", [] { return std::make_shared<metrics::Accuracy>(); },
                   {{.y_true = tf::constant({{1}, {2}, {3}, {4}}), .y_pred = tf::constant({{0.0f}, {2.0f}, {3.0f}, {4.0f}})},
                    {.y_true = tf::constant({1, 2}), .y_pred = tf::constant({1.0f, 0.0f}), .sample_weight = tf::constant({0.5f, 1.0f})}}});
  cases.push_back({"binary_accuracy", "BinaryAccuracy", [] { return std::make_shared<metrics::BinaryAccuracy>(); },
                   {{.y_true = tf::constant({{1.0f}, {1.0f}, {0.0f}, {0.0f}}), .y_pred = tf::constant({{0.98f}, {0.4f}, {0.2f}, {0.6f}})},
                    {.y_true = tf::constant({1.0f, 0.0f, 1.0f}), .y_pred = tf::constant({{0.7f}, {0.1f}, {0.3f}}), .sample_weight = tf::constant({1.0f, 2.0f, 3.0f})}}});
  cases.push_back({"binary_accuracy/threshold", "BinaryAccuracy",
                   [] { return std::make_shared<metrics::BinaryAccuracy>(metrics::BinaryAccuracyOptions{.threshold = 0.3}); },
                   {{.y_true = tf::constant({{1, 0, 1}, {0, 0, 1}}), .y_pred = tf::constant({{0.35f, 0.2f, 0.1f}, {0.9f, 0.1f, 0.5f}})}}});
  cases.push_back({"categorical_accuracy", "CategoricalAccuracy", [] { return std::make_shared<metrics::CategoricalAccuracy>(); },
                   {{.y_true = tf::one_hot(labels1, 3), .y_pred = scores1, .sample_weight = w5},
                    {.y_true = tf::one_hot(tf::constant({0, 1, 2}), 3), .y_pred = scores2}}});
  cases.push_back({"sparse_categorical_accuracy", "SparseCategoricalAccuracy",
                   [] { return std::make_shared<metrics::SparseCategoricalAccuracy>(); },
                   {{.y_true = labels1, .y_pred = scores1, .sample_weight = w5},
                    {.y_true = labels2, .y_pred = scores2},
                    {.y_true = tf::constant({{1.0f, 0.0f}, {2.0f, 2.0f}}), .y_pred = f32(random_tensor({2, 2, 3}, 23))}}});
  cases.push_back({"top_k_categorical_accuracy", "TopKCategoricalAccuracy",
                   [] { return std::make_shared<metrics::TopKCategoricalAccuracy>(metrics::TopKOptions{.k = 2}); },
                   {{.y_true = tf::one_hot(labels1, 3), .y_pred = scores1, .sample_weight = w5},
                    {.y_true = tf::one_hot(tf::constant({0, 1, 2}), 3), .y_pred = scores2}}});
  cases.push_back({"sparse_top_k_categorical_accuracy", "SparseTopKCategoricalAccuracy",
                   [] { return std::make_shared<metrics::SparseTopKCategoricalAccuracy>(metrics::TopKOptions{.k = 2}); },
                   {{.y_true = labels1, .y_pred = scores1, .sample_weight = w5},
                    {.y_true = tf::constant({0, 1, 2}), .y_pred = tf::constant({{1.0f, 1.0f, 1.0f}, {0.5f, 0.1f, 0.5f}, {3.0f, 2.0f, 1.0f}})}}});
  cases.push_back({"sparse_top_k_categorical_accuracy/default_k", "SparseTopKCategoricalAccuracy",
                   [] { return std::make_shared<metrics::SparseTopKCategoricalAccuracy>(); },
                   {{.y_true = tf::constant({3, 6}), .y_pred = f32(random_tensor({2, 8}, 24))}}});
  cases.push_back({"mean_squared_error", "MeanSquaredError", [] { return std::make_shared<metrics::MeanSquaredError>(); },
                   {{.y_true = f32(random_tensor({4, 3}, 25)), .y_pred = f32(random_tensor({4, 3}, 26)), .sample_weight = tf::constant({1.0f, 0.0f, 2.0f, 0.5f})},
                    {.y_true = tf::constant({1.0f, 2.0f}), .y_pred = tf::constant({{1.5f}, {1.0f}})}}});
  cases.push_back({"root_mean_squared_error", "RootMeanSquaredError", [] { return std::make_shared<metrics::RootMeanSquaredError>(); },
                   {{.y_true = f32(random_tensor({4, 3}, 27)), .y_pred = f32(random_tensor({4, 3}, 28)), .sample_weight = tf::constant({1.0f, 0.0f, 2.0f, 0.5f})},
                    {.y_true = tf::constant({1.0f, 2.0f}), .y_pred = tf::constant({{1.5f}, {1.0f}})}}});
  const tf::Tensor binary_true = tf::constant({1.0f, 0.0f, 1.0f, 1.0f, 0.0f, 0.0f, 1.0f, 0.0f});
  const tf::Tensor binary_scores = f32(random_tensor({8}, 29, 0.0, 1.0));
  const tf::Tensor binary_true2 = tf::constant({{0.0f}, {1.0f}, {1.0f}, {0.0f}});
  const tf::Tensor binary_scores2 = f32(random_tensor({4, 1}, 30, 0.0, 1.0));
  const tf::Tensor w8 = tf::constant({1.0f, 2.0f, 0.5f, 1.0f, 0.0f, 1.5f, 1.0f, 3.0f});
  const std::vector<KerasCall> binary_calls = {{.y_true = binary_true, .y_pred = binary_scores, .sample_weight = w8},
                                               {.y_true = binary_true2, .y_pred = binary_scores2}};
  const tf::Tensor multi_true = tf::constant({{1.0f, 0.0f, 1.0f}, {0.0f, 1.0f, 1.0f}, {1.0f, 1.0f, 0.0f}, {0.0f, 0.0f, 1.0f}});
  const tf::Tensor multi_scores = f32(random_tensor({4, 3}, 31, 0.0, 1.0));
  const std::vector<KerasCall> multi_calls = {{.y_true = multi_true, .y_pred = multi_scores},
                                              {.y_true = tf::constant({{0.0f, 1.0f, 0.0f}}), .y_pred = tf::constant({{0.2f, 0.7f, 0.9f}}), .sample_weight = tf::constant({2.0f})}};
  using PR = metrics::PrecisionRecallOptions;
  cases.push_back({"precision", "Precision", [] { return std::make_shared<metrics::Precision>(); }, binary_calls});
  cases.push_back({"precision/thresholds", "Precision",
                   [] { return std::make_shared<metrics::Precision>(PR{.thresholds = {0.2, 0.5, 0.8}}); }, binary_calls});
  cases.push_back({"precision/top_k", "Precision", [] { return std::make_shared<metrics::Precision>(PR{.top_k = 2}); }, multi_calls});
  cases.push_back({"precision/class_id", "Precision",
                   [] { return std::make_shared<metrics::Precision>(PR{.thresholds = {0.4}, .class_id = 2}); }, multi_calls});
  cases.push_back({"recall", "Recall", [] { return std::make_shared<metrics::Recall>(); }, binary_calls});
  cases.push_back({"recall/thresholds_top_k", "Recall",
                   [] { return std::make_shared<metrics::Recall>(PR{.thresholds = {0.3, 0.6}, .top_k = 1}); }, multi_calls});
  for (const std::string curve : {"ROC", "PR", "PRGAIN"})
    for (const std::string summation : {"interpolation", "minoring", "majoring"})
      cases.push_back({"auc/" + curve + "/" + summation, "AUC",
                       [=] { return std::make_shared<metrics::AUC>(metrics::AUCOptions{.curve = curve, .summation_method = summation}); },
                       binary_calls});
  cases.push_back({"auc/few_thresholds", "AUC",
                   [] { return std::make_shared<metrics::AUC>(metrics::AUCOptions{.num_thresholds = 7}); }, binary_calls});
  cases.push_back({"auc/explicit_thresholds_pr", "AUC",
                   [] { return std::make_shared<metrics::AUC>(metrics::AUCOptions{.curve = "PR", .thresholds = {0.7, 0.25, 0.5}}); }, binary_calls});
  cases.push_back({"auc/from_logits", "AUC",
                   [] { return std::make_shared<metrics::AUC>(metrics::AUCOptions{.from_logits = true}); },
                   {{.y_true = binary_true, .y_pred = f32(random_tensor({8}, 32, -4.0, 4.0)), .sample_weight = w8}}});
  cases.push_back({"auc/multi_label", "AUC",
                   [] { return std::make_shared<metrics::AUC>(metrics::AUCOptions{.multi_label = true, .num_labels = 3}); }, multi_calls});
  cases.push_back({"auc/multi_label_pr_lazy", "AUC",
                   [] { return std::make_shared<metrics::AUC>(metrics::AUCOptions{.curve = "PR", .multi_label = true}); }, multi_calls});
  cases.push_back({"auc/pooled_labels", "AUC", [] { return std::make_shared<metrics::AUC>(); }, multi_calls});
  cases.push_back({"mean_io_u", "MeanIoU",
                   [] { return std::make_shared<metrics::MeanIoU>(metrics::MeanIoUOptions{.num_classes = 3}); },
                   {{.y_true = tf::constant({0, 1, 2, 2, 1, 0}), .y_pred = tf::constant({0, 2, 2, 1, 1, 0})},
                    {.y_true = tf::constant({{1, 2}, {0, 0}}), .y_pred = tf::constant({{1, 2}, {2, 0}}), .sample_weight = tf::constant({{1, 2}, {3, 0}})}}});
  cases.push_back({"mean_io_u/ignore_class_dense", "MeanIoU",
                   [] { return std::make_shared<metrics::MeanIoU>(metrics::MeanIoUOptions{.num_classes = 3, .ignore_class = 0, .sparse_y_true = false, .sparse_y_pred = false}); },
                   {{.y_true = tf::one_hot(labels1, 3), .y_pred = scores1},
                    {.y_true = tf::one_hot(tf::constant({0, 1, 2}), 3), .y_pred = scores2}}});
  const tf::Tensor reg_true = f32(random_tensor({4, 3}, 50, 0.1, 2.0));
  const tf::Tensor reg_pred = f32(random_tensor({4, 3}, 51, 0.1, 2.0));
  const tf::Tensor w4 = tf::constant({1.0f, 0.0f, 2.0f, 0.5f});
  const std::vector<KerasCall> regression_calls = {{.y_true = reg_true, .y_pred = reg_pred, .sample_weight = w4},
                                                   {.y_true = tf::constant({1.0f, 2.0f}), .y_pred = tf::constant({{1.5f}, {1.0f}})}};
  const auto simple = [&](const std::string& id, const std::string& class_name, auto make, std::vector<KerasCall> calls) {
    cases.push_back({id, class_name, make, std::move(calls)});
  };
  simple("mean_absolute_error", "MeanAbsoluteError", [] { return std::make_shared<metrics::MeanAbsoluteError>(); }, regression_calls);
  simple("mean_absolute_percentage_error", "MeanAbsolutePercentageError",
         [] { return std::make_shared<metrics::MeanAbsolutePercentageError>(); }, regression_calls);
  simple("mean_squared_logarithmic_error", "MeanSquaredLogarithmicError",
         [] { return std::make_shared<metrics::MeanSquaredLogarithmicError>(); }, regression_calls);
  simple("cosine_similarity", "CosineSimilarity", [] { return std::make_shared<metrics::CosineSimilarity>(); }, regression_calls);
  simple("cosine_similarity/axis0", "CosineSimilarity",
         [] { return std::make_shared<metrics::CosineSimilarity>(metrics::CosineSimilarityOptions{.axis = 0}); },
         {{.y_true = reg_true, .y_pred = reg_pred}});
  simple("logcosh", "LogCoshError", [] { return std::make_shared<metrics::LogCoshError>(); }, regression_calls);
  simple("poisson", "Poisson", [] { return std::make_shared<metrics::Poisson>(); }, regression_calls);
  const std::vector<KerasCall> probability_calls = {
      {.y_true = tf::one_hot(labels1, 3), .y_pred = tf::nn::softmax(scores1), .sample_weight = w5},
      {.y_true = tf::one_hot(tf::constant({0, 1, 2}), 3), .y_pred = tf::nn::softmax(scores2)}};
  simple("kl_divergence", "KLDivergence", [] { return std::make_shared<metrics::KLDivergence>(); }, probability_calls);
  simple("categorical_crossentropy", "CategoricalCrossentropy",
         [] { return std::make_shared<metrics::CategoricalCrossentropy>(); }, probability_calls);
  simple("categorical_crossentropy/logits_smoothing", "CategoricalCrossentropy",
         [] { return std::make_shared<metrics::CategoricalCrossentropy>(metrics::CategoricalCrossentropyOptions{.from_logits = true, .label_smoothing = 0.1}); },
         {{.y_true = tf::one_hot(labels1, 3), .y_pred = scores1, .sample_weight = w5}});
  simple("categorical_hinge", "CategoricalHinge", [] { return std::make_shared<metrics::CategoricalHinge>(); }, probability_calls);
  // Per-sample losses average the last axis: binary labels come as a column.
  const std::vector<KerasCall> column_calls = {
      {.y_true = tf::reshape(binary_true, {8, 1}), .y_pred = tf::reshape(binary_scores, {8, 1}), .sample_weight = w8},
      {.y_true = binary_true2, .y_pred = binary_scores2}};
  simple("hinge", "Hinge", [] { return std::make_shared<metrics::Hinge>(); }, column_calls);
  simple("squared_hinge", "SquaredHinge", [] { return std::make_shared<metrics::SquaredHinge>(); }, column_calls);
  simple("binary_crossentropy", "BinaryCrossentropy", [] { return std::make_shared<metrics::BinaryCrossentropy>(); }, column_calls);
  simple("binary_crossentropy/logits", "BinaryCrossentropy",
         [] { return std::make_shared<metrics::BinaryCrossentropy>(metrics::BinaryCrossentropyOptions{.from_logits = true, .label_smoothing = 0.2}); },
         {{.y_true = tf::reshape(binary_true, {8, 1}), .y_pred = f32(random_tensor({8, 1}, 52, -3.0, 3.0)), .sample_weight = w8}});
  simple("sparse_categorical_crossentropy", "SparseCategoricalCrossentropy",
         [] { return std::make_shared<metrics::SparseCategoricalCrossentropy>(metrics::SparseCategoricalCrossentropyOptions{.from_logits = true}); },
         {{.y_true = labels1, .y_pred = scores1, .sample_weight = w5}, {.y_true = labels2, .y_pred = scores2}});
  simple("sparse_categorical_crossentropy/ignore_class", "SparseCategoricalCrossentropy",
         [] { return std::make_shared<metrics::SparseCategoricalCrossentropy>(metrics::SparseCategoricalCrossentropyOptions{.from_logits = true, .ignore_class = 1}); },
         {{.y_true = labels1, .y_pred = scores1, .sample_weight = w5}, {.y_true = labels2, .y_pred = scores2}});
  using CC = metrics::ConfusionCountOptions;
  cases.push_back({"true_positives", "TruePositives", [] { return std::make_shared<metrics::TruePositives>(); }, binary_calls});
  cases.push_back({"false_positives/thresholds", "FalsePositives",
                   [] { return std::make_shared<metrics::FalsePositives>(CC{.thresholds = {0.2, 0.5, 0.8}}); }, binary_calls});
  cases.push_back({"true_negatives", "TrueNegatives", [] { return std::make_shared<metrics::TrueNegatives>(); }, multi_calls});
  cases.push_back({"false_negatives/thresholds", "FalseNegatives",
                   [] { return std::make_shared<metrics::FalseNegatives>(CC{.thresholds = {0.3, 0.6}, .name = "fn"}); },
                   multi_calls});
  cases.push_back({"precision_at_recall", "PrecisionAtRecall",
                   [] { return std::make_shared<metrics::PrecisionAtRecall>(metrics::PrecisionAtRecallOptions{.recall = 0.6}); },
                   binary_calls});
  cases.push_back({"precision_at_recall/class_id", "PrecisionAtRecall",
                   [] { return std::make_shared<metrics::PrecisionAtRecall>(metrics::PrecisionAtRecallOptions{.recall = 0.4, .num_thresholds = 7, .class_id = 2}); },
                   multi_calls});
  cases.push_back({"recall_at_precision", "RecallAtPrecision",
                   [] { return std::make_shared<metrics::RecallAtPrecision>(metrics::RecallAtPrecisionOptions{.precision = 0.7, .num_thresholds = 50}); },
                   binary_calls});
  cases.push_back({"recall_at_precision/unreachable", "RecallAtPrecision",
                   [] { return std::make_shared<metrics::RecallAtPrecision>(metrics::RecallAtPrecisionOptions{.precision = 1.0, .num_thresholds = 1}); },
                   multi_calls});
  cases.push_back({"sensitivity_at_specificity", "SensitivityAtSpecificity",
                   [] { return std::make_shared<metrics::SensitivityAtSpecificity>(metrics::SensitivityAtSpecificityOptions{.specificity = 0.5}); },
                   binary_calls});
  cases.push_back({"specificity_at_sensitivity", "SpecificityAtSensitivity",
                   [] { return std::make_shared<metrics::SpecificityAtSensitivity>(metrics::SpecificityAtSensitivityOptions{.sensitivity = 0.8, .num_thresholds = 11}); },
                   multi_calls});
  const std::vector<KerasCall> one_hot_calls = {{.y_true = tf::one_hot(labels1, 3), .y_pred = scores1, .sample_weight = w5},
                                                {.y_true = multi_true, .y_pred = multi_scores}};
  cases.push_back({"f1_score", "F1Score", [] { return std::make_shared<metrics::F1Score>(); }, one_hot_calls});
  for (const char* average : {"micro", "macro", "weighted"})
    cases.push_back({std::string("f1_score/") + average, "F1Score",
                     [=] { return std::make_shared<metrics::F1Score>(metrics::F1ScoreOptions{.average = average, .threshold = 0.45}); },
                     one_hot_calls});
  cases.push_back({"fbeta_score", "FBetaScore",
                   [] { return std::make_shared<metrics::FBetaScore>(metrics::FBetaScoreOptions{.beta = 2.0}); }, one_hot_calls});
  cases.push_back({"fbeta_score/weighted", "FBetaScore",
                   [] { return std::make_shared<metrics::FBetaScore>(metrics::FBetaScoreOptions{.average = "weighted", .beta = 0.5, .threshold = 0.3}); },
                   one_hot_calls});
  const std::vector<KerasCall> r2_calls = {
      {.y_true = f32(random_tensor({5, 3}, 40)), .y_pred = f32(random_tensor({5, 3}, 41)), .sample_weight = w5},
      {.y_true = f32(random_tensor({4, 3}, 42)), .y_pred = f32(random_tensor({4, 3}, 43))}};
  cases.push_back({"r2_score", "R2Score", [] { return std::make_shared<metrics::R2Score>(); }, r2_calls});
  cases.push_back({"r2_score/variance_weighted", "R2Score",
                   [] { return std::make_shared<metrics::R2Score>(metrics::R2ScoreOptions{.class_aggregation = "variance_weighted_average"}); },
                   r2_calls});
  cases.push_back({"r2_score/per_output_adjusted", "R2Score",
                   [] { return std::make_shared<metrics::R2Score>(metrics::R2ScoreOptions{.class_aggregation = std::nullopt, .num_regressors = 2}); },
                   r2_calls});
  cases.push_back({"r2_score/adjusted_fallback", "R2Score",
                   [] { return std::make_shared<metrics::R2Score>(metrics::R2ScoreOptions{.num_regressors = 40}); }, r2_calls});
  const std::vector<KerasCall> id_calls = {
      {.y_true = tf::constant({0, 1, 2, 2, 1, 0}), .y_pred = tf::constant({0, 2, 2, 1, 1, 1}),
       .sample_weight = tf::constant({1.0f, 0.5f, 2.0f, 1.0f, 1.0f, 0.0f})},
      {.y_true = tf::constant({2, 2}), .y_pred = tf::constant({2, 0})}};
  cases.push_back({"io_u", "IoU",
                   [] { return std::make_shared<metrics::IoU>(metrics::IoUOptions{.num_classes = 3, .target_class_ids = {0, 2}}); },
                   id_calls});
  cases.push_back({"io_u/ignore_class", "IoU",
                   [] { return std::make_shared<metrics::IoU>(metrics::IoUOptions{.num_classes = 3, .target_class_ids = {1}, .ignore_class = 2}); },
                   id_calls});
  const std::vector<KerasCall> thresholded_calls = {
      {.y_true = tf::constant({0.0f, 1.0f, 0.0f, 1.0f}), .y_pred = tf::constant({0.1f, 0.2f, 0.4f, 0.7f}),
       .sample_weight = tf::constant({0.2f, 0.3f, 0.4f, 0.1f})},
      {.y_true = tf::constant({1.0f, 1.0f, 0.0f}), .y_pred = tf::constant({0.5f, 0.9f, 0.3f})}};
  cases.push_back({"binary_io_u", "BinaryIoU", [] { return std::make_shared<metrics::BinaryIoU>(); }, thresholded_calls});
  cases.push_back({"binary_io_u/threshold_target", "BinaryIoU",
                   [] { return std::make_shared<metrics::BinaryIoU>(metrics::BinaryIoUOptions{.target_class_ids = {1}, .threshold = 0.3}); },
                   thresholded_calls});
  const std::vector<KerasCall> one_hot_iou_calls = {{.y_true = tf::one_hot(labels1, 3), .y_pred = scores1, .sample_weight = w5},
                                                    {.y_true = tf::one_hot(tf::constant({0, 1, 2}), 3), .y_pred = scores2}};
  cases.push_back({"one_hot_io_u", "OneHotIoU",
                   [] { return std::make_shared<metrics::OneHotIoU>(metrics::OneHotIoUOptions{.num_classes = 3, .target_class_ids = {0, 1}}); },
                   one_hot_iou_calls});
  cases.push_back({"one_hot_mean_io_u", "OneHotMeanIoU",
                   [] { return std::make_shared<metrics::OneHotMeanIoU>(metrics::OneHotMeanIoUOptions{.num_classes = 3}); },
                   one_hot_iou_calls});
  return cases;
}

TEST(KerasMetrics, MatchKeras) {
  tf::keras::utils::clear_session();  // unnamed metrics take Keras' first auto names ("precision", "precision_1")
  tf::testing::KerasReference reference;
  const auto cases = metric_cases();
  for (const auto& c : cases) reference.add_metric(c.id, c.class_name, c.make()->get_config(), c.calls);
  const auto results = reference.run();
  tf::keras::utils::clear_session();  // the metrics made below take the names Keras was given again
  for (const auto& c : cases) {
    SCOPED_TRACE(c.id);
    const auto it = results.find(c.id);
    ASSERT_NE(it, results.end()) << "Keras gave no result";
    const auto metric = c.make();
    for (const auto& call : c.calls) feed(*metric, call);
    tf::testing::expect_matches_keras(c.id, it->second, metric->result());
    EXPECT_EQ(tf::keras::to_json(tf::testing::without_keys_keras_3_15_drops(metric->get_config(), c.class_name)),
              it->second.config_json);
  }
}

TEST(KerasMetrics, UpdatesInsideFunctionEqualEager) {
  for (const auto& c : metric_cases()) {
    SCOPED_TRACE(c.id);
    const auto eager = c.make();
    for (const auto& call : c.calls) feed(*eager, call);
    const auto traced = c.make();
    for (const auto& call : c.calls) {
      // One trace per call, each updating the metric's variables through graph ops.
      auto step = tf::function([&] {
        feed(*traced, call);
        return traced->result();
      });
      step();
    }
    auto result_fn = tf::function([&] { return traced->result(); });
    const std::vector<float> expected = eager->result().numpy<float>(), actual = result_fn().numpy<float>();
    ASSERT_EQ(actual.size(), expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) EXPECT_NEAR(actual[i], expected[i], 1e-6);
    traced->reset_state();
    // Keras' R2Score is 0 / 0 (NaN) after a reset, as tfpp's.
    for (const float v : traced->result().numpy<float>()) EXPECT_TRUE(c.class_name == "R2Score" ? std::isnan(v) : v == 0.0f);
  }
}

TEST(KerasMetrics, OneTraceAccumulatesOverCalls) {
  metrics::SparseCategoricalAccuracy acc;
  auto step = tf::function([&](tf::Tensor y, tf::Tensor p) {
    acc.update_state(y, p);
    return acc.result();
  });
  const tf::Tensor p = tf::constant({{0.1f, 0.9f}, {0.8f, 0.2f}});
  EXPECT_FLOAT_EQ(step(tf::constant({1, 0}), p).item<float>(), 1.0f);
  EXPECT_FLOAT_EQ(step(tf::constant({0, 0}), p).item<float>(), 0.75f);
  EXPECT_FLOAT_EQ(step(tf::constant({0, 1}), p).item<float>(), 0.5f);
  EXPECT_EQ(step.tracing_count(), 1);
  EXPECT_EQ(acc.variables()[1].numpy<float>(), std::vector<float>{6.0f});
  acc.reset_state();
  EXPECT_FLOAT_EQ(step(tf::constant({1, 1}), p).item<float>(), 0.5f);
}

TEST(KerasMetrics, VariablesAreNamedAndSharedByCopies) {
  metrics::Mean mean({.name = "loss"});
  ASSERT_EQ(mean.variables().size(), 2u);
  EXPECT_EQ(mean.variables()[0].name(), "loss/total:0");
  EXPECT_EQ(mean.variables()[1].name(), "loss/count:0");
  EXPECT_FALSE(mean.variables()[0].trainable());
  metrics::Mean copy = mean;
  copy.update_state(tf::constant({2.0f, 4.0f}));
  EXPECT_FLOAT_EQ(mean.result().item<float>(), 3.0f);
  EXPECT_EQ(metrics::SparseCategoricalAccuracy().variables()[0].name(), "sparse_categorical_accuracy/total:0");
}

TEST(KerasMetrics, GetAndCompileAccuracyChoice) {
  tf::keras::utils::clear_session();  // the names below are the first auto names
  EXPECT_NE(dynamic_cast<metrics::SparseCategoricalAccuracy*>(metrics::get("sparse_categorical_accuracy").get()), nullptr);
  EXPECT_EQ(metrics::get("SparseCategoricalAccuracy")->name(), "sparse_categorical_accuracy");
  EXPECT_NE(dynamic_cast<metrics::Accuracy*>(metrics::get("accuracy").get()), nullptr);
  EXPECT_NE(dynamic_cast<metrics::MeanSquaredError*>(metrics::get("mse").get()), nullptr);
  EXPECT_NE(dynamic_cast<metrics::MeanAbsoluteError*>(metrics::get("mae").get()), nullptr);
  EXPECT_NE(dynamic_cast<metrics::BinaryCrossentropy*>(metrics::get("bce").get()), nullptr);
  EXPECT_EQ(metrics::get("LogCoshError")->name(), "logcosh");
  EXPECT_EQ(metrics::get("auc")->name(), "auc");
  // compile(metrics={"accuracy"}) with sparse labels and logits, one-hot labels, a sigmoid output.
  const auto sparse = metrics::get("accuracy", {32}, {32, 10});
  EXPECT_NE(dynamic_cast<metrics::SparseCategoricalAccuracy*>(sparse.get()), nullptr);
  EXPECT_EQ(sparse->name(), "accuracy");
  EXPECT_EQ(sparse->variables()[0].name(), "accuracy/total:0");
  EXPECT_NE(dynamic_cast<metrics::SparseCategoricalAccuracy*>(metrics::get("acc", {32, 1}, {32, 10}).get()), nullptr);
  EXPECT_NE(dynamic_cast<metrics::CategoricalAccuracy*>(metrics::get("accuracy", {32, 10}, {32, 10}).get()), nullptr);
  EXPECT_NE(dynamic_cast<metrics::BinaryAccuracy*>(metrics::get("accuracy", {32, 1}, {32, 1}).get()), nullptr);
  EXPECT_NE(dynamic_cast<metrics::BinaryAccuracy*>(metrics::get("acc", {32}, {32, 1}).get()), nullptr);
  const auto mse = metrics::get("mse", {4}, {4});
  EXPECT_EQ(mse->name(), "mse");
  EXPECT_EQ(mse->variables()[0].name(), "mean_squared_error/total:0");  // created before the rename, as in Keras
  EXPECT_NE(error_of([] { metrics::get("no_such_metric"); }).find("[metrics::get] could not interpret metric identifier 'no_such_metric'"),
            std::string::npos);
}

// A custom metric: counts true positives of thresholded predictions.
class TruePositiveCount : public metrics::Metric {
 public:
  TruePositiveCount() : Metric("true_positive_count") { count_ = add_variable({}, "count"); }
  void update_state(const tf::Tensor& y_true, const tf::Tensor& y_pred, const tf::Tensor& sample_weight = {}) override {
    tf::Tensor hits = tf::cast(tf::cast(y_true, tf::bool_) & (y_pred > 0.5f), tf::float32);
    if (sample_weight.defined()) hits = hits * sample_weight;
    count_.assign_add(tf::reduce_sum(hits));
  }
  tf::Tensor result() const override { return count_.read_value(); }

 private:
  tf::Variable count_;
};

TEST(KerasMetrics, CustomMetricSubclass) {
  TruePositiveCount tp;
  const tf::Tensor y = tf::constant({1.0f, 1.0f, 0.0f, 1.0f});
  const tf::Tensor p = tf::constant({0.9f, 0.2f, 0.8f, 0.7f});
  EXPECT_FLOAT_EQ(tp(y, p).item<float>(), 2.0f);
  auto step = tf::function([&](tf::Tensor a, tf::Tensor b) { tp.update_state(a, b, tf::constant({1.0f, 1.0f, 1.0f, 3.0f})); });
  step(y, p);
  EXPECT_FLOAT_EQ(tp.result().item<float>(), 6.0f);
  tp.reset_state();
  EXPECT_FLOAT_EQ(tp.result().item<float>(), 0.0f);
  EXPECT_EQ(tf::keras::to_json(tp.get_config()), R"({"dtype": "float32", "name": "true_positive_count"})");
}

TEST(KerasMetrics, BadInputsNameTheMetric) {
  tf::keras::utils::clear_session();  // the names below are the first auto names
  metrics::SparseCategoricalAccuracy acc;
  const std::string batch = error_of([&] { acc.update_state(tf::constant({1, 2, 0}), tf::ones({4, 3})); });
  EXPECT_EQ(batch.rfind("[sparse_categorical_accuracy] y_true is [3] int32, y_pred is [4,3] float32: ", 0), 0u) << batch;
  metrics::Mean mean;
  const std::string weights = error_of([&] { mean.update_state(tf::ones({4}), tf::ones({3})); });
  EXPECT_EQ(weights.rfind("[mean] values are [4] float32, sample_weight is [3] float32: ", 0), 0u) << weights;
  const std::string misuse = error_of([&] { static_cast<metrics::Metric&>(mean).update_state(tf::ones({2}), tf::ones({2})); });
  EXPECT_NE(misuse.find("[mean] Mean.update_state takes (values, sample_weight)"), std::string::npos) << misuse;
  metrics::MeanSquaredError mse;
  const std::string shapes = error_of([&] { mse.update_state(tf::ones({2, 3}), tf::ones({2, 4})); });
  EXPECT_EQ(shapes.rfind("[mean_squared_error] y_true is [2,3] float32, y_pred is [2,4] float32: ", 0), 0u) << shapes;
  const std::string thresholds = error_of([] { metrics::Precision({.thresholds = {0.5, 1.5}}); });
  EXPECT_NE(thresholds.find("[precision] thresholds must be in [0, 1], got 1.5"), std::string::npos) << thresholds;
  EXPECT_NE(error_of([] { metrics::AUC({.curve = "DET"}); }).find("[auc] invalid curve 'DET'"), std::string::npos);
  metrics::AUC auc;  // auc_1: the rejected AUC above took "auc", as in Keras
  const std::string auc_shapes = error_of([&] { auc.update_state(tf::ones({4, 2}), tf::ones({4, 3})); });
  EXPECT_EQ(auc_shapes.rfind("[auc_1] y_true is [4,2] float32, y_pred is [4,3] float32: ", 0), 0u) << auc_shapes;
  metrics::MeanIoU iou({.num_classes = 3});
  const std::string iou_sizes = error_of([&] { iou.update_state(tf::constant({0, 1}), tf::constant({0, 1, 2})); });
  EXPECT_EQ(iou_sizes.rfind("[mean_io_u] y_true is [2] int32, y_pred is [3] int32: ", 0), 0u) << iou_sizes;
  metrics::BinaryCrossentropy bce;
  const std::string scalar_values = error_of([&] { bce.update_state(tf::ones({4}), tf::ones({4}), tf::ones({4})); });
  EXPECT_NE(scalar_values.find("[binary_crossentropy] y_true is [4] float32, y_pred is [4] float32, sample_weight is [4] float32: "
                               "sample_weight of shape [4] cannot be broadcast to the per-sample values of shape []"),
            std::string::npos) << scalar_values;
  // A failed update leaves the state as it was.
  EXPECT_FLOAT_EQ(mse.result().item<float>(), 0.0f);
  EXPECT_FLOAT_EQ(mse.variables()[1].numpy<float>()[0], 0.0f);
}

}  // namespace

namespace {

TEST(KerasMetrics, ThresholdAndScoreMetricsRejectBadArguments) {
  tf::keras::utils::clear_session();  // the names below are the first auto names
  const auto has = [](const std::string& error, const std::string& part) {
    EXPECT_NE(error.find(part), std::string::npos) << error;
  };
  has(error_of([] { metrics::TruePositives({.thresholds = {0.5, 1.5}}); }), "[true_positives] thresholds must be in [0, 1]");
  has(error_of([] { metrics::PrecisionAtRecall({.recall = 1.5}); }),
      "[precision_at_recall] Argument `recall` must be in the range [0, 1]. Received: recall=1.5");
  has(error_of([] { metrics::SpecificityAtSensitivity({.num_thresholds = 0}); }), "`num_thresholds` must be an integer > 0");
  has(error_of([] { metrics::F1Score({.average = "median"}); }), "[f1_score] Invalid `average` argument value");
  has(error_of([] { metrics::FBetaScore({.beta = 0.0}); }), "[fbeta_score] Invalid `beta` argument value. It should be > 0");
  has(error_of([] { metrics::F1Score({.threshold = 1.5}); }), "It should verify 0 < threshold <= 1");
  has(error_of([] { metrics::R2Score({.class_aggregation = "sum"}); }), "[r2_score] Invalid value for argument `class_aggregation`");
  has(error_of([] { metrics::R2Score({.num_regressors = -1}); }), "Expected a value >= 0");
  metrics::F1Score f1;
  has(error_of([&] { f1.update_state(tf::constant({1.0f, 0.0f}), tf::constant({0.3f, 0.2f})); }),
      "[f1_score] y_true is [2] float32, y_pred is [2] float32: FBetaScore expects 2D inputs with shape (batch_size, output_dim)");
  has(error_of([] { metrics::IoU({.num_classes = 3, .target_class_ids = {3}}); }),
      "[io_u] Target class id 3 is out of range, which is [0, 3).");
  has(error_of([] { metrics::IoU({.num_classes = 3}); }), "target_class_ids needs at least one class id");
  metrics::R2Score r2;
  has(error_of([&] { r2.update_state(tf::ones({2, 2, 2}), tf::ones({2, 2, 2})); }), "R2Score expects 2D inputs");
}

}  // namespace
