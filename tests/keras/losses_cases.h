// The table of loss cases the loss tests share: each built-in loss with its options, inputs
// and sample weights, buildable in any float dtype.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <tfpp/keras/focal_and_overlap_losses.h>
#include <tfpp/keras/losses.h>
#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"

namespace tf::testing {

/// One loss on one set of inputs.
struct LossCase {
  std::string id;          ///< unique, names the case in failures
  std::string class_name;  ///< the Keras class
  std::function<std::shared_ptr<keras::losses::Loss>(std::optional<DType>)> make;  ///< the loss in a dtype
  Tensor y_true;           ///< float64 or integer labels
  Tensor y_pred;           ///< float64, with no kinks of the loss nearby
  Tensor sample_weight;    ///< float64 or undefined
};

namespace loss_cases_detail {

inline Tensor probabilities(const TensorShape& shape, std::uint32_t seed) {
  return nn::softmax(random_tensor(shape, seed, -2.0, 2.0));
}

inline Tensor one_hot_labels(std::vector<std::int32_t> ids, std::int64_t classes) {
  return one_hot(constant(ids), classes, {.dtype = float64});
}

}  // namespace loss_cases_detail

/// Every case; `reduction` is passed to each loss.
inline std::vector<LossCase> loss_cases() {
  namespace losses = keras::losses;
  using namespace loss_cases_detail;
  using D = std::optional<DType>;
  std::vector<LossCase> cases;
  const Tensor w4 = constant({0.5, 2.0, 0.0, 1.0});
  const Tensor regression_true = random_tensor({4, 3}, 1, -1.0, 1.0);
  const Tensor regression_pred = random_tensor({4, 3}, 2, -1.5, 1.5);
  for (const std::string reduction : {"sum_over_batch_size", "sum", "none", "mean_with_sample_weight"}) {
    const std::string r = "/" + reduction;
    cases.push_back({"mse" + r, "MeanSquaredError",
                     [=](D d) { return std::make_shared<losses::MeanSquaredError>(losses::MeanSquaredErrorOptions{.reduction = reduction, .dtype = d}); },
                     regression_true, regression_pred, w4});
    cases.push_back({"scce_logits" + r, "SparseCategoricalCrossentropy",
                     [=](D d) { return std::make_shared<losses::SparseCategoricalCrossentropy>(losses::SparseCategoricalCrossentropyOptions{.from_logits = true, .reduction = reduction, .dtype = d}); },
                     constant({2, 0, 1, 2}), random_tensor({4, 3}, 3), w4});
  }
  cases.push_back({"mse/unweighted", "MeanSquaredError",
                   [](D d) { return std::make_shared<losses::MeanSquaredError>(losses::MeanSquaredErrorOptions{.dtype = d}); },
                   regression_true, regression_pred, {}});
  cases.push_back({"mse/rank1_vs_column", "MeanSquaredError",
                   [](D d) { return std::make_shared<losses::MeanSquaredError>(losses::MeanSquaredErrorOptions{.dtype = d}); },
                   constant({0.5, -1.0, 2.0}), random_tensor({3, 1}, 4), constant({1.0, 0.5, 2.0})});
  cases.push_back({"mae", "MeanAbsoluteError",
                   [](D d) { return std::make_shared<losses::MeanAbsoluteError>(losses::MeanAbsoluteErrorOptions{.dtype = d}); },
                   regression_true, regression_pred, w4});
  cases.push_back({"mape", "MeanAbsolutePercentageError",
                   [](D d) { return std::make_shared<losses::MeanAbsolutePercentageError>(losses::MeanAbsolutePercentageErrorOptions{.dtype = d}); },
                   regression_true, regression_pred, w4});
  cases.push_back({"huber", "Huber",
                   [](D d) { return std::make_shared<losses::Huber>(losses::HuberOptions{.delta = 0.7, .dtype = d}); },
                   regression_true, regression_pred, w4});
  cases.push_back({"log_cosh", "LogCosh",
                   [](D d) { return std::make_shared<losses::LogCosh>(losses::LogCoshOptions{.dtype = d}); },
                   regression_true, regression_pred * 4.0, {}});
  cases.push_back({"cosine_similarity", "CosineSimilarity",
                   [](D d) { return std::make_shared<losses::CosineSimilarity>(losses::CosineSimilarityOptions{.dtype = d}); },
                   regression_true, regression_pred, w4});
  cases.push_back({"cosine_similarity/axis0", "CosineSimilarity",
                   [](D d) { return std::make_shared<losses::CosineSimilarity>(losses::CosineSimilarityOptions{.axis = 0, .dtype = d}); },
                   regression_true, regression_pred, {}});
  cases.push_back({"hinge/binary_labels", "Hinge",
                   [](D d) { return std::make_shared<losses::Hinge>(losses::HingeOptions{.dtype = d}); },
                   constant({{0.0, 1.0, 1.0}, {1.0, 0.0, 0.0}, {0.0, 0.0, 1.0}, {1.0, 1.0, 0.0}}), regression_pred, w4});
  cases.push_back({"hinge/signed_labels", "Hinge",
                   [](D d) { return std::make_shared<losses::Hinge>(losses::HingeOptions{.dtype = d}); },
                   constant({{-1.0, 1.0, 1.0}, {1.0, -1.0, -1.0}, {-1.0, -1.0, 1.0}, {1.0, 1.0, -1.0}}), regression_pred, {}});
  cases.push_back({"msle", "MeanSquaredLogarithmicError",
                   [](D d) { return std::make_shared<losses::MeanSquaredLogarithmicError>(losses::MeanSquaredLogarithmicErrorOptions{.dtype = d}); },
                   random_tensor({4, 3}, 40, 0.0, 3.0), random_tensor({4, 3}, 41, 0.1, 3.0), w4});
  cases.push_back({"squared_hinge", "SquaredHinge",
                   [](D d) { return std::make_shared<losses::SquaredHinge>(losses::SquaredHingeOptions{.dtype = d}); },
                   constant({{0.0, 1.0, 1.0}, {1.0, 0.0, 0.0}, {0.0, 0.0, 1.0}, {1.0, 1.0, 0.0}}), regression_pred, w4});
  cases.push_back({"categorical_hinge", "CategoricalHinge",
                   [](D d) { return std::make_shared<losses::CategoricalHinge>(losses::CategoricalHingeOptions{.dtype = d}); },
                   one_hot_labels({2, 0, 1, 2}, 3), random_tensor({4, 3}, 42, 0.0, 1.0, 0.05), w4});
  cases.push_back({"kl_divergence", "KLDivergence",
                   [](D d) { return std::make_shared<losses::KLDivergence>(losses::KLDivergenceOptions{.dtype = d}); },
                   probabilities({4, 3}, 5), probabilities({4, 3}, 6), w4});
  cases.push_back({"poisson", "Poisson",
                   [](D d) { return std::make_shared<losses::Poisson>(losses::PoissonOptions{.dtype = d}); },
                   random_tensor({4, 3}, 7, 0.0, 3.0), random_tensor({4, 3}, 8, 0.2, 3.0), w4});
  const Tensor binary_labels = constant({{1.0}, {0.0}, {1.0}, {0.0}});
  cases.push_back({"bce", "BinaryCrossentropy",
                   [](D d) { return std::make_shared<losses::BinaryCrossentropy>(losses::BinaryCrossentropyOptions{.dtype = d}); },
                   binary_labels, random_tensor({4, 1}, 9, 0.05, 0.95), w4});
  cases.push_back({"bce/logits_smoothing_rank1_labels", "BinaryCrossentropy",
                   [](D d) { return std::make_shared<losses::BinaryCrossentropy>(losses::BinaryCrossentropyOptions{.from_logits = true, .label_smoothing = 0.2, .dtype = d}); },
                   constant({1.0, 0.0, 1.0, 0.0}), random_tensor({4, 1}, 10, -3.0, 3.0), w4});
  cases.push_back({"bce/multi_label", "BinaryCrossentropy",
                   [](D d) { return std::make_shared<losses::BinaryCrossentropy>(losses::BinaryCrossentropyOptions{.from_logits = true, .dtype = d}); },
                   constant({{1.0, 0.0, 1.0}, {0.0, 0.0, 1.0}}), random_tensor({2, 3}, 11, -3.0, 3.0), {}});
  cases.push_back({"binary_focal", "BinaryFocalCrossentropy",
                   [](D d) { return std::make_shared<losses::BinaryFocalCrossentropy>(losses::BinaryFocalCrossentropyOptions{.dtype = d}); },
                   binary_labels, random_tensor({4, 1}, 12, 0.05, 0.95), w4});
  cases.push_back({"binary_focal/balanced_logits", "BinaryFocalCrossentropy",
                   [](D d) { return std::make_shared<losses::BinaryFocalCrossentropy>(losses::BinaryFocalCrossentropyOptions{.apply_class_balancing = true, .alpha = 0.4, .gamma = 3.0, .from_logits = true, .label_smoothing = 0.1, .dtype = d}); },
                   binary_labels, random_tensor({4, 1}, 13, -3.0, 3.0), {}});
  const Tensor one_hot4 = one_hot_labels({2, 0, 1, 2}, 3);
  cases.push_back({"cce", "CategoricalCrossentropy",
                   [](D d) { return std::make_shared<losses::CategoricalCrossentropy>(losses::CategoricalCrossentropyOptions{.dtype = d}); },
                   one_hot4, probabilities({4, 3}, 14) * 1.5, w4});
  cases.push_back({"cce/logits_smoothing", "CategoricalCrossentropy",
                   [](D d) { return std::make_shared<losses::CategoricalCrossentropy>(losses::CategoricalCrossentropyOptions{.from_logits = true, .label_smoothing = 0.1, .dtype = d}); },
                   one_hot4, random_tensor({4, 3}, 15), w4});
  cases.push_back({"scce/probabilities", "SparseCategoricalCrossentropy",
                   [](D d) { return std::make_shared<losses::SparseCategoricalCrossentropy>(losses::SparseCategoricalCrossentropyOptions{.dtype = d}); },
                   constant({2, 0, 1, 2}), probabilities({4, 3}, 16), w4});
  cases.push_back({"scce/column_labels", "SparseCategoricalCrossentropy",
                   [](D d) { return std::make_shared<losses::SparseCategoricalCrossentropy>(losses::SparseCategoricalCrossentropyOptions{.from_logits = true, .dtype = d}); },
                   constant({{2}, {0}, {1}, {1}}), random_tensor({4, 3}, 17), {}});
  cases.push_back({"scce/float_labels_sequence", "SparseCategoricalCrossentropy",
                   [](D d) { return std::make_shared<losses::SparseCategoricalCrossentropy>(losses::SparseCategoricalCrossentropyOptions{.from_logits = true, .dtype = d}); },
                   constant({{2.0, 0.0}, {1.0, 1.0}}), random_tensor({2, 2, 3}, 18), constant({1.0, 3.0})});
  cases.push_back({"categorical_focal", "CategoricalFocalCrossentropy",
                   [](D d) { return std::make_shared<losses::CategoricalFocalCrossentropy>(losses::CategoricalFocalCrossentropyOptions{.dtype = d}); },
                   one_hot4, probabilities({4, 3}, 20) * 1.5, w4});
  cases.push_back({"categorical_focal/logits_smoothing", "CategoricalFocalCrossentropy",
                   [](D d) { return std::make_shared<losses::CategoricalFocalCrossentropy>(losses::CategoricalFocalCrossentropyOptions{.alpha = 0.4, .gamma = 3.0, .from_logits = true, .label_smoothing = 0.1, .dtype = d}); },
                   one_hot4, random_tensor({4, 3}, 21), {}});
  const Tensor mask = constant({{1.0, 0.0, 1.0}, {0.0, 0.0, 1.0}, {1.0, 1.0, 0.0}, {0.0, 1.0, 1.0}});
  cases.push_back({"dice", "Dice",
                   [](D d) { return std::make_shared<losses::Dice>(losses::DiceOptions{.dtype = d}); },
                   mask, random_tensor({4, 3}, 22, 0.05, 0.95), {}});
  cases.push_back({"dice/axis", "Dice",
                   [](D d) { return std::make_shared<losses::Dice>(losses::DiceOptions{.axis = std::vector<std::int64_t>{1, 2}, .dtype = d}); },
                   reshape(concat({mask, 1.0 - mask}, 1), {4, 3, 2}), random_tensor({4, 3, 2}, 23, 0.05, 0.95), w4});
  cases.push_back({"tversky", "Tversky",
                   [](D d) { return std::make_shared<losses::Tversky>(losses::TverskyOptions{.alpha = 0.3, .beta = 0.7, .dtype = d}); },
                   mask, random_tensor({4, 3}, 24, 0.05, 0.95), {}});
  cases.push_back({"tversky/axis", "Tversky",
                   [](D d) { return std::make_shared<losses::Tversky>(losses::TverskyOptions{.alpha = 0.2, .beta = 0.6, .reduction = "sum", .axis = std::vector<std::int64_t>{1}, .dtype = d}); },
                   mask, random_tensor({4, 3}, 25, 0.05, 0.95), w4});
  for (const std::string reduction : {"sum_over_batch_size", "sum"})
    cases.push_back({"scce/ignore_class/" + reduction, "SparseCategoricalCrossentropy",
                     [=](D d) { return std::make_shared<losses::SparseCategoricalCrossentropy>(losses::SparseCategoricalCrossentropyOptions{.from_logits = true, .ignore_class = -1, .reduction = reduction, .dtype = d}); },
                     constant({2, -1, 1, 0, -1}), random_tensor({5, 3}, 19), constant({1.0, 1.0, 2.0, 0.5, 1.0})});
  return cases;
}

}  // namespace tf::testing
