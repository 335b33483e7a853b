// Keras 3's accuracy metrics (keras/src/metrics/accuracy_metrics.py) and tf.math.in_top_k.
#include <limits>

#include "keras/metrics/metric_names.h"
#include "keras/losses/loss_utils.h"
#include "tfpp/array_ops.h"
#include "tfpp/keras/losses.h"
#include "tfpp/keras/metrics.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::metrics {

using naming::default_name;

namespace {

using keras::detail::cast_if_needed;

Tensor as_float(const Tensor& matches) { return cast(matches, float32); }


// Rows of class scores: [..., classes] flattened to [rows, classes], and labels to [rows].
Tensor rows_of(const Tensor& t, int rank_above) { return t.rank() > rank_above ? reshape(t, {-1, t.shape().dim(-1)}) : t; }

}  // namespace

Tensor accuracy(const Tensor& y_true, const Tensor& y_pred) {
  auto [t, p] = losses::squeeze_or_expand_to_same_rank(cast_if_needed(y_true, y_pred.dtype()), y_pred);
  return as_float(math::equal(t, p));
}

Tensor binary_accuracy(const Tensor& y_true, const Tensor& y_pred, double threshold) {
  auto [t, p] = losses::squeeze_or_expand_to_same_rank(y_true, y_pred);
  const Tensor predicted = cast(p > threshold, t.dtype());
  return as_float(math::equal(t, predicted));
}

Tensor categorical_accuracy(const Tensor& y_true, const Tensor& y_pred) {
  Tensor labels = cast_if_needed(argmax(y_true, -1), y_pred.dtype());
  const Tensor original_shape = shape(labels);
  const bool reshape_matches = labels.rank() == y_pred.rank();
  if (reshape_matches) labels = squeeze(labels, {-1});
  const Tensor predicted = cast_if_needed(argmax(y_pred, -1), labels.dtype());
  const Tensor matches = as_float(math::equal(labels, predicted));
  return reshape_matches ? reshape(matches, original_shape) : matches;
}

Tensor sparse_categorical_accuracy(const Tensor& y_true, const Tensor& y_pred) {
  // Keras compares in y_pred's float dtype; integer labels compare exactly as they are (one cast
  // fewer in every training step).
  Tensor labels = is_integer(y_true.dtype()) ? y_true : cast_if_needed(y_true, y_pred.dtype());
  // Labels [..., 1] against predictions of the same rank lose their trailing 1; Keras reshapes
  // the matches back and then squeezes it again, so the result never keeps it.
  if (labels.rank() == y_pred.rank() && labels.shape().dim(-1) == 1) labels = squeeze(labels, {-1});
  const DType index_type = labels.dtype() == int32 ? int32 : int64;
  const Tensor predicted = cast_if_needed(argmax(y_pred, -1, index_type), labels.dtype());
  Tensor matches = as_float(math::equal(labels, predicted));
  if (matches.rank() > 1 && matches.shape().dim(-1) == 1) matches = squeeze(matches, {-1});
  return matches;
}

Tensor in_top_k(const Tensor& targets, const Tensor& predictions, std::int64_t k) {
  if (predictions.rank() != 2 || targets.rank() != 1)
    throw InvalidArgumentError("[InTopK] predictions must be [batch, classes] and targets [batch], got predictions " +
                               keras::detail::describe(predictions) + ", targets " + keras::detail::describe(targets));
  const std::int64_t classes = predictions.shape().dim(1);
  const Tensor ids = cast(targets, int64);
  const Tensor in_range = (ids >= 0) & (ids < constant(static_cast<std::int64_t>(classes)));
  const Tensor safe_ids = where(in_range, ids, constant(static_cast<std::int64_t>(0)));
  const Tensor target_scores = gather(predictions, safe_ids, {.axis = 1, .batch_dims = 1});
  const Tensor finite = math::abs(target_scores) < std::numeric_limits<double>::infinity();
  const Tensor larger = cast(predictions > expand_dims(target_scores, -1), int64);
  const Tensor rank_of_target = reduce_sum(larger, -1);
  return in_range & finite & (rank_of_target < constant(k));
}

Tensor top_k_categorical_accuracy(const Tensor& y_true, const Tensor& y_pred, std::int64_t k) {
  Tensor labels = argmax(cast_if_needed(y_true, y_pred.dtype()), -1);
  const Tensor original_shape = shape(labels);
  const bool reshape_matches = labels.rank() > 1;
  if (reshape_matches) labels = reshape(labels, {-1});
  Tensor matches = as_float(in_top_k(labels, rows_of(y_pred, 2), k));
  return reshape_matches ? reshape(matches, original_shape) : matches;
}

Tensor sparse_top_k_categorical_accuracy(const Tensor& y_true, const Tensor& y_pred, std::int64_t k) {
  Tensor labels = cast_if_needed(y_true, int32);
  const Tensor original_shape = shape(labels);
  const bool reshape_matches = labels.rank() > 1;
  if (reshape_matches) labels = reshape(labels, {-1});
  Tensor matches = as_float(in_top_k(labels, rows_of(y_pred, 2), k));
  return reshape_matches ? reshape(matches, original_shape) : matches;
}

Accuracy::Accuracy(MetricOptions o)
    : MeanMetricWrapper(accuracy, {.name = default_name(o.name, "accuracy"), .dtype = o.dtype}) {}

BinaryAccuracy::BinaryAccuracy(BinaryAccuracyOptions o)
    : MeanMetricWrapper([t = o.threshold](const Tensor& y, const Tensor& p) { return binary_accuracy(y, p, t); },
                        {.name = o.name, .dtype = o.dtype}),
      threshold_(o.threshold) {}

Config BinaryAccuracy::get_config() const {
  Config config = Metric::get_config();
  config["threshold"] = threshold_;
  return config;
}

CategoricalAccuracy::CategoricalAccuracy(MetricOptions o)
    : MeanMetricWrapper(categorical_accuracy, {.name = default_name(o.name, "categorical_accuracy"), .dtype = o.dtype}) {}

SparseCategoricalAccuracy::SparseCategoricalAccuracy(MetricOptions o)
    : MeanMetricWrapper(sparse_categorical_accuracy,
                        {.name = default_name(o.name, "sparse_categorical_accuracy"), .dtype = o.dtype}) {}

TopKCategoricalAccuracy::TopKCategoricalAccuracy(TopKOptions o)
    : MeanMetricWrapper([k = o.k](const Tensor& y, const Tensor& p) { return top_k_categorical_accuracy(y, p, k); },
                        {.name = default_name(o.name, "top_k_categorical_accuracy"), .dtype = o.dtype}),
      k_(o.k) {}

Config TopKCategoricalAccuracy::get_config() const {
  Config config = Metric::get_config();
  config["k"] = k_;
  return config;
}

SparseTopKCategoricalAccuracy::SparseTopKCategoricalAccuracy(TopKOptions o)
    : MeanMetricWrapper(
          [k = o.k](const Tensor& y, const Tensor& p) { return sparse_top_k_categorical_accuracy(y, p, k); },
          {.name = default_name(o.name, "sparse_top_k_categorical_accuracy"), .dtype = o.dtype}),
      k_(o.k) {}

Config SparseTopKCategoricalAccuracy::get_config() const {
  Config config = Metric::get_config();
  config["k"] = k_;
  return config;
}

}  // namespace tf::keras::metrics
