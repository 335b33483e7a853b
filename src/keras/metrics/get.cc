// metrics::get: Keras 3's ALL_OBJECTS_DICT for metrics, and compile()'s "accuracy" choice
// (keras/src/trainers/compile_utils.py: get_metric).
#include <map>

#include "tfpp/errors.h"
#include "tfpp/keras/metrics.h"
#include "tfpp/keras/score_metrics.h"
#include "tfpp/keras/threshold_metrics.h"

namespace tf::keras::metrics {

namespace {

using Factory = std::shared_ptr<Metric> (*)();

template <class M>
std::shared_ptr<Metric> make() {
  return std::make_shared<M>();
}

const std::map<std::string, Factory>& registry() {
  static const std::map<std::string, Factory> table = {
      {"Mean", make<Mean>},
      {"F1Score", make<F1Score>},
      {"FBetaScore", make<FBetaScore>},
      {"R2Score", make<R2Score>},
      {"TruePositives", make<TruePositives>},
      {"FalsePositives", make<FalsePositives>},
      {"TrueNegatives", make<TrueNegatives>},
      {"FalseNegatives", make<FalseNegatives>},
      {"mean", make<Mean>},
      {"Sum", make<Sum>},
      {"sum", make<Sum>},
      {"Accuracy", make<Accuracy>},
      {"accuracy", make<Accuracy>},
      {"BinaryAccuracy", make<BinaryAccuracy>},
      {"binary_accuracy", make<BinaryAccuracy>},
      {"CategoricalAccuracy", make<CategoricalAccuracy>},
      {"categorical_accuracy", make<CategoricalAccuracy>},
      {"SparseCategoricalAccuracy", make<SparseCategoricalAccuracy>},
      {"sparse_categorical_accuracy", make<SparseCategoricalAccuracy>},
      {"TopKCategoricalAccuracy", make<TopKCategoricalAccuracy>},
      {"top_k_categorical_accuracy", make<TopKCategoricalAccuracy>},
      {"SparseTopKCategoricalAccuracy", make<SparseTopKCategoricalAccuracy>},
      {"sparse_top_k_categorical_accuracy", make<SparseTopKCategoricalAccuracy>},
      {"MeanSquaredError", make<MeanSquaredError>},
      {"mean_squared_error", make<MeanSquaredError>},
      {"mse", make<MeanSquaredError>},
      {"MSE", make<MeanSquaredError>},
      {"RootMeanSquaredError", make<RootMeanSquaredError>},
      {"root_mean_squared_error", make<RootMeanSquaredError>},
      {"MeanAbsoluteError", make<MeanAbsoluteError>},
      {"mean_absolute_error", make<MeanAbsoluteError>},
      {"mae", make<MeanAbsoluteError>},
      {"MAE", make<MeanAbsoluteError>},
      {"MeanAbsolutePercentageError", make<MeanAbsolutePercentageError>},
      {"mean_absolute_percentage_error", make<MeanAbsolutePercentageError>},
      {"mape", make<MeanAbsolutePercentageError>},
      {"MAPE", make<MeanAbsolutePercentageError>},
      {"MeanSquaredLogarithmicError", make<MeanSquaredLogarithmicError>},
      {"mean_squared_logarithmic_error", make<MeanSquaredLogarithmicError>},
      {"msle", make<MeanSquaredLogarithmicError>},
      {"MSLE", make<MeanSquaredLogarithmicError>},
      {"CosineSimilarity", make<CosineSimilarity>},
      {"cosine_similarity", make<CosineSimilarity>},
      {"LogCoshError", make<LogCoshError>},
      {"log_cosh_error", make<LogCoshError>},
      {"Hinge", make<Hinge>},
      {"hinge", make<Hinge>},
      {"SquaredHinge", make<SquaredHinge>},
      {"squared_hinge", make<SquaredHinge>},
      {"CategoricalHinge", make<CategoricalHinge>},
      {"categorical_hinge", make<CategoricalHinge>},
      {"KLDivergence", make<KLDivergence>},
      {"kl_divergence", make<KLDivergence>},
      {"Poisson", make<Poisson>},
      {"poisson", make<Poisson>},
      {"BinaryCrossentropy", make<BinaryCrossentropy>},
      {"binary_crossentropy", make<BinaryCrossentropy>},
      {"bce", make<BinaryCrossentropy>},
      {"BCE", make<BinaryCrossentropy>},
      {"CategoricalCrossentropy", make<CategoricalCrossentropy>},
      {"categorical_crossentropy", make<CategoricalCrossentropy>},
      {"SparseCategoricalCrossentropy", make<SparseCategoricalCrossentropy>},
      {"sparse_categorical_crossentropy", make<SparseCategoricalCrossentropy>},
      {"Precision", make<Precision>},
      {"precision", make<Precision>},
      {"Recall", make<Recall>},
      {"recall", make<Recall>},
      {"AUC", make<AUC>},
      {"auc", make<AUC>},
  };
  return table;
}

}  // namespace

std::shared_ptr<Metric> get(const std::string& name) {
  const auto& table = registry();
  const auto it = table.find(name);
  if (it == table.end()) {
    std::string known;
    for (const auto& [key, factory] : table) known += (known.empty() ? "" : ", ") + key;
    throw InvalidArgumentError("[metrics::get] could not interpret metric identifier '" + name +
                               "'; known metrics: " + known);
  }
  return it->second();
}

std::shared_ptr<Metric> get(const std::string& name, const TensorShape& y_true_shape, const TensorShape& y_pred_shape) {
  if (name == "accuracy" || name == "acc") {
    // Keras' is_binary_or_sparse_categorical.
    const std::int64_t true_last = y_true_shape.rank() > 0 ? y_true_shape.dim(-1) : -1;
    const std::int64_t pred_last = y_pred_shape.rank() > 0 ? y_pred_shape.dim(-1) : -1;
    const bool is_binary = pred_last == 1;
    const bool is_sparse = y_true_shape.rank() < y_pred_shape.rank() || (true_last == 1 && pred_last > 1);
    if (is_binary) {
      BinaryAccuracyOptions options;
      options.name = name;
      return std::make_shared<BinaryAccuracy>(options);
    }
    const MetricOptions options{.name = name, .dtype = std::nullopt};
    if (is_sparse) return std::make_shared<SparseCategoricalAccuracy>(options);
    return std::make_shared<CategoricalAccuracy>(options);
  }
  // Keras creates the metric with its own name, then renames it after the string given.
  std::shared_ptr<Metric> metric = get(name);
  metric->set_name(name);
  return metric;
}

}  // namespace tf::keras::metrics
