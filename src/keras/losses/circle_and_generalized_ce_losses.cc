// keras/src/losses/losses.py's circle and categorical_generalized_cross_entropy, and their
// LossFunctionWrapper classes.
#include "tfpp/keras/circle_and_generalized_ce_losses.h"

#include <limits>

#include "keras/losses/loss_utils.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/statistics_ops.h"

namespace tf::keras::losses {

namespace {

// Keras' build_pos_neg_masks: pairs of equal labels, and the others; with remove_diagonal, pair
// (i, i) is no positive.
std::pair<Tensor, Tensor> positive_negative_masks(const Tensor& query_labels, const Tensor& key_labels, bool remove_diagonal) {
  const Tensor query = query_labels.shape().rank() == 1 ? reshape(query_labels, {-1, 1}) : query_labels;
  const Tensor key = key_labels.shape().rank() == 1 ? reshape(key_labels, {-1, 1}) : key_labels;
  Tensor positive = equal(query, transpose(key));
  const Tensor negative = logical_not(positive);
  if (remove_diagonal) {
    // ~eye(size(query), size(key)), from ranges so that an unknown batch size works.
    const Tensor rows = range(constant(0), size(query), constant(1));
    const Tensor columns = range(constant(0), size(key), constant(1));
    positive = logical_and(positive, not_equal(expand_dims(rows, 1), expand_dims(columns, 0)));
  }
  return {positive, negative};
}

}  // namespace

Tensor circle(const Tensor& y_true, const Tensor& y_pred, const CircleArguments& a) {
  const Tensor labels = cast(y_true, int32);
  const Tensor ref_embeddings = a.ref_embeddings.defined() ? a.ref_embeddings : y_pred;
  const Tensor ref_labels = a.ref_labels.defined() ? cast(a.ref_labels, int32) : labels;
  const double optim_pos = a.margin, optim_neg = 1 + a.margin, delta_pos = a.margin, delta_neg = 1 - a.margin;
  const Tensor zero = scalar_like(y_pred, 0.0);
  const Tensor distances = maximum(1.0 - matmul(y_pred, transpose(ref_embeddings)), zero);
  const auto [positive, negative] = positive_negative_masks(labels, ref_labels, a.remove_diagonal);
  const Tensor pos_weights = maximum((optim_pos + distances) * cast(positive, distances.dtype()), zero);
  const Tensor neg_weights = maximum((optim_neg - distances) * cast(negative, distances.dtype()), zero);
  const Tensor pos_wdists = -a.gamma * pos_weights * (delta_pos - distances);
  const Tensor neg_wdists = a.gamma * neg_weights * (delta_neg - distances);
  const Tensor minus_infinity = scalar_like(y_pred, -std::numeric_limits<double>::infinity());
  const Tensor p_loss = reduce_logsumexp(where(positive, pos_wdists, minus_infinity), Axes(1));
  const Tensor n_loss = reduce_logsumexp(where(negative, neg_wdists, minus_infinity), Axes(1));
  return math::softplus(p_loss + n_loss);
}

Tensor categorical_generalized_cross_entropy(const Tensor& y_true, const Tensor& y_pred, double q) {
  const std::int64_t classes = y_pred.shape()[-1];
  if (classes < 0)
    throw InvalidArgumentError("[categorical_generalized_cross_entropy] the number of classes (y_pred's last dimension) "
                               "must be known, got " + keras::detail::describe(y_pred));
  const Tensor one_hot_labels = cast(one_hot(cast(y_true, int32), classes), y_pred.dtype());
  const Tensor p = reduce_sum(y_pred * one_hot_labels, {-1});
  return (1.0 - pow(p, scalar_like(p, q))) / q;
}

Circle::Circle(CircleOptions o) : Loss(o.name, o.reduction, o.dtype), options_(std::move(o)) {}

Tensor Circle::call(const Tensor& y_true, const Tensor& y_pred) const { return call_masked(y_true, y_pred).values; }

Loss::MaskedValues Circle::call_masked(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  const Tensor values = circle(t, p, {.remove_diagonal = options_.remove_diagonal, .gamma = options_.gamma,
                                      .margin = options_.margin});
  return {values, greater(values, scalar_like(values, 0.0))};  // Keras' mask: samples with a loss
}

Config Circle::get_config() const {
  Config config = Loss::get_config();
  config["gamma"] = options_.gamma;
  config["margin"] = options_.margin;
  config["remove_diagonal"] = options_.remove_diagonal;
  return config;
}

CategoricalGeneralizedCrossEntropy::CategoricalGeneralizedCrossEntropy(CategoricalGeneralizedCrossEntropyOptions o)
    : Loss(o.name, o.reduction, o.dtype), options_(std::move(o)) {
  if (!(options_.q > 0 && options_.q < 1))
    throw InvalidArgumentError("[" + name() + "] q must be in the interval (0, 1), got " + std::to_string(options_.q));
}

Tensor CategoricalGeneralizedCrossEntropy::call(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  return categorical_generalized_cross_entropy(t, p, options_.q);
}

Config CategoricalGeneralizedCrossEntropy::get_config() const {
  Config config = Loss::get_config();
  config["q"] = options_.q;
  return config;
}

}  // namespace tf::keras::losses
