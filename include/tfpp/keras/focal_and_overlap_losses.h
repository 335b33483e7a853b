// Keras 3's categorical focal crossentropy and the overlap losses of segmentation (Dice,
// Tversky), as functions (per-sample values) and as Loss classes.
//
//   namespace losses = tf::keras::losses;
//   losses::categorical_focal_crossentropy(one_hot, probabilities);   // one value per sample
//   losses::Dice({.axis = std::vector<std::int64_t>{1, 2, 3}})(masks, predictions);
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/keras/losses.h"

namespace tf::keras::losses {

/// categorical_crossentropy with each class term scaled by alpha * (1 - p)^gamma.
Tensor categorical_focal_crossentropy(const Tensor& y_true, const Tensor& y_pred, double alpha = 0.25,
                                      double gamma = 2.0, bool from_logits = false, double label_smoothing = 0.0,
                                      std::int64_t axis = -1);
/// 1 - 2 * sum(y_true * y_pred) / (sum(y_true) + sum(y_pred) + epsilon) over `axis` (all axes
/// when unset: a scalar).
Tensor dice(const Tensor& y_true, const Tensor& y_pred, const std::optional<std::vector<std::int64_t>>& axis = {});
/// 1 - tp / (tp + alpha * fp + beta * fn + epsilon) over `axis` (all axes when unset), where
/// tp = sum(y_true * y_pred), fp = sum((1 - y_pred) * y_true), fn = sum(y_pred * (1 - y_true)) as
/// Keras 3 names them.
Tensor tversky(const Tensor& y_true, const Tensor& y_pred, double alpha = 0.5, double beta = 0.5,
               const std::optional<std::vector<std::int64_t>>& axis = {});

/// Options of CategoricalFocalCrossentropy.
struct CategoricalFocalCrossentropyOptions {
  double alpha = 0.25;                            ///< the weighting factor
  double gamma = 2.0;                             ///< the focusing exponent
  bool from_logits = false;                       ///< y_pred holds logits, not probabilities
  double label_smoothing = 0.0;                   ///< one-hot labels are smoothed by this fraction
  std::int64_t axis = -1;                         ///< the class axis
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "categorical_focal_crossentropy";  ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// categorical_focal_crossentropy as a Loss.
class CategoricalFocalCrossentropy : public Loss {
 public:
  /// A CategoricalFocalCrossentropy loss with `options`.
  explicit CategoricalFocalCrossentropy(CategoricalFocalCrossentropyOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
  Config get_config() const override;

 private:
  CategoricalFocalCrossentropyOptions options_;
};

/// Options of Dice.
struct DiceOptions {
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "dice";                      ///< the loss's name
  std::optional<std::vector<std::int64_t>> axis;  ///< the axes summed over (all when unset)
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// dice as a Loss.
class Dice : public Loss {
 public:
  /// A Dice loss with `options`.
  explicit Dice(DiceOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
  Config get_config() const override;

 private:
  DiceOptions options_;
};

/// Options of Tversky.
struct TverskyOptions {
  double alpha = 0.5;                             ///< the weight of false positives
  double beta = 0.5;                              ///< the weight of false negatives
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "tversky";                   ///< the loss's name
  std::optional<std::vector<std::int64_t>> axis;  ///< the axes summed over (all when unset)
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};
/// tversky as a Loss.
class Tversky : public Loss {
 public:
  /// A Tversky loss with `options`.
  explicit Tversky(TverskyOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
  Config get_config() const override;

 private:
  TverskyOptions options_;
};

}  // namespace tf::keras::losses
