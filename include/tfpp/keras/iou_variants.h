// Keras 3's IoU (the intersection over union of chosen classes), BinaryIoU (thresholded
// predictions), OneHotIoU and OneHotMeanIoU (one-hot labels), over MeanIoU's accumulated
// confusion matrix.
//
//   tf::keras::metrics::IoU iou({.num_classes = 3, .target_class_ids = {0, 2}});
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/keras/metrics.h"

namespace tf::keras::metrics {

/// Options of IoU.
struct IoUOptions {
  std::int64_t num_classes = 2;               ///< the confusion matrix's size
  std::vector<std::int64_t> target_class_ids;  ///< the classes averaged over
  std::string name;                           ///< empty for "io_u"
  std::optional<DType> dtype;                 ///< the confusion matrix's dtype (int64 if unset)
  std::optional<std::int64_t> ignore_class;   ///< a label whose entries do not count
  bool sparse_y_true = true;                  ///< y_true holds class ids (else scores: argmax along axis)
  bool sparse_y_pred = true;                  ///< y_pred holds class ids (else scores: argmax along axis)
  std::int64_t axis = -1;                     ///< the class axis of non-sparse inputs
};

/// The mean over target_class_ids of tp / (tp + fp + fn), classes never seen left out.
class IoU : public MeanIoU {
 public:
  explicit IoU(IoUOptions options = {});
  Tensor result() const override;
  Config get_config() const override;

 private:
  std::vector<std::int64_t> target_class_ids_;
};

/// Options of BinaryIoU.
struct BinaryIoUOptions {
  std::vector<std::int64_t> target_class_ids = {0, 1};  ///< the classes averaged over (0, 1 or both)
  double threshold = 0.5;                                ///< predictions at or above it are class 1
  std::string name;                                      ///< empty for Keras' auto name "binary_io_u"
  std::optional<DType> dtype;                            ///< the confusion matrix's dtype (int64 if unset)
};

/// IoU of binary labels and predictions thresholded at `threshold` (two classes).
class BinaryIoU : public IoU {
 public:
  explicit BinaryIoU(BinaryIoUOptions options = {});
  void update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight = {}) override;
  Config get_config() const override;

 private:
  double threshold_;
};

/// Options of OneHotIoU.
struct OneHotIoUOptions {
  std::int64_t num_classes = 2;               ///< the confusion matrix's size
  std::vector<std::int64_t> target_class_ids;  ///< the classes averaged over
  std::string name;                           ///< empty for "one_hot_io_u"
  std::optional<DType> dtype;                 ///< the confusion matrix's dtype (int64 if unset)
  std::optional<std::int64_t> ignore_class;   ///< a label whose entries do not count
  bool sparse_y_pred = false;                 ///< y_pred holds class ids (else scores)
  std::int64_t axis = -1;                     ///< the class axis
};

/// IoU of one-hot y_true (its config has no sparse_y_true).
class OneHotIoU : public IoU {
 public:
  explicit OneHotIoU(OneHotIoUOptions options = {});
  Config get_config() const override;
};

/// Options of OneHotMeanIoU.
struct OneHotMeanIoUOptions {
  std::int64_t num_classes = 2;              ///< the confusion matrix's size
  std::string name;                          ///< empty for "one_hot_mean_io_u"
  std::optional<DType> dtype;                ///< the confusion matrix's dtype (int64 if unset)
  std::optional<std::int64_t> ignore_class;  ///< a label whose entries do not count
  bool sparse_y_pred = false;                ///< y_pred holds class ids (else scores)
  std::int64_t axis = -1;                    ///< the class axis
};

/// MeanIoU of one-hot y_true (its config has no sparse_y_true).
class OneHotMeanIoU : public MeanIoU {
 public:
  explicit OneHotMeanIoU(OneHotMeanIoUOptions options = {});
  Config get_config() const override;
};

}  // namespace tf::keras::metrics
