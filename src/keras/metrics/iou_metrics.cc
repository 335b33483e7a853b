// Keras 3's MeanIoU (keras/src/metrics/iou_metrics.py): a confusion matrix accumulated over
// batches, and the intersection over union of each class averaged over the classes seen.
#include "keras/metrics/metric_names.h"
#include "keras/losses/loss_utils.h"
#include "tfpp/array_ops.h"
#include "tfpp/keras/epsilon.h"
#include "tfpp/keras/losses.h"
#include "tfpp/keras/metrics.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::metrics {

MeanIoU::MeanIoU(MeanIoUOptions o)
    : Metric(naming::given_or_auto_name(o.name, "mean_io_u"), o.dtype.value_or(int64)), options_(std::move(o)) {
  if (options_.num_classes < 1)
    throw InvalidArgumentError("[" + name() + "] num_classes must be at least 1, got " +
                               std::to_string(options_.num_classes));
  total_cm_ = add_variable({options_.num_classes, options_.num_classes}, "total_confusion_matrix");
}

void MeanIoU::update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  const auto context = [&] {
    std::string text = "y_true is " + keras::detail::describe(y_true) + ", y_pred is " + keras::detail::describe(y_pred);
    if (sample_weight.defined()) text += ", sample_weight is " + keras::detail::describe(sample_weight);
    return text;
  };
  keras::detail::naming_errors(name(), context, [&] {
    const DType dt = dtype();
    Tensor labels = options_.sparse_y_true ? y_true : argmax(y_true, options_.axis);
    Tensor predictions = options_.sparse_y_pred ? y_pred : argmax(y_pred, options_.axis);
    labels = reshape(keras::detail::cast_if_needed(labels, dt), {-1});
    predictions = reshape(keras::detail::cast_if_needed(predictions, dt), {-1});
    if (labels.shape().dim(0) >= 0 && predictions.shape().dim(0) >= 0 &&
        labels.shape().dim(0) != predictions.shape().dim(0))
      throw InvalidArgumentError("y_true and y_pred must hold the same number of entries");
    Tensor weights = sample_weight.defined() ? reshape(keras::detail::cast_if_needed(sample_weight, dt), {-1})
                                             : constant(1.0, dt);
    weights = where(constant(true), weights, labels);  // broadcast to the labels' shape
    const Tensor num_classes = constant(static_cast<double>(options_.num_classes), dt);
    const Tensor zero = constant(0.0, dt);
    Tensor in_bounds = (labels >= zero) & (labels < num_classes) & (predictions >= zero) & (predictions < num_classes);
    if (options_.ignore_class)
      in_bounds = in_bounds & math::not_equal(labels, constant(static_cast<double>(*options_.ignore_class), dt));
    labels = where(in_bounds, labels, zero);
    predictions = where(in_bounds, predictions, zero);
    weights = where(in_bounds, weights, zero);
    const Tensor indices = cast(stack({labels, predictions}, 1), int64);
    const Tensor current = scatter_nd(indices, weights, {options_.num_classes, options_.num_classes});
    total_cm_.assign_add(current);
  });
}

Tensor MeanIoU::result() const {
  const Tensor cm = cast(total_cm_.read_value(), float32);
  const Tensor sum_over_row = reduce_sum(cm, 0);
  const Tensor sum_over_col = reduce_sum(cm, 1);
  const Tensor true_positives = reduce_sum(cm * eye(options_.num_classes), 1);
  const Tensor denominator = sum_over_row + sum_over_col - true_positives;
  const Tensor valid = denominator > 1e-9f;
  const Tensor num_valid = reduce_sum(cast(valid, float32));
  const Tensor iou = where(valid, true_positives / (denominator + static_cast<float>(config::epsilon())), 0.0f);
  return reduce_sum(iou, options_.axis) / (num_valid + static_cast<float>(config::epsilon()));
}

Config MeanIoU::get_config() const {
  Config config = Metric::get_config();
  config["num_classes"] = options_.num_classes;
  config["ignore_class"] = options_.ignore_class ? ConfigValue(*options_.ignore_class) : ConfigValue();
  config["sparse_y_true"] = options_.sparse_y_true;
  config["sparse_y_pred"] = options_.sparse_y_pred;
  config["axis"] = options_.axis;
  return config;
}

}  // namespace tf::keras::metrics
