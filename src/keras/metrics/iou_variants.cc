// keras/src/metrics/iou_metrics.py's IoU, BinaryIoU, OneHotIoU and OneHotMeanIoU.
#include "tfpp/keras/iou_variants.h"

#include "keras/metrics/metric_names.h"
#include "keras/layers/config_util.h"
#include "keras/losses/loss_utils.h"
#include "keras/metrics/confusion_matrix.h"
#include "tfpp/array_ops.h"
#include "tfpp/keras/epsilon.h"
#include "tfpp/keras/losses.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::metrics {

using naming::given_or_auto_name;

IoU::IoU(IoUOptions o)
    : MeanIoU({.num_classes = o.num_classes, .name = given_or_auto_name(o.name, "io_u"), .dtype = o.dtype,
               .ignore_class = o.ignore_class, .sparse_y_true = o.sparse_y_true, .sparse_y_pred = o.sparse_y_pred,
               .axis = o.axis}),
      target_class_ids_(std::move(o.target_class_ids)) {
  if (target_class_ids_.empty())
    throw InvalidArgumentError("[" + name() + "] target_class_ids needs at least one class id");
  for (const std::int64_t id : target_class_ids_)
    if (id < 0 || id >= o.num_classes)
      throw InvalidArgumentError("[" + name() + "] Target class id " + std::to_string(id) +
                                 " is out of range, which is [0, " + std::to_string(o.num_classes) + ").");
}

Tensor IoU::result() const {
  const Tensor cm = cast(variables()[0].read_value(), float32);
  const std::int64_t n = cm.shape().dim(0);
  const Tensor true_positives_all = reduce_sum(cm * eye(n), 1);
  const Tensor denominator_all = reduce_sum(cm, 0) + reduce_sum(cm, 1) - true_positives_all;
  const Tensor ids = constant(target_class_ids_);
  const Tensor true_positives = gather(true_positives_all, ids);
  const Tensor denominator = gather(denominator_all, ids);
  const Tensor valid = denominator > 1e-9f;
  const Tensor iou = where(valid, true_positives / (denominator + static_cast<float>(config::epsilon())), 0.0f);
  return reduce_sum(iou) / (reduce_sum(cast(valid, float32)) + static_cast<float>(config::epsilon()));
}

Config IoU::get_config() const {
  Config config = MeanIoU::get_config();
  config["target_class_ids"] = detail::int_list(target_class_ids_);
  return config;
}

BinaryIoU::BinaryIoU(BinaryIoUOptions o)
    : IoU({.num_classes = 2, .target_class_ids = std::move(o.target_class_ids),
           .name = given_or_auto_name(o.name, "binary_io_u"), .dtype = o.dtype}),
      threshold_(o.threshold) {}

void BinaryIoU::update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  // As Keras: predictions in float32, class 1 from the threshold on.
  const Tensor predicted_class = cast(keras::detail::cast_if_needed(y_pred, float32) >= static_cast<float>(threshold_), float32);
  IoU::update_state(y_true, predicted_class, sample_weight);
}

Config BinaryIoU::get_config() const {
  const Config iou = IoU::get_config();
  return {{"target_class_ids", iou.at("target_class_ids")}, {"threshold", threshold_}, {"name", iou.at("name")},
          {"dtype", iou.at("dtype")}};
}

OneHotIoU::OneHotIoU(OneHotIoUOptions o)
    : IoU({.num_classes = o.num_classes, .target_class_ids = std::move(o.target_class_ids),
           .name = given_or_auto_name(o.name, "one_hot_io_u"), .dtype = o.dtype, .ignore_class = o.ignore_class,
           .sparse_y_true = false, .sparse_y_pred = o.sparse_y_pred, .axis = o.axis}) {}

Config OneHotIoU::get_config() const {
  Config config = IoU::get_config();
  config.erase("sparse_y_true");
  return config;
}

OneHotMeanIoU::OneHotMeanIoU(OneHotMeanIoUOptions o)
    : MeanIoU({.num_classes = o.num_classes, .name = given_or_auto_name(o.name, "one_hot_mean_io_u"), .dtype = o.dtype,
               .ignore_class = o.ignore_class, .sparse_y_true = false, .sparse_y_pred = o.sparse_y_pred, .axis = o.axis}) {}

Config OneHotMeanIoU::get_config() const {
  Config config = MeanIoU::get_config();
  config.erase("sparse_y_true");
  return config;
}

}  // namespace tf::keras::metrics
