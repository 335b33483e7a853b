// The confusion-matrix counts at thresholds that Keras 3's Precision, Recall, AUC, the
// TruePositives family and the *At* metrics (PrecisionAtRecall, ...) accumulate, and the config
// and error helpers they share.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/keras/config.h"
#include "tfpp/tensor.h"
#include "tfpp/variable.h"

namespace tf::keras::metrics::confusion {

/// metrics_utils.NEG_INF: what top_k filtering gives the predictions it drops.
inline constexpr double kNegInf = -1e10;

/// Which counts an update adds to.
struct ConfusionVariables {
  Variable true_positives, false_positives, true_negatives, false_negatives;  ///< undefined: not kept
};

/// null or the integer.
ConfigValue optional_int(const std::optional<std::int64_t>& v);
/// null for no values, else the list.
ConfigValue list_or_none(const std::vector<double>& values);
/// InvalidArgumentError "[name] thresholds must be in [0, 1]" for any outside.
void check_thresholds(const std::string& name, const std::vector<double>& thresholds);

/// Adds this batch's counts at every threshold (predictions above it are positive) to the
/// variables that are defined, as Keras' update_confusion_matrix_variables.
void update_confusion_matrix(ConfusionVariables& vars, Tensor y_true, Tensor y_pred, const std::vector<double>& thresholds,
                             std::optional<std::int64_t> top_k, std::optional<std::int64_t> class_id,
                             Tensor sample_weight, bool multi_label, const std::vector<double>& label_weights,
                             DType dtype);

/// The inputs' shapes and dtypes, for errors that name them.
std::function<std::string()> inputs_context(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight);

}  // namespace tf::keras::metrics::confusion
