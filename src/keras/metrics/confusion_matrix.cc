// The confusion-matrix counting Keras 3's threshold metrics share
// (keras/src/metrics/metrics_utils.py: update_confusion_matrix_variables).
#include "keras/metrics/confusion_matrix.h"

#include "keras/losses/loss_utils.h"
#include "tfpp/array_ops.h"
#include "tfpp/keras/losses.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::metrics::confusion {

namespace {

// Each row's k largest entries, the others set to NEG_INF (metrics_utils._filter_top_k).
Tensor filter_top_k(const Tensor& x, std::int64_t k) {
  const Tensor indices = math::top_k(x, k).indices;
  const Tensor mask = reduce_sum(one_hot(indices, x.shape().dim(-1), {.dtype = x.dtype()}), -2);
  return x * mask + (1.0 - mask) * kNegInf;
}

// y[..., class_id, None].
Tensor select_class(const Tensor& t, std::int64_t class_id) {
  const int rank = t.rank();
  std::vector<std::int64_t> begin(static_cast<std::size_t>(rank), 0), end(static_cast<std::size_t>(rank), 0);
  begin.back() = class_id;
  end.back() = class_id + 1;
  const std::int64_t all_but_last = (std::int64_t{1} << (rank - 1)) - 1;
  return strided_slice(t, begin, end, {}, {.begin_mask = all_but_last, .end_mask = all_but_last});
}

// `value` broadcast to `like`'s shape (a select that always picks `value`).
Tensor broadcast_like(const Tensor& value, const Tensor& like) {
  if (value.shape() == like.shape() && value.shape().is_fully_defined()) return value;
  return where(constant(true), value, like);
}

}  // namespace

ConfigValue optional_int(const std::optional<std::int64_t>& v) { return v ? ConfigValue(*v) : ConfigValue(); }

ConfigValue list_or_none(const std::vector<double>& values) {
  if (values.empty()) return {};
  ConfigValue::List list;
  for (const double v : values) list.emplace_back(v);
  return list;
}

void check_thresholds(const std::string& name, const std::vector<double>& thresholds) {
  for (const double t : thresholds)
    if (!(t >= 0.0 && t <= 1.0))
      throw InvalidArgumentError("[" + name + "] thresholds must be in [0, 1], got " + std::to_string(t));
}

// Adds this batch's counts at every threshold to the variables that are defined: Keras'
// update_confusion_matrix_variables (its general path; the evenly-spaced shortcut it takes for
// AUC counts the same predictions above each threshold).
void update_confusion_matrix(ConfusionVariables& vars, Tensor y_true, Tensor y_pred, const std::vector<double>& thresholds,
                             std::optional<std::int64_t> top_k, std::optional<std::int64_t> class_id,
                             Tensor sample_weight, bool multi_label, const std::vector<double>& label_weights,
                             DType dtype) {
  y_true = keras::detail::cast_if_needed(y_true, dtype);
  y_pred = keras::detail::cast_if_needed(y_pred, dtype);
  std::tie(y_pred, y_true) = losses::squeeze_or_expand_to_same_rank(y_pred, y_true);
  if (y_true.shape().rank() >= 0 && y_pred.shape().rank() >= 0 && !y_true.shape().is_compatible_with(y_pred.shape()))
    throw InvalidArgumentError("y_true and y_pred must have the same shape");
  if (sample_weight.defined()) {
    sample_weight = expand_dims(keras::detail::cast_if_needed(sample_weight, dtype), -1);
    sample_weight = losses::squeeze_or_expand_to_same_rank(y_true, sample_weight, false).second;
  }
  if (top_k) y_pred = filter_top_k(y_pred, *top_k);
  if (class_id) {
    if (y_pred.rank() < 2)
      throw InvalidArgumentError("with class_id, y_pred must be [num_samples, num_classes], got " +
                                 y_pred.shape().debug_string());
    y_true = select_class(y_true, *class_id);
    y_pred = select_class(y_pred, *class_id);
  }
  const std::int64_t num_thresholds = static_cast<std::int64_t>(thresholds.size());
  const Tensor threshold_values = cast(constant(thresholds), dtype);
  Tensor predictions, labels, thresh;
  if (multi_label) {  // [T, N, L]
    predictions = expand_dims(y_pred, 0);
    labels = expand_dims(cast(y_true, bool_), 0);
    thresh = reshape(threshold_values, {num_thresholds, 1, 1});
  } else {  // [T, N * L]
    predictions = reshape(y_pred, {1, -1});
    labels = reshape(cast(y_true, bool_), {1, -1});
    thresh = reshape(threshold_values, {num_thresholds, 1});
  }
  const Tensor pred_is_pos = predictions > thresh;
  Tensor weights;
  if (sample_weight.defined()) weights = broadcast_like(sample_weight, y_pred);
  if (!label_weights.empty() && !multi_label) {
    const Tensor lw = broadcast_like(cast(constant(label_weights), dtype), y_pred);
    weights = weights.defined() ? weights * lw : lw;
  }
  if (weights.defined()) weights = multi_label ? expand_dims(weights, 0) : reshape(weights, {1, -1});
  const auto add = [&](Variable& var, const Tensor& label, const Tensor& pred) {
    if (!var.defined()) return;
    const Tensor both = label & pred;
    const Tensor counts = weights.defined() ? where(both, weights, constant(0.0, dtype)) : cast(both, dtype);
    var.assign_add(reduce_sum(counts, 1));
  };
  const Tensor label_is_pos = broadcast_like(labels, pred_is_pos);
  add(vars.true_positives, label_is_pos, pred_is_pos);
  add(vars.false_negatives, label_is_pos, ~pred_is_pos);
  add(vars.false_positives, ~label_is_pos, pred_is_pos);
  add(vars.true_negatives, ~label_is_pos, ~pred_is_pos);
}


std::function<std::string()> inputs_context(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  return [&] {
    std::string text = "y_true is " + keras::detail::describe(y_true) + ", y_pred is " + keras::detail::describe(y_pred);
    if (sample_weight.defined()) text += ", sample_weight is " + keras::detail::describe(sample_weight);
    return text;
  };
}

}  // namespace tf::keras::metrics::confusion
