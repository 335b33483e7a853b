// losses::get: Keras 3's ALL_OBJECTS_DICT (class names, function names and aliases) and
// compile()'s "crossentropy" shortcut.
#include <map>

#include "tfpp/errors.h"
#include "tfpp/keras/circle_and_generalized_ce_losses.h"
#include "tfpp/keras/ctc_loss.h"
#include "tfpp/keras/focal_and_overlap_losses.h"
#include "tfpp/keras/losses.h"

namespace tf::keras::losses {

namespace {

using Factory = std::shared_ptr<Loss> (*)(const std::string& name);

template <class L>
std::shared_ptr<Loss> make_class(const std::string&) {
  return std::make_shared<L>();
}

template <Tensor (*fn)(const Tensor&, const Tensor&)>
std::shared_ptr<Loss> make_function(const std::string& name) {
  LossFunctionWrapperOptions options;
  options.name = name;
  return std::make_shared<LossFunctionWrapper>(fn, std::move(options));
}

// The functions whose trailing arguments take Keras' defaults.
Tensor huber_default(const Tensor& t, const Tensor& p) { return huber(t, p); }
Tensor cosine_similarity_default(const Tensor& t, const Tensor& p) { return cosine_similarity(t, p); }
Tensor binary_crossentropy_default(const Tensor& t, const Tensor& p) { return binary_crossentropy(t, p); }
Tensor binary_focal_crossentropy_default(const Tensor& t, const Tensor& p) { return binary_focal_crossentropy(t, p); }
Tensor categorical_crossentropy_default(const Tensor& t, const Tensor& p) { return categorical_crossentropy(t, p); }
Tensor categorical_focal_crossentropy_default(const Tensor& t, const Tensor& p) {
  return categorical_focal_crossentropy(t, p);
}
Tensor dice_default(const Tensor& t, const Tensor& p) { return dice(t, p); }
Tensor tversky_default(const Tensor& t, const Tensor& p) { return tversky(t, p); }
Tensor circle_default(const Tensor& t, const Tensor& p) { return circle(t, p); }
Tensor categorical_generalized_cross_entropy_default(const Tensor& t, const Tensor& p) {
  return categorical_generalized_cross_entropy(t, p, 0.5);
}
Tensor sparse_categorical_crossentropy_default(const Tensor& t, const Tensor& p) {
  return sparse_categorical_crossentropy(t, p);
}

const std::map<std::string, Factory>& registry() {
  static const std::map<std::string, Factory> table = {
      {"MeanSquaredError", make_class<MeanSquaredError>},
      {"MeanAbsoluteError", make_class<MeanAbsoluteError>},
      {"MeanAbsolutePercentageError", make_class<MeanAbsolutePercentageError>},
      {"MeanSquaredLogarithmicError", make_class<MeanSquaredLogarithmicError>},
      {"SquaredHinge", make_class<SquaredHinge>},
      {"CategoricalHinge", make_class<CategoricalHinge>},
      {"Huber", make_class<Huber>},
      {"LogCosh", make_class<LogCosh>},
      {"CosineSimilarity", make_class<CosineSimilarity>},
      {"Hinge", make_class<Hinge>},
      {"KLDivergence", make_class<KLDivergence>},
      {"Poisson", make_class<Poisson>},
      {"BinaryCrossentropy", make_class<BinaryCrossentropy>},
      {"BinaryFocalCrossentropy", make_class<BinaryFocalCrossentropy>},
      {"CategoricalCrossentropy", make_class<CategoricalCrossentropy>},
      {"SparseCategoricalCrossentropy", make_class<SparseCategoricalCrossentropy>},
      {"CategoricalFocalCrossentropy", make_class<CategoricalFocalCrossentropy>},
      {"Dice", make_class<Dice>},
      {"Tversky", make_class<Tversky>},
      {"CTC", make_class<CTC>},
      {"Circle", make_class<Circle>},
      {"CategoricalGeneralizedCrossEntropy", make_class<CategoricalGeneralizedCrossEntropy>},
      {"mean_squared_error", make_function<mean_squared_error>},
      {"mse", make_function<mean_squared_error>},
      {"MSE", make_function<mean_squared_error>},
      {"mean_absolute_error", make_function<mean_absolute_error>},
      {"mae", make_function<mean_absolute_error>},
      {"MAE", make_function<mean_absolute_error>},
      {"mean_absolute_percentage_error", make_function<mean_absolute_percentage_error>},
      {"mape", make_function<mean_absolute_percentage_error>},
      {"MAPE", make_function<mean_absolute_percentage_error>},
      {"mean_squared_logarithmic_error", make_function<mean_squared_logarithmic_error>},
      {"msle", make_function<mean_squared_logarithmic_error>},
      {"MSLE", make_function<mean_squared_logarithmic_error>},
      {"squared_hinge", make_function<squared_hinge>},
      {"categorical_hinge", make_function<categorical_hinge>},
      {"huber", make_function<huber_default>},
      {"log_cosh", make_function<log_cosh>},
      {"cosine_similarity", make_function<cosine_similarity_default>},
      {"hinge", make_function<hinge>},
      {"kl_divergence", make_function<kl_divergence>},
      {"kld", make_function<kl_divergence>},
      {"KLD", make_function<kl_divergence>},
      {"poisson", make_function<poisson>},
      {"binary_crossentropy", make_function<binary_crossentropy_default>},
      {"bce", make_function<binary_crossentropy_default>},
      {"BCE", make_function<binary_crossentropy_default>},
      {"binary_focal_crossentropy", make_function<binary_focal_crossentropy_default>},
      {"categorical_crossentropy", make_function<categorical_crossentropy_default>},
      {"sparse_categorical_crossentropy", make_function<sparse_categorical_crossentropy_default>},
      {"categorical_focal_crossentropy", make_function<categorical_focal_crossentropy_default>},
      {"dice", make_function<dice_default>},
      {"tversky", make_function<tversky_default>},
      {"ctc", make_function<ctc>},
      {"circle", make_function<circle_default>},
      {"categorical_generalized_cross_entropy", make_function<categorical_generalized_cross_entropy_default>},
  };
  return table;
}

}  // namespace

std::shared_ptr<Loss> get(const std::string& name) {
  const auto& table = registry();
  const auto it = table.find(name);
  if (it == table.end()) {
    std::string known;
    for (const auto& [key, factory] : table) known += (known.empty() ? "" : ", ") + key;
    throw InvalidArgumentError("[losses::get] could not interpret loss identifier '" + name + "'; known losses: " +
                               known);
  }
  return it->second(name);
}

std::shared_ptr<Loss> get(const std::string& name, const TensorShape& y_true_shape, const TensorShape& y_pred_shape) {
  if (name != "crossentropy" && name != "ce") return get(name);
  // Keras' is_binary_or_sparse_categorical.
  const std::int64_t true_last = y_true_shape.rank() > 0 ? y_true_shape.dim(-1) : -1;
  const std::int64_t pred_last = y_pred_shape.rank() > 0 ? y_pred_shape.dim(-1) : -1;
  const bool is_binary = pred_last == 1;
  const bool is_sparse = y_true_shape.rank() < y_pred_shape.rank() || (true_last == 1 && pred_last > 1);
  if (is_binary) return make_function<binary_crossentropy_default>(name);
  if (is_sparse) return make_function<sparse_categorical_crossentropy_default>(name);
  return make_function<categorical_crossentropy_default>(name);
}

}  // namespace tf::keras::losses
