// Keras 3's Circle loss (metric learning over L2-normalized embeddings: pairs of one label are
// pulled together, pairs of different labels pushed apart, each weighted by how far it is from
// its optimum) and categorical generalized cross-entropy (robust to noisy labels: (1 - p^q) / q of
// the true class's probability), as functions (per-sample values) and Loss classes.
//
//   namespace losses = tf::keras::losses;
//   losses::circle(labels, embeddings);                       // [batch], 0 where a sample has no pair
//   losses::CategoricalGeneralizedCrossEntropy({.q = 0.7})(labels, probabilities);
#pragma once

#include <optional>
#include <string>

#include "tfpp/keras/losses.h"

namespace tf::keras::losses {

/// Options of circle beyond the labels and embeddings.
struct CircleArguments {
  Tensor ref_labels;           ///< labels of the reference embeddings (default: y_true)
  Tensor ref_embeddings;       ///< the reference embeddings (default: y_pred)
  bool remove_diagonal = true; ///< a sample is no positive pair of itself
  double gamma = 80.0;         ///< the scale
  double margin = 0.4;         ///< the relaxation margin
};

/// The Circle loss per sample of integer labels y_true [batch] against embeddings y_pred
/// [batch, dim] (L2-normalized, so 1 - dot product is the cosine distance).
Tensor circle(const Tensor& y_true, const Tensor& y_pred, const CircleArguments& arguments = {});

/// (1 - p^q) / q for p the probability y_pred gives the class y_true (integer labels).
Tensor categorical_generalized_cross_entropy(const Tensor& y_true, const Tensor& y_pred, double q);

/// Options of Circle.
struct CircleOptions {
  double gamma = 80.0;                            ///< the scale
  double margin = 0.4;                            ///< the relaxation margin
  bool remove_diagonal = true;                    ///< a sample is no positive pair of itself
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces (samples of loss 0 are left out)
  std::string name = "circle";                    ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};

/// circle as a Loss; as Keras, the mean leaves out samples whose loss is 0.
class Circle : public Loss {
 public:
  /// A Circle loss with `options`.
  explicit Circle(CircleOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
  Config get_config() const override;

 protected:
  MaskedValues call_masked(const Tensor& y_true, const Tensor& y_pred) const override;

 private:
  CircleOptions options_;
};

/// Options of CategoricalGeneralizedCrossEntropy.
struct CategoricalGeneralizedCrossEntropyOptions {
  double q = 0.5;                                 ///< in (0, 1): near 0 cross-entropy, at 1 MAE
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "categorical_generalized_cross_entropy";  ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};

/// categorical_generalized_cross_entropy as a Loss.
class CategoricalGeneralizedCrossEntropy : public Loss {
 public:
  /// A loss with `options`; throws InvalidArgumentError unless 0 < q < 1.
  explicit CategoricalGeneralizedCrossEntropy(CategoricalGeneralizedCrossEntropyOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;
  Config get_config() const override;

 private:
  CategoricalGeneralizedCrossEntropyOptions options_;
};

}  // namespace tf::keras::losses
